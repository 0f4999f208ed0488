// The stories dashboard's charts (recharts), loaded lazily so the chart library stays out of every
// other page's download; the look is chart-theme.ts, shared with the other admin charts.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
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
    <DayChart
      kind="area"
      data={days}
      palette={palette}
      label={label}
      series={[
        { key: "plays", name: "Plays started", color: palette.plays },
        { key: "completions", name: "Endings reached", color: palette.completions },
      ]}
    />
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
    <ChartFrame label={label} className="h-80">
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
    </ChartFrame>
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
    <ChartFrame label={label} className="" style={{ height }}>
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
    </ChartFrame>
  );
}
