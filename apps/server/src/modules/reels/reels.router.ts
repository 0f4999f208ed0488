import {
  addCommentInput,
  adminListReelsInput,
  commentIdInput,
  createReelInput,
  creatorInput,
  featureReelInput,
  listCommentsInput,
  listFeedInput,
  recordWatchEventsInput,
  reelIdInput,
  reelsAnalyticsInput,
  rejectReelInput,
  removeReelInput,
  reportCommentInput,
  shareReelInput,
  updateReelInput,
  updateReelSettingsInput,
} from "@litverse/shared/reels-inputs";
import { adminProcedure, authedProcedure, router } from "../../rpc/trpc.ts";
import * as admin from "./admin-reels.service.ts";
import * as comments from "./comments.service.ts";
import * as engagement from "./engagement.service.ts";
import * as feed from "./feed.service.ts";
import * as mine from "./my-reels.service.ts";
import * as settings from "./reel-settings.service.ts";
import { getReelsAnalytics } from "./reels-analytics.service.ts";
import { recordWatchEvents } from "./watch-events.service.ts";

export const reelsRouter = router({
  /** The ranked feed, a page at a time; `firstReelId` (a deep link) comes first. */
  listFeed: authedProcedure
    .input(listFeedInput)
    .query(({ ctx, input }) => feed.listFeed(ctx.deps, ctx.user, input)),
  getReel: authedProcedure
    .input(reelIdInput)
    .query(({ ctx, input }) => feed.getReel(ctx.deps, ctx.user, input.reelId)),
  likeReel: authedProcedure
    .input(reelIdInput)
    .mutation(({ ctx, input }) => engagement.setReelLike(ctx.deps, ctx.user, input.reelId, true)),
  unlikeReel: authedProcedure
    .input(reelIdInput)
    .mutation(({ ctx, input }) => engagement.setReelLike(ctx.deps, ctx.user, input.reelId, false)),
  shareReel: authedProcedure
    .input(shareReelInput)
    .mutation(({ ctx, input }) => engagement.shareReel(ctx.deps, ctx.user, input.reelId, input.method)),
  followCreator: authedProcedure
    .input(creatorInput)
    .mutation(({ ctx, input }) => engagement.setCreatorFollow(ctx.deps, ctx.user, input.userId, true)),
  unfollowCreator: authedProcedure
    .input(creatorInput)
    .mutation(({ ctx, input }) => engagement.setCreatorFollow(ctx.deps, ctx.user, input.userId, false)),
  /** Comments newest first with their first replies, or one comment's further replies. Live. */
  listComments: authedProcedure
    .input(listCommentsInput)
    .query(({ ctx, input }) => comments.listComments(ctx.deps, ctx.user, input)),
  addComment: authedProcedure
    .meta({ rateLimit: "message" })
    .input(addCommentInput)
    .mutation(({ ctx, input }) => comments.addComment(ctx.deps, ctx.user, input)),
  deleteComment: authedProcedure
    .input(commentIdInput)
    .mutation(({ ctx, input }) => comments.deleteComment(ctx.deps, ctx.user, input.commentId)),
  reportComment: authedProcedure
    .input(reportCommentInput)
    .mutation(({ ctx, input }) => comments.reportComment(ctx.deps, ctx.user, input)),
  /** A batch of the player's events (POST /api/reels/events takes the same on page hide). */
  recordWatchEvents: authedProcedure
    .input(recordWatchEventsInput)
    .mutation(({ ctx, input }) => recordWatchEvents(ctx.deps, ctx.user, input)),
  /** "Watch the series": records the click and says where to go. */
  openLinkedTitle: authedProcedure
    .input(reelIdInput)
    .mutation(({ ctx, input }) => feed.openLinkedTitle(ctx.deps, ctx.user, input.reelId)),
  /** A reel from a finished upload; official ones by administrators only. */
  createReel: authedProcedure
    .input(createReelInput)
    .mutation(({ ctx, input }) => mine.createReel(ctx.deps, ctx.user, input)),
  /** The caller's reels with their status, progress and reasons. Live. */
  listMyReels: authedProcedure.query(({ ctx }) => mine.listMyReels(ctx.deps, ctx.user)),
  updateReel: authedProcedure
    .input(updateReelInput)
    .mutation(({ ctx, input }) => mine.updateReel(ctx.deps, ctx.user, input)),
  deleteReel: authedProcedure
    .input(reelIdInput)
    .mutation(({ ctx, input }) => mine.deleteReel(ctx.deps, ctx.user, input.reelId)),
  /** Every reel, with filters. Live. */
  adminListReels: adminProcedure("reels")
    .input(adminListReelsInput)
    .query(({ ctx, input }) => admin.adminListReels(ctx.deps, input)),
  approveReel: adminProcedure("reels")
    .input(reelIdInput)
    .mutation(({ ctx, input }) => admin.approveReel(ctx.deps, ctx.user, input.reelId)),
  rejectReel: adminProcedure("reels")
    .input(rejectReelInput)
    .mutation(({ ctx, input }) => admin.rejectReel(ctx.deps, ctx.user, input.reelId, input.reason)),
  removeReel: adminProcedure("reels")
    .input(removeReelInput)
    .mutation(({ ctx, input }) => admin.removeReel(ctx.deps, ctx.user, input.reelId, input.reason)),
  featureReel: adminProcedure("reels")
    .input(featureReelInput)
    .mutation(({ ctx, input }) => admin.featureReel(ctx.deps, input.reelId, input.featured)),
  /** Live. */
  getReelSettings: adminProcedure("reels").query(({ ctx }) => settings.getReelSettings(ctx.deps)),
  updateReelSettings: adminProcedure("reels")
    .input(updateReelSettingsInput)
    .mutation(({ ctx, input }) => settings.updateReelSettings(ctx.deps, ctx.user, input)),
  /** Figures over a range of days, for all reels or one. Live (new watching within seconds). */
  getReelsAnalytics: adminProcedure("reels")
    .input(reelsAnalyticsInput)
    .query(({ ctx, input }) => getReelsAnalytics(ctx.deps, input)),
});
