import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      {...props}
      className={cn("rounded-2xl border border-border bg-card text-foreground shadow-sm", className)}
    />
  );
}

/** Title (and description) on the left, actions on the right; wraps on phones. */
export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      {...props}
      className={cn(
        "flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 pt-4 sm:px-5 sm:pt-5",
        className,
      )}
    />
  );
}

/** A section heading: h2 under the page's h1 by default; use `as="h3"` inside a section. */
export function CardTitle({
  as: Heading = "h2",
  className,
  ...props
}: ComponentProps<"h2"> & { as?: "h2" | "h3" | "h4" }) {
  return <Heading {...props} className={cn("text-base leading-snug font-semibold", className)} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p {...props} className={cn("mt-0.5 text-sm text-muted-foreground", className)} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div {...props} className={cn("p-4 sm:p-5", className)} />;
}
