// /admin/stories/dashboard: stories by status, plays, players, completion rate and endings reached
// over a range of days, plays by day, every story with a link to its editor, and one story's funnel
// (readers per scene from the start, where they stopped, and how each scene's readers chose). The
// range and the chosen story and scene are in the address; the figures are live.

import { describeRange } from "@litverse/shared/day-range";
import { STORY_STATUS_LABELS as STATUS_LABELS, type StoryStatus } from "@litverse/shared/stories";
import { STORY_STATUSES } from "@litverse/shared/stories/story-model";
import { BarChart3, BookOpen, Plus } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { DayRangeControls, useDayRangeParams } from "../../components/day-range/day-range-controls.tsx";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
// The dashboard takes the same range as the revenue page (storiesDashboardInput is its input).
import { rangeProblem } from "../revenue/index.ts";
import { StoryFunnel } from "./story-funnel.tsx";
import { percentLabel } from "./story-labels.ts";
import { useAdminStories, useStoriesDashboard } from "./use-stories-dashboard.ts";

const PlaysChart = lazy(async () => ({ default: (await import("./stories-charts.tsx")).PlaysChart }));
const chartFallback = <Skeleton className="h-72 w-full" />;

const STATUS_BADGES: Record<StoryStatus, BadgeVariant> = {
  draft: "neutral",
  published: "success",
  archived: "warning",
};

export const editorPath = (storyId: string) => `/admin/stories/${storyId}/edit`;

export function StoriesDashboardPage() {
  useDocumentTitle("Interactive Stories");
  const params = useDayRangeParams({ pushOn: "story" });
  const problem = rangeProblem(params.range);
  const dashboard = useStoriesDashboard(params.range, !problem);
  const data = dashboard.data;
  const rangeText = describeRange(params.range);
  const storyId = params.params.get("story");
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Interactive Stories"
        description="How readers play the stories: plays, completions, endings, and where they choose and stop."
        actions={
          <Button asChild>
            <Link to="/admin/stories/create">
              <Plus aria-hidden />
              Create story
            </Link>
          </Button>
        }
      />
      <DayRangeControls rangeParams={params} problem={problem} rangeTestId="stories-range" />
      {dashboard.isError && !data ? (
        <ErrorState
          title="Could not load the figures"
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          isRetrying={dashboard.isFetching}
        />
      ) : !data ? (
        <div className="space-y-6" role="status" aria-label="Loading the figures">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-28 w-full rounded-2xl" />
            ))}
          </div>
          <Skeleton className="h-80 w-full rounded-2xl" />
        </div>
      ) : (
        <div
          className={cn("space-y-6 transition-opacity", dashboard.isPlaceholderData && "opacity-60")}
          aria-busy={dashboard.isFetching}
        >
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="stories-figures">
            <Stat
              label="Stories"
              value={data.byStatus.draft + data.byStatus.published + data.byStatus.archived}
              hint={`${data.byStatus.published} published, ${data.byStatus.draft} draft, ${data.byStatus.archived} archived`}
              icon={BookOpen}
            />
            <Stat
              label="Plays"
              value={data.plays}
              hint={`${data.players} ${data.players === 1 ? "reader" : "readers"}`}
            />
            <Stat
              label="Completion rate"
              value={percentLabel(data.completionRate)}
              hint="plays that reached an ending"
            />
            <Stat label="Endings reached" value={data.endingsReached} hint={rangeText} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Plays by day</CardTitle>
            </CardHeader>
            <CardContent>
              <Suspense fallback={chartFallback}>
                <PlaysChart
                  days={data.playsByDay}
                  label={`Plays started and endings reached per day, ${rangeText}`}
                />
              </Suspense>
            </CardContent>
          </Card>
        </div>
      )}
      <StoryTable
        rangeStats={data?.stories ?? null}
        status={statusOf(params.params.get("status"))}
        onStatusChange={(status) => params.update({ status })}
        selectedId={storyId}
        onSelect={(id) => params.update({ story: id, scene: null })}
      />
      {storyId ? (
        <StoryFunnel
          storyId={storyId}
          sceneId={params.params.get("scene")}
          onSceneChange={(scene) => params.update({ scene })}
        />
      ) : null}
    </Page>
  );
}

