import {
  notificationIdInput,
  notificationPageInput,
  pushSubscriptionInput,
  removePushSubscriptionInput,
  setNotificationPreferenceInput,
} from "@litverse/shared/notifications-inputs";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./notifications.service.ts";
import * as push from "./push.ts";

export const notificationsRouter = router({
  /** The caller's unread notifications: the menu's badge. */
  getUnreadCount: authedProcedure.query(({ ctx }) => service.getUnreadCount(ctx.deps, ctx.user)),
  /** Newest first, a page at a time; the first page is watched live. */
  listNotifications: authedProcedure
    .input(notificationPageInput)
    .query(({ ctx, input }) => service.listNotifications(ctx.deps, ctx.user, input)),
  markNotificationRead: authedProcedure.input(notificationIdInput).mutation(async ({ ctx, input }) => ({
    marked: await service.markNotificationsRead(ctx.deps, ctx.user.id, [input.notificationId]),
  })),
  markAllNotificationsRead: authedProcedure.mutation(async ({ ctx }) => ({
    marked: await service.markNotificationsRead(ctx.deps, ctx.user.id),
  })),
  getNotificationPreferences: authedProcedure.query(({ ctx }) =>
    service.getNotificationPreferences(ctx.deps, ctx.user),
  ),
  setNotificationPreference: authedProcedure
    .input(setNotificationPreferenceInput)
    .mutation(({ ctx, input }) => service.setNotificationPreference(ctx.deps, ctx.user, input)),
  /** The server's public key for web push, and how many devices the caller allowed. */
  getPushSetup: authedProcedure.query(({ ctx }) => push.getPushSetup(ctx.deps, ctx.user)),
  savePushSubscription: authedProcedure
    .input(pushSubscriptionInput)
    .mutation(({ ctx, input }) => push.savePushSubscription(ctx.deps, ctx.user, input, null)),
  removePushSubscription: authedProcedure
    .input(removePushSubscriptionInput)
    .mutation(({ ctx, input }) => push.removePushSubscription(ctx.deps, ctx.user, input.endpoint)),
});
