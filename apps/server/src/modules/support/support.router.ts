import {
  agentReplyInput,
  cannedReplyIdInput,
  compensationInput,
  createCannedReplyInput,
  createTicketInput,
  rateTicketInput,
  replyToTicketInput,
  supportAnalyticsInput,
  supportQueueInput,
  ticketIdInput,
  ticketPaymentInput,
  ticketRefundInput,
  updateCannedReplyInput,
  updateSlaPolicyInput,
  updateTicketInput,
} from "@litverse/shared/support-inputs";
import { adminProcedure, authedProcedure, router, superadminProcedure } from "../../rpc/trpc.ts";
import * as service from "./support.service.ts";
import * as account from "./support-account.service.ts";
import * as analytics from "./support-analytics.service.ts";
import * as desk from "./support-desk.service.ts";

export const supportRouter = router({
  /** Open tickets nobody on the team has answered yet. */
  getUnattendedTicketCount: adminProcedure.query(({ ctx }) => service.getUnattendedTicketCount(ctx.deps)),

  // The person asking.
  /** The caller's tickets. Live. */
  listMyTickets: authedProcedure.query(({ ctx }) => service.listMyTickets(ctx.deps, ctx.user)),
  /** One of the caller's tickets with its thread (no internal notes). Live. */
  getMyTicket: authedProcedure
    .input(ticketIdInput)
    .query(({ ctx, input }) => service.getMyTicket(ctx.deps, ctx.user, input.ticketId)),
  /** The caller's latest payments and unlocks, to name one in a ticket. */
  listMyPurchases: authedProcedure.query(({ ctx }) => service.listMyPurchases(ctx.deps, ctx.user)),
  createTicket: authedProcedure
    .meta({ rateLimit: "message" })
    .input(createTicketInput)
    .mutation(({ ctx, input }) => service.createTicket(ctx.deps, ctx.user, input)),
  replyToTicket: authedProcedure
    .meta({ rateLimit: "message" })
    .input(replyToTicketInput)
    .mutation(({ ctx, input }) => service.replyToTicket(ctx.deps, ctx.user, input)),
  closeTicket: authedProcedure
    .input(ticketIdInput)
    .mutation(({ ctx, input }) => service.closeMyTicket(ctx.deps, ctx.user, input.ticketId)),
  reopenTicket: authedProcedure
    .input(ticketIdInput)
    .mutation(({ ctx, input }) => service.reopenMyTicket(ctx.deps, ctx.user, input.ticketId)),
  rateTicket: authedProcedure
    .input(rateTicketInput)
    .mutation(({ ctx, input }) => service.rateTicket(ctx.deps, ctx.user, input)),

  // The team.
  /** The queue, soonest due first. Live. */
  listQueue: adminProcedure
    .input(supportQueueInput)
    .query(({ ctx, input }) => desk.listSupportQueue(ctx.deps, ctx.user, input)),
  /** A ticket with internal notes, recorded actions and missed targets. Live. */
  getTicket: adminProcedure
    .input(ticketIdInput)
    .query(({ ctx, input }) => desk.getAgentTicket(ctx.deps, ctx.user, input.ticketId)),
  /** The person's wallet, payments, unlocks and subscription beside a ticket. Live. */
  getRequesterAccount: adminProcedure
    .input(ticketIdInput)
    .query(({ ctx, input }) => account.getRequesterAccount(ctx.deps, input.ticketId)),
  /** Who tickets can be assigned to. */
  listAgents: adminProcedure.query(({ ctx }) => desk.listAgents(ctx.deps)),
  replyAsAgent: adminProcedure
    .input(agentReplyInput)
    .mutation(({ ctx, input }) => desk.agentReply(ctx.deps, ctx.user, input)),
  updateTicket: adminProcedure
    .input(updateTicketInput)
    .mutation(({ ctx, input }) => desk.updateTicket(ctx.deps, ctx.user, input)),
  recheckPayment: adminProcedure
    .input(ticketPaymentInput)
    .mutation(({ ctx, input }) => account.recheckTicketPayment(ctx.deps, ctx.user, input)),
  refundPayment: adminProcedure
    .input(ticketRefundInput)
    .mutation(({ ctx, input }) => account.refundTicketPayment(ctx.deps, ctx.user, input)),
  grantCompensation: adminProcedure
    .input(compensationInput)
    .mutation(({ ctx, input }) => account.grantCompensation(ctx.deps, ctx.user, input)),
  listCannedReplies: adminProcedure.query(({ ctx }) => desk.listCannedReplies(ctx.deps)),
  createCannedReply: adminProcedure
    .input(createCannedReplyInput)
    .mutation(({ ctx, input }) => desk.createCannedReply(ctx.deps, ctx.user, input)),
  updateCannedReply: adminProcedure
    .input(updateCannedReplyInput)
    .mutation(({ ctx, input }) => desk.updateCannedReply(ctx.deps, input)),
  deleteCannedReply: adminProcedure
    .input(cannedReplyIdInput)
    .mutation(({ ctx, input }) => desk.deleteCannedReply(ctx.deps, input.cannedReplyId)),
  listSlaPolicies: adminProcedure.query(({ ctx }) => desk.listSlaPolicies(ctx.deps)),
  updateSlaPolicy: adminProcedure
    .input(updateSlaPolicyInput)
    .mutation(({ ctx, input }) => desk.updateSlaPolicy(ctx.deps, input)),
  /** Volume, backlog, response and resolution times, breaches and satisfaction. Live. */
  getAnalytics: superadminProcedure
    .input(supportAnalyticsInput)
    .query(({ ctx, input }) => analytics.getSupportAnalytics(ctx.deps, input)),
});