const STATUS_ITEMS = [
  { value: "", label: "All statuses" },
  ...STORY_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const statusOf = (value: string | null): StoryStatus | null =>
  (STORY_STATUSES as readonly string[]).includes(value ?? "") ? (value as StoryStatus) : null;

function StoryTable({
  rangeStats,
  status,
  onStatusChange,
  selectedId,
  onSelect,
}: {
  rangeStats: Array<{ id: string; plays: number; completionRate: number | null }> | null;
  status: StoryStatus | null;
  onStatusChange: (status: StoryStatus | null) => void;
  selectedId: string | null;
  onSelect: (storyId: string) => void;
}) {
  const stories = useAdminStories(status);
  const inRange = new Map((rangeStats ?? []).map((row) => [row.id, row]));
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h2">Stories</CardTitle>
        <NativeSelect
          items={STATUS_ITEMS}
          value={status ?? ""}
          onValueChange={(value) => onStatusChange(statusOf(value))}
          aria-label="Status"
          size="sm"
          className="sm:w-44"
        />
      </CardHeader>
      <CardContent>
        {stories.isPending ? (
          <div role="status" aria-label="Loading stories" className="space-y-2">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-12 w-full" />
            ))}
          </div>
        ) : stories.isError ? (
          <ErrorState
            title="Could not load the stories"
            error={stories.error}
            onRetry={() => void stories.refetch()}
          />
        ) : stories.data.length === 0 ? (
          <EmptyState
            as="h3"
            icon={BookOpen}
            title={status ? `No ${STATUS_LABELS[status].toLowerCase()} stories` : "No stories yet"}
            text="Write the first one, or import it from Twine."
            action={
              <Button asChild>
                <Link to="/admin/stories/create">Create story</Link>
              </Button>
            }
          />
        ) : (
          <ul className="divide-y divide-[var(--border)]" data-testid="stories-table">
            {stories.data.map((story) => {
              const range = inRange.get(story.id);
              const isSelected = story.id === selectedId;
              return (
                <li
                  key={story.id}
                  className={cn(
                    "-mx-2 flex flex-col gap-2 rounded-lg px-2 py-3 sm:flex-row sm:items-center sm:gap-4",
                    isSelected && "bg-brand-50/60 dark:bg-brand-500/10",
                  )}
                  data-testid="story-row"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={editorPath(story.id)}
                        className="font-medium break-words hover:text-brand-600 hover:underline dark:hover:text-brand-400"
                      >
                        {story.title}
                      </Link>
                      <Badge variant={STATUS_BADGES[story.status]}>{STATUS_LABELS[story.status]}</Badge>
                    </div>
                    <p className="mt-0.5 text-xs text-muted-foreground">
                      {story.versionNumber ? `Version ${story.versionNumber}` : "Never published"}
                      {story.hasUnpublishedChanges ? " · unpublished changes" : ""} · edited{" "}
                      {formatRelativeDate(story.updatedAt)}
                    </p>
                  </div>
                  <dl className="flex shrink-0 gap-4 text-sm">
                    <Figure label="Scenes" value={String(story.sceneCount)} />
                    <Figure label="Plays" value={String(story.plays)} />
                    <Figure label="Completed" value={range ? percentLabel(range.completionRate) : "–"} />
                  </dl>
                  <Button
                    size="sm"
                    variant={isSelected ? "primary" : "secondary"}
                    aria-pressed={isSelected}
                    aria-label={`Funnel of ${story.title}`}
                    onClick={() => onSelect(story.id)}
                    className="self-start sm:self-center"
                  >
                    <BarChart3 aria-hidden />
                    Funnel
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-14 sm:text-right">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
