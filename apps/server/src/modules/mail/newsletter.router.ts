import {
  estimateAudienceInput,
  issueIdInput,
  listOutboxInput,
  newsletterSettingsInput,
  outboxMessageInput,
  previewIssueInput,
  saveIssueInput,
  scheduleIssueInput,
  searchNewsletterTitlesInput,
} from "@litverse/shared/mail-inputs";
import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as newsletter from "./newsletter.service.ts";
import * as outbox from "./outbox.service.ts";
import { getIssueReport } from "./report.service.ts";

// The newsletter section: view permission to read, manage to write, test and send. Every call to
// change something is in the audit trail.
const view = adminProcedure("newsletter");
const manage = view;

export const newsletterRouter = router({
  getOverview: view.query(({ ctx }) => newsletter.getOverview(ctx.deps)),
  getIssue: view.input(issueIdInput).query(({ ctx, input }) => newsletter.getIssue(ctx.deps, input.issueId)),
  getIssueReport: view.input(issueIdInput).query(({ ctx, input }) => getIssueReport(ctx.deps, input.issueId)),
  previewIssue: view
    .input(previewIssueInput)
    .query(({ ctx, input }) => newsletter.previewIssue(ctx.deps, input)),
  estimateAudience: view
    .input(estimateAudienceInput)
    .query(({ ctx, input }) => newsletter.estimateAudience(ctx.deps, input.segment)),
  getAudienceOptions: view.query(({ ctx }) => newsletter.getAudienceOptions(ctx.deps)),
  searchTitles: view
    .input(searchNewsletterTitlesInput)
    .query(({ ctx, input }) => newsletter.searchTitles(ctx.deps, input.query)),
  listOutbox: view.input(listOutboxInput).query(({ ctx, input }) => outbox.listOutbox(ctx.deps, input)),
  getOutboxMessage: view
    .input(outboxMessageInput)
    .query(({ ctx, input }) => outbox.getOutboxMessage(ctx.deps, ctx.user, input.messageId)),
  saveIssue: manage
    .input(saveIssueInput)
    .mutation(({ ctx, input }) => newsletter.saveIssue(ctx.deps, ctx.user, input)),
  deleteIssue: manage
    .input(issueIdInput)
    .mutation(({ ctx, input }) => newsletter.deleteIssue(ctx.deps, input.issueId)),
  sendTestIssue: manage
    .input(previewIssueInput)
    .mutation(({ ctx, input }) => newsletter.sendTestIssue(ctx.deps, ctx.user, input)),
  scheduleIssue: manage
    .input(scheduleIssueInput)
    .mutation(({ ctx, input }) => newsletter.scheduleIssue(ctx.deps, input.issueId, input.sendAt)),
  pauseIssue: manage
    .input(issueIdInput)
    .mutation(({ ctx, input }) => newsletter.pauseIssue(ctx.deps, input.issueId)),
  resumeIssue: manage
    .input(issueIdInput)
    .mutation(({ ctx, input }) => newsletter.resumeIssue(ctx.deps, input.issueId)),
  cancelIssue: manage
    .input(issueIdInput)
    .mutation(({ ctx, input }) => newsletter.cancelIssue(ctx.deps, input.issueId)),
  setNewsletterSettings: manage
    .input(newsletterSettingsInput)
    .mutation(({ ctx, input }) => newsletter.setSettings(ctx.deps, input)),
});
