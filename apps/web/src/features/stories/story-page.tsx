// /interactive-stories/:storyId: a story's cover, description and figures, the endings the reader
// has collected (the others locked, unnamed), their rating once they reached an ending, and the way
// in: Start, or Continue and Restart, and the save slots. Live: a choice or a save made on another
// device shows here at once.
import type { StoryDetail } from "@litverse/shared/stories";
import { Clock, Coins, Layers, Lock, Play, RotateCcw, Star, Trophy } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AgeBadge, DetailFigure, DetailPage } from "../../components/catalogue/detail-page.tsx";
import { genreLabel } from "../../components/catalogue/labels.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { describeError, errorCode } from "../../lib/errors.ts";
import { formatDate, formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ContentSkeleton, Description, RatingInput } from "../content/index.ts";
import { ReportMenu } from "../profiles/index.ts";
import { SaveSlotList } from "./save-slots.tsx";
import { endingsLabel, minutesLabel, playPath, scenesLabel } from "./story-labels.ts";
import { StoryAgeRestricted, StoryNotFound } from "./story-state-page.tsx";
import { usePlayActions } from "./use-play-actions.ts";
import { usePlay, useStory } from "./use-story.ts";

export function StoryPage() {
  const { storyId = "" } = useParams();
  const story = useStory(storyId);
  const code = story.error ? errorCode(story.error) : undefined;
  if (code === "NOT_FOUND" || code === "BAD_REQUEST") return <StoryNotFound />;
  if (code === "FORBIDDEN") return <StoryAgeRestricted message={describeError(story.error).message} />;
  if (story.data) return <StoryView key={story.data.id} story={story.data} />;
  if (story.isError) {
    return (
      <Page width="reading" className="py-12">
        <ErrorState
          title="Could not load this story"
          error={story.error}
          onRetry={() => void story.refetch()}
          isRetrying={story.isFetching}
        />
      </Page>
    );
  }
  return <ContentSkeleton />;
}

function StoryView({ story }: { story: StoryDetail }) {
  useDocumentTitle(story.title);
  const navigate = useNavigate();
  const actions = usePlayActions(story.id);
  const play = usePlay(story.id);
  const [isConfirmingRestart, setIsConfirmingRestart] = useState(false);

  const startAndPlay = async () => {
    if (await actions.start()) void navigate(playPath(story.id));
  };
  const foundCount = story.endings.filter((ending) => ending.found).length;

  return (
    <DetailPage
      coverImage={story.coverImage}
      title={story.title}
      author={story.authorName}
      badges={
        <>
          <Badge variant="brand">Interactive story</Badge>
          {story.genre ? <Badge variant="neutral">{genreLabel(story.genre)}</Badge> : null}
          <AgeBadge ageRating={story.ageRating} />
          {story.hasPremiumChoices ? (
            <Badge variant="premium">
              <Coins aria-hidden />
              Premium choices
            </Badge>
          ) : null}
        </>
      }
      figures={
        <>
          <DetailFigure icon={Star} label="Rating" isStar>
            {story.rating.average === null ? (
              <span className="text-muted-foreground">No ratings yet</span>
            ) : (
              <>
                <span className="font-semibold">{story.rating.average.toFixed(1)}</span>
                <span className="text-muted-foreground">
                  {" "}
                  ({story.rating.count} {story.rating.count === 1 ? "rating" : "ratings"})
                </span>
              </>
            )}
          </DetailFigure>
          <DetailFigure icon={Layers} label="Length">
            {scenesLabel(story.sceneCount)}
          </DetailFigure>
          <DetailFigure icon={Clock} label="Time">
            {minutesLabel(story.estimatedMinutes)}
          </DetailFigure>
          <DetailFigure icon={Trophy} label="Endings">
            {endingsLabel(story.endingCount)}
          </DetailFigure>
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        {story.play ? (
          <>
            <Button variant="gradient" size="lg" className="w-full sm:w-auto" asChild>
              <Link to={playPath(story.id)} data-testid="primary-action">
                <Play aria-hidden />
                {story.play.isFinished ? "See your ending" : "Continue"}
              </Link>
            </Button>
            <Button
              variant="secondary"
              size="lg"
              className="w-full sm:w-auto"
              onClick={() => setIsConfirmingRestart(true)}
            >
              <RotateCcw aria-hidden />
              Restart
            </Button>
          </>
        ) : (
          <Button
            variant="gradient"
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => void startAndPlay()}
            isLoading={actions.isStarting}
            data-testid="primary-action"
          >
            <Play aria-hidden />
            Start
          </Button>
        )}
        <ReportMenu
          target={{ kind: "story", id: story.id }}
          label={`More for ${story.title}`}
          className="size-12 rounded-xl"
        />
      </div>
      {story.play ? (
        <p className="text-sm text-muted-foreground">
          {`You started ${formatRelativeDate(story.play.startedAt)} on version ${story.play.versionNumber}, and last played ${formatRelativeDate(story.play.updatedAt)}.`}
        </p>
      ) : null}
      <RestartDialog
        open={isConfirmingRestart}
        onOpenChange={setIsConfirmingRestart}
        onConfirm={startAndPlay}
      />
      {story.canRate ? (
        <RatingInput value={story.myRating} onRate={actions.rate} />
      ) : (
        <p className="text-sm text-muted-foreground">Reach an ending to rate this story.</p>
      )}
      <Description text={story.description} />
      <section
        aria-labelledby="endings-heading"
        className="rounded-2xl border border-border bg-card p-4 shadow-sm"
      >
        <h2 id="endings-heading" className="font-semibold">
          Endings collected{" "}
          <span className="text-muted-foreground tabular-nums">
            {foundCount} / {story.endingCount}
          </span>
        </h2>
        <EndingList endings={story.endings} />
      </section>
      <section
        aria-labelledby="slots-heading"
        className="rounded-2xl border border-border bg-card p-4 shadow-sm"
      >
        <h2 id="slots-heading" className="font-semibold">
          Save slots
        </h2>
        {play.data ? (
          <SaveSlotList
            storyId={story.id}
            saves={play.data.saves}
            autosavedAt={play.data.autosavedAt}
            canSave={false}
            onLoaded={() => void navigate(playPath(story.id))}
          />
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">
            {play.isPending
              ? "Loading your saves…"
              : "Start the story to save your place in up to three slots."}
          </p>
        )}
      </section>
      <p className="text-xs text-muted-foreground">
        Version {story.versionNumber}, published {formatDate(story.publishedAt)}.
      </p>
    </DetailPage>
  );
}

export function RestartDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Start over?"
      description="You go back to the first scene with fresh stats. The endings you found stay found, and your save slots are kept."
      confirmLabel="Restart"
      variant="primary"
      onConfirm={onConfirm}
    />
  );
}

export function EndingList({ endings }: { endings: StoryDetail["endings"] }) {
  if (endings.length === 0)
    return <p className="mt-2 text-sm text-muted-foreground">This story has no endings yet.</p>;
  return (
    <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="ending-list">
      {endings.map((ending, index) =>
        ending.found && ending.name ? (
          <li
            // Unfound endings have no name to key by; their order is the story's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className="flex items-center gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-100"
          >
            <Trophy className="size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{ending.name}</span>
          </li>
        ) : (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className="flex items-center gap-2 rounded-xl border border-dashed border-border px-3 py-2 text-sm text-muted-foreground"
          >
            <Lock className="size-4 shrink-0" aria-hidden />
            Locked ending
          </li>
        ),
      )}
    </ul>
  );
}
