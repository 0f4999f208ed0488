import {
  adminListContentInput,
  contentIdInput,
  createContentInput,
  idInput,
  reorderEpisodesInput,
  scheduleEpisodesInput,
  setCoverInput,
  setEpisodePricesInput,
  updateContentInput,
  updateEpisodeInput,
} from "@litverse/shared/content-inputs";
import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./content-admin.service.ts";
import { setCover } from "./covers.ts";

/** The catalogue as admins run it: every title, draft or published, and every episode. */
export const contentAdminRouter = router({
  listContent: adminProcedure("content")
    .input(adminListContentInput)
    .query(({ ctx, input }) => service.listContent(ctx.deps, input)),
  getContent: adminProcedure("content")
    .input(contentIdInput)
    .query(({ ctx, input }) => service.getContent(ctx.deps, input.contentId)),
  createContent: adminProcedure("content")
    .input(createContentInput)
    .mutation(({ ctx, input }) => service.createTitle(ctx.deps, ctx.user, input.data)),
  updateContent: adminProcedure("content")
    .input(updateContentInput)
    .mutation(({ ctx, input }) => service.updateTitle(ctx.deps, input)),
  /** Makes an uploaded image the title's cover. */
  setCover: adminProcedure("content")
    .input(setCoverInput)
    .mutation(({ ctx, input }) => setCover(ctx.deps, ctx.user, input.contentId, input.uploadId)),
  deleteContent: adminProcedure("content")
    .input(idInput)
    .mutation(({ ctx, input }) => service.deleteTitle(ctx.deps, input.id)),
  updateEpisode: adminProcedure("content")
    .input(updateEpisodeInput)
    .mutation(({ ctx, input }) => service.updateEpisode(ctx.deps, input)),
  reorderEpisodes: adminProcedure("content")
    .input(reorderEpisodesInput)
    .mutation(({ ctx, input }) => service.reorderEpisodes(ctx.deps, input.contentId, input.episodeIds)),
  scheduleEpisodes: adminProcedure("content")
    .input(scheduleEpisodesInput)
    .mutation(({ ctx, input }) => service.scheduleEpisodes(ctx.deps, input)),
  setEpisodePrices: adminProcedure("content")
    .input(setEpisodePricesInput)
    .mutation(({ ctx, input }) => service.setEpisodePrices(ctx.deps, input)),
  deleteEpisode: adminProcedure("content")
    .input(idInput)
    .mutation(({ ctx, input }) => service.deleteEpisode(ctx.deps, input.id)),
});
