// The analytics page's charts (recharts), loaded lazily so the chart library stays out of every
// other page's download. The look is chart-theme.ts, day-chart.tsx and category-chart.tsx, shared
// with the other admin charts; colours follow the light or dark theme.
import {
  ACTIVE_CONTENT_TYPE_LABELS,
  ACTIVE_CONTENT_TYPES,
  type ActiveContentType,
  type ActiveDay,
  type TitleDropOff,
} from "@litverse/shared/analytics";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
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
import { formatCount } from "../../lib/format.ts";
import { formatPercent } from "./analytics-values.ts";

const LIGHT = {
  ...LIGHT_CHROME,
  fresh: "#c026d3",
  returning: "#4f46e5",
  app: "#059669",
  browser: "#d97706",
  book: "#4f46e5",
  audiobook: "#d97706",
  comic: "#059669",
  drama: "#e11d48",
  story: "#c026d3",
  reel: "#0891b2",
};
const DARK = {
  ...DARK_CHROME,
  fresh: "#e879f9",
  returning: "#818cf8",
  app: "#34d399",
  browser: "#fbbf24",
  book: "#818cf8",
  audiobook: "#fbbf24",
  comic: "#34d399",
  drama: "#fb7185",
  story: "#e879f9",
  reel: "#22d3ee",
};

const people = (value: number) => `${formatCount(value)} ${value === 1 ? "person" : "people"}`;

/** Active people per day, those who signed up that day stacked under those returning. */
export function ActivePeopleChart({ days, label }: { days: ActiveDay[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <DayChart
      kind="bar"
      data={days}
      palette={palette}
      label={label}
      formatAxis={formatCount}
      formatValue={people}
      series={[
        { key: "returning", name: "Returning", color: palette.returning, stack: "active" },
        { key: "new", name: "New", color: palette.fresh, stack: "active" },
      ]}
    />
  );
}

/** Active people per day in the installed app and in a browser (someone may use both). */
export function PlatformChart({ days, label }: { days: ActiveDay[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <DayChart
      kind="area"
      data={days}
      palette={palette}
      label={label}
      heightClass="h-64"
      formatAxis={formatCount}
      formatValue={people}
      series={[
        { key: "app", name: "App", color: palette.app, fill: "gradient" },
        { key: "browser", name: "Browser", color: palette.browser, fill: "gradient" },
      ]}
    />
  );
}

/** People who read, listened, watched or played each kind, per day, as lines. */
export function ContentTypeChart({ days, label }: { days: ActiveDay[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  const data = days.map((day) => ({ day: day.day, ...day.byType }));
  return (
    <DayChart
      kind="area"
      data={data}
      palette={palette}
      label={label}
      heightClass="h-64"
      formatAxis={formatCount}
      formatValue={people}
      series={ACTIVE_CONTENT_TYPES.map((type: ActiveContentType) => ({
        key: type,
        name: ACTIVE_CONTENT_TYPE_LABELS[type],
        color: palette[type],
        fill: 0,
      }))}
    />
  );
}

/** The share of a cohort active in each week after sign-up, averaged over the cohorts. */
export function RetentionCurveChart({
  curve,
  label,
}: {
  curve: { offset: number; percent: number }[];
  label: string;
}) {
  const palette = useChartPalette(LIGHT, DARK);
  const data = curve.map((point) => ({ week: `Week ${point.offset}`, percent: point.percent }));
  return (
    <ChartFrame label={label} className="h-64">
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid {...gridStyle(palette)} />
        <XAxis dataKey="week" {...xAxisStyle(palette)} minTickGap={12} />
        <YAxis
          domain={[0, 100]}
          tickFormatter={(value: number) => `${value}%`}
          {...yAxisStyle(palette)}
          width={44}
        />
        <Tooltip {...tooltipStyle(palette, "line")} formatter={(value) => formatPercent(Number(value))} />
        <Line
          type="monotone"
          dataKey="percent"
          name="Active"
          stroke={palette.returning}
          strokeWidth={2}
          dot={{ r: 3 }}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFrame>
  );
}

/** New readers of each episode of a title: where its readers stop. */
export function DropOffChart({ dropOff, label }: { dropOff: TitleDropOff; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  const data = dropOff.episodes.map((episode) => ({
    episode: `Ep. ${episode.number}`,
    newReaders: episode.newReaders,
  }));
  return (
    <CategoryBarChart
      data={data}
      categoryKey="episode"
      series={[{ key: "newReaders", name: "New readers", color: palette.returning }]}
      palette={palette}
      label={label}
      heightClass="h-64"
      maxBarSize={40}
      categoryAxis={{ minTickGap: 8 }}
    />
  );
}
