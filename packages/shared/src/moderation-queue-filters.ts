// The moderation queue's filters, read from the page's address (?kind=&category=&state=&assignee=)
// by the page and by the server drawing its first screen, and the queue function's input for them.
import type { AddressQuery } from "./address-query.ts";
import {
  MODERATION_KINDS,
  type ModerationKind,
  REPORT_CATEGORIES,
  type ReportCategory,
} from "./moderation.ts";

export const QUEUE_STATES = ["pending", "decided", "appealed", "all"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export const ASSIGNEES = ["anyone", "me", "unclaimed"] as const;
export type Assignee = (typeof ASSIGNEES)[number];

export interface QueueFilters {
  kind: ModerationKind | null;
  category: ReportCategory | null;
  state: QueueState;
  assignee: Assignee;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The queue's filters from the address, unknown values left out. */
export function queueFiltersOf(params: AddressQuery): QueueFilters {
  return {
    kind: oneOf(MODERATION_KINDS, params.get("kind")),
    category: oneOf(REPORT_CATEGORIES, params.get("category")),
    state: oneOf(QUEUE_STATES, params.get("state")) ?? "pending",
    assignee: oneOf(ASSIGNEES, params.get("assignee")) ?? "anyone",
  };
}

/** The queue function's input for the filters chosen, the defaults left out. */
export function queueInputOf(filters: QueueFilters): {
  state: QueueState;
  assignee: Assignee;
  kind?: ModerationKind;
  category?: ReportCategory;
} {
  return {
    state: filters.state,
    assignee: filters.assignee,
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.category ? { category: filters.category } : {}),
  };
}
