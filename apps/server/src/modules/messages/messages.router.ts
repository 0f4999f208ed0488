import { sendMessageInput } from "@litverse/shared/messages-inputs";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./messages.service.ts";

export const messagesRouter = router({
  /** Unread messages to the caller: the menu's badge. */
  getUnreadCount: authedProcedure.query(({ ctx }) => service.getUnreadCount(ctx.deps, ctx.user)),
  sendMessage: authedProcedure.input(sendMessageInput).mutation(async ({ ctx, input }) => {
    const row = await service.sendMessage(ctx.deps, { senderId: ctx.user.id, ...input });
    return { _id: row.id, createdAt: row.createdAt.toISOString() };
  }),
});
