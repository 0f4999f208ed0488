// The figures of the stories dashboard, all live: the range's totals, every story with its plays,
// and one story's funnel. A new range or story keeps the figures shown until its own arrive.
import type { StoryStatus } from "@litverse/shared/stories";
import { keepPreviousData } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

/** Not asked for while `isEnabled` is false (a range that cannot be asked for). */
export function useStoriesDashboard(
  range: inferInput<typeof trpc.stories.getStoriesDashboard>,
  isEnabled: boolean,
) {
  return useLiveQuery({
    ...trpc.stories.getStoriesDashboard.queryOptions(range),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** Every story, or those of one status. */
export function useAdminStories(status: StoryStatus | null = null) {
  return useLiveQuery(trpc.stories.adminListStories.queryOptions(status ? { status } : {}));
}

export function useStoryFunnel(storyId: string) {
  return useLiveQuery({
    ...trpc.stories.getStoryFunnel.queryOptions({ storyId }),
    placeholderData: keepPreviousData,
  });
}
