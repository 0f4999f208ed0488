// Content Metrics: how the catalogue, or one title, did over a range of days (UTC): totals, a
// daily chart, the best titles, and for one title each episode's views and completion.
import {
  CONTENT_TYPES,
  type ContentMetrics,
  type ContentType,
  type MetricsDay,
  type MetricsTotals,
} from "@litverse/shared/content";
import { contentMetricsInput } from "@litverse/shared/content-inputs";
import { describeRange, type Range } from "@litverse/shared/day-range";
import { ArrowLeft, BarChart3, BookOpenCheck, Eye, Heart, Pencil, Star, UserPlus, Users } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { DayRangeControls, useDayRangeParams } from "../../components/day-range/day-range-controls.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { editorPath } from "./imports-panel.tsx";
import { CONTENT_TYPE_LABELS } from "./labels.ts";
import { rangeProblem } from "./metrics-range.ts";
import { useOverviewMetrics, useTitleMetrics } from "./use-metrics.ts";

const DailyChart = lazy(async () => ({ default: (await import("./metrics-charts.tsx")).DailyChart }));
const EpisodesChart = lazy(async () => ({ default: (await import("./metrics-charts.tsx")).EpisodesChart }));

/** The page's choices, in the address: the range of days, ?type=, ?content=. */
function useMetricsParams() {
  const rangeParams = useDayRangeParams({ pushOn: "content" });
  const { params } = rangeParams;
  const typeParam = params.get("type");
  const contentType = (CONTENT_TYPES as readonly string[]).includes(typeParam ?? "")
    ? (typeParam as ContentType)
    : undefined;
  return { ...rangeParams, contentType, contentId: params.get("content") };
}

export function MetricsPage() {
  const metrics = useMetricsParams();
  const problem = rangeProblem(metrics.range);
  return metrics.contentId ? (
    <TitleMetrics metrics={metrics} contentId={metrics.contentId} problem={problem} />
  ) : (
    <OverviewMetrics metrics={metrics} problem={problem} />
  );
}

type MetricsParams = ReturnType<typeof useMetricsParams>;

function RangeControls({
  metrics,
  problem,
  showType,
}: {
  metrics: MetricsParams;
  problem: string | null;
  showType: boolean;
}) {
  const typeItems = [
    { value: "all", label: "All types" },
    ...CONTENT_TYPES.map((type) => ({ value: type, label: CONTENT_TYPE_LABELS[type] })),
  ];
  return (
    <DayRangeControls rangeParams={metrics} problem={problem}>
      {showType ? (
        <Field label="Type" className="sm:w-40">
          <Select
            items={typeItems}
            value={metrics.contentType ?? "all"}
            onValueChange={(value) => metrics.update({ type: value === "all" ? null : value })}
          />
        </Field>
      ) : null}
    </DayRangeControls>
  );
}

function TotalsTiles({ totals }: { totals: MetricsTotals }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="metrics-totals">
      <Stat label="Views" value={totals.views} icon={Eye} />
      <Stat label="Readers" value={totals.readers} icon={Users} hint="Different people" />
      <Stat label="Completions" value={totals.completions} icon={BookOpenCheck} hint="Episodes finished" />
      <Stat label="Likes" value={totals.likes} icon={Heart} />
      <Stat label="Follows" value={totals.follows} icon={UserPlus} />
      <Stat
        label="Ratings"
        value={totals.ratings}
        icon={Star}
        hint={totals.ratings > 0 ? `Average ${totals.ratingAverage.toFixed(1)} of 5` : "None in this period"}
      />
    </div>
  );
}

function TotalsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <Skeleton key={key} className="h-28 rounded-2xl" />
      ))}
    </div>
  );
}

const chartFallback = <Skeleton className="h-72 w-full" />;

