import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

/**
 * The look of every text control. 16px text on phones, because iOS zooms into any smaller field
 * on focus; a rose border when the control is marked aria-invalid.
 */
export const CONTROL_CLASSES = cn(
  "w-full rounded-lg border border-border bg-card px-3 text-base text-foreground shadow-sm transition sm:text-sm",
  "placeholder:text-muted-foreground hover:border-stone-300 dark:hover:border-white/20",
  "focus-visible:border-brand-500 focus-visible:outline-offset-0",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "aria-invalid:border-rose-500 aria-invalid:focus-visible:outline-rose-500 dark:aria-invalid:border-rose-400",
);

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      {...props}
      type={type}
      className={cn(
        CONTROL_CLASSES,
        "h-10",
        "file:mr-3 file:h-full file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground",
        className,
      )}
    />
  );
}
