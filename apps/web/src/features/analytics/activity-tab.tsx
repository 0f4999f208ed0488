// The Activity tab: the period's active people beside the period before (daily, weekly, monthly,
// stickiness, new people), and day by day: new and returning, app and browser, and what they did.
import {
  ACTIVE_CONTENT_TYPES,
  type ActiveDay,
  type ActivityReport,
  type Compared,
} from "@litverse/shared/analytics";
import type { Range } from "@litverse/shared/day-range";
import { Activity, CalendarDays, CalendarRange, Magnet, UserPlus, Users } from "lucide-react";
import { lazy } from "react";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount } from "../../lib/format.ts";
import { ACTIVITY_COLUMNS, type ActivityColumns, activityCsv, csvFileName } from "./analytics-csv.ts";
import {
  ChartWithTable,
  DeltaText,
  ExportCsvButton,
  NothingYet,
  SCROLLED_TABLE,
  ScrollBox,
  SectionCard,
} from "./analytics-parts.tsx";
import { compareDelta, formatAverage, formatPercent } from "./analytics-values.ts";

const ActivePeopleChart = lazy(async () => ({
  default: (await import("./analytics-charts.tsx")).ActivePeopleChart,
}));
const PlatformChart = lazy(async () => ({ default: (await import("./analytics-charts.tsx")).PlatformChart }));
const ContentTypeChart = lazy(async () => ({
  default: (await import("./analytics-charts.tsx")).ContentTypeChart,
}));

/** A figure's line under its value: the change against the period before. */
function CompareHint({ figure }: { figure: Compared }) {
  const delta = compareDelta(figure);
  if (delta.direction === "none") return <>Nothing in the previous period</>;
  return (
    <>
      <DeltaText delta={delta} /> vs previous period
    </>
  );
}

function ActivityStats({ activity }: { activity: ActivityReport }) {
  const stats = [
    { label: "Average daily active", figure: activity.averageDaily, show: formatAverage, icon: Activity },
    {
      label: "Average weekly active",
      figure: activity.averageWeekly,
      show: formatAverage,
      icon: CalendarDays,
    },
    {
      label: "Monthly active",
      figure: activity.monthly,
      show: (value: number) => value,
      icon: CalendarRange,
    },
    { label: "Stickiness", figure: activity.stickinessPercent, show: formatPercent, icon: Magnet },
    { label: "New people", figure: activity.newPeople, show: (value: number) => value, icon: UserPlus },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="activity-stats">
      {stats.map((stat) => (
        <Stat
          key={stat.label}
          label={stat.label}
          value={stat.show(stat.figure.value)}
          icon={stat.icon}
          hint={<CompareHint figure={stat.figure} />}
        />
      ))}
    </div>
  );
}

/** A chart's figures as a table: one row a day. */
function DayTable({
  days,
  caption,
  columns,
}: {
  days: ActiveDay[];
  caption: string;
  columns: ActivityColumns;
}) {
  return (
    <ScrollBox label={caption}>
      <Table caption={caption} {...SCROLLED_TABLE}>
        <THead>
          <tr>
            <TH>Day</TH>
            {ACTIVITY_COLUMNS[columns].map((column) => (
              <TH key={column.header} className="text-right">
                {column.header}
              </TH>
            ))}
          </tr>
        </THead>
        <TBody>
          {days.map((day) => (
            <TR key={day.day}>
              <TD>{day.day}</TD>
              {ACTIVITY_COLUMNS[columns].map((column) => (
                <TD key={column.header} className="text-right tabular-nums">
                  {formatCount(column.value(day))}
                </TD>
              ))}
            </TR>
          ))}
        </TBody>
      </Table>
    </ScrollBox>
  );
}

export function ActivityTab({
  activity,
  range,
  rangeText,
}: {
  activity: ActivityReport;
  range: Range;
  rangeText: string;
}) {
  const { days } = activity;
  const hasActivity = days.some((day) => day.active > 0);
  const hasPlatform = days.some((day) => day.app + day.browser > 0);
  const hasTypes = days.some((day) => ACTIVE_CONTENT_TYPES.some((type) => day.byType[type] > 0));
  const exportButton = (columns: ActivityColumns, what: string) => (
    <ExportCsvButton fileName={csvFileName(what, range)} build={() => activityCsv(days, columns)} />
  );
  const peak = Math.max(0, ...days.map((day) => day.active));

  return (
    <div className="space-y-6">
      <ActivityStats activity={activity} />
      {hasActivity ? (
        <>
          <SectionCard
            title="Active people"
            description="Everyone who used Litverse each day (UTC): new on the day they signed up, returning after."
            actions={exportButton("people", "active-people")}
            testId="chart-active"
          >
            <ChartWithTable
              chart={
                <ActivePeopleChart
                  days={days}
                  label={`Active people per day, new and returning, ${rangeText}: at most ${formatCount(peak)} in a day.`}
                />
              }
              table={<DayTable days={days} caption="Active people per day" columns="people" />}
            />
          </SectionCard>
          <div className="grid gap-6 lg:grid-cols-2">
            <SectionCard
              title="App and browser"
              description="Active people in the installed app and in a browser tab; someone may use both."
              actions={exportButton("platform", "app-and-browser")}
              testId="chart-platform"
            >
              {hasPlatform ? (
                <ChartWithTable
                  chart={
                    <PlatformChart
                      days={days}
                      label={`Active people per day in the app and in a browser, ${rangeText}.`}
                    />
                  }
                  table={
                    <DayTable
                      days={days}
                      caption="Active people per day, app and browser"
                      columns="platform"
                    />
                  }
                />
              ) : (
                <NothingYet>Where people use Litverse, app or browser, will show here.</NothingYet>
              )}
            </SectionCard>
            <SectionCard
              title="By content type"
              description="People who read, listened, watched or played each kind, per day."
              actions={exportButton("types", "content-types")}
              testId="chart-types"
            >
              {hasTypes ? (
                <ChartWithTable
                  chart={
                    <ContentTypeChart
                      days={days}
                      label={`Active people per day by content type, ${rangeText}.`}
                    />
                  }
                  table={
                    <DayTable days={days} caption="Active people per day, by content type" columns="types" />
                  }
                />
              ) : (
                <NothingYet>What people read, listen to, watch and play will show here.</NothingYet>
              )}
            </SectionCard>
          </div>
        </>
      ) : (
        <EmptyState
          as="h3"
          icon={Users}
          title="No one was active in this period"
          text="Active people per day, new and returning, in the app or a browser and by content type, will show here as soon as people use Litverse."
        />
      )}
    </div>
  );
}
