import {
  addMarkInput,
  contentIdInput,
  markIdInput,
  recordProgressInput,
  updateMarkInput,
} from "@litverse/shared/content-inputs";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as progress from "./progress.service.ts";
import * as marks from "./reading-marks.service.ts";

export const readingRouter = router({
  recordProgress: authedProcedure
    .input(recordProgressInput)
    .mutation(({ ctx, input }) => progress.recordProgress(ctx.deps, ctx.user, input)),
  /** The caller's place in each episode of a title: what a reader resumes at and follows live. */
  getTitleProgress: authedProcedure
    .input(contentIdInput)
    .query(({ ctx, input }) => progress.getTitleProgress(ctx.deps, ctx.user, input.contentId)),
  /** The caller's bookmarks and highlights in a title. */
  getMarks: authedProcedure
    .input(contentIdInput)
    .query(({ ctx, input }) => marks.getMarks(ctx.deps, ctx.user, input.contentId)),
  addMark: authedProcedure
    .input(addMarkInput)
    .mutation(({ ctx, input }) => marks.addMark(ctx.deps, ctx.user, input)),
  updateMark: authedProcedure
    .input(updateMarkInput)
    .mutation(({ ctx, input }) => marks.updateMark(ctx.deps, ctx.user, input)),
  removeMark: authedProcedure
    .input(markIdInput)
    .mutation(({ ctx, input }) => marks.removeMark(ctx.deps, ctx.user, input.markId)),
});
