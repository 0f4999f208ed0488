import type { ComponentProps } from "react";
import { cn } from "./cn.ts";
import { Slot } from "./slot.tsx";
import { Spinner } from "./spinner.tsx";

const VARIANTS = {
  /** The main action of a page or form. */
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 dark:hover:bg-brand-500",
  /** The one call to action a screen is built around (start reading, buy coins), as on the install card. */
  gradient: "bg-gradient-to-r from-brand-600 to-accent-500 text-white shadow-md hover:opacity-95",
  secondary: "border border-border bg-card text-foreground shadow-sm hover:bg-muted",
  ghost: "text-foreground hover:bg-muted",
  danger: "bg-rose-600 text-white shadow-sm hover:bg-rose-700",
} as const;

const SIZES = {
  sm: "h-8 gap-1.5 rounded-lg px-3 text-sm",
  md: "h-10 gap-2 rounded-lg px-4 text-sm",
  lg: "h-12 gap-2 rounded-xl px-6 text-base",
  /** Square, round like the header's icon buttons; give it an aria-label. */
  icon: "size-10 rounded-full",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** The button classes, for the rare element that cannot be a Button (a label styled as one). */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(
    "inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition select-none",
    "disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    "[&_svg]:size-4 [&_svg]:shrink-0",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Lends the look to the one child element instead (a router Link). */
  asChild?: boolean;
  /** Shows a spinner and disables the button while an action runs. */
  isLoading?: boolean;
};

/**
 * `type` defaults to "button", so a button inside a form only submits when it says so
 * (`type="submit"`).
 */
export function Button({
  variant = "primary",
  size = "md",
  asChild = false,
  isLoading = false,
  disabled,
  className,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, className });
  if (asChild) {
    // A link cannot be disabled: it is taken out of reach and marked instead.
    const isInert = disabled || isLoading;
    return (
      <Slot
        {...props}
        className={classes}
        aria-disabled={isInert || undefined}
        aria-busy={isLoading || undefined}
        tabIndex={isInert ? -1 : props.tabIndex}
      >
        {children}
      </Slot>
    );
  }
  return (
    <button
      {...props}
      type={type}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading ? <Spinner /> : null}
      {isLoading && size === "icon" ? null : children}
    </button>
  );
}
