// The reels analytics charts (recharts), loaded lazily so the chart library stays out of every
// other page's download; the look is chart-theme.ts, shared with the other admin charts.
import type { ReelsAnalytics } from "@litverse/shared/reels";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
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
} from "../../../components/charts/chart-theme.ts";
import { formatCount } from "../../../lib/format.ts";

const LIGHT = {
  ...LIGHT_CHROME,
  plays: "#a8a29e",
  views: "#4f46e5",
  viewers: "#c026d3",
  likes: "#e11d48",
  comments: "#0284c7",
  shares: "#059669",
  clicks: "#d97706",
  unlocks: "#4f46e5",
  retention: "#4f46e5",
};
const DARK = {
  ...DARK_CHROME,
  plays: "#78716c",
  views: "#818cf8",
  viewers: "#e879f9",
  likes: "#fb7185",
  comments: "#38bdf8",
  shares: "#34d399",
  clicks: "#fbbf24",
  unlocks: "#818cf8",
  retention: "#818cf8",
};

type Days = ReelsAnalytics["days"];
const percent = (value: number) => `${Math.round(value * 100)}%`;

/** Plays, views and unique viewers per day. */
export function ViewsChart({ days, label }: { days: Days; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <div role="img" aria-label={label} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid {...gridStyle(palette)} />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...xAxisStyle(palette)} minTickGap={24} />
          <YAxis allowDecimals={false} tickFormatter={formatCount} {...yAxisStyle(palette)} width={48} />
          <Tooltip {...tooltipStyle(palette, "line")} labelFormatter={dayTitle} />
          <Legend {...legendStyle(palette)} />
          <Area
            type="monotone"
            dataKey="plays"
            name="Plays"
            stroke={palette.plays}
            fill={palette.plays}
            fillOpacity={0.12}
            strokeWidth={1.5}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="views"
            name="Views"
            stroke={palette.views}
            fill={palette.views}
            fillOpacity={0.2}
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="uniqueViewers"
            name="Unique viewers"
            stroke={palette.viewers}
            fill={palette.viewers}
            fillOpacity={0.08}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Likes, comments and shares per day, stacked. */
export function EngagementChart({ days, label }: { days: Days; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  const series = [
    { key: "likes", name: "Likes" },
    { key: "comments", name: "Comments" },
    { key: "shares", name: "Shares" },
  ] as const;
  return (
    <div role="img" aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid {...gridStyle(palette)} />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...xAxisStyle(palette)} minTickGap={24} />
          <YAxis allowDecimals={false} {...yAxisStyle(palette)} width={48} />
          <Tooltip {...tooltipStyle(palette, "bar")} labelFormatter={dayTitle} />
          <Legend {...legendStyle(palette)} />
          {series.map((item, index) => (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.name}
              stackId="engagement"
              fill={palette[item.key]}
              radius={index === series.length - 1 ? [4, 4, 0, 0] : undefined}
              maxBarSize={32}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** "Watch the series" clicks and the unlocks that followed within 24 h, per day. */
export function ConversionChart({ days, label }: { days: Days; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <div role="img" aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid {...gridStyle(palette)} />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...xAxisStyle(palette)} minTickGap={24} />
          <YAxis allowDecimals={false} {...yAxisStyle(palette)} width={48} />
          <Tooltip {...tooltipStyle(palette, "bar")} labelFormatter={dayTitle} />
          <Legend {...legendStyle(palette)} />
          <Bar
            dataKey="clicks"
            name="Series clicks"
            fill={palette.clicks}
            radius={[4, 4, 0, 0]}
            maxBarSize={24}
            isAnimationActive={false}
          />
          <Bar
            dataKey="unlocks"
            name="Unlocks within 24 h"
            fill={palette.unlocks}
            radius={[4, 4, 0, 0]}
            maxBarSize={24}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The share of plays still playing at each 5 % of the length. */
export function RetentionChart({
  retention,
  label,
}: {
  retention: ReelsAnalytics["retention"];
  label: string;
}) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <div role="img" aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={retention} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid {...gridStyle(palette)} />
          <XAxis
            dataKey="at"
            type="number"
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tickFormatter={(value: number) => `${value}%`}
            {...xAxisStyle(palette)}
          />
          <YAxis domain={[0, 1]} tickFormatter={percent} {...yAxisStyle(palette)} width={44} />
          <Tooltip
            {...tooltipStyle(palette, "line")}
            labelFormatter={(value) => `${String(value)}% of the reel`}
            formatter={(value) => [percent(Number(value)), "Still watching"]}
          />
          <Line
            type="linear"
            dataKey="share"
            name="Still watching"
            stroke={palette.retention}
            strokeWidth={2.5}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
