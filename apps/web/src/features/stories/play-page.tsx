// /interactive-stories/:storyId/play: the scene (picture, words, choices), what share of readers
// made the reader's last choice, the stats, the endings found, saves, restart, and the move to a
// newer version. The play is the autosave and is live: a choice made on another device moves this
// page too. After each choice (or a load, or a restart) focus moves to the new scene, so that a
// screen reader reads it; number keys pick choices.
import type { PlayChoice, PlayView, StoryDetail } from "@litverse/shared/stories";
import { ArrowLeft, Play, RotateCcw, Save, Sparkles, Trophy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { describeError, errorCode } from "../../lib/errors.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ChoiceList } from "./choice-list.tsx";
import { ChoiceUnlockDialog } from "./choice-unlock-dialog.tsx";
import { EndingCard } from "./ending-card.tsx";
import { SaveSlotList } from "./save-slots.tsx";
import { SceneText } from "./scene-text.tsx";
import { StatsPanel } from "./stats-panel.tsx";
import { storyPath } from "./story-labels.ts";
import { RestartDialog } from "./story-page.tsx";
import { StoryAgeRestricted, StoryNotFound } from "./story-state-page.tsx";
import { useChoiceKeys } from "./use-choice-keys.ts";
import { useTakeChoice } from "./use-choices.ts";
import { usePlayActions } from "./use-play-actions.ts";
import { usePlay, useStory } from "./use-story.ts";
import { VersionBanner } from "./version-banner.tsx";

export function PlayPage() {
  const { storyId = "" } = useParams();
  const story = useStory(storyId);
  const play = usePlay(storyId, { givesUpWhenRefused: true });
  const failed = story.error ?? play.error;
  const code = failed ? errorCode(failed) : undefined;
  if (code === "NOT_FOUND" || code === "BAD_REQUEST") return <StoryNotFound />;
  if (code === "FORBIDDEN") return <StoryAgeRestricted message={describeError(failed).message} />;
  if (story.data && play.data !== undefined) {
    return play.data ? <PlayScreen story={story.data} play={play.data} /> : <NotStarted story={story.data} />;
  }
  if (failed) {
    return (
      <Page width="reading" className="py-12">
        <ErrorState
          title="Could not open this story"
          error={failed}
          onRetry={() => {
            void story.refetch();
            void play.refetch();
          }}
          isRetrying={story.isFetching || play.isFetching}
        />
      </Page>
    );
  }
  return <PlaySkeleton />;
}

const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Focuses the scene once no dialog is open: a dialog that closes hands focus back to what opened
 * it, a moment after it goes, and that must not win over the new scene. Returns a cancel.
 */
function focusWhenDialogsClose(target: { current: HTMLElement | null }): () => void {
  let frame = 0;
  let tries = 0;
  let quietFrames = 0;
  const attempt = () => {
    tries++;
    quietFrames = document.querySelector(OPEN_DIALOG) ? 0 : quietFrames + 1;
    // Two frames without a dialog: its focus return has run. Give up waiting after about 3 s.
    if (quietFrames < 3 && tries < 180) {
      frame = requestAnimationFrame(attempt);
      return;
    }
    target.current?.focus({ preventScroll: true });
    target.current?.scrollIntoView({ block: "start" });
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

function PlaySkeleton() {
  return (
    <Page width="wide" className="py-6" role="status" aria-label="Loading the story">
      <Skeleton className="h-8 w-64 max-w-full" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-3">
          <Skeleton className="h-48 w-full rounded-2xl" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="mt-6 h-14 w-full rounded-2xl" />
          <Skeleton className="h-14 w-full rounded-2xl" />
        </div>
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    </Page>
  );
}

/** The story's play page before the reader has a play: what it is, and Start. */
function NotStarted({ story }: { story: StoryDetail }) {
  useDocumentTitle(story.title);
  const actions = usePlayActions(story.id);
  return (
    <Page width="reading" className="py-10">
      <section className="overflow-hidden rounded-2xl border border-border bg-card text-center shadow-sm">
        <div className="relative h-40 bg-muted">
          <CoverImage
            url={story.coverImage}
            title={story.title}
            sizes="640px"
            className="size-full"
            isEager
          />
        </div>
        <div className="px-6 py-8">
          <h1 className="text-2xl font-bold tracking-tight">{story.title}</h1>
          <p className="mt-2 line-clamp-4 text-sm text-muted-foreground">{story.description}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <Button
              variant="gradient"
              size="lg"
              onClick={() => void actions.start()}
              isLoading={actions.isStarting}
            >
              <Play aria-hidden />
              Start
            </Button>
            <Button variant="secondary" size="lg" asChild>
              <Link to={storyPath(story.id)}>About this story</Link>
            </Button>
          </div>
        </div>
      </section>
    </Page>
  );
}

function PlayScreen({ story, play }: { story: StoryDetail; play: PlayView }) {
  useDocumentTitle(story.title);
  const actions = usePlayActions(story.id);
  const choose = useTakeChoice(story.id);
  const [pricedChoice, setPricedChoice] = useState<PlayChoice | null>(null);
  const [isSavesOpen, setIsSavesOpen] = useState(false);
  const [isConfirmingRestart, setIsConfirmingRestart] = useState(false);
  // The play as it was when a choice left: choices wait until a newer one arrives.
  const [leftFrom, setLeftFrom] = useState<PlayView | null>(null);
  const isBusy = choose.isPending || leftFrom === play;
  const sceneRef = useRef<HTMLElement>(null);
  const shouldFocusScene = useRef(false);
  const opener = useRef<HTMLElement | null>(null);

  // A new scene after the reader's own step: the words are read from the top.
  const sceneKey = `${play.playId}:${play.scene.id}:${play.autosavedAt}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scene is what moves focus
  useEffect(() => {
    if (!shouldFocusScene.current) return;
    shouldFocusScene.current = false;
    return focusWhenDialogsClose(sceneRef);
  }, [sceneKey]);

  const take = async (choice: PlayChoice, expectedPriceCoins?: number) => {
    shouldFocusScene.current = true;
    setLeftFrom(play);
    try {
      await choose.take(
        { playId: play.playId, sceneId: play.scene.id, choiceId: choice.id },
        expectedPriceCoins,
      );
    } catch (error) {
      shouldFocusScene.current = false;
      setLeftFrom(null);
      throw error;
    }
  };

  const pick = (choice: PlayChoice) => {
    if (isBusy || choice.state === "locked") return;
    if (choice.state === "priced") {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setPricedChoice(choice);
      return;
    }
    take(choice).catch(choose.reportFailure);
  };

  useChoiceKeys((index) => {
    const choice = play.choices[index];
    if (choice) pick(choice);
  }, play.choices.length > 0);

  const afterJump = () => {
    shouldFocusScene.current = true;
  };
  const restart = async () => {
    afterJump();
    if (!(await actions.start())) shouldFocusScene.current = false;
  };

  const ending = play.scene.ending;
  const last = play.lastChoice;
  return (
    <Page width="wide" className="pt-2 pb-12 sm:pt-4">
      {/* The story's own bar stays in view below the app's header, opaque, so that the scene
          scrolls away beneath both rather than showing through the header over the bar. */}
      <header
        className="sticky top-(--shell-header-height) z-20 -mx-4 flex flex-wrap items-center gap-x-3 gap-y-2 bg-background px-4 py-2 sm:-mx-6 sm:px-6"
        data-testid="story-bar"
      >
        <Button variant="ghost" size="icon" asChild>
          <Link to={storyPath(story.id)} aria-label={`Back to ${story.title}`} title="Back">
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-lg font-bold sm:text-xl">{story.title}</h1>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setIsSavesOpen(true)}
            aria-label="Saves"
            data-testid="open-saves"
          >
            <Save aria-hidden />
            <span className="max-sm:sr-only">Saves</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setIsConfirmingRestart(true)}
            aria-label="Restart"
          >
            <RotateCcw aria-hidden />
            <span className="max-sm:sr-only">Restart</span>
          </Button>
        </div>
      </header>

      {play.newerVersion ? (
        <VersionBanner
          newer={play.newerVersion}
          isSwitching={actions.isSwitching}
          onSwitch={async () => {
            afterJump();
            if (!(await actions.switchVersion())) shouldFocusScene.current = false;
          }}
          onRestart={() => setIsConfirmingRestart(true)}
        />
      ) : null}

      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <div className="min-w-0">
          <p
            aria-live="polite"
            className="empty:hidden mb-3 text-sm text-muted-foreground"
            data-testid="choice-share"
          >
            {last ? (
              <>
                You chose “{last.label}”.
                {last.sharePercent !== null ? (
                  <span className="font-medium text-foreground">
                    {" "}
                    {last.sharePercent}% of readers chose this.
                  </span>
                ) : null}
              </>
            ) : null}
          </p>
          <article
            ref={sceneRef}
            tabIndex={-1}
            aria-labelledby="scene-heading"
            // Read out with its name when it takes focus after a choice.
            aria-describedby="scene-text"
            // Scrolled to below the app's header and the story's bar.
            className="scroll-mt-[calc(var(--shell-header-height)+4.5rem)] rounded-2xl border border-border bg-card shadow-sm focus-visible:outline-none"
            data-testid="scene"
            data-scene-id={play.scene.id}
          >
            {play.scene.image ? (
              <img
                src={play.scene.image}
                alt=""
                className="max-h-[22rem] w-full rounded-t-2xl object-cover"
                decoding="async"
              />
            ) : null}
            <div className="px-5 py-6 sm:px-8 sm:py-8">
              <h2
                id="scene-heading"
                className={ending ? "mb-4 text-xl font-bold tracking-tight sm:text-2xl" : "sr-only"}
              >
                {ending ? `The End: ${ending.name}` : "The story so far"}
              </h2>
              <SceneText
                id="scene-text"
                text={play.scene.text}
                className="font-serif text-lg leading-relaxed text-pretty sm:text-xl sm:leading-relaxed"
              />
            </div>
          </article>
          <div className="mt-6">
            {ending ? (
              <EndingCard
                story={story}
                endingName={ending.name}
                endingsFound={play.endingsFound.length}
                endingCount={play.endingCount}
                onPlayAgain={restart}
                isStarting={actions.isStarting}
                onRate={actions.rate}
              />
            ) : play.choices.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-border p-4 text-sm text-muted-foreground">
                The path ends here for now. Restart to try another way.
              </p>
            ) : (
              <>
                <ChoiceList choices={play.choices} onPick={pick} isBusy={isBusy} />
                <p className="mt-3 hidden text-xs text-muted-foreground sm:block">
                  Tip: press the number keys to choose.
                </p>
              </>
            )}
          </div>
        </div>
        <aside className="space-y-4" aria-label="Your play">
          <StatsPanel stats={play.stats} />
          <section
            aria-labelledby="found-heading"
            className="rounded-2xl border border-border bg-card p-4 shadow-sm"
          >
            <h2 id="found-heading" className="font-semibold">
              Endings found{" "}
              <span className="text-muted-foreground tabular-nums">
                {play.endingsFound.length} / {play.endingCount}
              </span>
            </h2>
            {play.endingsFound.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">
                None yet: each ending you reach is kept here.
              </p>
            ) : (
              <ul className="mt-2 space-y-1.5" data-testid="endings-found">
                {play.endingsFound.map((name) => (
                  <li key={name} className="flex items-center gap-2 text-sm">
                    <Trophy className="size-4 shrink-0 text-amber-500" aria-hidden />
                    <span className="min-w-0 break-words">{name}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p className="flex items-center gap-1.5 px-1 text-xs text-muted-foreground">
            <Sparkles className="size-3.5" aria-hidden />
            Version {play.versionNumber} · saved on every device as you play
          </p>
        </aside>
      </div>

      <ChoiceUnlockDialog
        storyId={story.id}
        choice={pricedChoice}
        onOpenChange={(open) => (open ? null : setPricedChoice(null))}
        onPay={async (choice, price) => {
          await take(choice, price);
          setPricedChoice(null);
        }}
        onCloseAutoFocus={(event) => {
          // After paying, focus goes to the new scene; after cancelling, back to the choice.
          event.preventDefault();
          if (!shouldFocusScene.current) opener.current?.focus();
        }}
      />
      <Dialog open={isSavesOpen} onOpenChange={setIsSavesOpen}>
        <DialogContent
          title="Saves"
          description="Keep your place in up to three slots, and load one to go back to it. The autosave follows you on every device."
        >
          <SaveSlotList
            storyId={story.id}
            saves={play.saves}
            autosavedAt={play.autosavedAt}
            canSave
            onLoaded={() => {
              afterJump();
              setIsSavesOpen(false);
            }}
          />
        </DialogContent>
      </Dialog>
      <RestartDialog open={isConfirmingRestart} onOpenChange={setIsConfirmingRestart} onConfirm={restart} />
    </Page>
  );
}
