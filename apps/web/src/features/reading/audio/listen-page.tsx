// The audiobook player's page: the cover, what is playing, the timeline with its chapter marks,
// the transport, speed, sleep timer, bookmarks, and the chapter and bookmark lists. The sound
// itself belongs to the app-wide player (player.ts), which goes on playing when the listener
// leaves; this page loads the episode into it, or picks it up where it is.
import { AlertCircle, Volume2, VolumeX } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CoverImage, coverSources } from "../../../components/catalogue/cover-image.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { EpisodeEnd } from "../episode-end.tsx";
import { positionStore } from "../progress-outbox.ts";
import { ReaderTopBar } from "../reader-top-bar.tsx";
import { ShortcutsDialog } from "../shortcuts-dialog.tsx";
import type { SavedPosition } from "../use-episode-progress.ts";
import { useGoToEpisode } from "../use-go-to-episode.ts";
import { useMarks } from "../use-marks.ts";
import type { ReaderReady } from "../use-reader-episode.ts";
import { AddBookmarkButton, addBookmark, audioBookmarks, BookmarkList } from "./bookmarks.tsx";
import { ChapterList } from "./chapter-list.tsx";
import { getPlayer, usePlayer } from "./player.ts";
import { SHORTCUTS } from "./player-keys.ts";
import { PlayerSettings } from "./player-settings.tsx";
import { resumeMs } from "./player-store.ts";
import { SleepTimerControl } from "./sleep-timer-control.tsx";
import { SpeedControl } from "./speed-control.tsx";
import { Timeline } from "./timeline.tsx";
import { Transport } from "./transport.tsx";
import { usePlaybackProgress } from "./use-playback-progress.ts";
import { usePlayerKeyboard } from "./use-player-keyboard.ts";

/** Seconds the end of an episode waits before the next one starts, when it goes on by itself. */
const PLAY_ON_SECONDS = 5;
/** How long the saved position may take before the player starts from this device's own record. */
const SAVED_POSITION_GRACE_MS = 2000;

/** Where to start from a saved position: its exact time when it has one. */
function startFrom(saved: SavedPosition | null, durationMs: number): number {
  const ms = saved?.locator?.ms;
  return typeof ms === "number" && saved
    ? resumeMs({ ...saved, ms }, durationMs)
    : resumeMs(saved, durationMs);
}

/** This device's last record of the episode, for when the server's cannot be had (offline). */
function localPosition(episodeId: string): SavedPosition | null {
  const known = positionStore.known(episodeId);
  return known ? { fraction: known.fraction, locator: known.locator, isCompleted: known.isCompleted } : null;
}

