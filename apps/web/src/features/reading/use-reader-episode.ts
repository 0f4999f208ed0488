// The episode a reader route shows: the title and episode from the address (or the one to
// continue), the episode's content from the server, or from this device's downloads when the
// server cannot be reached.
import type { ContentDetail, EpisodeContent, EpisodeSummary } from "@litverse/shared/content";
import { episodeToOpen } from "@litverse/shared/content";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { errorCode } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { useIsOffline } from "../../lib/offline-start.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { readDownloadedEpisode } from "../offline/index.ts";

export interface ReaderReady {
  status: "ready";
  data: EpisodeContent;
  /** The title with all its episodes; null when opened from a download without a connection. */
  detail: ContentDetail | null;
  isOffline: boolean;
}

export type ReaderState =
  | { status: "loading" }
  | { status: "error"; error: unknown; message?: string; retry: () => void }
  | { status: "locked"; detail: ContentDetail; episode: EpisodeSummary }
  | { status: "empty"; detail: ContentDetail }
  | ReaderReady;

export const OFFLINE_MESSAGE =
  "You are offline and this episode is not downloaded. It opens once you are back online.";
/** Media URLs are fetched again this long before they stop working. */
const RENEW_BEFORE_EXPIRY_MS = 10 * 60_000;
const LAST_EPISODE_KEY = "litverse.last-episode.v1";

/** The episode last opened per title on this device: what "continue" means without a connection. */
export function rememberLastEpisode(contentId: string, number: number): void {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_EPISODE_KEY) ?? "{}") as Record<string, number>;
    value[contentId] = number;
    localStorage.setItem(LAST_EPISODE_KEY, JSON.stringify(value));
  } catch {
    // Without storage, offline opening needs the episode in the address.
  }
}

function lastEpisode(contentId: string): number | null {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_EPISODE_KEY) ?? "{}") as Record<string, unknown>;
    const number = value[contentId];
    return typeof number === "number" ? number : null;
  } catch {
    return null;
  }
}

/** How long the episode's content stays fresh: until shortly before its media URLs expire. */
export function freshFor(data: EpisodeContent | undefined, now = Date.now()): number {
  if (!data) return 0;
  return Math.max(0, Date.parse(data.expiresAt) - RENEW_BEFORE_EXPIRY_MS - now);
}

/** Errors the server answered with (not found, locked, too young) are final; the network's are not. */
const isAnswer = (error: unknown) => errorCode(error) !== undefined;

export function episodeQueryOptions(contentId: string, number: number) {
  return {
    ...trpc.content.getEpisode.queryOptions({ contentId, number }),
    staleTime: (query: { state: { data?: EpisodeContent } }) => freshFor(query.state.data),
    gcTime: 30 * 60_000,
  };
}

/**
 * Fetches an episode ahead of the reader into the cache entry that opening it reads, marked so
 * that it does not count as a view until it is read.
 */
export async function prefetchEpisode(queryClient: QueryClient, contentId: string, number: number) {
  const { queryKey } = episodeQueryOptions(contentId, number);
  if (freshFor(queryClient.getQueryData<EpisodeContent>(queryKey)) > 0) return;
  const data = await trpcClient.content.getEpisode.query({ contentId, number, isPrefetch: true });
  queryClient.setQueryData(queryKey, data);
}

export function useReaderEpisode(contentId: string, requested: number | null): ReaderState {
  const detail = useLiveQuery({
    ...trpc.content.getContent.queryOptions({ contentId }),
    retry: (count: number, error: unknown) => !isAnswer(error) && count < 3,
  });
  const isCutOff = useIsOffline();
  const number =
    (detail.data ? episodeToOpen(detail.data, requested) : requested) ??
    (detail.isError ? lastEpisode(contentId) : null);
  const summary = detail.data?.episodes.find((episode) => episode.number === number);
  const isLocked = Boolean(summary?.lock);

  const episode = useQuery({
    ...episodeQueryOptions(contentId, number ?? 0),
    enabled: number !== null && !isLocked,
    retry: (count: number, error: unknown) => !isAnswer(error) && count < 3,
    refetchInterval: (query) => (query.state.data ? Math.max(60_000, freshFor(query.state.data)) : false),
  });

  // Without the server (offline, or it cannot be reached), a downloaded copy stands in.
  const isUnreachable =
    (isCutOff && !episode.data) ||
    (episode.isError && !isAnswer(episode.error)) ||
    (detail.isError && !isAnswer(detail.error));
  const downloaded = useQuery({
    queryKey: ["downloaded-episode", contentId, number],
    queryFn: () => readDownloadedEpisode(contentId, number ?? 0),
    enabled: number !== null && isUnreachable,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // The live episode list has the last word on locks: a refunded unlock or an ended plan closes
  // the episode at once, even with its content still in the cache.
  if (detail.data && summary?.lock) return { status: "locked", detail: detail.data, episode: summary };
  if (episode.data) {
    return { status: "ready", data: episode.data, detail: detail.data ?? null, isOffline: false };
  }
  if (downloaded.data) {
    return { status: "ready", data: downloaded.data, detail: detail.data ?? null, isOffline: true };
  }
  if (detail.data && detail.data.episodes.length === 0) return { status: "empty", detail: detail.data };
  if (isUnreachable && downloaded.isFetched) {
    return {
      status: "error",
      error: null,
      message: OFFLINE_MESSAGE,
      retry: () => {
        void detail.refetch();
        void episode.refetch();
        void downloaded.refetch();
      },
    };
  }
  const failure = (detail.isError && isAnswer(detail.error) ? detail.error : null) ?? episode.error;
  if (failure && (!isUnreachable || downloaded.isFetched)) {
    return {
      status: "error",
      error: failure,
      retry: () => {
        void detail.refetch();
        void episode.refetch();
      },
    };
  }
  return { status: "loading" };
}
