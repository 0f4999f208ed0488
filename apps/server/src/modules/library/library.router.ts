import { contentIdInput } from "@litverse/shared/content-inputs";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./library.service.ts";

export const libraryRouter = router({
  /** Continue reading, followed titles and history. */
  getMyLibrary: authedProcedure.query(({ ctx }) => service.getMyLibrary(ctx.deps, ctx.user)),
  followContent: authedProcedure
    .input(contentIdInput)
    .mutation(({ ctx, input }) => service.setFollowing(ctx.deps, ctx.user, input.contentId, true)),
  unfollowContent: authedProcedure
    .input(contentIdInput)
    .mutation(({ ctx, input }) => service.setFollowing(ctx.deps, ctx.user, input.contentId, false)),
});
