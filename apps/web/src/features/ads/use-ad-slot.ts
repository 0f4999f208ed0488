// The server's side of an ad slot: asking for an ad once (the server picks one within its caps, or
// none), and reporting what became of it through one queue for the whole app, so that events due
// together leave together and a failed call is tried again after the page has moved on.
import type { AdEventKind, AdPlacement, ServedAd } from "@litverse/shared/ads";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { AdEventQueue } from "./ad-events.ts";

const queue = new AdEventQueue((events) => trpcClient.ads.recordAdEvents.mutate({ events }), {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
});

/** Reports an ad's event; resolves true once the server has it. */
export function reportAdEvent(token: string, kind: AdEventKind): Promise<boolean> {
  return queue.add({ token, kind });
}

/**
 * Asks for one ad for `placement` once `enabled` (and never again while mounted): undefined while
 * asking, null when there is none or the asking failed (the slot then shows nothing).
 */
export function useServedAd(
  placement: AdPlacement,
  { contentId, enabled = true }: { contentId?: string | null; enabled?: boolean } = {},
): ServedAd | null | undefined {
  const serve = useMutation(trpc.ads.serveAd.mutationOptions());
  const hasAsked = useRef(false);
  const { mutate } = serve;
  useEffect(() => {
    if (!enabled || hasAsked.current) return;
    hasAsked.current = true;
    mutate({ placement, ...(contentId ? { contentId } : {}) });
  }, [enabled, placement, contentId, mutate]);
  if (serve.isError) return null;
  if (!serve.isSuccess) return undefined;
  return (serve.data as ServedAd | null) ?? null;
}

/** Asks for an ad when the caller decides (the reels feed, every few reels); null for none. */
export function useServeAd(placement: AdPlacement): () => Promise<ServedAd | null> {
  const { mutateAsync } = useMutation(trpc.ads.serveAd.mutationOptions());
  return useCallback(async () => {
    try {
      return ((await mutateAsync({ placement })) as ServedAd | null) ?? null;
    } catch {
      return null;
    }
  }, [mutateAsync, placement]);
}
