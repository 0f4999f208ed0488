// The reader's visible stats: a number with both bounds as a bar, other numbers as they are, and
// flags as yes or no. Hidden stats never reach the browser.
import type { PlayView } from "@litverse/shared/stories";
import { Check, Minus } from "lucide-react";
import { cn } from "../../components/ui/cn.ts";

type PlayStat = PlayView["stats"][number];

/** How far along its bounds a number is, 0..1, or null when it has no two bounds. */
export function statFraction(stat: Pick<PlayStat, "value" | "min" | "max">): number | null {
  if (typeof stat.value !== "number" || stat.min === null || stat.max === null || stat.max <= stat.min)
    return null;
  return Math.min(1, Math.max(0, (stat.value - stat.min) / (stat.max - stat.min)));
}

export function StatsPanel({ stats }: { stats: PlayStat[] }) {
  return (
    <section
      aria-labelledby="stats-heading"
      className="rounded-2xl border border-border bg-card p-4 shadow-sm"
      data-testid="stats-panel"
    >
      <h2 id="stats-heading" className="font-semibold">
        Your stats
      </h2>
      {stats.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">This story keeps its stats to itself.</p>
      ) : (
        <dl className="mt-3 space-y-3">
          {stats.map((stat) => (
            <Stat key={stat.name} stat={stat} />
          ))}
        </dl>
      )}
    </section>
  );
}

function Stat({ stat }: { stat: PlayStat }) {
  if (typeof stat.value === "boolean") {
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <dt className="min-w-0 truncate">{stat.label}</dt>
        <dd className="inline-flex items-center gap-1 font-medium">
          {stat.value ? (
            <Check className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
          ) : (
            <Minus className="size-4 text-muted-foreground" aria-hidden />
          )}
          {stat.value ? "Yes" : "No"}
        </dd>
      </div>
    );
  }
  const fraction = statFraction(stat);
  // The bar sits under the row, inside the value (a list's groups hold only terms and values).
  return (
    <div
      className={cn(
        "relative flex items-center justify-between gap-3 text-sm",
        fraction !== null && "pb-3.5",
      )}
    >
      <dt className="min-w-0 truncate">{stat.label}</dt>
      <dd className="font-semibold tabular-nums">
        {stat.value.toLocaleString("en-US")}
        {fraction !== null ? (
          <>
            <span className="font-normal text-muted-foreground"> / {stat.max?.toLocaleString("en-US")}</span>
            <span
              aria-hidden
              className="absolute inset-x-0 bottom-0 h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-white/10"
            >
              <span
                className="block h-full rounded-full bg-gradient-to-r from-brand-600 to-accent-500 transition-[width] duration-300"
                style={{ width: `${Math.round(fraction * 100)}%` }}
              />
            </span>
          </>
        ) : null}
      </dd>
    </div>
  );
}
