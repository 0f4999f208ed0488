// A published story and the reader's play of it, both live: a choice or a save made on another
// device shows at once.
import { QUERY_RETRY_COUNT } from "@litverse/shared/constants";
import { errorCode } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

/** Codes whose answer will not change by asking again. */
const FINAL_CODES = new Set(["FORBIDDEN", "NOT_FOUND", "BAD_REQUEST", "UNAUTHORIZED"]);

const retry = (failures: number, error: unknown) =>
  !FINAL_CODES.has(errorCode(error) ?? "") && failures < QUERY_RETRY_COUNT;

/** Asks again after a failure, but not when the story is missing or refused: that answer stays. */
export function useStory(storyId: string) {
  return useLiveQuery(trpc.stories.getStory.queryOptions({ storyId }, { retry }));
}

/**
 * The reader's play of the story, null before they start. Where the play is what the page shows,
 * `givesUpWhenRefused` stops asking again once the story is missing or refused, as `useStory` does.
 */
export function usePlay(
  storyId: string,
  { givesUpWhenRefused = false }: { givesUpWhenRefused?: boolean } = {},
) {
  return useLiveQuery(
    trpc.stories.getPlay.queryOptions({ storyId }, givesUpWhenRefused ? { retry } : undefined),
  );
}
