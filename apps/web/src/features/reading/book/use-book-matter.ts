// A book's front and back matter: the list of its pages, and one page to read.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "../../../lib/trpc.ts";

export function useBookMatter(contentId: string, enabled = true) {
  return useQuery({ ...trpc.content.listBookMatter.queryOptions({ contentId }), enabled });
}

/** The page at `position` with the title and its neighbours; nothing is asked for without one. */
export function useMatterPage(contentId: string, position: number | null) {
  return useQuery({
    ...trpc.content.getBookMatter.queryOptions({ contentId, position: position ?? 1 }),
    enabled: position !== null,
  });
}

/** Fetches a page of matter outside React's render (a note opened from a chapter), cached like the page. */
export function useFetchMatterPage() {
  const queryClient = useQueryClient();
  return (contentId: string, position: number) =>
    queryClient.fetchQuery(trpc.content.getBookMatter.queryOptions({ contentId, position }));
}
