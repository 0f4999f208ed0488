// Browse Library's rows: the most popular titles of each kind, and every genre with its count.
import type { ContentType } from "@litverse/shared/content";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc.ts";

export function usePopularTitles(type: ContentType, limit: number) {
  return useQuery(trpc.content.listContent.queryOptions({ type, sort: "popular", limit }));
}

export function useGenres() {
  return useQuery(trpc.content.listGenres.queryOptions({}));
}
