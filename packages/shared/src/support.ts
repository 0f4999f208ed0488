// The support desk: tickets, their statuses and priorities, service-level timers, canned replies
// and what the functions return, shared by the web app and the server.
import type { BonusLot, CoinBalance } from "./coins.ts";
import type { AdminPaymentRow } from "./payments.ts";
import type { PersonSummary } from "./people.ts";
import type { MySubscription } from "./subscriptions.ts";
import type { AdminUnlockRow } from "./unlocks.ts";

export const SUPPORT_CATEGORIES = ["payments", "account", "content", "technical", "other"] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  payments: "Payments and coins",
  account: "Account",
  content: "Content",
  technical: "Technical",
  other: "Other",
};

/**
 * new: nobody on the team has answered yet. open: the team is working on it. pending: waiting for
 * the person. on_hold: waiting for someone else (a provider). solved: answered; the person may
 * reopen it for REOPEN_DAYS. closed: done.
 */
export const TICKET_STATUSES = ["new", "open", "pending", "on_hold", "solved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  new: "New",
  open: "Open",
  pending: "Waiting for you",
  on_hold: "On hold",
  solved: "Solved",
  closed: "Closed",
};
/** The same statuses as agents name them. */
export const TICKET_STATUS_AGENT_LABELS: Record<TicketStatus, string> = {
  ...TICKET_STATUS_LABELS,
  pending: "Pending",
};
/** Statuses whose service-level timers stand still: the team is waiting on someone else. */
export const PAUSED_STATUSES: readonly TicketStatus[] = ["pending", "on_hold"];
export const RESOLVED_STATUSES: readonly TicketStatus[] = ["solved", "closed"];
/** What an agent may set a ticket to (new is only ever where a ticket starts). */
export const AGENT_SETTABLE_STATUSES = ["open", "pending", "on_hold", "solved", "closed"] as const;

export const TICKET_PRIORITIES = ["urgent", "high", "normal", "low"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  urgent: "Urgent",
  high: "High",
  normal: "Normal",
  low: "Low",
};
/** Money problems start high: someone may have paid for nothing. */
export function defaultPriorityFor(category: SupportCategory): TicketPriority {
  return category === "payments" ? "high" : "normal";
}

/** A solved or closed ticket can be reopened by the person for this long. */
export const REOPEN_DAYS = 7;
/** A solved ticket closes on its own after this long. */
export const AUTO_CLOSE_DAYS = 7;

export const TICKET_SUBJECT_MAX_LENGTH = 150;
export const TICKET_MESSAGE_MAX_LENGTH = 10_000;
export const TICKET_ATTACHMENTS_MAX = 5;
/** Attachments: pictures (re-encoded) and PDF files, each at most this size. */
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const RATING_COMMENT_MAX_LENGTH = 2_000;
export const CANNED_TITLE_MAX_LENGTH = 80;
export const SUPPORT_QUEUE_PAGE_SIZE = 50;
/** Compensation an agent may grant from one ticket at once. */
export const COMPENSATION_MAX_COINS = 10_000;

/** The service-level targets, in minutes, for one priority. */
export interface SlaPolicy {
  priority: TicketPriority;
  firstReplyMinutes: number;
  nextReplyMinutes: number;
  resolutionMinutes: number;
}

/** The targets until an administrator sets others. */
export const DEFAULT_SLA_POLICIES: Record<TicketPriority, SlaPolicy> = {
  urgent: { priority: "urgent", firstReplyMinutes: 60, nextReplyMinutes: 120, resolutionMinutes: 480 },
  high: { priority: "high", firstReplyMinutes: 240, nextReplyMinutes: 480, resolutionMinutes: 1440 },
  normal: { priority: "normal", firstReplyMinutes: 480, nextReplyMinutes: 960, resolutionMinutes: 2880 },
  low: { priority: "low", firstReplyMinutes: 1440, nextReplyMinutes: 2880, resolutionMinutes: 7200 },
};

export const SLA_TARGETS = ["first_reply", "next_reply", "resolution"] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];
export const SLA_TARGET_LABELS: Record<SlaTarget, string> = {
  first_reply: "First reply",
  next_reply: "Next reply",
  resolution: "Resolution",
};

/** What a ticket's timers are made of. Due times move on when a pause ends, by the pause's length. */
export interface SlaClock {
  status: TicketStatus;
  firstResponseAt: string | null;
  firstReplyDueAt: string;
  nextReplyDueAt: string | null;
  resolutionDueAt: string;
  /** Since when the timers stand still (pending or on hold), else null. */
  pausedSince: string | null;
}

export interface SlaTimer {
  target: SlaTarget;
  dueAt: string;
  /** Milliseconds left (negative: overdue), frozen at the pause while paused. */
  remainingMs: number;
  breached: boolean;
  paused: boolean;
}

