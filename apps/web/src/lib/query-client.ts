import {
  backoffDelay,
  QUERY_GC_TIME_MS,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_COUNT,
  QUERY_RETRY_MAX_MS,
} from "@litverse/shared/constants";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { reportAccountRefusal } from "./auth/account-refusal.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A refused account shows at once, whichever call meets the refusal first.
    queryCache: new QueryCache({ onError: reportAccountRefusal }),
    mutationCache: new MutationCache({ onError: reportAccountRefusal }),
    defaultOptions: {
      queries: {
        retry: QUERY_RETRY_COUNT,
        retryDelay: (failureCount) => backoffDelay(failureCount, QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS),
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The app's one cache. */
export const queryClient = createQueryClient();
