// Notifications: what kinds there are, the words people choose them by, and what the functions
// return.
import type { PersonSummary } from "./people.ts";

export const NOTIFICATION_KINDS = [
  "friend_request",
  "friend_accepted",
  "message",
  "club",
  "club_mention",
  "new_episode",
  "coins_expiring",
  "subscription_renewed",
  "subscription_failed",
  "announcement",
  "support",
  "system",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds a person can turn on and off, in the order the settings list them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  friend_request: "Friend requests",
  friend_accepted: "Accepted friend requests",
  message: "Messages",
  club: "Book club invitations and requests",
  club_mention: "Mentions in book clubs",
  new_episode: "New episodes of titles you follow",
  coins_expiring: "Bonus coins about to expire",
  subscription_renewed: "Subscription renewals",
  subscription_failed: "Subscription payment problems",
  announcement: "Announcements from Litverse",
  support: "Answers to your support tickets",
  system: "Account and system notices",
};

/** Who an announcement goes to. */
export const ANNOUNCEMENT_AUDIENCES = ["everyone", "user", "admin", "superadmin"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const ANNOUNCEMENT_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export interface NotificationItem {
  _id: string;
  kind: string;
  title: string;
  body: string;
  /** Where it leads in the app. */
  link: string | null;
  createdAt: string;
  readAt: string | null;
  /** Who caused it, for their picture. */
  actor: PersonSummary | null;
}

export interface NotificationPage {
  items: NotificationItem[];
  /** Pass back to get the older ones; null at the end. */
  nextCursor: string | null;
}

export interface NotificationPreference {
  kind: NotificationKind;
  label: string;
  inApp: boolean;
  push: boolean;
}

/** What a browser needs to subscribe to web push, and how many devices the person has. */
export interface PushSetup {
  /** The server's VAPID public key (base64url). */
  publicKey: string;
  devices: number;
}

/** What a push message carries to the service worker. */
export interface PushPayload {
  title: string;
  body: string;
  link: string | null;
  /** Notifications with one tag replace each other on the device. */
  tag: string;
}

export interface AdminNotificationItem {
  _id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  isRead: boolean;
}

export interface AnnouncementView {
  _id: string;
  audience: AnnouncementAudience;
  title: string;
  body: string;
  link: string | null;
  status: AnnouncementStatus;
  recipients: number;
  createdAt: string;
  sentAt: string | null;
  author: string | null;
}
