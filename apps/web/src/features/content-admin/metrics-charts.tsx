// The metrics page's charts (recharts). Loaded lazily by metrics-page.tsx, so the chart library
// stays out of every other page's download. The look is chart-theme.ts, shared with the revenue
// charts; colours follow the light or dark theme.
import type { ContentMetrics, MetricsDay } from "@litverse/shared/content";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from "recharts";
import {
  DARK_CHROME,
  gridStyle,
  LIGHT_CHROME,
  legendStyle,
  tooltipStyle,
  useChartPalette,
  xAxisStyle,
  yAxisStyle,
} from "../../components/charts/chart-theme.ts";
import { ChartFrame, DayChart } from "../../components/charts/day-chart.tsx";
import { formatCount } from "../../lib/format.ts";

const LIGHT = { ...LIGHT_CHROME, views: "#4f46e5", readers: "#c026d3", completions: "#059669" };
const DARK = { ...DARK_CHROME, views: "#818cf8", readers: "#e879f9", completions: "#34d399" };

const SERIES = [
  { key: "views", name: "Views" },
  { key: "readers", name: "Readers" },
  { key: "completions", name: "Completions" },
] as const;

/** Views, readers and completions per day. */
export function DailyChart({ daily, label }: { daily: MetricsDay[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <DayChart
      kind="area"
      data={daily}
      palette={palette}
      label={label}
      axisWidth={56}
      formatAxis={formatCount}
      series={SERIES.map((series) => ({ ...series, color: palette[series.key], fill: "gradient" }))}
    />
  );
}

/** Views per episode as bars, completion rate as a line on its own axis. */
export function EpisodesChart({ episodes, label }: { episodes: ContentMetrics["episodes"]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  const data = episodes.map((episode) => ({
    name: `Ep. ${episode.number}`,
    title: episode.title,
    views: episode.views,
    completionRate: Math.round(episode.completionRate * 100),
  }));
  return (
    <ChartFrame label={label}>
      <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
        <CartesianGrid {...gridStyle(palette)} />
        <XAxis dataKey="name" {...xAxisStyle(palette)} minTickGap={8} />
        <YAxis
          yAxisId="views"
          allowDecimals={false}
          tickFormatter={(value: number) => formatCount(value)}
          {...yAxisStyle(palette)}
        />
        <YAxis
          yAxisId="rate"
          orientation="right"
          domain={[0, 100]}
          tickFormatter={(value: number) => `${value}%`}
          {...yAxisStyle(palette)}
          width={44}
        />
        <Tooltip
          {...tooltipStyle(palette, "bar")}
          formatter={(value, name) => (name === "Completion rate" ? `${value}%` : formatCount(Number(value)))}
        />
        <Legend {...legendStyle(palette)} />
        <Bar
          yAxisId="views"
          dataKey="views"
          name="Views"
          fill={palette.views}
          radius={[4, 4, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
        />
        <Line
          yAxisId="rate"
          type="monotone"
          dataKey="completionRate"
          name="Completion rate"
          stroke={palette.completions}
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFrame>
  );
}
