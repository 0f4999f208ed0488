// /admin/reels/analytics: how reels are watched over a range of days, for all reels or one
// (?reel=): views, unique viewers, skips, watch time, completion, engagement, and what reels do
// for the titles they trail (clicks on "Watch the series", unlocks within 24 h), as figures and
// charts, with the retention curve and a table of reels.

import { describeRange } from "@litverse/shared/day-range";
import type { ReelFiguresSummary, ReelsAnalytics } from "@litverse/shared/reels";
import { lazy, Suspense } from "react";
import { DayRangeControls, useDayRangeParams } from "../../../components/day-range/day-range-controls.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Stat } from "../../../components/ui/stat.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table.tsx";
import { formatCount, formatDuration } from "../../../lib/format.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { rangeProblem } from "../../revenue/index.ts";
import { ReelThumb } from "../shared/reel-status.tsx";
import { useReelsAnalytics } from "./use-reels-analytics.ts";

const charts = () => import("./reels-charts.tsx");
const ViewsChart = lazy(async () => ({ default: (await charts()).ViewsChart }));
const EngagementChart = lazy(async () => ({ default: (await charts()).EngagementChart }));
const ConversionChart = lazy(async () => ({ default: (await charts()).ConversionChart }));
const RetentionChart = lazy(async () => ({ default: (await charts()).RetentionChart }));
const chartFallback = <Skeleton className="h-64 w-full" />;

const rate = (value: number | null) => (value === null ? "–" : `${Math.round(value * 1000) / 10}%`);
const watchTime = (value: number | null) => (value === null ? "–" : formatDuration(value));
type ReelRow = ReelsAnalytics["reels"][number];
const captionOf = (reel: Pick<ReelRow, "caption">) => reel.caption.trim() || "No caption";

export function ReelsAnalyticsPage() {
  useDocumentTitle("Reels Analytics");
  const rangeParams = useDayRangeParams({ pushOn: "reel" });
  const { range, params, update } = rangeParams;
  const reelId = params.get("reel");
  const problem = rangeProblem(range);
  const { overall, analytics } = useReelsAnalytics(range, reelId, !problem);
  const data = analytics.data;
  const rangeText = describeRange(range);
  const reelRows = overall.data?.reels ?? [];
  const chosen = reelRows.find((reel) => reel.id === reelId) ?? null;
  const subject = reelId ? `the reel “${chosen ? captionOf(chosen) : "chosen"}”` : "all reels";

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Reels Analytics"
        description="How reels are watched, and how many viewers they lead to the series and to unlocking it."
      />
      <DayRangeControls rangeParams={rangeParams} problem={problem} rangeTestId="reels-range">
        <Field label="Reel" className="sm:w-72">
          <NativeSelect
            value={reelId ?? ""}
            onValueChange={(value) => update({ reel: value || null })}
            items={[
              { value: "", label: "All reels" },
              ...(reelId && !chosen ? [{ value: reelId, label: "The chosen reel" }] : []),
              ...reelRows.map((reel) => ({
                value: reel.id,
                label: `${captionOf(reel).slice(0, 48)} · ${reel.creator.name}`,
              })),
            ]}
          />
        </Field>
      </DayRangeControls>
      {analytics.isError && !data ? (
        <ErrorState
          title="Could not load the figures"
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
        />
      ) : !data ? (
        <div className="space-y-6" role="status" aria-label="Loading the figures">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-28 w-full rounded-2xl" />
            ))}
          </div>
          <Skeleton className="h-80 w-full rounded-2xl" />
        </div>
      ) : (
        <div
          className={cn("space-y-6", analytics.isPlaceholderData && "opacity-60")}
          aria-busy={analytics.isFetching}
          data-testid="reels-analytics"
        >
          <Figures totals={data.totals} />
          <Card>
            <CardHeader>
              <CardTitle as="h2">Views by day</CardTitle>
            </CardHeader>
            <CardContent>
              <Suspense fallback={chartFallback}>
                <ViewsChart
                  days={data.days}
                  label={`Plays, views and unique viewers per day of ${subject}, ${rangeText}`}
                />
              </Suspense>
            </CardContent>
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle as="h2">Retention</CardTitle>
              </CardHeader>
              <CardContent>
                {data.retention.length === 0 ? (
                  <p className="py-10 text-center text-sm text-muted-foreground">
                    Nothing was played in this period.
                  </p>
                ) : (
                  <Suspense fallback={chartFallback}>
                    <RetentionChart
                      retention={data.retention}
                      label={`Share of plays still playing through the length of ${subject}, ${rangeText}`}
                    />
                  </Suspense>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2">Likes, comments and shares</CardTitle>
              </CardHeader>
              <CardContent>
                <Suspense fallback={chartFallback}>
                  <EngagementChart
                    days={data.days}
                    label={`Likes, comments and shares per day of ${subject}, ${rangeText}`}
                  />
                </Suspense>
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle as="h2">From reel to series</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="mb-3 text-sm text-muted-foreground">
                Clicks on “Watch the series”, and episode unlocks of the linked title within 24 hours of a
                click.
              </p>
              <Suspense fallback={chartFallback}>
                <ConversionChart
                  days={data.days}
                  label={`Series clicks and unlocks per day of ${subject}, ${rangeText}`}
                />
              </Suspense>
            </CardContent>
          </Card>
          {reelId ? null : <ReelsTable reels={data.reels} onChoose={(id) => update({ reel: id })} />}
        </div>
      )}
    </Page>
  );
}

