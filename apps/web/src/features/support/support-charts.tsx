// The support analytics charts (recharts), loaded lazily so the chart library stays out of every
// other page's download; the look is chart-theme.ts, shared with the other admin charts.
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, type SupportAnalytics } from "@litverse/shared/support";
import { CategoryBarChart } from "../../components/charts/category-chart.tsx";
import { DARK_CHROME, LIGHT_CHROME, useChartPalette } from "../../components/charts/chart-theme.ts";
import { DayChart } from "../../components/charts/day-chart.tsx";

const LIGHT = {
  ...LIGHT_CHROME,
  payments: "#d97706",
  account: "#4f46e5",
  content: "#059669",
  technical: "#c026d3",
  other: "#a8a29e",
  score: "#4f46e5",
};
const DARK = {
  ...DARK_CHROME,
  payments: "#fbbf24",
  account: "#818cf8",
  content: "#34d399",
  technical: "#e879f9",
  other: "#78716c",
  score: "#818cf8",
};

/** New tickets per day, by category. */
export function VolumeChart({ days, label }: { days: SupportAnalytics["days"]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <DayChart
      kind="bar"
      data={days}
      palette={palette}
      label={label}
      series={SUPPORT_CATEGORIES.map((category) => ({
        key: category,
        name: SUPPORT_CATEGORY_LABELS[category],
        color: palette[category],
        stack: "created",
      }))}
    />
  );
}

/** How many ratings of each score. */
export function CsatChart({ distribution, label }: { distribution: number[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  const data = distribution.map((count, index) => ({ score: `${index + 1} ★`, count }));
  return (
    <CategoryBarChart
      data={data}
      categoryKey="score"
      palette={palette}
      label={label}
      heightClass="h-56"
      maxBarSize={48}
      series={[{ key: "count", name: "Ratings", color: palette.score }]}
    />
  );
}
