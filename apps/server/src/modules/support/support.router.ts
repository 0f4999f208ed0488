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
  getUnattendedTicketCount: adminProcedure("support").query(({ ctx }) =>
    service.getUnattendedTicketCount(ctx.deps),
  ),

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
  listQueue: adminProcedure("support")
    .input(supportQueueInput)
    .query(({ ctx, input }) => desk.listSupportQueue(ctx.deps, ctx.user, input)),
  /** A ticket with internal notes, recorded actions and missed targets. Live. */
  getTicket: adminProcedure("support")
    .input(ticketIdInput)
    .query(({ ctx, input }) => desk.getAgentTicket(ctx.deps, ctx.user, input.ticketId)),
  /** The person's wallet, payments, unlocks and subscription beside a ticket. Live. */
  getRequesterAccount: adminProcedure("support")
    .input(ticketIdInput)
    .query(({ ctx, input }) => account.getRequesterAccount(ctx.deps, input.ticketId)),
  /** Who tickets can be assigned to. */
  listAgents: adminProcedure("support").query(({ ctx }) => desk.listAgents(ctx.deps)),
  replyAsAgent: adminProcedure("support")
    .input(agentReplyInput)
    .mutation(({ ctx, input }) => desk.agentReply(ctx.deps, ctx.user, input)),
  updateTicket: adminProcedure("support")
    .input(updateTicketInput)
    .mutation(({ ctx, input }) => desk.updateTicket(ctx.deps, ctx.user, input)),
  recheckPayment: adminProcedure("support")
    .input(ticketPaymentInput)
    .mutation(({ ctx, input }) => account.recheckTicketPayment(ctx.deps, ctx.user, input)),
  refundPayment: adminProcedure("support")
    .input(ticketRefundInput)
    .mutation(({ ctx, input }) => account.refundTicketPayment(ctx.deps, ctx.user, input)),
  grantCompensation: adminProcedure("support")
    .input(compensationInput)
    .mutation(({ ctx, input }) => account.grantCompensation(ctx.deps, ctx.user, input)),
  listCannedReplies: adminProcedure("support").query(({ ctx }) => desk.listCannedReplies(ctx.deps)),
  createCannedReply: adminProcedure("support")
    .input(createCannedReplyInput)
    .mutation(({ ctx, input }) => desk.createCannedReply(ctx.deps, ctx.user, input)),
  updateCannedReply: adminProcedure("support")
    .input(updateCannedReplyInput)
    .mutation(({ ctx, input }) => desk.updateCannedReply(ctx.deps, input)),
  deleteCannedReply: adminProcedure("support")
    .input(cannedReplyIdInput)
    .mutation(({ ctx, input }) => desk.deleteCannedReply(ctx.deps, input.cannedReplyId)),
  listSlaPolicies: adminProcedure("support").query(({ ctx }) => desk.listSlaPolicies(ctx.deps)),
  updateSlaPolicy: adminProcedure("support")
    .input(updateSlaPolicyInput)
    .mutation(({ ctx, input }) => desk.updateSlaPolicy(ctx.deps, input)),
  /** Volume, backlog, response and resolution times, breaches and satisfaction. Live. */
  getAnalytics: superadminProcedure("support")
    .input(supportAnalyticsInput)
    .query(({ ctx, input }) => analytics.getSupportAnalytics(ctx.deps, input)),
});
