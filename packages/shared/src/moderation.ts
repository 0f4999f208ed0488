// Trust and safety: what can be reported and why, the queue moderators work through, the
// decisions they make and the statements of reasons people receive, appeals, and notices of
// illegal content from anyone.
import type { PersonSummary } from "./people.ts";

/** Everything a person can write or upload, and so report. */
export const MODERATION_KINDS = [
  "profile",
  "profile_picture",
  "message",
  "club_post",
  "club_poll",
  "reel",
  "reel_comment",
  "story",
  "title",
  "ad",
  /** An address given in a notice of illegal content that leads to nothing the platform knows. */
  "address",
] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

export const MODERATION_KIND_LABELS: Record<ModerationKind, string> = {
  profile: "Profile",
  profile_picture: "Profile picture",
  message: "Message",
  club_post: "Club post",
  club_poll: "Club poll",
  reel: "Reel",
  reel_comment: "Reel comment",
  story: "Interactive story",
  title: "Catalogue title",
  ad: "Ad",
  address: "Address in a notice",
};

/** Why something is reported, most severe first: the queue's order within equal weight. */
export const REPORT_CATEGORIES = [
  "illegal_content",
  "self_harm",
  "violence",
  "harassment_hate",
  "sexual_content",
  "misinformation",
  "intellectual_property",
  "spam",
  "other",
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
/**
 * The most a report's few words may hold. Here rather than beside the report's input schema, so
 * that the report form (on every page with an ad) does not bring the schema library with it.
 */
export const REPORT_DETAILS_MAX_LENGTH = 1_000;

export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  illegal_content: "Illegal content",
  self_harm: "Self-harm or suicide",
  violence: "Violence or threats",
  harassment_hate: "Harassment or hate",
  sexual_content: "Sexual content",
  misinformation: "Misinformation",
  intellectual_property: "Intellectual property",
  spam: "Spam",
  other: "Something else",
};

/** How urgent a category is: the queue sorts by the most severe category an item was reported for. */
export const REPORT_CATEGORY_SEVERITY: Record<ReportCategory, number> = {
  illegal_content: 9,
  self_harm: 8,
  violence: 7,
  harassment_hate: 6,
  sexual_content: 5,
  misinformation: 4,
  intellectual_property: 3,
  spam: 2,
  other: 1,
};

/** What a moderator can decide about an item and its author. */
export const MODERATION_ACTIONS = [
  "dismiss",
  "hide",
  "remove",
  "restrict_earning",
  "warn",
  "suspend",
  "ban",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: "Dismiss the reports",
  hide: "Hide",
  remove: "Remove",
  restrict_earning: "Restrict earning",
  warn: "Warn the author",
  suspend: "Suspend the author",
  ban: "Ban the author",
};

/** Whom hidden content is hidden from. */
export const HIDE_AUDIENCES = ["everyone", "minors"] as const;
export type HideAudience = (typeof HIDE_AUDIENCES)[number];

/** The community rules a decision says was broken. */
export const COMMUNITY_RULES = [
  "illegal_content",
  "child_safety",
  "self_harm",
  "violence",
  "harassment",
  "hate",
  "sexual_content",
  "misinformation",
  "intellectual_property",
  "impersonation",
  "spam",
  "other",
] as const;
export type CommunityRule = (typeof COMMUNITY_RULES)[number];

export const COMMUNITY_RULE_LABELS: Record<CommunityRule, string> = {
  illegal_content: "Illegal content",
  child_safety: "Safety of minors",
  self_harm: "Promoting self-harm or suicide",
  violence: "Violence and threats",
  harassment: "Harassment and bullying",
  hate: "Hateful conduct",
  sexual_content: "Sexual content outside what the title's rating allows",
  misinformation: "Harmful misinformation",
  intellectual_property: "Someone else's work without permission",
  impersonation: "Pretending to be someone else",
  spam: "Spam and manipulation",
  other: "Other community rules",
};

/** An item waits for a decision, or has one. New reports after a decision open it again. */
export const MODERATION_ITEM_STATES = ["pending", "decided"] as const;
export type ModerationItemState = (typeof MODERATION_ITEM_STATES)[number];

/** A decision can be appealed once, within this many days. */
export const APPEAL_WINDOW_DAYS = 183;

export const APPEAL_STATES = ["pending", "upheld", "rejected"] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** The weighted reports that hide an item at once, pending review, unless settings say otherwise. */
export const DEFAULT_HIDE_THRESHOLDS: Record<ReportCategory, number> = {
  illegal_content: 3,
  self_harm: 3,
  violence: 3,
  harassment_hate: 4,
  sexual_content: 4,
  misinformation: 6,
  intellectual_property: 6,
  spam: 5,
  other: 8,
};

/** What a report is about, as the area that shows it describes it to the moderation queue. */
export interface ReportTarget {
  kind: ModerationKind;
  id: string;
  /** The person responsible for the target (its author, or the person reported). */
  userId: string | null;
  /** What the target said, kept as it was when reported. */
  snapshot?: string | null;
  /** How administrators should call it: "A post in The Lantern Society", "Ada Reader". */
  label: string;
}

/** What an item is, as the queue and the review show it. */
export interface ModerationTarget {
  kind: ModerationKind;
  id: string;
  /** A line that names it: "Post in The Lantern Society", "Ada Reader". */
  label: string;
  /** Its text as it is now, or as it was when first reported if it is gone. */
  text: string | null;
  /** A picture it shows (a reel's poster, a profile picture, a post's image). */
  pictureUrl: string | null;
  /** Where it is in the app, for a moderator to open. */
  link: string | null;
  /** Still there (false once its author or a moderator deleted it). */
  exists: boolean;
}

