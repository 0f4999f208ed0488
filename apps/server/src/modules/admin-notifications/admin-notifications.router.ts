import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./admin-notifications.service.ts";

export const adminNotificationsRouter = router({
  /** Admin notifications the calling administrator has not read: part of the menu's badge. */
  getUnreadCount: adminProcedure.query(({ ctx }) => service.getUnreadCount(ctx.deps, ctx.user)),
});
