// An ad's figures by day as bars, drawn with plain elements: the report opens on My Ads, a reader's
// page, which must not load the charts library. Series share one scale and stand over one another
// (viewable views inside all views); each day's column says its figures on hover, and screen
// readers get the label (the figures are in the table under the charts).
import { dayLabel, dayTitle } from "../../../components/charts/chart-theme.ts";
import { cn } from "../../../components/ui/cn.ts";

export interface BarSeries<Key extends string> {
  key: Key;
  name: string;
  /** The bar's colour, light and dark (Tailwind classes). */
  className: string;
}

export function DayBars<Key extends string>({
  days,
  series,
  label,
  format,
}: {
  days: ReadonlyArray<{ day: string } & Record<Key, number>>;
  /** Drawn in order, each over the one before: the largest first. */
  series: ReadonlyArray<BarSeries<Key>>;
  label: string;
  format: (value: number) => string;
}) {
  const max = Math.max(0, ...days.flatMap((day) => series.map((item) => day[item.key])));
  const scale = max > 0 ? max : 1;
  const ticks = days.length > 1 ? [days[0], days[Math.floor((days.length - 1) / 2)], days.at(-1)] : days;
  return (
    <figure className="space-y-2">
      <div className="flex gap-2">
        <div
          className="flex h-40 w-12 shrink-0 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
          aria-hidden
        >
          <span>{max > 0 ? format(max) : ""}</span>
          <span>{max > 0 ? format(max / 2) : ""}</span>
          <span>0</span>
        </div>
        <div
          role="img"
          aria-label={label}
          className="relative flex h-40 min-w-0 flex-1 items-end gap-px border-b border-border bg-[linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[length:100%_50%]"
        >
          {days.map((day) => (
            <div
              key={day.day}
              className="relative h-full min-w-0 flex-1 hover:bg-muted/60"
              title={`${dayTitle(day.day)}: ${series.map((item) => `${format(day[item.key])} ${item.name.toLowerCase()}`).join(", ")}`}
            >
              {series.map((item, index) => (
                <span
                  key={item.key}
                  className={cn(
                    "absolute bottom-0 rounded-t-sm",
                    index === 0 ? "inset-x-0" : "inset-x-[15%]",
                    item.className,
                  )}
                  style={{ height: `${(day[item.key] / scale) * 100}%` }}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
      <div className="ml-14 flex justify-between text-xs text-muted-foreground" aria-hidden>
        {ticks.map((day) => (day ? <span key={day.day}>{dayLabel(day.day)}</span> : null))}
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {series.map((item) => (
          <span key={item.key} className="inline-flex items-center gap-1.5">
            <span className={cn("size-2.5 rounded-sm", item.className)} aria-hidden />
            {item.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
