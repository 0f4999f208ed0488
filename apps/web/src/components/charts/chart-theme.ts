// The look every admin chart (recharts) shares, so the content metrics and revenue charts stay one
// family: the colours around the data in the light and dark themes, days written in UTC (as the
// server counts them), and the tooltip, legend, grid and axis styles. Each chart keeps its own
// series colours, spread over these.
import { useTheme } from "next-themes";

/** The colours around the data: grid lines, axis text and the tooltip's card. */
export interface ChartChrome {
  grid: string;
  text: string;
  card: string;
  border: string;
}

export const LIGHT_CHROME: ChartChrome = {
  grid: "#e7e5e4",
  text: "#57534e",
  card: "#ffffff",
  border: "#e7e5e4",
};

export const DARK_CHROME: ChartChrome = {
  grid: "#2a2738",
  text: "#a8a29e",
  card: "#15131f",
  border: "#2a2738",
};

/** The palette for the theme in use: charts draw in colours, not CSS variables, so they pick here. */
export function useChartPalette<P extends ChartChrome>(light: P, dark: P): P {
  return useTheme().resolvedTheme === "dark" ? dark : light;
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** An axis tick for a YYYY-MM-DD day: "Mar 4". */
export const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** A tooltip's heading for a YYYY-MM-DD day: "Mar 4, 2026" (recharts passes the label untyped). */
export const dayTitle = (day: unknown) =>
  typeof day === "string" ? longDay.format(new Date(`${day}T00:00:00Z`)) : "";

/**
 * The tooltip's card, and its cursor: a line over the hovered day for lines and areas, a shaded
 * column for bars.
 */
export function tooltipStyle(palette: ChartChrome, cursor: "line" | "bar") {
  return {
    contentStyle: {
      background: palette.card,
      border: `1px solid ${palette.border}`,
      borderRadius: 12,
      fontSize: 13,
      color: palette.text,
    },
    labelStyle: { color: palette.text, fontWeight: 600, marginBottom: 4 },
    cursor: cursor === "line" ? { stroke: palette.grid } : { fill: palette.grid, opacity: 0.5 },
  };
}

/** Horizontal grid lines only: the bars and lines carry the days. */
export const gridStyle = (palette: ChartChrome) => ({ stroke: palette.grid, vertical: false });

/** The legend in the order the series are drawn (itemSorter null), not sorted by name. */
export const legendStyle = (palette: ChartChrome) => ({
  itemSorter: null,
  wrapperStyle: { fontSize: 13, color: palette.text },
});

const tick = (palette: ChartChrome) => ({ fill: palette.text, fontSize: 12 });

/** The bottom axis: a base line, no tick marks. */
export const xAxisStyle = (palette: ChartChrome) => ({
  tick: tick(palette),
  axisLine: { stroke: palette.grid },
  tickLine: false,
});

/** A value axis: bare numbers, the grid lines stand in for its line. */
export const yAxisStyle = (palette: ChartChrome) => ({
  tick: tick(palette),
  axisLine: false,
  tickLine: false,
});
