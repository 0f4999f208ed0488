import {
  appealByKeyInput,
  appealInput,
  appealKeyInput,
  decideAppealInput,
  decideInput,
  itemInput,
  noteInput,
  noticeInput,
  noticeReferenceInput,
  pageInput,
  periodInput,
  queueInput,
  reportInput,
  thresholdsInput,
} from "@litverse/shared/moderation-inputs";
import { adminProcedure, authedProcedure, optionalUser, publicProcedure, router } from "../../rpc/trpc.ts";
import * as appeals from "./appeals.service.ts";
import * as decisions from "./decisions.service.ts";
import * as mine from "./mine.service.ts";
import * as notices from "./notices.service.ts";
import * as queue from "./queue.service.ts";
import { report } from "./report.service.ts";
import * as review from "./review.service.ts";
import * as settings from "./settings.service.ts";
import * as transparency from "./transparency.service.ts";

// Reporting and one's own reports and decisions are for everyone signed in; notices of illegal
// content for anyone at all. The queue, reviews and settings are the moderation section's: view to
// read, manage to decide. Every admin call is in the audit trail.
export const moderationRouter = router({
  report: authedProcedure
    .meta({ rateLimit: "message" })
    .input(reportInput)
    .mutation(({ ctx, input }) => report(ctx.deps, ctx.user, input)),
  listMyReports: authedProcedure
    .input(pageInput)
    .query(({ ctx, input }) => mine.listMyReports(ctx.deps, ctx.user, input)),
  listMyDecisions: authedProcedure.query(({ ctx }) => mine.listMyDecisions(ctx.deps, ctx.user)),
  appealDecision: authedProcedure
    .meta({ rateLimit: "message" })
    .input(appealInput)
    .mutation(({ ctx, input }) => appeals.appealDecision(ctx.deps, ctx.user, input)),
  getAppealByKey: publicProcedure
    .input(appealKeyInput)
    .query(({ ctx, input }) => appeals.decisionByKey(ctx.deps, input.key)),
  appealByKey: publicProcedure
    .meta({ rateLimit: "message" })
    .input(appealByKeyInput)
    .mutation(({ ctx, input }) => appeals.appealByKey(ctx.deps, input)),
  submitNotice: publicProcedure
    .meta({ rateLimit: "message" })
    .input(noticeInput)
    .mutation(async ({ ctx, input }) => notices.submitNotice(ctx.deps, await optionalUser(ctx), input)),
  getNotice: publicProcedure
    .input(noticeReferenceInput)
    .query(({ ctx, input }) => notices.getNotice(ctx.deps, input.reference)),

  getQueue: adminProcedure("moderation")
    .input(queueInput)
    .query(({ ctx, input }) => queue.getQueue(ctx.deps, ctx.user, input)),
  getReview: adminProcedure("moderation")
    .input(itemInput)
    .query(({ ctx, input }) => review.getReview(ctx.deps, input.itemId)),
  claimItem: adminProcedure("moderation")
    .input(itemInput)
    .mutation(({ ctx, input }) => queue.claimItem(ctx.deps, ctx.user, input.itemId)),
  releaseItem: adminProcedure("moderation")
    .input(itemInput)
    .mutation(({ ctx, input }) => queue.releaseItem(ctx.deps, input.itemId)),
  addNote: adminProcedure("moderation")
    .input(noteInput)
    .mutation(({ ctx, input }) => queue.addNote(ctx.deps, ctx.user, input)),
  decide: adminProcedure("moderation")
    .input(decideInput)
    .mutation(({ ctx, input }) => decisions.decide(ctx.deps, ctx.user, input)),
  decideAppeal: adminProcedure("moderation")
    .input(decideAppealInput)
    .mutation(({ ctx, input }) => appeals.decideAppeal(ctx.deps, ctx.user, input)),
  getModerationSettings: adminProcedure("moderation").query(({ ctx }) =>
    settings.getModerationSettings(ctx.deps),
  ),
  setHideThresholds: adminProcedure("moderation")
    .input(thresholdsInput)
    .mutation(({ ctx, input }) => settings.setHideThresholds(ctx.deps, input)),
  getTransparencyReport: adminProcedure("moderation")
    .input(periodInput)
    .query(({ ctx, input }) => transparency.getTransparencyReport(ctx.deps.db, input)),
  exportStatementsOfReasons: adminProcedure("moderation")
    .input(periodInput)
    .query(({ ctx, input }) => transparency.exportStatementsOfReasons(ctx.deps.db, input)),
});
