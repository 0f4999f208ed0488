// The title a reel trails, with its episodes, for choosing one of them.
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../../lib/trpc.ts";

/** Nothing is asked for while no title is chosen (`contentId` null). */
export function useLinkedTitle(contentId: string | null) {
  return useQuery({
    ...trpc.content.getContent.queryOptions({ contentId: contentId ?? "" }),
    enabled: contentId !== null,
  });
}
