// Email: what a person chooses to receive, the newsletter's issues, audiences and reports, and the
// team's view of the outbox.

/** How often a digest of unread notifications is sent. */
export const DIGEST_FREQUENCIES = ["off", "daily", "weekly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** Where a person stands with the newsletter: nothing, asked and waiting for the link, confirmed. */
export const NEWSLETTER_SUBSCRIPTIONS = ["none", "pending", "confirmed"] as const;
export type NewsletterSubscription = (typeof NEWSLETTER_SUBSCRIPTIONS)[number];

/** Why bulk mail no longer goes to an address. */
export const SUPPRESSION_REASONS = ["hard_bounce", "complaint"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  hard_bounce: "The address bounced",
  complaint: "Marked as spam",
};

/** What a message is, for the outbox and the sender's choices (bulk mail respects suppression). */
export const MAIL_KINDS = [
  "password_reset",
  "verify_email",
  "email_changed",
  "newsletter_confirm",
  "moderation",
  "support_reply",
  "digest",
  "newsletter",
  "newsletter_test",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  password_reset: "Password reset",
  verify_email: "Address verification",
  email_changed: "Address changed",
  newsletter_confirm: "Newsletter confirmation",
  moderation: "Moderation decision",
  support_reply: "Support reply",
  digest: "Notification digest",
  newsletter: "Newsletter",
  newsletter_test: "Newsletter test",
};

export const MAIL_STATUSES = ["queued", "sending", "sent", "failed", "skipped"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A person's email settings, as the settings page shows them. */
export interface EmailSettings {
  /** The address mail goes to; null when the sign-in provider gave none. */
  address: string | null;
  verified: boolean;
  /** A new address waiting for its confirmation link. */
  pendingAddress: string | null;
  /** Why bulk mail does not reach the address, or null. */
  suppressed: { reason: SuppressionReason; at: string } | null;
  /** Accounts of the platform's own sign-in can change their address here. */
  canChangeAddress: boolean;
  /** Statements of reasons and appeal outcomes. */
  moderation: boolean;
  /** Replies to support tickets while the person is not online. */
  support: boolean;
  digest: DigestFrequency;
  newsletter: NewsletterSubscription;
}

/** A person's email as their page in user management shows it. */
export interface PersonEmailStatus {
  address: string | null;
  verified: boolean;
  newsletter: NewsletterSubscription;
  digest: DigestFrequency;
  /** Bulk mail no longer goes to the address: why, who reported it, when. */
  suppressed: { reason: SuppressionReason; source: string; detail: string; at: string } | null;
  /** Messages to the person in the outbox, all kinds. */
  messages: number;
}

// ---- Newsletter ----

export const NEWSLETTER_SUBJECT_MAX_LENGTH = 150;
export const NEWSLETTER_PREHEADER_MAX_LENGTH = 200;
export const NEWSLETTER_MAX_BLOCKS = 40;
export const NEWSLETTER_TEXT_MAX_LENGTH = 5_000;
export const NEWSLETTER_HEADING_MAX_LENGTH = 200;
export const NEWSLETTER_BUTTON_LABEL_MAX_LENGTH = 60;

export const NEWSLETTER_BLOCK_TYPES = ["heading", "text", "picture", "title", "button"] as const;
export type NewsletterBlockType = (typeof NEWSLETTER_BLOCK_TYPES)[number];

/**
 * One block of an issue. Text is plain: paragraphs separated by blank lines; https addresses in it
 * become links. A picture is uploaded (`pictureKey` is what the server stored); a title card shows a
 * catalogue title's cover, name and description and links to it. A button's or picture's link is an
 * https address or a page of the app ("/explore").
 */
export type NewsletterBlock =
  | { type: "heading"; text: string }
  | { type: "text"; text: string }
  | { type: "picture"; pictureKey: string; alt: string; link: string | null }
  | { type: "title"; titleId: string }
  | { type: "button"; label: string; url: string };

/** Who an issue goes to, among the people who confirmed the newsletter. */
export const NEWSLETTER_SEGMENT_KINDS = [
  "everyone",
  "genre",
  "followers",
  "unlocked_not_next",
  "inactive",
  "plan",
  "coins_below",
] as const;
export type NewsletterSegmentKind = (typeof NEWSLETTER_SEGMENT_KINDS)[number];

export type NewsletterSegment =
  | { kind: "everyone" }
  /** Read an episode of a title of this genre in the last 90 days. */
  | { kind: "genre"; genre: string }
  /** Follow this title. */
  | { kind: "followers"; titleId: string }
  /** Unlocked episode N of this title but not episode N + 1. */
  | { kind: "unlocked_not_next"; titleId: string; episodeNumber: number }
  /** Have not been active on the platform for this many days. */
  | { kind: "inactive"; days: number }
  /** Have a running subscription of this plan. */
  | { kind: "plan"; planId: string }
  /** Hold fewer coins than this. */
  | { kind: "coins_below"; coins: number };

export const NEWSLETTER_ISSUE_STATUSES = [
  "draft",
  "scheduled",
  "sending",
  "paused",
  "sent",
  "cancelled",
] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

export interface NewsletterIssueSummary {
  _id: string;
  subject: string;
  status: NewsletterIssueStatus;
  segment: NewsletterSegment;
  /** In words: "Everyone who opted in", "Followers of Moby-Dick", … */
  segmentLabel: string;
  /** When a scheduled issue goes out (ISO). */
  scheduledFor: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** People it was queued for, and how many messages have been handed to the mail server. */
  recipients: number;
  sent: number;
}

export interface NewsletterIssue extends NewsletterIssueSummary {
  preheader: string;
  blocks: NewsletterBlock[];
  /** The titles its cards and its audience name, for the form to show. */
  titles: NewsletterTitleOption[];
}

export interface NewsletterSettings {
  /** The team's time zone: schedules are given and shown in it. */
  timeZone: string;
}

export interface NewsletterOverview {
  issues: NewsletterIssueSummary[];
  settings: NewsletterSettings;
  /** People who confirmed the newsletter, can receive it (verified, not suppressed). */
  subscribers: number;
  /** Messages go to the outbox in the admin console rather than to a mail server. */
  outboxOnly: boolean;
}

/** A title card's picture and words, for the composer's search and preview. */
export interface NewsletterTitleOption {
  _id: string;
  name: string;
  coverUrl: string | null;
  type: string;
}

/** A message to look at: as a mail client in light mode shows it, and in dark mode. */
export interface MailView {
  html: string;
  darkHtml: string;
  text: string;
}

export interface NewsletterPreview extends MailView {
  subject: string;
}

/** What the audience form offers to choose from. */
export interface NewsletterAudienceOptions {
  genres: string[];
  plans: Array<{ _id: string; name: string }>;
}

export interface AudienceEstimate {
  /** People the issue would go to now. */
  people: number;
  /** Of whom the segment alone (before opt-in) holds. */
  inSegment: number;
}

export interface NewsletterLinkReport {
  url: string;
  clicks: number;
  people: number;
}

export interface NewsletterReport {
  issueId: string;
  recipients: number;
  sent: number;
  /** Handed over and not bounced since. */
  delivered: number;
  bounced: number;
  failed: number;
  /** An estimate: mail clients that preload pictures open every message. */
  opened: number;
  clicked: number;
  unsubscribed: number;
  links: NewsletterLinkReport[];
}

// ---- The outbox (admin) ----

export interface OutboxMessage {
  _id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxPage {
  items: OutboxMessage[];
  nextCursor: string | null;
}

/** A message as it was sent, without the picture that counts it opened. */
export interface OutboxMessageDetail extends OutboxMessage, MailView {}
