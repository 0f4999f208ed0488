// The support analytics charts (recharts), loaded lazily so the chart library stays out of every
// other page's download; the look is chart-theme.ts, shared with the other admin charts.
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, type SupportAnalytics } from "@litverse/shared/support";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import {
  DARK_CHROME,
  gridStyle,
  LIGHT_CHROME,
  tooltipStyle,
  useChartPalette,
  xAxisStyle,
  yAxisStyle,
} from "../../components/charts/chart-theme.ts";
import { ChartFrame, DayChart } from "../../components/charts/day-chart.tsx";

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
    <ChartFrame label={label} className="h-56">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid {...gridStyle(palette)} />
        <XAxis dataKey="score" {...xAxisStyle(palette)} />
        <YAxis allowDecimals={false} {...yAxisStyle(palette)} width={48} />
        <Tooltip {...tooltipStyle(palette, "bar")} />
        <Bar
          dataKey="count"
          name="Ratings"
          fill={palette.score}
          radius={[4, 4, 0, 0]}
          maxBarSize={48}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}