/** The timers still running on a ticket, soonest first (none once it is solved or closed). */
export function slaTimers(clock: SlaClock, now: number): SlaTimer[] {
  if (RESOLVED_STATUSES.includes(clock.status)) return [];
  const paused = clock.pausedSince !== null;
  const at = paused ? Date.parse(clock.pausedSince as string) : now;
  const due: Array<[SlaTarget, string]> = [];
  if (!clock.firstResponseAt) due.push(["first_reply", clock.firstReplyDueAt]);
  if (clock.nextReplyDueAt) due.push(["next_reply", clock.nextReplyDueAt]);
  due.push(["resolution", clock.resolutionDueAt]);
  return due
    .map(([target, dueAt]) => {
      const remainingMs = Date.parse(dueAt) - at;
      return { target, dueAt, remainingMs, breached: remainingMs < 0, paused };
    })
    .sort((a, b) => a.remainingMs - b.remainingMs);
}

/** "2 h 5 min", "45 min", "3 d 4 h": a duration as a timer shows it. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** The variables a canned reply may use. */
export const CANNED_VARIABLES = ["name", "ticketId", "agent"] as const;
export type CannedVariable = (typeof CANNED_VARIABLES)[number];

/** A canned reply with its variables filled in; unknown `{words}` stay as written. */
export function fillCannedReply(body: string, values: Record<CannedVariable, string>): string {
  return body.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (CANNED_VARIABLES as readonly string[]).includes(name) ? values[name as CannedVariable] : whole,
  );
}

/** "#1042": how a ticket is named to people. */
export function ticketLabel(number: number): string {
  return `#${number}`;
}

export interface TicketAttachment {
  _id: string;
  name: string;
  kind: "image" | "pdf";
  url: string;
  size: number;
  width: number | null;
  height: number | null;
}

export const TICKET_MESSAGE_KINDS = ["reply", "note", "event"] as const;
export type TicketMessageKind = (typeof TICKET_MESSAGE_KINDS)[number];

export interface TicketMessage {
  _id: string;
  /** reply: seen by both sides; note: agents only; event: a recorded action, agents only. */
  kind: TicketMessageKind;
  author: PersonSummary | null;
  /** Written by someone on the team. */
  fromAgent: boolean;
  body: string;
  attachments: TicketAttachment[];
  createdAt: string;
}

/** A payment or an unlock the person named when asking. */
export interface TicketSubjectItem {
  kind: "payment" | "unlock";
  _id: string;
  label: string;
  status: string;
  createdAt: string;
}

export interface TicketSummary {
  _id: string;
  number: number;
  subject: string;
  category: SupportCategory;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  /** When the latest message was written. */
  lastMessageAt: string;
  /** The latest reply came from the team and the person has not answered. */
  awaitingRequester: boolean;
}

export interface TicketRating {
  score: number;
  comment: string;
  ratedAt: string;
}

/** A ticket as the person who asked sees it. */
export interface MyTicket extends TicketSummary {
  messages: TicketMessage[];
  item: TicketSubjectItem | null;
  rating: TicketRating | null;
  /** Open to reopen until then (solved or closed tickets only). */
  reopenUntil: string | null;
  canReply: boolean;
  canClose: boolean;
  canReopen: boolean;
  canRate: boolean;
}

/** A row of the agents' queue. */
export interface QueueTicket extends TicketSummary, SlaClock {
  priority: TicketPriority;
  requester: PersonSummary;
  assignee: PersonSummary | null;
  unattended: boolean;
  /** The soonest running timer's due time; null when paused or resolved. */
  slaDueAt: string | null;
  breached: boolean;
}

export interface QueuePage {
  items: QueueTicket[];
  nextCursor: string | null;
  counts: { unattended: number; mine: number; breached: number };
}

/** A ticket as an agent sees it. */
export interface AgentTicket extends QueueTicket {
  requesterEmail: string | null;
  messages: TicketMessage[];
  item: TicketSubjectItem | null;
  rating: TicketRating | null;
  breaches: Array<{ target: SlaTarget; dueAt: string; breachedAt: string }>;
}

/** What an agent sees of the person beside a ticket: wallet, payments, unlocks, subscription. */
export interface RequesterAccount {
  person: PersonSummary;
  email: string | null;
  joinedAt: string;
  balance: CoinBalance;
  bonusLots: BonusLot[];
  /** The latest payments and unlocks (the admin lists' rows, for this person). */
  payments: AdminPaymentRow[];
  unlocks: AdminUnlockRow[];
  subscription: MySubscription;
}

export interface CannedReply {
  _id: string;
  title: string;
  body: string;
  updatedAt: string;
}

/** Support analytics over a range of days. */
export interface SupportAnalytics {
  from: string;
  to: string;
  days: Array<{ day: string; created: number; solved: number } & Record<SupportCategory, number>>;
  backlog: number;
  backlogByStatus: Record<TicketStatus, number>;
  created: number;
  firstReplyMinutes: { median: number | null; p90: number | null };
  resolutionMinutes: { median: number | null; p90: number | null };
  /** Tickets in the range with at least one breached target, of all tickets in the range. */
  breachRate: number | null;
  csat: { average: number | null; count: number; distribution: [number, number, number, number, number] };
  agents: Array<{
    agent: PersonSummary;
    replies: number;
    solved: number;
    firstReplyMedianMinutes: number | null;
    csatAverage: number | null;
  }>;
}
