import {
  messageIdInput,
  messagePageInput,
  partnerInput,
  reportMessageInput,
  sendMessageInput,
  setTypingInput,
  viewConversationInput,
} from "@litverse/shared/messages-inputs";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as conversation from "./conversation.service.ts";
import * as state from "./conversation-state.service.ts";
import * as inbox from "./inbox.service.ts";
import * as deletion from "./message-deletion.service.ts";
import * as reports from "./message-reports.service.ts";
import * as sending from "./message-sending.service.ts";

export const messagesRouter = router({
  /** The caller's unread messages: the menu's badge. */
  getUnreadCount: authedProcedure.query(({ ctx }) => inbox.getUnreadCount(ctx.deps, ctx.user)),
  /** Chats and message requests, most recent first. Live. */
  listConversations: authedProcedure.query(({ ctx }) => inbox.listConversations(ctx.deps, ctx.user)),
  /** One conversation: the partner, where it stands, whether they type. Live. */
  getConversation: authedProcedure
    .input(partnerInput)
    .query(({ ctx, input }) => conversation.getConversation(ctx.deps, ctx.user, input.partnerId)),
  /** Messages newest first, a page at a time; the first page is watched live. */
  listMessages: authedProcedure
    .input(messagePageInput)
    .query(({ ctx, input }) => conversation.listMessages(ctx.deps, ctx.user, input)),
  sendMessage: authedProcedure
    .meta({ rateLimit: "message" })
    .input(sendMessageInput)
    .mutation(({ ctx, input }) => sending.sendMessage(ctx.deps, ctx.user, input)),
  acceptMessageRequest: authedProcedure
    .input(partnerInput)
    .mutation(({ ctx, input }) => state.acceptMessageRequest(ctx.deps, ctx.user, input.partnerId)),
  declineMessageRequest: authedProcedure
    .input(partnerInput)
    .mutation(({ ctx, input }) => state.declineMessageRequest(ctx.deps, ctx.user, input.partnerId)),
  /** The caller opened or left the conversation: reads what came, holds back notifications while open. */
  viewConversation: authedProcedure
    .input(viewConversationInput)
    .mutation(({ ctx, input }) =>
      state.viewConversation(ctx.deps, ctx.user, input.partnerId, input.isViewing),
    ),
  setTyping: authedProcedure
    .input(setTypingInput)
    .mutation(({ ctx, input }) => state.setTyping(ctx.deps, ctx.user, input.partnerId, input.isTyping)),
  deleteMessageForMe: authedProcedure
    .input(messageIdInput)
    .mutation(({ ctx, input }) => deletion.deleteMessageForMe(ctx.deps, ctx.user, input.messageId)),
  clearConversation: authedProcedure
    .input(partnerInput)
    .mutation(({ ctx, input }) => deletion.clearConversation(ctx.deps, ctx.user, input.partnerId)),
  reportMessage: authedProcedure
    .input(reportMessageInput)
    .mutation(({ ctx, input }) => reports.reportMessage(ctx.deps, ctx.user, input)),
});
