// Keeps a query's cache entry current: while a component shows it, the server pushes every new
// result of the query over the WebSocket and it lands under the same cache key, so components
// read it like any other query.
import {
  hashKey,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { reportAccountRefusal } from "./auth/account-refusal.ts";
import { trpcClient } from "./trpc.ts";

interface LiveSubscription {
  holders: number;
  stop: () => void;
  release: ReturnType<typeof setTimeout> | null;
}

/** Keep a subscription briefly after its last holder goes, so a remount does not resubscribe. */
const RELEASE_DELAY_MS = 1_000;
const subscriptions = new Map<string, LiveSubscription>();

function retain(queryClient: QueryClient, queryKey: QueryKey, path: string, input: unknown): () => void {
  const hash = hashKey(queryKey);
  let subscription = subscriptions.get(hash);
  if (!subscription) {
    const { unsubscribe } = trpcClient.live.watch.subscribe(
      { path, input },
      {
        onData: (data) => queryClient.setQueryData(queryKey, data),
        // The plain query reports the error through the usual query state and retries; a refused
        // account is reported at once.
        onError: (error) => {
          reportAccountRefusal(error);
          void queryClient.invalidateQueries({ queryKey, exact: true });
        },
      },
    );
    subscription = { holders: 0, stop: unsubscribe, release: null };
    subscriptions.set(hash, subscription);
  }
  const held = subscription;
  if (held.release) clearTimeout(held.release);
  held.release = null;
  held.holders++;
  return () => {
    held.holders--;
    if (held.holders > 0) return;
    held.release = setTimeout(() => {
      held.stop();
      subscriptions.delete(hash);
    }, RELEASE_DELAY_MS);
  };
}

/** `useQuery` for a tRPC query whose result the server keeps current. */
export function useLiveQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey> & { trpc: { path: string } },
): UseQueryResult<TData, TError> {
  const queryClient = useQueryClient();
  const { queryKey } = options;
  const path = options.trpc.path;
  const input = (queryKey[1] as { input?: unknown } | undefined)?.input;
  const hash = hashKey(queryKey);
  // A query switched off (for instance one for signed-in people only) is not watched either.
  const isEnabled = options.enabled !== false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for key and input
  useEffect(() => {
    if (!isEnabled) return;
    return retain(queryClient, queryKey, path, input);
  }, [queryClient, hash, path, isEnabled]);
  return useQuery({ ...options, staleTime: Number.POSITIVE_INFINITY });
}
