// Counts by category (a scene, a score) as upright bars, in the look of chart-theme.ts: the
// categories along the bottom, whole numbers up the side, a tooltip per category, and a legend
// when there are several series to tell apart. The day charts' sibling, in day-chart.tsx's frame.
import type { ComponentProps } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import {
  type ChartChrome,
  gridStyle,
  legendStyle,
  tooltipStyle,
  xAxisStyle,
  yAxisStyle,
} from "./chart-theme.ts";
import { ChartFrame, type DaySeries } from "./day-chart.tsx";

export type CategorySeries = Pick<DaySeries, "key" | "name" | "color">;

export function CategoryBarChart({
  data,
  categoryKey,
  series,
  palette,
  label,
  heightClass,
  maxBarSize,
  categoryAxis,
}: {
  /** One row a category, with its name under `categoryKey` and a count for each series. */
  data: ReadonlyArray<object>;
  categoryKey: string;
  series: readonly CategorySeries[];
  palette: ChartChrome;
  label: string;
  /** The frame's height (a Tailwind class). */
  heightClass: string;
  /** The widest a bar may grow when there are few categories. */
  maxBarSize: number;
  /** More for the bottom axis, such as which names to leave out when they crowd. */
  categoryAxis?: Omit<ComponentProps<typeof XAxis>, "dataKey">;
}) {
  return (
    <ChartFrame label={label} className={heightClass}>
      {/* A negative left margin keeps the count axis' labels flush with the card. */}
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid {...gridStyle(palette)} />
        <XAxis dataKey={categoryKey} {...xAxisStyle(palette)} {...categoryAxis} />
        <YAxis allowDecimals={false} {...yAxisStyle(palette)} width={48} />
        <Tooltip {...tooltipStyle(palette, "bar")} />
        {series.length > 1 ? <Legend {...legendStyle(palette)} /> : null}
        {series.map((item) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.name}
            fill={item.color}
            radius={[4, 4, 0, 0]}
            maxBarSize={maxBarSize}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
