import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

/**
 * A grey block where content will be; size it with classes ("h-6 w-48"). Hidden from screen
 * readers: wrap a page's placeholders in one element with role="status" and an aria-label instead.
 * Stone rather than --muted, which is too close to the page background to see in light mode.
 */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden
      {...props}
      className={cn("animate-pulse rounded-lg bg-stone-200/80 dark:bg-white/10", className)}
    />
  );
}
