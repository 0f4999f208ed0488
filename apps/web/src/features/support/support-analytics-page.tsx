// /admin/support-analytics: volume by day and category, the backlog, first reply and resolution
// times, the share of tickets that missed a target, satisfaction, and the same per agent.

import { describeRange, rangeShapeProblem } from "@litverse/shared/day-range";
import { formatDuration } from "@litverse/shared/support";
import { lazy, Suspense } from "react";
import { DayRangeControls, useDayRangeParams } from "../../components/day-range/day-range-controls.tsx";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useSupportAnalytics } from "./use-support-analytics.ts";

const VolumeChart = lazy(async () => ({ default: (await import("./support-charts.tsx")).VolumeChart }));
const CsatChart = lazy(async () => ({ default: (await import("./support-charts.tsx")).CsatChart }));
const chartFallback = <Skeleton className="h-64 w-full" />;

const minutes = (value: number | null) => (value === null ? "–" : formatDuration(value * 60_000));

export function SupportAnalyticsPage() {
  useDocumentTitle("Support Analytics");
  const params = useDayRangeParams({ pushOn: "view" });
  const problem = rangeShapeProblem(params.range);
  const analytics = useSupportAnalytics(params.range, !problem);
  const data = analytics.data;
  const rangeText = describeRange(params.range);
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Support Analytics"
        description="Ticket volume, response times, SLA breaches and satisfaction."
      />
      <DayRangeControls rangeParams={params} problem={problem} rangeTestId="support-range" />
      {analytics.isError && !data ? (
        <ErrorState
          title="Could not load the figures"
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
        />
      ) : !data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <div
          className={cn("space-y-6", analytics.isPlaceholderData && "opacity-60")}
          aria-busy={analytics.isFetching}
        >
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="New tickets" value={data.created} hint={rangeText} />
            <Stat
              label="Backlog now"
              value={data.backlog}
              hint={`${data.backlogByStatus.new} new, ${data.backlogByStatus.open} open`}
            />
            <Stat
              label="First reply"
              value={minutes(data.firstReplyMinutes.median)}
              hint={`median; 90% within ${minutes(data.firstReplyMinutes.p90)}`}
            />
            <Stat
              label="Resolution"
              value={minutes(data.resolutionMinutes.median)}
              hint={`median; 90% within ${minutes(data.resolutionMinutes.p90)}`}
            />
            <Stat
              label="SLA breach rate"
              value={data.breachRate === null ? "–" : `${Math.round(data.breachRate * 100)}%`}
              hint="tickets that missed a target"
            />
            <Stat
              label="Satisfaction"
              value={data.csat.average === null ? "–" : `${data.csat.average} / 5`}
              hint={`${data.csat.count} rating${data.csat.count === 1 ? "" : "s"}`}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle as="h2">New tickets by category</CardTitle>
            </CardHeader>
            <CardContent>
              <Suspense fallback={chartFallback}>
                <VolumeChart days={data.days} label={`New tickets per day by category, ${rangeText}`} />
              </Suspense>
            </CardContent>
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle as="h2">Ratings</CardTitle>
              </CardHeader>
              <CardContent>
                <Suspense fallback={chartFallback}>
                  <CsatChart distribution={data.csat.distribution} label={`Ratings by score, ${rangeText}`} />
                </Suspense>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2">Agents</CardTitle>
              </CardHeader>
              <CardContent>
                {data.agents.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No replies in this period.</p>
                ) : (
                  <table className="w-full text-sm">
                    <thead className="text-left text-xs text-muted-foreground">
                      <tr>
                        <th className="py-1 font-medium">Agent</th>
                        <th className="py-1 text-right font-medium">Replies</th>
                        <th className="py-1 text-right font-medium">Solved</th>
                        <th className="py-1 text-right font-medium">First reply</th>
                        <th className="py-1 text-right font-medium">Rating</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.agents.map((row) => (
                        <tr key={row.agent._id} className="border-t border-border">
                          <td className="py-2">
                            <span className="flex items-center gap-2">
                              <PersonAvatar person={row.agent} size="sm" />
                              {row.agent.name}
                            </span>
                          </td>
                          <td className="py-2 text-right tabular-nums">{row.replies}</td>
                          <td className="py-2 text-right tabular-nums">{row.solved}</td>
                          <td className="py-2 text-right tabular-nums">
                            {minutes(row.firstReplyMedianMinutes)}
                          </td>
                          <td className="py-2 text-right tabular-nums">{row.csatAverage ?? "–"}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </Page>
  );
}
