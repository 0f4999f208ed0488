import {
  backoffDelay,
  QUERY_GC_TIME_MS,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_COUNT,
  QUERY_RETRY_MAX_MS,
} from "@litverse/shared/constants";
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
