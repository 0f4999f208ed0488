import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

const VARIANTS = {
  neutral: "bg-stone-100 text-stone-700 dark:bg-white/10 dark:text-stone-200",
  brand: "bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100",
  success: "bg-emerald-50 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300",
  warning: "bg-amber-50 text-amber-800 dark:bg-amber-400/10 dark:text-amber-200",
  danger: "bg-rose-50 text-rose-700 dark:bg-rose-400/10 dark:text-rose-300",
  // Dark text: white on amber is too faint to read at badge size.
  premium: "bg-amber-400 text-amber-950 shadow-sm",
  vvip: "bg-gradient-to-r from-fuchsia-600 to-violet-600 text-white shadow-sm",
} as const;

export type BadgeVariant = keyof typeof VARIANTS;

/** A short status or tag ("Draft", "Premium"); an icon child is sized to the text. */
export function Badge({
  variant = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      {...props}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3",
        VARIANTS[variant],
        className,
      )}
    />
  );
}
