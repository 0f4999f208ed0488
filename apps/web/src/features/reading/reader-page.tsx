// The frame of every reader route: finds the title and episode from the address, shows loading,
// failure, locked and "nothing out yet" screens, sends a title of another kind to its own reader,
// fetches the next episode ahead of time, and hands the open episode to the reader.
import type { ContentType, EpisodePayload } from "@litverse/shared/content";
import { episodeParam } from "@litverse/shared/content";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, BookX } from "lucide-react";
import { Fragment, type ReactNode, useEffect } from "react";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { readerPath } from "../../components/catalogue/labels.ts";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useIsDrawnOnServer } from "../../first-screen/handoff.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { UnlockDialog } from "../unlocks/index.ts";
import {
  prefetchEpisode,
  type ReaderReady,
  type ReaderState,
  rememberLastEpisode,
  useReaderEpisode,
} from "./use-reader-episode.ts";

export type ReaderKind = EpisodePayload["kind"];

const CONTENT_TYPE_OF: Record<ReaderKind, ContentType> = {
  book: "book",
  audio: "audiobook",
  comic: "comic",
  video: "drama",
};

export function ReaderPage({
  kind,
  render,
}: {
  kind: ReaderKind;
  render: (ready: ReaderReady) => ReactNode;
}) {
  const { contentId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = episodeParam(params.get("episode"));
  const state = useReaderEpisode(contentId, requested);
  const isDrawnOnServer = useIsDrawnOnServer();
  const ready = state.status === "ready" ? state : null;
  const openedNumber = ready?.data.episode.number ?? null;
  // Opened without an episode (the one to continue): the address names it, so that Back and a
  // reload return to this episode rather than to whichever is "continue" by then.
  useEffect(() => {
    if (requested !== null || openedNumber === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("episode", String(openedNumber));
        return next;
      },
      { replace: true },
    );
  }, [requested, openedNumber, setParams]);
  useDocumentTitle(
    ready
      ? `${ready.data.episode.title} · ${ready.data.content.title}`
      : state.status === "loading"
        ? null
        : "Reader",
  );
  usePrefetchNext(ready);
  useEffect(() => {
    if (ready) rememberLastEpisode(ready.data.content._id, ready.data.episode.number);
  }, [ready]);

  const contentType =
    state.status === "ready"
      ? state.data.content.contentType
      : state.status === "locked" || state.status === "empty"
        ? state.detail.contentType
        : null;
  if (contentType && contentType !== CONTENT_TYPE_OF[kind]) {
    const number =
      state.status === "ready"
        ? state.data.episode.number
        : state.status === "locked"
          ? state.episode.number
          : 1;
    // Drawn on the server there is nothing to draw: the app goes to the title's own reader.
    return isDrawnOnServer ? null : <Navigate to={readerPath(contentType, contentId, number)} replace />;
  }

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground" data-reader={kind}>
      {state.status === "ready" ? (
        // Each episode starts afresh: its own position, its own end.
        <Fragment key={`${state.data.content._id}:${state.data.episode.number}`}>{render(state)}</Fragment>
      ) : (
        <ReaderStatus state={state} contentId={contentId} />
      )}
    </div>
  );
}

/** The next episode's content, fetched while this one is read, so that "Next" opens at once. */
function usePrefetchNext(ready: ReaderReady | null) {
  const queryClient = useQueryClient();
  const contentId = ready?.data.content._id;
  const next = ready?.data.nextNumber ?? null;
  const isNextLocked = Boolean(ready?.detail?.episodes.find((episode) => episode.number === next)?.lock);
  const isOffline = ready?.isOffline ?? true;
  useEffect(() => {
    if (!contentId || next === null || isNextLocked || isOffline) return;
    // After the open episode has had the network to itself for a moment.
    const timer = setTimeout(() => {
      // A failure here costs nothing: opening the episode fetches it as usual.
      prefetchEpisode(queryClient, contentId, next).catch(() => undefined);
    }, 1_000);
    return () => clearTimeout(timer);
  }, [queryClient, contentId, next, isNextLocked, isOffline]);
}

function StatusBar({ contentId }: { contentId: string }) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border px-2 sm:px-3">
      <Button variant="ghost" size="icon" asChild>
        <Link
          to={contentId ? `/content/${contentId}` : "/explore"}
          aria-label="Back to the title"
          title="Back"
        >
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
    </header>
  );
}

function ReaderStatus({ state, contentId }: { state: Exclude<ReaderState, ReaderReady>; contentId: string }) {
  const navigate = useNavigate();
  switch (state.status) {
    case "loading":
      return (
        <>
          <StatusBar contentId={contentId} />
          <div
            className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-5 py-10"
            role="status"
            aria-label="Loading"
          >
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-64 w-full" />
          </div>
        </>
      );
    case "error":
      return (
        <>
          <StatusBar contentId={contentId} />
          <main className="mx-auto w-full max-w-lg flex-1 px-4 py-10">
            <ErrorState
              title="Could not open this episode"
              error={state.error}
              message={state.message}
              onRetry={state.retry}
            />
          </main>
        </>
      );
    case "empty":
      return (
        <>
          <StatusBar contentId={contentId} />
          <main className="mx-auto w-full max-w-lg flex-1 px-4 py-10">
            <EmptyState
              icon={BookX}
              title="Nothing to open yet"
              text={`${state.detail.title} has no episodes out yet. Follow it to hear when the first one is.`}
              action={
                <Button variant="secondary" asChild>
                  <Link to={`/content/${state.detail._id}`}>Back to the title</Link>
                </Button>
              }
            />
          </main>
        </>
      );
    case "locked":
      // The title's page stays the way back: closing the explanation returns there. Once the
      // episode is unlocked, the title's live episode list opens it here, without a reload.
      return (
        <>
          <StatusBar contentId={contentId} />
          <main className="flex-1" aria-label={`Episode ${state.episode.number} is locked`} />
          <UnlockDialog
            episode={state.episode}
            onOpenChange={(open) => {
              if (!open) navigate(`/content/${state.detail._id}`, { replace: true });
            }}
            onUnlocked={() => undefined}
          />
        </>
      );
  }
}
