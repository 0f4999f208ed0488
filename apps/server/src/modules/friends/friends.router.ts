import { searchPeopleInput, userIdInput } from "@litverse/shared/people-inputs";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./friends.service.ts";

export const friendsRouter = router({
  sendFriendRequest: authedProcedure
    .meta({ rateLimit: "friend_request" })
    .input(userIdInput)
    .mutation(({ ctx, input }) => service.sendFriendRequest(ctx.deps, ctx.user, input.userId)),
  acceptFriendRequest: authedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => service.acceptFriendRequest(ctx.deps, ctx.user, input.userId)),
  declineFriendRequest: authedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => service.declineFriendRequest(ctx.deps, ctx.user, input.userId)),
  cancelFriendRequest: authedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => service.cancelFriendRequest(ctx.deps, ctx.user, input.userId)),
  unfriend: authedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => service.unfriend(ctx.deps, ctx.user, input.userId)),
  blockUser: authedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => service.blockUser(ctx.deps, ctx.user, input.userId)),
  unblockUser: authedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => service.unblockUser(ctx.deps, ctx.user, input.userId)),
  /** The caller's friends. Live. */
  listFriends: authedProcedure.query(({ ctx }) => service.listFriends(ctx.deps, ctx.user)),
  /** Requests the caller received and sent. Live. */
  listFriendRequests: authedProcedure.query(({ ctx }) => service.listFriendRequests(ctx.deps, ctx.user)),
  /** Whom the caller blocked. */
  listBlocked: authedProcedure.query(({ ctx }) => service.listBlocked(ctx.deps, ctx.user)),
  searchPeople: authedProcedure
    .input(searchPeopleInput)
    .query(({ ctx, input }) => service.searchPeople(ctx.deps, ctx.user, input.query)),
  /** People the caller may know, with the reason. */
  getFriendSuggestions: authedProcedure.query(({ ctx }) => service.getFriendSuggestions(ctx.deps, ctx.user)),
});
