import {
  createBadgeInput,
  listRewardGrantsInput,
  previewRewardRuleInput,
  revokeRewardGrantInput,
  setLeaderboardOptOutInput,
  setYearlyGoalInput,
  updateRewardRuleInput,
} from "@litverse/shared/rewards-inputs";
import { adminProcedure, authedProcedure, router } from "../../rpc/trpc.ts";
import * as badges from "./badges.ts";
import { checkIn } from "./check-in.ts";
import * as grants from "./grants.ts";
import * as boards from "./leagues-boards.ts";
import * as service from "./rewards.service.ts";
import { previewRuleChange } from "./rule-preview.ts";
import * as rules from "./rules.ts";

export const rewardsRouter = router({
  // The person.
  /** Check-in cycle, streak, today's XP against the caps, the yearly goal. Live. */
  getRewardsOverview: authedProcedure.query(({ ctx }) => service.getRewardsOverview(ctx.deps, ctx.user)),
  checkIn: authedProcedure.mutation(({ ctx }) => checkIn(ctx.deps, ctx.user)),
  setYearlyGoal: authedProcedure
    .input(setYearlyGoalInput)
    .mutation(({ ctx, input }) => service.setYearlyGoal(ctx.deps, ctx.user, input)),
  /** Every badge with the caller's progress, earned tiers and what is left. Live. */
  listBadges: authedProcedure.query(({ ctx }) => badges.listBadges(ctx.deps, ctx.user)),
  /** This week's league group: tier, standings with zones, the caller's rank, the time left. Live. */
  getMyLeague: authedProcedure.query(({ ctx }) => boards.getMyLeague(ctx.deps, ctx.user)),
  /** The top by XP of all time and the caller's rank. Live for who opts out, not for XP. */
  getAllTimeBoard: authedProcedure.query(({ ctx }) => boards.getAllTimeBoard(ctx.deps, ctx.user)),
  /** The caller and their friends: this week's XP and all time. Live. */
  getFriendsBoard: authedProcedure.query(({ ctx }) => boards.getFriendsBoard(ctx.deps, ctx.user)),
  setLeaderboardOptOut: authedProcedure
    .input(setLeaderboardOptOutInput)
    .mutation(({ ctx, input }) => boards.setLeaderboardOptOut(ctx.deps, ctx.user, input)),

  // The team.
  /** Live. */
  listRules: adminProcedure("rewards").query(({ ctx }) => rules.listRules(ctx.deps)),
  updateRule: adminProcedure("rewards")
    .input(updateRewardRuleInput)
    .mutation(({ ctx, input }) => rules.updateRule(ctx.deps, ctx.user, input)),
  /** What a change to a rule would have granted over the last 7 complete days, against the rule in force. */
  previewRuleChange: adminProcedure("rewards")
    .input(previewRewardRuleInput)
    .query(({ ctx, input }) => previewRuleChange(ctx.deps, input)),
  createBadge: adminProcedure("rewards")
    .input(createBadgeInput)
    .mutation(({ ctx, input }) => badges.createBadge(ctx.deps, ctx.user, input)),
  /** Coins granted by rewards, newest first. Live. */
  listGrants: adminProcedure("rewards")
    .input(listRewardGrantsInput)
    .query(({ ctx, input }) => grants.listGrants(ctx.deps, input)),
  revokeGrant: adminProcedure("rewards")
    .input(revokeRewardGrantInput)
    .mutation(({ ctx, input }) => grants.revokeGrant(ctx.deps, ctx.user, input)),
});
