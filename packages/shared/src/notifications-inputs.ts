// What the notification functions accept.
import { z } from "zod";
import { ANNOUNCEMENT_AUDIENCES, NOTIFICATION_KINDS } from "./notifications.ts";
import { isSameSitePath } from "./payments.ts";

export const notificationPageInput = z
  .object({ cursor: z.string().max(100).nullish(), limit: z.number().int().min(1).max(50).default(20) })
  .strict()
  .default({ limit: 20 });

export const notificationIdInput = z.object({ notificationId: z.uuid() }).strict();

export const setNotificationPreferenceInput = z
  .object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean().optional(), push: z.boolean().optional() })
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
  .max(500)
  .refine(isSameSitePath, "A path on this site, starting with /")
  .nullish();

export const sendAnnouncementInput = z
  .object({
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    title: z.string().trim().min(1, "Give it a title").max(120, "At most 120 characters"),
    body: z.string().trim().max(1000, "At most 1,000 characters").default(""),
    link,
  })
  .strict();