export function ListenPage({ ready }: { ready: ReaderReady }) {
  const { data } = ready;
  const contentId = data.content._id;
  const number = data.episode.number;
  const episodeId = data.episode._id;
  const isLoaded = usePlayer((state) => state.data?.episode._id === episodeId);
  const hasEnded = usePlayer((state) => state.hasEnded && state.data?.episode._id === episodeId);
  const error = usePlayer((state) => (state.data?.episode._id === episodeId ? state.error : null));
  const playNext = usePlayer((state) => state.prefs.playNext);
  const progress = usePlaybackProgress(data);
  const marks = useMarks(contentId);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  // Other episodes open through the address, so that Back returns and the page follows.
  const goToEpisode = useGoToEpisode();
  const go = useRef(goToEpisode);
  go.current = goToEpisode;
  useEffect(() => getPlayer().attachPage(contentId, (next) => go.current(next)), [contentId]);

  // Without an answer about the saved position soon (offline, a slow connection), this device's
  // own record will do; the server's, if it comes before the listener starts, still wins.
  const [isTired, setIsTired] = useState(ready.isOffline);
  useEffect(() => {
    if (progress.initial !== undefined) return;
    const timer = setTimeout(() => setIsTired(true), SAVED_POSITION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [progress.initial]);
  const initial = useMemo(
    () =>
      progress.initial !== undefined ? progress.initial : isTired ? localPosition(episodeId) : undefined,
    [progress.initial, isTired, episodeId],
  );
  const startedWithout = useRef<number | null>(null);
  useEffect(() => {
    const state = getPlayer().getState();
    if (progress.initial === undefined || startedWithout.current === null) return;
    if (state.data?.episode._id !== episodeId || data.payload.kind !== "audio") return;
    if (!state.isPlaying && Math.abs(state.positionMs - startedWithout.current) < 1000) {
      getPlayer().seek(startFrom(progress.initial, data.payload.durationMs), { silent: true });
    }
    startedWithout.current = null;
  }, [progress.initial, episodeId, data.payload]);

  // Puts this episode in the player, unless it is there already (playing on from another page).
  useEffect(() => {
    const state = getPlayer().getState();
    if (state.data?.episode._id === data.episode._id) {
      getPlayer().sync(data);
      return;
    }
    if (initial === undefined || data.payload.kind !== "audio") return;
    const request = getPlayer().takePendingStart(data.content._id, data.episode.number);
    const savedMs = startFrom(initial, data.payload.durationMs);
    // Coming from the end of the episode before, or from another book playing: keep listening.
    const isPlayingOn =
      state.data?.content._id === data.content._id &&
      state.hasEnded &&
      state.data.nextNumber === data.episode.number;
    const start = request && request.start !== "resume" ? request.start : savedMs;
    if (progress.initial === undefined && typeof start === "number") startedWithout.current = start;
    getPlayer().load(data, { start, autoplay: request?.autoplay ?? (isPlayingOn || state.isPlaying) });
  }, [data, initial, progress.initial]);

  const bookmarkNow = useCallback(() => {
    void addBookmark(marks, getPlayer().getState().positionMs);
  }, [marks]);
  usePlayerKeyboard({
    announce: setAnnouncement,
    onBookmark: bookmarkNow,
    onHelp: () => setIsHelpOpen(true),
  });

  const bookmarkCount = audioBookmarks(marks.marks).length;
  const { content, episode } = data;
  const showsEpisodeTitle = episode.title.trim() !== `Episode ${number}`;

  return (
    <>
      <ReaderTopBar ready={ready} actions={<PlayerSettings onShowShortcuts={() => setIsHelpOpen(true)} />} />
      <main className="relative isolate flex-1 overflow-x-clip" data-testid="listen-page">
        <Backdrop coverUrl={content.coverImage} />
        <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 pt-6 pb-12 sm:px-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start lg:gap-12 lg:pt-10">
          <section aria-label="Player" className="flex min-w-0 flex-col items-center">
            <CoverImage
              url={content.coverImage}
              title={content.title}
              sizes="(min-width: 1024px) 320px, 60vw"
              isEager
              className={cn(
                "h-[min(38dvh,20rem)] max-w-full rounded-2xl shadow-xl shadow-black/20 ring-1 ring-black/5 dark:shadow-black/60 dark:ring-white/10",
                content.coverImage ? "w-auto" : "aspect-[2/3]",
              )}
            />
            <div className="mt-5 w-full text-center">
              <h1 className="text-xl leading-tight font-bold text-balance sm:text-2xl">{content.title}</h1>
              <p className="mt-1 text-sm text-muted-foreground">{content.author}</p>
              <p className="mt-3 text-sm font-medium">
                Episode {number}
                {showsEpisodeTitle ? <span className="text-muted-foreground"> · {episode.title}</span> : null}
              </p>
              <CurrentChapter isLoaded={isLoaded} />
            </div>
            {isLoaded ? (
              <>
                <Timeline className="mt-4 w-full" />
                <Transport className="mt-2" />
                <div className="mt-3 flex flex-wrap items-center justify-center gap-1">
                  <SpeedControl />
                  <SleepTimerControl />
                  <AddBookmarkButton marks={marks} />
                  <MuteButton />
                </div>
              </>
            ) : (
              <div className="mt-4 w-full space-y-4" role="status" aria-label="Loading the player">
                <Skeleton className="h-2 w-full" />
                <div className="flex justify-center gap-4">
                  <Skeleton className="size-12 rounded-full" />
                  <Skeleton className="size-18 rounded-full" />
                  <Skeleton className="size-12 rounded-full" />
                </div>
              </div>
            )}
            {error ? (
              <div
                role="alert"
                className="mt-4 flex w-full items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800 dark:border-rose-400/30 dark:bg-rose-400/10 dark:text-rose-200"
              >
                <AlertCircle className="size-5 shrink-0" aria-hidden />
                <p className="flex-1">{error}</p>
                <Button size="sm" variant="secondary" onClick={() => void getPlayer().play()}>
                  Try again
                </Button>
              </div>
            ) : null}
            {hasEnded ? (
              <EpisodeEnd
                ready={ready}
                autoAdvanceSeconds={playNext ? PLAY_ON_SECONDS : undefined}
                className="mt-6"
              />
            ) : null}
          </section>

          <Tabs defaultValue="chapters" className="min-w-0 gap-2">
            <TabsList variant="underline">
              <TabsTrigger value="chapters">Chapters</TabsTrigger>
              <TabsTrigger value="bookmarks">
                Bookmarks
                {bookmarkCount ? (
                  <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{bookmarkCount}</span>
                ) : null}
              </TabsTrigger>
            </TabsList>
            <div className="overflow-hidden rounded-2xl border border-border bg-card">
              <TabsContent value="chapters">
                {isLoaded ? <ChapterList ready={ready} /> : <ListPlaceholder />}
              </TabsContent>
              <TabsContent value="bookmarks">
                <BookmarkList marks={marks} />
              </TabsContent>
            </div>
          </Tabs>
        </div>
      </main>
      <ShortcutsDialog open={isHelpOpen} onOpenChange={setIsHelpOpen} shortcuts={SHORTCUTS} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function CurrentChapter({ isLoaded }: { isLoaded: boolean }) {
  const title = usePlayer((state) =>
    state.chapters.length > 1 ? (state.chapters[state.chapterIndex]?.title ?? null) : null,
  );
  if (!isLoaded || !title) return null;
  return (
    <p
      className="mt-0.5 truncate text-sm font-semibold text-brand-700 dark:text-brand-100"
      data-testid="chapter-title"
    >
      {title}
    </p>
  );
}

function MuteButton() {
  const isMuted = usePlayer((state) => state.isMuted);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Mute"
      aria-pressed={isMuted}
      title={isMuted ? "Unmute" : "Mute"}
      onClick={() => getPlayer().toggleMute()}
    >
      {isMuted ? <VolumeX className="size-5!" aria-hidden /> : <Volume2 className="size-5!" aria-hidden />}
    </Button>
  );
}

/** The cover, blurred, behind the top of the page. */
function Backdrop({ coverUrl }: { coverUrl: string | null }) {
  if (!coverUrl) return null;
  return (
    <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[32rem] overflow-hidden">
      <img
        src={coverSources(coverUrl).src}
        alt=""
        className="size-full scale-125 object-cover opacity-30 blur-3xl dark:opacity-25"
      />
      <div className="absolute inset-0 bg-[linear-gradient(to_bottom,transparent,var(--background))]" />
    </div>
  );
}

function ListPlaceholder() {
  return (
    <div className="space-y-3 p-3">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
