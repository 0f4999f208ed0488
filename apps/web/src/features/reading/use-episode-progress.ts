// Where the reader is in an episode: where to resume, recording moves as they happen, and
// following the moves made in another tab or on another device.
//
// Positions go through this tab's outbox (progress-outbox.ts): queued locally, sent about once a
// second and at once when the page hides, retried when the connection comes back. Each tab has an
// id that travels with its positions, so a tab can tell its own moves from others' when the live
// query brings them back. A tab holds a lock named by its outbox for as long as it is open: an
// outbox whose lock is free belongs to a tab that is gone, and the next tab to send takes it over.
import type { EpisodeContent, EpisodePosition, Locator } from "@litverse/shared/content";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorCode } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { useIsOffline } from "../../lib/offline-start.ts";
import { trpc, trpcClient, wsClient } from "../../lib/trpc.ts";
import { type PendingPosition, positionStore, TAB_ID } from "./progress-outbox.ts";

export type { Locator };

export interface SavedPosition {
  fraction: number;
  locator: Locator | null;
  isCompleted: boolean;
}

export interface PositionUpdate {
  fraction: number;
  locator?: Locator;
  isCompleted?: boolean;
  /**
   * The time in use this move stands for, when the screen knows it better than the time since the
   * last move (a player counts content heard: two minutes of the book per minute at 2×).
   */
  activeSeconds?: number;
}

/** Moves are sent at most this often; each replaces the one before. */
const SEND_INTERVAL_MS = 1_000;
/**
 * Time between two moves counts as active reading or listening up to this long: a longer pause is
 * someone who left the page open, and counts for this much only.
 */
const MAX_ACTIVE_GAP_MS = 60_000;

const inFlight = new Set<string>();
let sendTimer: ReturnType<typeof setTimeout> | null = null;

/** Whether the server refused the position for good (the episode is gone or locked), not the network. */
function isRefusal(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && code !== "UNAVAILABLE" && code !== "INTERNAL_SERVER_ERROR";
}

/** The Web Locks API, where the browser has it. */
const locks = typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : null;

/** Takes over the outboxes of tabs that are gone (their locks are free); whether there were any. */
async function adoptGoneTabs(): Promise<boolean> {
  if (!locks) return false;
  let adopted = false;
  for (const key of positionStore.otherOutboxes()) {
    await locks.request(key, { ifAvailable: true }, (lock) => {
      if (!lock) return;
      positionStore.adopt(key);
      adopted = true;
    });
  }
  return adopted;
}

/**
 * Sends every queued position not already on its way: this tab's at once (the page may be going
 * away), then those of tabs now gone.
 */
export function sendPendingPositions(): void {
  if (sendTimer) clearTimeout(sendTimer);
  sendTimer = null;
  sendOwnPositions();
  adoptGoneTabs().then(
    (adopted) => adopted && sendOwnPositions(),
    () => {},
  );
}

function sendOwnPositions(): void {
  for (const position of positionStore.pending()) {
    if (inFlight.has(position.episodeId)) continue;
    inFlight.add(position.episodeId);
    const { episodeId, fraction, locator, isCompleted, clientId, recordedAt, activeSeconds } = position;
    trpcClient.library.recordProgress
      .mutate({ episodeId, fraction, locator, isCompleted, clientId, recordedAt, activeSeconds })
      .then(
        () => positionStore.acknowledge(position),
        (error: unknown) => {
          if (isRefusal(error)) positionStore.acknowledge(position);
        },
      )
      .finally(() => {
        inFlight.delete(episodeId);
        // A newer position queued while this one travelled goes next.
        if (positionStore.pending().some((pending) => pending.episodeId === episodeId)) scheduleSend();
      });
  }
}

function scheduleSend(): void {
  sendTimer ??= setTimeout(sendPendingPositions, SEND_INTERVAL_MS);
}

function queue(position: PendingPosition): void {
  positionStore.queue(position);
  scheduleSend();
}

if (typeof window !== "undefined") {
  // Held until the tab is gone, when the browser lets it go.
  void locks?.request(positionStore.key, () => new Promise<never>(() => {})).catch(() => {});
  // Leaving or hiding the page sends what is queued; what cannot go now goes next time.
  window.addEventListener("pagehide", sendPendingPositions);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") sendPendingPositions();
  });
  // Back online (and on the first connection of a page load): positions recorded meanwhile.
  wsClient.connectionState.subscribe({
    next: (state) => {
      if (state.state === "pending") sendPendingPositions();
    },
  });
}

