// How a dashboard figure's value reads: counts compact, minutes as minutes, money in its currency.
import type { DashboardFigure } from "@litverse/shared/analytics";
import { formatCount } from "../../lib/format.ts";

export function formatFigure(
  figure: Pick<DashboardFigure, "value" | "unit" | "currency">,
  value = figure.value,
): string {
  if (figure.unit === "money" && figure.currency) {
    return new Intl.NumberFormat(undefined, { style: "currency", currency: figure.currency }).format(
      value / 100,
    );
  }
  if (figure.unit === "minutes") return `${formatCount(value)} min`;
  return formatCount(value);
}

/** The sparkline's words: first and last day, and the highest. */
export function seriesSummary(
  figure: Pick<DashboardFigure, "label" | "unit" | "currency">,
  series: readonly number[],
): string {
  const highest = Math.max(...series);
  const first = series[0] ?? 0;
  const last = series.at(-1) ?? 0;
  const words = (value: number) => formatFigure({ ...figure, value }, value);
  return `${figure.label}, last ${series.length} days: from ${words(first)} to ${words(last)} today, highest ${words(highest)}`;
}
