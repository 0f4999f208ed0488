import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

export type LabelProps = ComponentProps<"label"> & {
  /** Adds a rose asterisk; screen readers learn it from the control's own `required`. */
  isRequired?: boolean;
};

/** Give it `htmlFor`, or wrap the control in it. */
export function Label({ className, children, htmlFor, isRequired = false, ...props }: LabelProps) {
  return (
    <label {...props} htmlFor={htmlFor} className={cn("text-sm font-medium text-foreground", className)}>
      {children}
      {isRequired ? (
        <span className="ml-0.5 text-rose-600 dark:text-rose-400" aria-hidden>
          *
        </span>
      ) : null}
    </label>
  );
}
