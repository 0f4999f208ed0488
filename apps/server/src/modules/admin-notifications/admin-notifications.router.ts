import {
  notificationIdInput,
  notificationPageInput,
  sendAnnouncementInput,
} from "@litverse/shared/notifications-inputs";
import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./admin-notifications.service.ts";
import * as announcements from "./announcements.service.ts";

export const adminNotificationsRouter = router({
  /** Admin notifications the calling administrator has not read: part of the menu's badge. */
  getUnreadCount: adminProcedure(null).query(({ ctx }) => service.getUnreadCount(ctx.deps, ctx.user)),
  /** Newest first, with the caller's read state; the first page is watched live. */
  listAdminNotifications: adminProcedure(null)
    .input(notificationPageInput)
    .query(({ ctx, input }) => service.listAdminNotifications(ctx.deps, ctx.user, input)),
  markAdminNotificationRead: adminProcedure(null)
    .input(notificationIdInput)
    .mutation(async ({ ctx, input }) => ({
      marked: await service.markAdminNotificationsRead(ctx.deps, ctx.user.id, [input.notificationId]),
    })),
  markAllAdminNotificationsRead: adminProcedure(null).mutation(async ({ ctx }) => ({
    marked: await service.markAdminNotificationsRead(ctx.deps, ctx.user.id),
  })),
  /** Sends an announcement to everyone or to one role, in the background. */
  sendAnnouncement: adminProcedure("newsletter")
    .input(sendAnnouncementInput)
    .mutation(({ ctx, input }) => announcements.sendAnnouncement(ctx.deps, ctx.user, input)),
  /** The latest announcements and how far each has gone. Live. */
  listAnnouncements: adminProcedure("newsletter").query(({ ctx }) =>
    announcements.listAnnouncements(ctx.deps),
  ),
});
