// The stories dashboard's charts (recharts), loaded lazily so the chart library stays out of every
// other page's download; the look is chart-theme.ts, shared with the other admin charts.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { CategoryBarChart } from "../../components/charts/category-chart.tsx";
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
    <CategoryBarChart
      data={scenes}
      categoryKey="name"
      categoryAxis={{ interval: "preserveStartEnd", minTickGap: 12 }}
      palette={palette}
      label={label}
      heightClass="h-80"
      maxBarSize={40}
      series={[
        { key: "readers", name: "Readers", color: palette.plays },
        { key: "dropOff", name: "Stopped here", color: palette.dropOff },
      ]}
    />
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
