// The reels analytics charts (recharts), loaded lazily so the chart library stays out of every
// other page's download; the look is chart-theme.ts, shared with the other admin charts.
import type { ReelsAnalytics } from "@litverse/shared/reels";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import {
  DARK_CHROME,
  gridStyle,
  LIGHT_CHROME,
  tooltipStyle,
  useChartPalette,
  xAxisStyle,
  yAxisStyle,
} from "../../../components/charts/chart-theme.ts";
import { ChartFrame, DayChart } from "../../../components/charts/day-chart.tsx";
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
    <DayChart
      kind="area"
      data={days}
      palette={palette}
      label={label}
      formatAxis={formatCount}
      series={[
        { key: "plays", name: "Plays", color: palette.plays, fill: 0.12, strokeWidth: 1.5 },
        { key: "views", name: "Views", color: palette.views, fill: 0.2 },
        { key: "uniqueViewers", name: "Unique viewers", color: palette.viewers, fill: 0.08 },
      ]}
    />
  );
}

/** Likes, comments and shares per day, stacked. */
export function EngagementChart({ days, label }: { days: Days; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <DayChart
      kind="bar"
      data={days}
      palette={palette}
      label={label}
      heightClass="h-64"
      series={[
        { key: "likes", name: "Likes", color: palette.likes, stack: "engagement" },
        { key: "comments", name: "Comments", color: palette.comments, stack: "engagement" },
        { key: "shares", name: "Shares", color: palette.shares, stack: "engagement" },
      ]}
    />
  );
}

/** "Watch the series" clicks and the unlocks that followed within 24 h, per day. */
export function ConversionChart({ days, label }: { days: Days; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <DayChart
      kind="bar"
      data={days}
      palette={palette}
      label={label}
      heightClass="h-64"
      maxBarSize={24}
      series={[
        { key: "clicks", name: "Series clicks", color: palette.clicks },
        { key: "unlocks", name: "Unlocks within 24 h", color: palette.unlocks },
      ]}
    />
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
    <ChartFrame label={label} className="h-64">
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
    </ChartFrame>
  );
}
