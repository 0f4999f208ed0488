// The metrics page's charts (recharts). Loaded lazily by metrics-page.tsx, so the chart library
// stays out of every other page's download. Colours follow the light or dark theme.
import type { ContentMetrics, MetricsDay } from "@litverse/shared/content";
import { useTheme } from "next-themes";
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
import { formatCount } from "../../lib/format.ts";

interface Palette {
  views: string;
  readers: string;
  completions: string;
  grid: string;
  text: string;
  card: string;
  border: string;
}

const LIGHT: Palette = {
  views: "#4f46e5",
  readers: "#c026d3",
  completions: "#059669",
  grid: "#e7e5e4",
  text: "#57534e",
  card: "#ffffff",
  border: "#e7e5e4",
};
const DARK: Palette = {
  views: "#818cf8",
  readers: "#e879f9",
  completions: "#34d399",
  grid: "#2a2738",
  text: "#a8a29e",
  card: "#15131f",
  border: "#2a2738",
};

function usePalette(): Palette {
  return useTheme().resolvedTheme === "dark" ? DARK : LIGHT;
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
const dayTitle = (day: unknown) =>
  typeof day === "string" ? longDay.format(new Date(`${day}T00:00:00Z`)) : "";

function tooltipStyle(palette: Palette) {
  return {
    contentStyle: {
      background: palette.card,
      border: `1px solid ${palette.border}`,
      borderRadius: 12,
      fontSize: 13,
      color: palette.text,
    },
    labelStyle: { color: palette.text, fontWeight: 600, marginBottom: 4 },
    cursor: { stroke: palette.grid },
  };
}

const SERIES = [
  { key: "views", name: "Views" },
  { key: "readers", name: "Readers" },
  { key: "completions", name: "Completions" },
] as const;

/** Views, readers and completions per day. */
export function DailyChart({ daily, label }: { daily: MetricsDay[]; label: string }) {
  const palette = usePalette();
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
          <CartesianGrid stroke={palette.grid} vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={dayLabel}
            tick={{ fill: palette.text, fontSize: 12 }}
            axisLine={{ stroke: palette.grid }}
            tickLine={false}
            minTickGap={24}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(value: number) => formatCount(value)}
            tick={{ fill: palette.text, fontSize: 12 }}
            axisLine={false}
            tickLine={false}
          />
          <Tooltip {...tooltipStyle(palette)} labelFormatter={dayTitle} />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: palette.text }} />
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
  const palette = usePalette();
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
          <CartesianGrid stroke={palette.grid} vertical={false} />
          <XAxis
            dataKey="name"
            tick={{ fill: palette.text, fontSize: 12 }}
            axisLine={{ stroke: palette.grid }}
            tickLine={false}
            minTickGap={8}
          />
          <YAxis
            yAxisId="views"
            allowDecimals={false}
            tickFormatter={(value: number) => formatCount(value)}
            tick={{ fill: palette.text, fontSize: 12 }}
            axisLine={false}
            tickLine={false}
          />
          <YAxis
            yAxisId="rate"
            orientation="right"
            domain={[0, 100]}
            tickFormatter={(value: number) => `${value}%`}
            tick={{ fill: palette.text, fontSize: 12 }}
            axisLine={false}
            tickLine={false}
            width={44}
          />
          <Tooltip
            {...tooltipStyle(palette)}
            cursor={{ fill: palette.grid, opacity: 0.5 }}
            formatter={(value, name) =>
              name === "Completion rate" ? `${value}%` : formatCount(Number(value))
            }
          />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: palette.text }} />
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
