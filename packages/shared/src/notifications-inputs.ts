// What the notification functions accept.
import { z } from "zod";
import { ANNOUNCEMENT_AUDIENCES, NOTIFICATION_KINDS } from "./notifications.ts";
import { isSameSitePath } from "./payments.ts";
import { visibleString } from "./visible-text.ts";

export const notificationPageInput = z
  .object({
    cursor: z.string().max(100, "Not a valid page marker").nullish(),
    limit: z
      .number()
      .int("A page holds a whole number of notifications")
      .min(1, "A page holds at least 1 notification")
      .max(50, "A page holds at most 50 notifications")
      .default(20),
  })
  .strict()
  .default({ limit: 20 });

export const notificationIdInput = z.object({ notificationId: z.uuid("Not a valid notification") }).strict();

export const setNotificationPreferenceInput = z
  .object({
    kind: z.enum(NOTIFICATION_KINDS, "Not a kind of notification"),
    inApp: z.boolean("Choose on or off").optional(),
    push: z.boolean("Choose on or off").optional(),
  })
  .strict();

/** A browser's PushSubscription, as `toJSON()` gives it. */
export const pushSubscriptionInput = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
    expirationTime: z.number().nullish(),
  })
  .strict();

export const removePushSubscriptionInput = z.object({ endpoint: z.string().max(2000) }).strict();

const link = z
  .string()
  .trim()
  .max(500, "A link is at most 500 characters")
  .refine(isSameSitePath, "A path on this site, starting with /")
  .nullish();

export const sendAnnouncementInput = z
  .object({
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, "Choose who it is for"),
    title: visibleString("A title").min(1, "Give it a title").max(120, "A title is at most 120 characters"),
    body: z.string().trim().max(1000, "An announcement is at most 1,000 characters").default(""),
    link,
  })
  .strict();