/** One row of the queue: every report of one item together. */
export interface ModerationQueueItem {
  id: string;
  target: ModerationTarget;
  author: PersonSummary | null;
  state: ModerationItemState;
  /** The most severe category it was reported for. */
  category: ReportCategory;
  /** Open reports per category. */
  categories: { category: ReportCategory; count: number }[];
  reportCount: number;
  /** The reports' weights added up (a reporter's weight grows with how often they were right). */
  weight: number;
  /** A notice of illegal content is among the reports. */
  hasNotice: boolean;
  /** Hidden pending review, because its weighted reports crossed the category's threshold. */
  isAutoHidden: boolean;
  claimedBy: { id: string; name: string } | null;
  /** An appeal of one of its decisions waits for a moderator. */
  hasPendingAppeal: boolean;
  firstReportedAt: string;
  lastReportedAt: string;
}

export interface ModerationQueuePage {
  items: ModerationQueueItem[];
  nextCursor: string | null;
  /** Items waiting for a decision, and appeals waiting, whatever the filters. */
  pendingCount: number;
  appealCount: number;
}

/** The weighted reports that hide an item at once, per category. */
export interface ModerationSettings {
  thresholds: Record<ReportCategory, number>;
}

export interface ModerationReport {
  id: string;
  category: ReportCategory;
  details: string;
  /** Null for a notice sent by someone not signed in. */
  reporter: PersonSummary | null;
  reporterWeight: number;
  /** A report from inside the app, or a notice of illegal content. */
  source: "report" | "notice";
  /** For notices: the law or ground the sender named, and their name. */
  legalGround: string | null;
  senderName: string | null;
  createdAt: string;
  status: "open" | "upheld" | "dismissed";
}

/** A message around the reported one, a post around the reported post. */
export interface ModerationContextEntry {
  id: string;
  author: PersonSummary | null;
  text: string;
  createdAt: string;
  /** The reported one: shown in full; the others are there for context. */
  isReported: boolean;
}

export interface ModerationDecision {
  id: string;
  itemId: string;
  target: ModerationTarget;
  action: ModerationAction;
  audience: HideAudience | null;
  rule: CommunityRule | null;
  legalGround: string | null;
  /** What the author is told: why, in the moderator's words. */
  explanation: string;
  suspendedDays: number | null;
  isAutomated: boolean;
  /** Counts against the author (everything but a dismissal), until an appeal undoes it. */
  isStrike: boolean;
  decidedBy: { id: string; name: string } | null;
  decidedAt: string;
  /** The last day it can be appealed. */
  appealableUntil: string;
  reversedAt: string | null;
  appeal: ModerationAppeal | null;
}

export interface ModerationAppeal {
  id: string;
  decisionId: string;
  explanation: string;
  state: AppealState;
  /** The moderator's reply, with their reasons. */
  reply: string | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: { id: string; name: string } | null;
}

export interface ModerationNote {
  id: string;
  author: { id: string; name: string };
  body: string;
  createdAt: string;
}

/** Everything a moderator needs to decide about one item. */
export interface ModerationReview {
  item: ModerationQueueItem;
  context: ModerationContextEntry[];
  reports: ModerationReport[];
  authorHistory: {
    joinedAt: string;
    activeStrikes: number;
    decisions: ModerationDecision[];
  } | null;
  notes: ModerationNote[];
  decisions: ModerationDecision[];
  /** Appeals of this item's decisions waiting for a moderator other than the one who decided. */
  pendingAppeals: (ModerationAppeal & { decision: ModerationDecision })[];
}

/** A person's own report, and what became of it. */
export interface MyReport {
  id: string;
  target: { kind: ModerationKind; label: string; link: string | null };
  category: ReportCategory;
  details: string;
  createdAt: string;
  status: "open" | "upheld" | "dismissed";
  /** What was decided, in a line, once it was. */
  outcome: string | null;
}

/** A notice of illegal content, as its sender sees it by its receipt. */
export interface NoticeReceipt {
  reference: string;
  receivedAt: string;
  url: string;
  status: "received" | "decided";
  /** What was decided, once it was. */
  outcome: string | null;
  decidedAt: string | null;
}

/** The transparency report for a period. */
export interface TransparencyReport {
  from: string;
  to: string;
  reportsByCategory: { category: ReportCategory; reports: number; notices: number }[];
  reportsByKind: { kind: ModerationKind; reports: number; notices: number }[];
  decisionsByAction: { action: ModerationAction; automated: number; human: number }[];
  /** Median hours from an item's first report to its first decision; null with no decision. */
  medianHoursToDecision: number | null;
  appeals: { received: number; upheld: number; rejected: number; pending: number };
}

/**
 * The reasons the first report functions (reportUser, reportMessage, reportClubPost,
 * reportComment) took; they still accept these beside the categories of moderation.ts.
 */
export const REPORT_REASONS = [
  "spam",
  "harassment",
  "hate",
  "sexual_content",
  "involves_minor",
  "illegal_content",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What those functions accept: an older reason or a category. */
export const REPORT_REASON_INPUTS = [...new Set([...REPORT_REASONS, ...REPORT_CATEGORIES])] as [
  ReportReason | ReportCategory,
  ...(ReportReason | ReportCategory)[],
];

/** The category an older reason stands for. */
export function reportCategoryOf(reason: ReportReason | ReportCategory): ReportCategory {
  if (reason === "harassment" || reason === "hate") return "harassment_hate";
  if (reason === "involves_minor") return "illegal_content";
  return reason;
}
