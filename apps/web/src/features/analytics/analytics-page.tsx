// Analytics: who is active, who stays after signing up, how far people get through the product's
// funnels, and which titles win readers, for a range of days (UTC) beside the period just before.
// Live: the figures move as people use Litverse.
import type { AnalyticsReport } from "@litverse/shared/analytics";
import { DEFAULT_FUNNEL_WINDOW } from "@litverse/shared/analytics";
import { describeRange } from "@litverse/shared/day-range";
import { CalendarSearch } from "lucide-react";
import type { ReactNode } from "react";
import { DayRangeControls } from "../../components/day-range/day-range-controls.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ActivityTab } from "./activity-tab.tsx";
import { periodBefore, rangeProblem } from "./analytics-values.ts";
import { ContentTab } from "./content-tab.tsx";
import { FunnelsTab } from "./funnels-tab.tsx";
import { RetentionTab } from "./retention-tab.tsx";
import { useAnalyticsReport } from "./use-analytics.ts";
import { type AnalyticsParams, type AnalyticsTab, useAnalyticsParams } from "./use-analytics-params.ts";

const TAB_LABELS: Record<AnalyticsTab, string> = {
  activity: "Activity",
  retention: "Retention",
  funnels: "Funnels",
  content: "Content",
};

function ReportSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading analytics">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  );
}

/** The chosen tab's content, from the report. */
function TabBody({
  tab,
  report,
  params,
}: {
  tab: AnalyticsTab;
  report: AnalyticsReport;
  params: AnalyticsParams;
}) {
  const rangeText = describeRange(report.range);
  switch (tab) {
    case "activity":
      return <ActivityTab activity={report.activity} range={report.range} rangeText={rangeText} />;
    case "retention":
      return (
        <RetentionTab
          cohorts={report.cohorts}
          range={report.range}
          rangeText={rangeText}
          measure={params.cellMeasure}
          onMeasureChange={(measure) => params.update({ cells: measure === "people" ? null : measure })}
        />
      );
    case "funnels":
      return (
        <FunnelsTab
          funnels={report.funnels}
          windowDays={params.funnelWindow}
          onWindowChange={(days) =>
            params.update({ window: days === DEFAULT_FUNNEL_WINDOW ? null : String(days) })
          }
          range={report.range}
        />
      );
    case "content":
      return (
        <ContentTab
          titles={report.titles}
          range={report.range}
          rangeText={rangeText}
          chosenId={params.titleId}
          onChoose={(contentId) => params.update({ title: contentId })}
        />
      );
  }
}

/** The report's states: what went wrong, a skeleton while it loads, or the tab's figures. */
function ReportBody({ params, problem }: { params: AnalyticsParams; problem: string | null }) {
  const query = useAnalyticsReport(params.range, params.funnelWindow, !problem);
  const report = query.data;
  let body: ReactNode;
  if (query.isError && !report) {
    body = (
      <ErrorState
        title="Could not load the analytics"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (!report && problem) {
    body = (
      <EmptyState
        as="h3"
        icon={CalendarSearch}
        title="Choose a period"
        text="The figures for the days you choose will show here, beside the period just before."
      />
    );
  } else if (!report) {
    body = <ReportSkeleton />;
  } else {
    body = (
      <div
        className={cn("transition-opacity", query.isPlaceholderData && "opacity-60")}
        aria-busy={query.isFetching}
      >
        <TabBody tab={params.tab} report={report} params={params} />
      </div>
    );
  }
  return <TabsContent value={params.tab}>{body}</TabsContent>;
}

export function AnalyticsPage() {
  useDocumentTitle("Analytics");
  const params = useAnalyticsParams();
  const problem = rangeProblem(params.range);
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Analytics"
        description="Who is active, who comes back after signing up, how far people get and which titles win readers."
      />
      <div className="space-y-2">
        <DayRangeControls rangeParams={params} problem={problem} rangeTestId="analytics-range" />
        {problem ? null : (
          <p className="px-1 text-sm text-muted-foreground" data-testid="analytics-compared">
            Compared with {describeRange(periodBefore(params.range))}.
          </p>
        )}
      </div>
      <Tabs
        value={params.tab}
        onValueChange={(tab) => params.update({ tab: tab === "activity" ? null : tab })}
      >
        <TabsList variant="underline" aria-label="Analytics views">
          {Object.entries(TAB_LABELS).map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <ReportBody params={params} problem={problem} />
      </Tabs>
    </Page>
  );
}
