// The metrics page's charts (recharts). Loaded lazily by metrics-page.tsx, so the chart library
// stays out of every other page's download. The look is chart-theme.ts, shared with the revenue
// charts; colours follow the light or dark theme.
import type { ContentMetrics, MetricsDay } from "@litverse/shared/content";
import {
  Area,
  AreaChart,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import {
  DARK_CHROME,
  dayLabel,
  dayTitle,
  gridStyle,
  LIGHT_CHROME,
  legendStyle,
  tooltipStyle,
  useChartPalette,
  xAxisStyle,
  yAxisStyle,
} from "../../components/charts/chart-theme.ts";
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
    <div role="img" aria-label={label} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <defs>
            {SERIES.map((series) => (
              <linearGradient key={series.key} id={`fill-${series.key}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={palette[series.key]} stopOpacity={0.3} />
                <stop offset="100%" stopColor={palette[series.key]} stopOpacity={0} />
              </linearGradient>
            ))}
          </defs>
          <CartesianGrid {...gridStyle(palette)} />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...xAxisStyle(palette)} minTickGap={24} />
          <YAxis
            allowDecimals={false}
            tickFormatter={(value: number) => formatCount(value)}
            {...yAxisStyle(palette)}
          />
          <Tooltip {...tooltipStyle(palette, "line")} labelFormatter={dayTitle} />
          <Legend {...legendStyle(palette)} />
          {SERIES.map((series) => (
            <Area
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={series.name}
              stroke={palette[series.key]}
              strokeWidth={2}
              fill={`url(#fill-${series.key})`}
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
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
    <div role="img" aria-label={label} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
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
            formatter={(value, name) =>
              name === "Completion rate" ? `${value}%` : formatCount(Number(value))
            }
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
      </ResponsiveContainer>
    </div>
  );
}
