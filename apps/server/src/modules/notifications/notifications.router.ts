import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./notifications.service.ts";

export const notificationsRouter = router({
  /** The caller's unread notifications: the menu's badge. */
  getUnreadCount: authedProcedure.query(({ ctx }) => service.getUnreadCount(ctx.deps, ctx.user)),
});
