import {
  handleInput,
  reportUserInput,
  setAvatarInput,
  updateProfileInput,
  userIdInput,
} from "@litverse/shared/people-inputs";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./profiles.service.ts";

export const profilesRouter = router({
  /** Someone's profile, as much as their privacy lets the caller see. Live. */
  getProfile: authedProcedure
    .input(userIdInput)
    .query(({ ctx, input }) => service.getProfile(ctx.deps, ctx.user, input.userId)),
  /** Who a handle names now; an old handle leads to its person for 30 days. */
  resolveHandle: authedProcedure
    .input(handleInput)
    .query(({ ctx, input }) => service.resolveHandle(ctx.deps, ctx.user, input.handle)),
  /** The caller's own profile, every field, for the settings page. */
  getMyProfile: authedProcedure.query(({ ctx }) => service.getMyProfile(ctx.deps, ctx.user)),
  updateProfile: authedProcedure
    .input(updateProfileInput)
    .mutation(({ ctx, input }) => service.updateProfile(ctx.deps, ctx.user, input)),
  /** A new avatar from an uploaded picture (POST /api/uploads) and the square to keep. */
  setAvatar: authedProcedure
    .input(setAvatarInput)
    .mutation(({ ctx, input }) => service.setAvatar(ctx.deps, ctx.user, input.uploadId, input.crop)),
  removeAvatar: authedProcedure.mutation(({ ctx }) => service.removeAvatar(ctx.deps, ctx.user)),
  reportUser: authedProcedure
    .input(reportUserInput)
    .mutation(({ ctx, input }) => service.reportUser(ctx.deps, ctx.user, input)),
});
