// The two building blocks of every admin chart: the frame (a labelled image that fills its width)
// and a chart of values by day, drawn as areas or bars in the shared look of chart-theme.ts. Each
// page names its series and colours; the axes, tooltip, legend, stacking and rounding live here
// once, so the dashboards stay one family.
import type { CSSProperties, ReactElement } from "react";
import { useId } from "react";
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
  type ChartChrome,
  dayLabel,
  dayTitle,
  gridStyle,
  legendStyle,
  tooltipStyle,
  xAxisStyle,
  yAxisStyle,
} from "./chart-theme.ts";

/**
 * A chart's box: screen readers get `label` (the figures are in the page's tables), the chart
 * fills the box's width and the height its class or style gives.
 */
export function ChartFrame({
  label,
  className = "h-72",
  style,
  children,
}: {
  label: string;
  className?: string;
  style?: CSSProperties;
  children: ReactElement;
}) {
  return (
    <div role="img" aria-label={label} className={`w-full ${className}`} style={style}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export interface DaySeries {
  /** The field of each day's row that this series draws. */
  key: string;
  name: string;
  color: string;
  /** Series sharing a stack are drawn on top of one another. */
  stack?: string;
  /** Areas: how strongly the space under the line is filled (0 to 1), or a gradient fading down. */
  fill?: number | "gradient";
  /** Areas: the line's width. */
  strokeWidth?: number;
}

export interface DayChartProps {
  kind: "area" | "bar";
  /** One row a day, with `day` as YYYY-MM-DD and a field for each series. */
  data: ReadonlyArray<{ day: string }>;
  series: readonly DaySeries[];
  palette: ChartChrome;
  label: string;
  /** The frame's height (a Tailwind class). */
  heightClass?: string;
  /** The value axis' ticks. */
  formatAxis?: (value: number) => string;
  /** A value in the tooltip. */
  formatValue?: (value: number) => string;
  /** Room for the value axis' labels: wider for money. */
  axisWidth?: number;
  /** Bars: the widest a bar may grow when there are few days. */
  maxBarSize?: number;
}

/** Values by day: the days along the bottom, a value axis, a tooltip per day and a legend. */
export function DayChart({
  kind,
  data,
  series,
  palette,
  label,
  heightClass = "h-72",
  formatAxis,
  formatValue,
  axisWidth = 48,
  maxBarSize = 32,
}: DayChartProps) {
  const gradientId = useId();
  const Chart = kind === "area" ? AreaChart : BarChart;
  // The value axis sits in the left margin: a negative margin keeps its labels flush with the card.
  const margin = { top: 8, right: 8, bottom: 0, left: axisWidth - 72 };
  return (
    <ChartFrame label={label} className={heightClass}>
      <Chart data={[...data]} margin={margin}>
        {kind === "area" && (
          <defs>
            {series
              .filter((item) => item.fill === "gradient")
              .map((item) => (
                <linearGradient key={item.key} id={`${gradientId}-${item.key}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={item.color} stopOpacity={0.3} />
                  <stop offset="100%" stopColor={item.color} stopOpacity={0.05} />
                </linearGradient>
              ))}
          </defs>
        )}
        <CartesianGrid {...gridStyle(palette)} />
        <XAxis dataKey="day" tickFormatter={dayLabel} {...xAxisStyle(palette)} minTickGap={24} />
        <YAxis allowDecimals={false} tickFormatter={formatAxis} {...yAxisStyle(palette)} width={axisWidth} />
        <Tooltip
          {...tooltipStyle(palette, kind === "area" ? "line" : "bar")}
          labelFormatter={dayTitle}
          formatter={formatValue ? (value) => formatValue(Number(value)) : undefined}
        />
        <Legend {...legendStyle(palette)} />
        {series.map((item, index) =>
          kind === "area" ? (
            <Area
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.name}
              stackId={item.stack}
              stroke={item.color}
              strokeWidth={item.strokeWidth ?? 2}
              fill={item.fill === "gradient" ? `url(#${gradientId}-${item.key})` : item.color}
              fillOpacity={item.fill === "gradient" ? 1 : (item.fill ?? 0.15)}
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          ) : (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.name}
              stackId={item.stack}
              fill={item.color}
              radius={isTopOfStack(series, index) ? [4, 4, 0, 0] : undefined}
              maxBarSize={maxBarSize}
              isAnimationActive={false}
            />
          ),
        )}
      </Chart>
    </ChartFrame>
  );
}

/** Only the top of each stack (or a bar on its own) gets rounded corners. */
function isTopOfStack(series: readonly DaySeries[], index: number): boolean {
  const stack = series[index]?.stack;
  return stack === undefined || !series.slice(index + 1).some((item) => item.stack === stack);
}
