// The published stories a reader may play, found by words and genre. The first page is live (a new
// story, a new rating or this reader's progress on another device arrive by themselves); more come
// on asking.
import { type StoryCard, storyListInput } from "@litverse/shared/stories";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

/** Empty words or genre leave that filter out. */
export function useStoryList({ search, genre }: { search: string; genre: string }) {
  const input = storyListInput(search, genre);
  const first = useLiveQuery({
    ...trpc.stories.listStories.queryOptions(input),
    placeholderData: keepPreviousData,
  });

  const inputKey = JSON.stringify(input);
  const [more, setMore] = useState<{ key: string; items: StoryCard[]; cursor: string | null } | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const extra = more?.key === inputKey ? more : null;
  const items = dedupe([...(first.data?.items ?? []), ...(extra?.items ?? [])]);
  const nextCursor = extra ? extra.cursor : (first.data?.nextCursor ?? null);

  const loadMore = async () => {
    if (!nextCursor) return;
    setIsLoadingMore(true);
    try {
      const page = await trpcClient.stories.listStories.query({ ...input, cursor: nextCursor });
      setMore({ key: inputKey, items: [...(extra?.items ?? []), ...page.items], cursor: page.nextCursor });
    } catch (error) {
      toastError(error, "Could not load more stories.");
    } finally {
      setIsLoadingMore(false);
    }
  };

  return { first, items, hasMore: Boolean(nextCursor), loadMore, isLoadingMore };
}

export function useStoryGenres() {
  return useLiveQuery(trpc.stories.listStoryGenres.queryOptions());
}

function dedupe(stories: StoryCard[]): StoryCard[] {
  const seen = new Set<string>();
  return stories.filter((story) => !seen.has(story.id) && seen.add(story.id));
}
