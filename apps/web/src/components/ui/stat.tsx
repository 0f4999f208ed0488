import type { ComponentType, ReactNode } from "react";
import { formatCount } from "../../lib/format.ts";
import { cn } from "./cn.ts";

export interface StatProps {
  label: ReactNode;
  /** Numbers are written with formatCount ("12.3K"); pass a string for anything else ("4:09", "$120"). */
  value: number | string;
  /** A line under the value: a comparison or the period ("+12% this week"). */
  hint?: ReactNode;
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  className?: string;
}

/** One figure on a dashboard, in a card. The label comes first, so screen readers hear what it counts. */
export function Stat({ label, value, hint, icon: Icon, className }: StatProps) {
  return (
    <div className={cn("rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5", className)}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {Icon ? <Icon className="size-5 shrink-0 text-brand-500" aria-hidden /> : null}
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums">
        {typeof value === "number" ? formatCount(value) : value}
      </p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
