// The operations tabs of Admin Tools as the admin area shows them: background jobs of every kind,
// the coin ledger's check, the rebuilds, and how much the media store holds.
import type { JobStatus } from "./jobs.ts";

/** The kinds of background job the server runs, as the jobs table names them. */
export const JOB_KINDS = ["import", "reel", "broadcast"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_KIND_LABELS: Record<JobKind, string> = {
  import: "Import",
  reel: "Reel conversion",
  broadcast: "Announcement send",
};

export const JOBS_PAGE_SIZE = 50;

export interface AdminJob {
  _id: string;
  /** One of JOB_KINDS, or a kind this version does not know. */
  kind: string;
  /** The kind in plain words ("Import"). */
  kindLabel: string;
  /** What the job is about: the files, the reel, the announcement. */
  about: string;
  /** Who started it; null when nobody is recorded (the command line, or an account since deleted). */
  startedBy: { id: string; name: string } | null;
  status: JobStatus;
  /** 0 to 1. */
  progress: number;
  /** What it is doing now, or how it ended. */
  message: string;
  /** Why it failed, in plain words. */
  error: string | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Retry is offered (failed or cancelled, of a kind that can run again, with what it needs still there). */
  canRetry: boolean;
  /** Why it cannot be retried, for a failed or cancelled job that cannot. */
  retryBlocked: string | null;
}

export interface AdminJobPage {
  jobs: AdminJob[];
  nextCursor: string | null;
}

export interface LedgerViolationView {
  rule: string;
  detail: string;
}

export interface LedgerCheckReport {
  entries: number;
  postings: number;
  wallets: number;
  violations: LedgerViolationView[];
  /** When it ran, and how long it took. */
  checkedAt: string;
  tookMs: number;
}

export const MAINTENANCE_TASKS = [
  "recount-figures",
  "refresh-content-figures",
  "rebuild-search-index",
  "clear-image-variants",
  "clear-read-cache",
] as const;
export type MaintenanceTask = (typeof MAINTENANCE_TASKS)[number];

export interface MaintenanceResult {
  task: MaintenanceTask;
  /** What was done, in one sentence. */
  summary: string;
  /** Rows written or indexed, where the task writes rows. */
  rows: number | null;
  /** Files removed (image variants) or entries dropped (the read cache). */
  files: number | null;
  /** Bytes freed or the index's size, where that is known. */
  bytes: number | null;
  tookMs: number;
  doneAt: string;
}

export interface StorageKindUse {
  /** The folder at the top of the store (`covers`, `episodes:book`, `.variants`, …). */
  kind: string;
  label: string;
  /** What it holds, in a few words. */
  description: string;
  /** "media": files people are served; "internal": uploads, variants and staging. */
  group: "media" | "internal";
  files: number;
  bytes: number;
  /** For uploads: how many are waiting. */
  items: number | null;
}

export interface StorageUse {
  kinds: StorageKindUse[];
  files: number;
  bytes: number;
  computedAt: string;
  tookMs: number;
}
