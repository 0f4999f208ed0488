// What the user-management pages show: people found by a search, and one person's whole record.

import type { AuditEvent } from "./audit.ts";
import type { WalletEntry } from "./coins.ts";
import type { USER_ROLES } from "./constants.ts";
import type { PersonEmailStatus } from "./mail.ts";
import type { ModerationKind, ReportCategory } from "./moderation.ts";
import type { AdminPaymentRow } from "./payments.ts";
import type { MySubscription } from "./subscriptions.ts";

export type UserRoleName = (typeof USER_ROLES)[number];

/** What a person whose sessions an administrator ended is told on their next call. */
export const SIGNED_OUT_MESSAGE = "You have been signed out. Please sign in again.";

/** Where an account stands: usable, suspended for a time, banned until lifted, or deleted. */
export type AccountState = "active" | "suspended" | "banned" | "deleted";

export const ACCOUNT_STATE_LABELS: Record<AccountState, string> = {
  active: "Active",
  suspended: "Suspended",
  banned: "Banned",
  deleted: "Deleted",
};

export interface AccountStanding {
  state: AccountState;
  /** When a suspension ends (ISO); null for every other state. */
  until: string | null;
  /** Why, as the person is told when they try to sign in. */
  reason: string | null;
  /** Whether their public posts, comments and profile are hidden while restricted. */
  contentHidden: boolean;
}

/** How a person signs in. */
export type SignInKind = "litverse" | "external" | "demo-persona" | "deleted";

export const SIGN_IN_KIND_LABELS: Record<SignInKind, string> = {
  litverse: "Litverse account",
  external: "External identity provider",
  "demo-persona": "Demo reader (cannot sign in)",
  deleted: "Deleted: cannot sign in",
};

/** One person in the search results. */
export interface PersonListing {
  id: string;
  name: string | null;
  handle: string | null;
  email: string | null;
  picture: string | null;
  role: UserRoleName;
  standing: AccountStanding;
  joinedAt: string;
  /** When they last had the app open, when known. */
  lastSeenAt: string | null;
}

export interface PersonSearchPage {
  people: PersonListing[];
  nextCursor: string | null;
}

/** A report the person made or one made about them. */
export interface PersonReport {
  id: string;
  targetKind: ModerationKind;
  category: ReportCategory;
  details: string;
  status: string;
  createdAt: string;
  /** The other side: who reported (for reports about them) or whom (for reports by them). */
  otherPerson: { id: string; name: string | null; handle: string | null } | null;
}

/** A signed-in session with Litverse's own sign-in: when it began and when it lapses. */
export interface PersonSession {
  id: string;
  signedInAt: string | null;
  expiresAt: string | null;
}

/** A browser or app the person has used, known by its user agent. */
export interface PersonDevice {
  id: string;
  /** "Chrome on Android", or the raw user agent when it cannot be read. */
  label: string;
  userAgent: string;
  lastAddress: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** Everything an administrator sees on a person's page. */
export interface PersonRecord {
  listing: PersonListing;
  signInKind: SignInKind;
  age: number | null;
  coins: { total: number; purchased: number; bonus: number; entries: WalletEntry[] };
  payments: AdminPaymentRow[];
  subscription: MySubscription;
  reports: { by: PersonReport[]; about: PersonReport[] };
  sessions: PersonSession[];
  devices: PersonDevice[];
  /** What administrators have done to this account, newest first. */
  history: AuditEvent[];
  /** Whether the person is the only superadmin left: they cannot be demoted, restricted or deleted. */
  isLastSuperadmin: boolean;
  email: PersonEmailStatus;
}

/** Everything stored about a person, as the export file holds it: rows per table. */
export interface PersonDataExport {
  exportedAt: string;
  person: { id: string; handle: string | null };
  tables: Record<string, Record<string, unknown>[]>;
}