function Figures({ totals }: { totals: ReelFiguresSummary }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="reels-figures">
      <div data-testid="figure-views">
        <Stat
          label="Views"
          value={totals.views}
          hint={`of ${formatCount(totals.plays)} ${totals.plays === 1 ? "play" : "plays"}`}
          className="h-full"
        />
      </div>
      <Stat label="Unique viewers" value={totals.uniqueViewers} hint="people with a view" />
      <Stat label="Skip rate" value={rate(totals.skipRate)} hint="plays left within 3 s" />
      <Stat
        label="Average watch time"
        value={watchTime(totals.averageWatchMs)}
        hint="per view, loops included"
      />
      <Stat label="Completion rate" value={rate(totals.completionRate)} hint="views played to the end" />
      <Stat
        label="Likes · comments · shares"
        value={`${formatCount(totals.likes)} · ${formatCount(totals.comments)} · ${formatCount(totals.shares)}`}
      />
      <Stat label="Series clicks" value={totals.clicks} hint="“Watch the series”" />
      <Stat
        label="Conversion"
        value={rate(totals.conversionRate)}
        hint={`${formatCount(totals.unlocks)} unlocks within 24 h of a click`}
      />
    </div>
  );
}

function ReelsTable({ reels, onChoose }: { reels: ReelsAnalytics["reels"]; onChoose: (id: string) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Reels</CardTitle>
      </CardHeader>
      <CardContent>
        {reels.length === 0 ? (
          <EmptyState
            as="h3"
            title="No activity"
            text="No reel was played, liked, shared or clicked in this period."
          />
        ) : (
          <Table caption="Reels by views">
            <THead>
              <tr>
                <TH>Reel</TH>
                <TH className="text-right">Views</TH>
                <TH className="text-right">Viewers</TH>
                <TH className="text-right">Skips</TH>
                <TH className="text-right">
                  <abbr title="Average watch time" className="no-underline">
                    Watch
                  </abbr>
                </TH>
                <TH className="text-right">Completed</TH>
                <TH className="text-right">Likes</TH>
                <TH className="text-right">Comments</TH>
                <TH className="text-right">Shares</TH>
                <TH className="text-right">Clicks</TH>
                <TH className="text-right">
                  <abbr title="Conversion: clicks followed by an unlock within 24 h" className="no-underline">
                    Conv.
                  </abbr>
                </TH>
              </tr>
            </THead>
            <TBody>
              {reels.map((reel) => (
                <TR key={reel.id} data-testid="reel-analytics-row">
                  <TD wrap className="min-w-48">
                    <button
                      type="button"
                      className="flex items-center gap-3 text-left hover:underline"
                      onClick={() => onChoose(reel.id)}
                    >
                      <ReelThumb reel={reel} className="w-9" />
                      <span className="min-w-0">
                        <span className="line-clamp-2 font-medium">{captionOf(reel)}</span>
                        <span className="block text-xs text-muted-foreground">
                          {reel.creator.name}
                          {reel.isOfficial ? " · Official" : ""}
                        </span>
                      </span>
                    </button>
                  </TD>
                  <TD className="text-right tabular-nums">{formatCount(reel.views)}</TD>
                  <TD className="text-right tabular-nums">{formatCount(reel.uniqueViewers)}</TD>
                  <TD className="text-right tabular-nums">{rate(reel.skipRate)}</TD>
                  <TD className="text-right tabular-nums">{watchTime(reel.averageWatchMs)}</TD>
                  <TD className="text-right tabular-nums">{rate(reel.completionRate)}</TD>
                  <TD className="text-right tabular-nums">{formatCount(reel.likes)}</TD>
                  <TD className="text-right tabular-nums">{formatCount(reel.comments)}</TD>
                  <TD className="text-right tabular-nums">{formatCount(reel.shares)}</TD>
                  <TD className="text-right tabular-nums">{formatCount(reel.clicks)}</TD>
                  <TD className="text-right tabular-nums">{rate(reel.conversionRate)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
