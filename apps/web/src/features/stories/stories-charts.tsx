// The stories dashboard's charts (recharts), loaded lazily so the chart library stays out of every
// other page's download; the look is chart-theme.ts, shared with the other admin charts.
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
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

const LIGHT = {
  ...LIGHT_CHROME,
  plays: "#4f46e5",
  completions: "#059669",
  dropOff: "#e11d48",
  choice: "#c026d3",
};
const DARK = {
  ...DARK_CHROME,
  plays: "#818cf8",
  completions: "#34d399",
  dropOff: "#fb7185",
  choice: "#e879f9",
};

/** Plays started and plays that reached an ending, per day. */
export function PlaysChart({
  days,
  label,
}: {
  days: Array<{ day: string; plays: number; completions: number }>;
  label: string;
}) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <div role="img" aria-label={label} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid {...gridStyle(palette)} />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...xAxisStyle(palette)} minTickGap={24} />
          <YAxis allowDecimals={false} {...yAxisStyle(palette)} width={48} />
          <Tooltip {...tooltipStyle(palette, "line")} labelFormatter={dayTitle} />
          <Legend {...legendStyle(palette)} />
          <Area
            type="monotone"
            dataKey="plays"
            name="Plays started"
            stroke={palette.plays}
            fill={palette.plays}
            fillOpacity={0.15}
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="completions"
            name="Endings reached"
            stroke={palette.completions}
            fill={palette.completions}
            fillOpacity={0.15}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface FunnelBar {
  /** A short name for the axis. */
  name: string;
  readers: number;
  dropOff: number;
}

/** Readers who reached each scene, from the start, and how many stopped there. */
export function FunnelChart({ scenes, label }: { scenes: FunnelBar[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <div role="img" aria-label={label} className="h-80 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={scenes} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid {...gridStyle(palette)} />
          <XAxis dataKey="name" {...xAxisStyle(palette)} interval="preserveStartEnd" minTickGap={12} />
          <YAxis allowDecimals={false} {...yAxisStyle(palette)} width={48} />
          <Tooltip {...tooltipStyle(palette, "bar")} />
          <Legend {...legendStyle(palette)} />
          <Bar
            dataKey="readers"
            name="Readers"
            fill={palette.plays}
            radius={[4, 4, 0, 0]}
            maxBarSize={40}
            isAnimationActive={false}
          />
          <Bar
            dataKey="dropOff"
            name="Stopped here"
            fill={palette.dropOff}
            radius={[4, 4, 0, 0]}
            maxBarSize={40}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** How the readers of one scene split between its choices. */
export function ChoiceSplitChart({
  choices,
  label,
}: {
  choices: Array<{ label: string; picks: number }>;
  label: string;
}) {
  const palette = useChartPalette(LIGHT, DARK);
  // Tall enough for every choice's bar and its (wrapped) label.
  const height = Math.max(160, choices.length * 44 + 40);
  return (
    <div role="img" aria-label={label} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={choices} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid {...gridStyle(palette)} horizontal={false} vertical />
          <XAxis type="number" allowDecimals={false} {...xAxisStyle(palette)} />
          <YAxis
            type="category"
            dataKey="label"
            width={140}
            {...yAxisStyle(palette)}
            tickFormatter={(value: string) => (value.length > 22 ? `${value.slice(0, 21)}…` : value)}
          />
          <Tooltip {...tooltipStyle(palette, "bar")} />
          <Bar
            dataKey="picks"
            name="Readers who chose it"
            fill={palette.choice}
            radius={[0, 4, 4, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
