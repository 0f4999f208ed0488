import {
  contentIdInput,
  getEpisodeInput,
  listContentInput,
  listGenresInput,
  rateContentInput,
  searchBookInput,
} from "@litverse/shared/content-inputs";
import { authedProcedure, optionalUser, publicProcedure, router } from "../../rpc/trpc.ts";
import { getBookMatter, getBookMatterInput, listBookMatter, listBookMatterInput } from "./book-matter.ts";
import { searchBook } from "./book-search.ts";
import * as catalogue from "./catalogue.service.ts";
import * as engagement from "./content-engagement.service.ts";
import * as episodeContent from "./episode-content.service.ts";
import * as titleDetail from "./title-detail.service.ts";

/** Titles for readers. A signed-in caller's age decides which rated titles they meet. */
export const contentRouter = router({
  /** Explore: search, filters, sorting, pages. */
  listContent: publicProcedure
    .input(listContentInput)
    .query(async ({ ctx, input }) => catalogue.listContent(ctx.deps, await optionalUser(ctx), input)),
  listGenres: publicProcedure
    .input(listGenresInput)
    .query(async ({ ctx, input }) => catalogue.listGenres(ctx.deps, await optionalUser(ctx), input.type)),
  /** A title's page: details, counts, released episodes with their locks and the caller's progress. */
  getContent: publicProcedure
    .input(contentIdInput)
    .query(async ({ ctx, input }) =>
      titleDetail.getContent(ctx.deps, await optionalUser(ctx), input.contentId),
    ),
  /** An episode's content with media URLs valid for a few hours; counts as a view unless fetched ahead. */
  getEpisode: authedProcedure.input(getEpisodeInput).query(({ ctx, input }) =>
    episodeContent.getEpisode(ctx.deps, ctx.user, input.contentId, input.number, {
      isPrefetch: input.isPrefetch,
    }),
  ),
  /** A book's front and back matter (title page, contents, notes…): not episodes, never locked. */
  listBookMatter: publicProcedure
    .input(listBookMatterInput)
    .query(async ({ ctx, input }) => listBookMatter(ctx.deps, await optionalUser(ctx), input.contentId)),
  /** One page of a book's matter, read like its free first episode. */
  getBookMatter: authedProcedure
    .input(getBookMatterInput)
    .query(({ ctx, input }) => getBookMatter(ctx.deps, ctx.user, input.contentId, input.position)),
  /** Where words occur in the chapters of a book the caller may open. */
  searchBook: authedProcedure
    .input(searchBookInput)
    .query(({ ctx, input }) => searchBook(ctx.deps, ctx.user, input.contentId, input.query)),
  likeContent: authedProcedure
    .input(contentIdInput)
    .mutation(({ ctx, input }) => engagement.setLike(ctx.deps, ctx.user, input.contentId, true)),
  unlikeContent: authedProcedure
    .input(contentIdInput)
    .mutation(({ ctx, input }) => engagement.setLike(ctx.deps, ctx.user, input.contentId, false)),
  rateContent: authedProcedure
    .input(rateContentInput)
    .mutation(({ ctx, input }) => engagement.rateContent(ctx.deps, ctx.user, input.contentId, input.rating)),
});
