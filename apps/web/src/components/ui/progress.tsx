import * as ProgressPrimitive from "@radix-ui/react-progress";
import { cn } from "./cn.ts";

export interface ProgressProps {
  /** From 0 to 1; null while the amount is not known yet. */
  value: number | null;
  /** What is progressing ("Reading progress", "Upload"): the bar's accessible name. */
  label: string;
  /** Shows the label and the percentage above the bar. */
  showLabel?: boolean;
  size?: "sm" | "md";
  className?: string;
}

export function Progress({ value, label, showLabel = false, size = "md", className }: ProgressProps) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={cn("w-full", className)}>
      {showLabel ? (
        <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm" aria-hidden>
          <span className="truncate font-medium">{label}</span>
          {percent === null ? null : <span className="text-muted-foreground tabular-nums">{percent}%</span>}
        </div>
      ) : null}
      <ProgressPrimitive.Root
        value={percent}
        max={100}
        aria-label={label}
        getValueLabel={(current) => `${current}%`}
        className={cn(
          "relative w-full overflow-hidden rounded-full bg-stone-200 dark:bg-white/10",
          size === "sm" ? "h-1.5" : "h-2.5",
        )}
      >
        <ProgressPrimitive.Indicator
          className={cn(
            "h-full rounded-full bg-gradient-to-r from-brand-600 to-accent-500 transition-[width] duration-300",
            percent === null && "w-1/3 animate-pulse",
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </ProgressPrimitive.Root>
    </div>
  );
}