function DailyCard({ daily, title, label }: { daily: MetricsDay[]; title: string; label: string }) {
  const hasActivity = daily.some((day) => day.views + day.readers + day.completions > 0);
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{title}</CardTitle>
          <CardDescription>Views, readers and episodes finished, day by day.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {hasActivity ? (
          <>
            <Suspense fallback={chartFallback}>
              <DailyChart daily={daily} label={label} />
            </Suspense>
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
                Show as a table
              </summary>
              <Table caption="Day by day" stickyHeader maxHeight="20rem" containerClassName="mt-2">
                <THead>
                  <tr>
                    <TH>Day</TH>
                    <TH className="text-right">Views</TH>
                    <TH className="text-right">Readers</TH>
                    <TH className="text-right">Completions</TH>
                    <TH className="text-right">Likes</TH>
                    <TH className="text-right">Follows</TH>
                  </tr>
                </THead>
                <TBody>
                  {daily.map((day) => (
                    <TR key={day.day}>
                      <TD>{day.day}</TD>
                      <TD className="text-right tabular-nums">{formatCount(day.views)}</TD>
                      <TD className="text-right tabular-nums">{formatCount(day.readers)}</TD>
                      <TD className="text-right tabular-nums">{formatCount(day.completions)}</TD>
                      <TD className="text-right tabular-nums">{formatCount(day.likes)}</TD>
                      <TD className="text-right tabular-nums">{formatCount(day.follows)}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </details>
          </>
        ) : (
          <EmptyState
            as="h3"
            icon={BarChart3}
            title="No activity in this period"
            text="Choose a longer period, or another type."
            className="border-0"
          />
        )}
      </CardContent>
    </Card>
  );
}

function OverviewMetrics({ metrics, problem }: { metrics: MetricsParams; problem: string | null }) {
  useDocumentTitle("Content Metrics");
  const { range, contentType } = metrics;
  const overview = useOverviewMetrics(range, contentType, !problem);
  const data = overview.data;
  const scope = contentType ? `${CONTENT_TYPE_LABELS[contentType].toLowerCase()}s` : "all titles";

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Content Metrics"
        description="How titles perform: views, readers, finished episodes and more."
      />
      <RangeControls metrics={metrics} problem={problem} showType />
      {overview.isError && !data ? (
        <ErrorState
          title="Could not load the metrics"
          error={overview.error}
          onRetry={() => void overview.refetch()}
          isRetrying={overview.isFetching}
        />
      ) : !data ? (
        <div className="space-y-6" role="status" aria-label="Loading metrics">
          <TotalsSkeleton />
          <Skeleton className="h-96 w-full rounded-2xl" />
        </div>
      ) : (
        <div
          className={cn("space-y-6 transition-opacity", overview.isPlaceholderData && "opacity-60")}
          aria-busy={overview.isFetching}
        >
          <TotalsTiles totals={data.totals} />
          <DailyCard
            daily={data.daily}
            title="Daily activity"
            label={`Daily views, readers and completions of ${scope}, ${describeRange(range)}: ${formatCount(data.totals.views)} views in all.`}
          />
          <Card>
            <CardHeader>
              <div>
                <CardTitle>Top titles</CardTitle>
                <CardDescription>
                  The most viewed in this period. Choose one for its episodes.
                </CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              {data.topContent.length === 0 ? (
                <p className="py-6 text-center text-sm text-muted-foreground">
                  Nobody opened an episode in this period.
                </p>
              ) : (
                <Table caption="Top titles">
                  <THead>
                    <tr>
                      <TH className="w-8">#</TH>
                      <TH>Title</TH>
                      <TH className="text-right">Views</TH>
                      <TH className="text-right">Readers</TH>
                      <TH className="text-right">Completions</TH>
                      <TH className="text-right">Likes</TH>
                      <TH className="text-right">Follows</TH>
                      <TH className="text-right">Rating</TH>
                    </tr>
                  </THead>
                  <TBody>
                    {data.topContent.map((row, index) => (
                      <TR
                        key={row.content._id}
                        className="cursor-pointer"
                        onClick={(event) => {
                          if (!(event.target as HTMLElement).closest("a"))
                            metrics.update({ content: row.content._id });
                        }}
                        data-testid="top-title"
                      >
                        <TD className="text-muted-foreground tabular-nums">{index + 1}</TD>
                        <TD>
                          <div className="flex items-center gap-3">
                            <div className="aspect-[2/3] w-8 shrink-0 overflow-hidden rounded border border-border bg-muted">
                              <CoverImage
                                url={row.content.coverImage}
                                title=""
                                sizes="32px"
                                className="size-full"
                              />
                            </div>
                            <Link
                              to={{ search: withParam(metrics.params, "content", row.content._id) }}
                              className="max-w-64 truncate font-semibold hover:text-brand-600 hover:underline dark:hover:text-brand-400"
                            >
                              {row.content.title}
                            </Link>
                          </div>
                        </TD>
                        <TD className="text-right tabular-nums">{formatCount(row.views)}</TD>
                        <TD className="text-right tabular-nums">{formatCount(row.readers)}</TD>
                        <TD className="text-right tabular-nums">{formatCount(row.completions)}</TD>
                        <TD className="text-right tabular-nums">{formatCount(row.likes)}</TD>
                        <TD className="text-right tabular-nums">{formatCount(row.follows)}</TD>
                        <TD className="text-right tabular-nums">
                          {row.ratings > 0 ? `${row.ratingAverage.toFixed(1)} (${row.ratings})` : "–"}
                        </TD>
                      </TR>
                    ))}
                  </TBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </Page>
  );
}

function withParam(params: URLSearchParams, key: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(key);
  else next.set(key, value);
  const text = next.toString();
  return text ? `?${text}` : "";
}

function TitleMetrics({
  metrics,
  contentId,
  problem,
}: {
  metrics: MetricsParams;
  contentId: string;
  problem: string | null;
}) {
  const { range } = metrics;
  const isValid = contentMetricsInput.safeParse({ contentId, ...range }).success;
  const query = useTitleMetrics(contentId, range, !problem && isValid);
  const data = query.data?.content._id === contentId ? query.data : undefined;
  useDocumentTitle(data ? `${data.content.title} · Content Metrics` : "Content Metrics");
  const back = (
    <Link
      to={{ search: withParam(metrics.params, "content", null) }}
      className="inline-flex items-center gap-1 font-medium hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All titles
    </Link>
  );

  let body: ReactNode;
  if ((query.isError && !data) || (!isValid && !problem)) {
    body = (
      <ErrorState
        title="Could not load this title's metrics"
        error={query.error}
        message={isValid ? undefined : "That link does not name a title."}
        onRetry={isValid ? () => void query.refetch() : undefined}
        isRetrying={query.isFetching}
      />
    );
  } else if (!data) {
    body = (
      <div className="space-y-6" role="status" aria-label="Loading metrics">
        <TotalsSkeleton />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </div>
    );
  } else {
    body = <TitleMetricsBody data={data} range={range} isStale={query.isPlaceholderData} />;
  }

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        eyebrow={back}
        title={data ? data.content.title : "Title metrics"}
        description={
          data ? `${CONTENT_TYPE_LABELS[data.content.contentType]} by ${data.content.author}` : undefined
        }
        actions={
          data ? (
            <Button variant="secondary" asChild>
              <Link to={editorPath(data.content._id)}>
                <Pencil aria-hidden />
                Edit title
              </Link>
            </Button>
          ) : undefined
        }
      />
      <RangeControls metrics={metrics} problem={problem} showType={false} />
      {body}
    </Page>
  );
}

function TitleMetricsBody({
  data,
  range,
  isStale,
}: {
  data: ContentMetrics;
  range: Range;
  isStale: boolean;
}) {
  const hasEpisodeViews = data.episodes.some((episode) => episode.views > 0);
  return (
    <div className={cn("space-y-6 transition-opacity", isStale && "opacity-60")}>
      <TotalsTiles totals={data.totals} />
      <DailyCard
        daily={data.daily}
        title="Daily activity"
        label={`Daily views, readers and completions of ${data.content.title}, ${describeRange(range)}.`}
      />
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Episodes</CardTitle>
            <CardDescription>
              Views and how many readers finished each episode, in this period.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          {data.episodes.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">This title has no episodes.</p>
          ) : (
            <>
              {hasEpisodeViews ? (
                <Suspense fallback={chartFallback}>
                  <EpisodesChart
                    episodes={data.episodes}
                    label={`Views per episode of ${data.content.title}, with the share of readers who finished each.`}
                  />
                </Suspense>
              ) : null}
              <Table caption="Episodes">
                <THead>
                  <tr>
                    <TH className="w-8">#</TH>
                    <TH>Episode</TH>
                    <TH className="text-right">Views</TH>
                    <TH className="text-right">Readers</TH>
                    <TH className="text-right">Completions</TH>
                    <TH className="text-right">Completion rate</TH>
                  </tr>
                </THead>
                <TBody>
                  {data.episodes.map((episode) => (
                    <TR key={episode.number}>
                      <TD className="text-muted-foreground tabular-nums">{episode.number}</TD>
                      <TD wrap>{episode.title}</TD>
                      <TD className="text-right tabular-nums">{formatCount(episode.views)}</TD>
                      <TD className="text-right tabular-nums">{formatCount(episode.readers)}</TD>
                      <TD className="text-right tabular-nums">{formatCount(episode.completions)}</TD>
                      <TD className="text-right tabular-nums">
                        {episode.readers > 0 ? `${Math.round(episode.completionRate * 100)}%` : "–"}
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
