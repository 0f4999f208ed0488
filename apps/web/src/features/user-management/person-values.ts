// What the user-management pages work out from what the server sends: the filter in the address,
// a person's name and standing in words, the export's file name, the check before deleting, and
// the account's history as lines to read.
import type { AuditEvent } from "@litverse/shared/audit";
import type { UserRole } from "@litverse/shared/constants";
import {
  ACCOUNT_STATE_LABELS,
  type AccountStanding,
  type AccountState,
  type PersonListing,
} from "@litverse/shared/user-management";
import { ACCOUNT_FILTERS, type AccountFilter } from "@litverse/shared/user-management-inputs";
import { formatDateTime } from "../../lib/format.ts";

/** A person's page in user management. */
export const personPath = (id: string) => `/admin/user-management/${id}`;

export const FILTER_LABELS: Record<AccountFilter, string> = {
  all: "All",
  active: "Active",
  restricted: "Suspended or banned",
  admins: "Team",
  deleted: "Deleted",
};

/** The filter named in the address (?filter=), "all" for anything else. */
export function filterOf(value: string | null): AccountFilter {
  return (ACCOUNT_FILTERS as readonly string[]).includes(value ?? "") ? (value as AccountFilter) : "all";
}

export const ROLE_LABELS: Record<UserRole, string> = {
  user: "User",
  admin: "Admin",
  superadmin: "Superadmin",
};

/** What a role means, for the dialog that changes it. */
export const ROLE_MEANINGS: Record<UserRole, string> = {
  user: "No access to the admin area.",
  admin: "Opens the admin area, within the permissions a superadmin gives them.",
  superadmin: "May do everything, people's accounts included.",
};

/** The name a person goes by on these pages: their name, else their handle or email. */
export function displayName(person: Pick<PersonListing, "name" | "handle" | "email" | "standing">): string {
  if (person.standing.state === "deleted") return "Deleted account";
  return person.name ?? (person.handle ? `@${person.handle}` : null) ?? person.email ?? "Unnamed";
}

/** "until Mar 8, 2026, 3:04 PM" for a suspension; null for every other standing. */
export function untilText(standing: AccountStanding, timeZone?: string): string | null {
  if (standing.state !== "suspended" || !standing.until) return null;
  return `until ${formatDateTime(standing.until, timeZone)}`;
}

const AGE_LABELS: Record<number, string> = { 13: "13–15", 16: "16–17", 18: "18+" };

/** The age band the person chose at the age gate: "16–17"; "Not given" before they chose. */
export function ageText(age: number | null): string {
  if (age === null) return "Not given";
  return AGE_LABELS[age] ?? String(age);
}

/** Whether the account is suspended or banned (what "Lift" undoes). */
export function isRestricted(state: AccountState): boolean {
  return state === "suspended" || state === "banned";
}

/** litverse-data-ada-2026-03-05.json: the handle (else the id) and the local day. */
export function exportFileName(person: { id: string; handle: string | null }, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `litverse-data-${person.handle ?? person.id}-${day}.json`;
}

/** What deleting asks to be typed: the handle (the id for an account without one). */
export function deletionConfirmation(person: { id: string; handle: string | null }): string {
  return person.handle ?? person.id;
}

/** Whether what was typed is the handle, as the server compares: any case, a leading @ allowed. */
export function confirmationMatches(typed: string, expected: string): boolean {
  const text = typed.trim().replace(/^@/, "").toLowerCase();
  return text !== "" && text === expected.toLowerCase();
}

/** An audit event as it arrives (over the wire an empty input or before may be missing). */
type AuditEventSent = Omit<AuditEvent, "input" | "changes"> & {
  input?: unknown;
  changes: Array<{ objectType: string; objectId: string; before?: unknown; after?: unknown }>;
};

/** One field of the account that an action changed, as words. */
interface ChangedField {
  key: string;
  label: string;
  before: string;
  after: string;
}

export interface HistoryLine {
  id: string;
  at: string;
  who: string;
  /** "Suspended for 3 days", "Role changed to Admin", or the action's own name. */
  what: string;
  reason: string | null;
  changes: ChangedField[];
}

const FIELD_LABELS: Record<string, string> = {
  role: "Role",
  state: "Standing",
  until: "Until",
  contentHidden: "Content hidden",
  sessionsEndedAt: "Signed out at",
};
/** Kept out of the changes: the reason shows on a line of its own. */
const UNSHOWN_FIELDS = new Set(["reason"]);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function valueText(key: string, value: unknown, timeZone?: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (key === "role" && typeof value === "string" && value in ROLE_LABELS) {
    return ROLE_LABELS[value as UserRole];
  }
  if (key === "state" && typeof value === "string" && value in ACCOUNT_STATE_LABELS) {
    return ACCOUNT_STATE_LABELS[value as AccountState];
  }
  if (typeof value === "string") return ISO_DATE.test(value) ? formatDateTime(value, timeZone) : value;
  return JSON.stringify(value);
}

function actionText(action: string, input: Record<string, unknown>): string {
  switch (action) {
    case "userManagement.restrictAccount": {
      if (input.kind === "ban") return "Banned";
      const days = input.days;
      return typeof days === "number" ? `Suspended for ${days} ${days === 1 ? "day" : "days"}` : "Suspended";
    }
    case "userManagement.liftRestriction":
      return "Restriction lifted";
    case "userManagement.signOutEverywhere":
      return "Signed out everywhere";
    case "userManagement.changeRole":
      return typeof input.role === "string" && input.role in ROLE_LABELS
        ? `Role changed to ${ROLE_LABELS[input.role as UserRole]}`
        : "Role changed";
    case "userManagement.exportPersonData":
      return "Data exported";
    case "userManagement.deleteAccount":
      return "Account deleted";
    default:
      return action;
  }
}

/** The fields of the person's account whose value an event changed, before and after. */
function changedFields(event: AuditEventSent, timeZone?: string): ChangedField[] {
  return event.changes.flatMap((change) => {
    if (change.objectType !== "user" || change.objectId !== event.objectId) return [];
    const before = isRecord(change.before) ? change.before : {};
    const after = isRecord(change.after) ? change.after : {};
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => !UNSHOWN_FIELDS.has(key))
      .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      .map((key) => ({
        key,
        label: FIELD_LABELS[key] ?? key,
        before: valueText(key, before[key], timeZone),
        after: valueText(key, after[key], timeZone),
      }));
  });
}

/** An audit event about the account as one line of the history: when, who, what, why and what changed. */
export function historyLine(event: AuditEventSent, timeZone?: string): HistoryLine {
  const input = isRecord(event.input) ? event.input : {};
  const reason = typeof input.reason === "string" && input.reason.trim() ? input.reason.trim() : null;
  return {
    id: event._id,
    at: event.at,
    who: event.actorLabel,
    what: actionText(event.action, input),
    reason,
    changes: changedFields(event, timeZone),
  };
}

/** "+120" for coins in, "−40" for coins out. */
export function signedCoins(amount: number): string {
  const text = Math.abs(amount).toLocaleString("en-US");
  return amount > 0 ? `+${text}` : amount < 0 ? `−${text}` : "0";
}