function toSaved(entry: Pick<EpisodePosition, "fraction" | "locator" | "isCompleted">): SavedPosition {
  return { fraction: entry.fraction, locator: entry.locator, isCompleted: entry.isCompleted };
}

/**
 * Where to resume: the newer of the server's position and this device's own (which may hold a
 * move made offline that the server has not had yet), and when that was.
 */
function resumePoint(
  episodeId: string,
  serverEntry: EpisodePosition | undefined,
): { episodeId: string; position: SavedPosition | null; at: number } {
  const local = positionStore.known(episodeId);
  const serverAt = serverEntry ? Date.parse(serverEntry.updatedAt) : 0;
  const localAt = local ? Date.parse(local.at) : 0;
  let position: SavedPosition | null = null;
  if (local && localAt > serverAt) position = toSaved(local);
  else if (serverEntry) position = toSaved(serverEntry);
  return { episodeId, position, at: Math.max(serverAt, localAt) };
}

export function useEpisodeProgress(
  data: EpisodeContent,
  options: { onRemoteMove?: (position: SavedPosition) => void } = {},
): {
  initial: SavedPosition | null | undefined;
  save: (position: PositionUpdate) => void;
} {
  const episodeId = data.episode._id;
  const contentId = data.content._id;
  const progress = useLiveQuery({
    ...trpc.library.getTitleProgress.queryOptions({ contentId }),
    retry: 1,
  });
  const queryClient = useQueryClient();
  const serverEntry = progress.data?.episodes.find((entry) => entry.episodeId === episodeId);
  // Offline the query neither answers nor fails: this device's own positions are all there is.
  const isOffline = useIsOffline();
  const isSettled = progress.data !== undefined || progress.isError || isOffline;

  // Known at once when the position came with the page (its first data): the reader then opens in
  // its first render, rather than a frame later.
  const [initial, setInitial] = useState(() => (isSettled ? resumePoint(episodeId, serverEntry) : null));
  /** The newest position this tab knows of, by time: its own or one it followed. */
  const latestAt = useRef(initial?.at ?? 0);
  /** When this tab last recorded a move in the episode: the active time is counted from there. */
  const lastMoveAt = useRef<number | null>(null);
  const onRemoteMove = useRef(options.onRemoteMove);
  onRemoteMove.current = options.onRemoteMove;

  useEffect(() => {
    if (initial?.episodeId === episodeId || !isSettled) return;
    const point = resumePoint(episodeId, serverEntry);
    latestAt.current = point.at;
    setInitial(point);
  }, [episodeId, isSettled, serverEntry, initial?.episodeId]);

  // Moves made elsewhere, once the reader has opened.
  useEffect(() => {
    if (!serverEntry || initial?.episodeId !== episodeId) return;
    const at = Date.parse(serverEntry.updatedAt);
    if (at <= latestAt.current) return;
    latestAt.current = at;
    if (serverEntry.clientId === TAB_ID) return;
    positionStore.remember(episodeId, { ...toSaved(serverEntry), at: serverEntry.updatedAt });
    onRemoteMove.current?.(toSaved(serverEntry));
  }, [serverEntry, episodeId, initial?.episodeId]);

  const save = useCallback(
    (position: PositionUpdate) => {
      const now = Date.now();
      latestAt.current = Math.max(latestAt.current, now);
      // Moves come while the person reads (scrolls, turns pages) or a player plays, so the time
      // between two of them is time spent, up to a minute.
      const since = lastMoveAt.current === null ? 0 : Math.min(now - lastMoveAt.current, MAX_ACTIVE_GAP_MS);
      lastMoveAt.current = now;
      const activeSeconds = position.activeSeconds ?? Math.round(since / 1_000);
      queue({
        episodeId,
        fraction: Math.min(1, Math.max(0, position.fraction)),
        ...(position.locator ? { locator: position.locator } : {}),
        ...(position.isCompleted ? { isCompleted: true } : {}),
        clientId: TAB_ID,
        recordedAt: new Date(now).toISOString(),
        ...(activeSeconds > 0 ? { activeSeconds } : {}),
      });
      // The title's page and the episode lists show completion without waiting for the server.
      if (position.isCompleted) {
        void queryClient.invalidateQueries({ queryKey: trpc.content.getContent.queryKey({ contentId }) });
      }
    },
    [episodeId, contentId, queryClient],
  );

  return { initial: initial?.episodeId === episodeId ? initial.position : undefined, save };
}
