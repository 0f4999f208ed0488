// A title's page data, kept live: the title, the viewer's like, rating and follow, and the episodes.
import { QUERY_RETRY_COUNT } from "@litverse/shared/constants";
import { errorCode } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

/** Answers that will not change by asking again. */
const FINAL_CODES = new Set(["FORBIDDEN", "NOT_FOUND", "BAD_REQUEST", "UNAUTHORIZED"]);

export function useTitleDetail(contentId: string, enabled: boolean) {
  return useLiveQuery({
    ...trpc.content.getContent.queryOptions(
      { contentId },
      {
        retry: (failures, error) => !FINAL_CODES.has(errorCode(error) ?? "") && failures < QUERY_RETRY_COUNT,
      },
    ),
    enabled,
  });
}
