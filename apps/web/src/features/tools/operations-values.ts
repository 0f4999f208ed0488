// What the operations tabs (Jobs, Ledger check, Maintenance) say, kept apart from the components so
// that it can be tested: job states in words, sizes and times, and what each rebuild does.
import {
  type AdminJob,
  JOB_KIND_LABELS,
  JOB_KINDS,
  type JobKind,
  type MaintenanceTask,
} from "@litverse/shared/admin-tools";
import { JOB_STATUSES, type JobStatus } from "@litverse/shared/jobs";
import type { BadgeVariant } from "../../components/ui/badge.tsx";
import { formatDateTime } from "../../lib/format.ts";

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: "Waiting",
  running: "Running",
  succeeded: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const JOB_STATUS_VARIANTS: Record<JobStatus, BadgeVariant> = {
  queued: "neutral",
  running: "brand",
  succeeded: "success",
  failed: "danger",
  cancelled: "warning",
};

export type KindFilter = JobKind | "all";
export type StatusFilter = JobStatus | "all";

export const KIND_FILTER_ITEMS: Array<{ value: KindFilter; label: string }> = [
  { value: "all", label: "All kinds" },
  ...JOB_KINDS.map((kind) => ({ value: kind, label: JOB_KIND_LABELS[kind] })),
];

export const STATUS_FILTER_ITEMS: Array<{ value: StatusFilter; label: string }> = [
  { value: "all", label: "Any state" },
  ...JOB_STATUSES.map((status) => ({ value: status, label: JOB_STATUS_LABELS[status] })),
];

/** The list's input: only the filters chosen. */
export function jobFiltersOf(kind: KindFilter, status: StatusFilter): { kind?: JobKind; status?: JobStatus } {
  return { ...(kind === "all" ? {} : { kind }), ...(status === "all" ? {} : { status }) };
}

export const isActiveJob = (job: Pick<AdminJob, "status">) =>
  job.status === "queued" || job.status === "running";

/** "4 ms", "1.2 s", "2 min 5 s". */
export function formatTook(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1_000);
  return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

const UNITS = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** "512 bytes", "1.5 MB", "12 GB": powers of 1,024, as file managers count. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 bytes";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes.toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}`;
  return `${value.toLocaleString("en-US", { maximumFractionDigits: value < 10 ? 1 : 0 })} ${UNITS[unit]}`;
}

export const countOf = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** When a job started and ended, and how long it ran: "Started Mar 5, 2026, 3:04 PM · ran 12 s". */
export function jobTiming(
  job: Pick<AdminJob, "status" | "createdAt" | "startedAt" | "finishedAt">,
  timeZone?: string,
): string {
  const queued = `Queued ${formatDateTime(job.createdAt, timeZone)}`;
  if (!job.startedAt) {
    return job.finishedAt ? `${queued} · cancelled before it started` : queued;
  }
  const started = `Started ${formatDateTime(job.startedAt, timeZone)}`;
  if (!job.finishedAt) return started;
  const ran = Date.parse(job.finishedAt) - Date.parse(job.startedAt);
  const finished = `finished ${formatDateTime(job.finishedAt, timeZone)}`;
  return `${started} · ${finished}${ran >= 0 ? ` (${formatTook(ran)})` : ""}`;
}

/** The line under an active job's bar: what it is doing, and how far. */
export function progressText(job: Pick<AdminJob, "status" | "message" | "progress">): string {
  if (job.status === "queued") return job.message || "Waiting to start";
  return `${job.message || "Working"} · ${Math.round(job.progress * 100)}%`;
}

export interface MaintenanceCard {
  task: MaintenanceTask;
  title: string;
  /** What it does, on the card and again in its confirmation. */
  does: string;
  /** What to expect while it runs. */
  cost: string;
  /** The card's button (a confirmation follows). */
  button: string;
  confirmLabel: string;
}

export const MAINTENANCE_CARDS: MaintenanceCard[] = [
  {
    task: "recount-figures",
    title: "Recount daily figures and activity",
    does: "Counts the dashboard's daily figures (sign-ups, reading time, coins, messages, tickets) and the analytics tables (active people, cohorts, titles' readers) again from the events they come from, replacing what is stored.",
    cost: "One transaction; on a large database it can take a minute, and the analytics pages wait for it.",
    button: "Recount figures",
    confirmLabel: "Recount the figures",
  },
  {
    task: "refresh-content-figures",
    title: "Refresh content figures",
    does: "Recomputes every title's views, readers, followers, likes and ratings, and the scores behind popular, trending, rising and hidden-gem shelves. The server also does this every five minutes.",
    cost: "One statement over the reading history; a few seconds on a large catalogue.",
    button: "Refresh figures",
    confirmLabel: "Refresh the figures",
  },
  {
    task: "rebuild-search-index",
    title: "Rebuild the search index",
    does: "Writes the catalogue's search index again from the titles (REINDEX of content_search_vector_idx). Search results stay the same; a bloated or damaged index is made whole.",
    cost: "Searches wait for it while it runs: seconds on a large catalogue.",
    button: "Rebuild index",
    confirmLabel: "Rebuild the index",
  },
  {
    task: "clear-image-variants",
    title: "Clear image variants",
    does: "Removes every resized copy of covers, avatars and pictures. Each one is made again from its original the next time it is asked for.",
    cost: "Pages load their pictures a little slower until the copies are made again; a picture being resized at that moment may fail once.",
    button: "Clear variants",
    confirmLabel: "Clear the variants",
  },
  {
    task: "clear-read-cache",
    title: "Clear the read cache",
    does: "Drops the results this server process keeps of reads that are the same for everyone (the catalogue, shelves, settings). They are read again from the database on the next request.",
    cost: "Instant. Other server processes keep their own caches, which follow every change anyway.",
    button: "Clear cache",
    confirmLabel: "Clear the cache",
  },
];

/** What cancelling this job does, said before it is done. */
export function cancelExplanation(job: Pick<AdminJob, "kind" | "status">): string {
  const waiting = job.status === "queued";
  switch (job.kind) {
    case "import":
      return waiting
        ? "It will not start. Its uploaded files stay for a day, so it can still be retried."
        : "It stops at its next step and keeps nothing it has read. Its uploaded files go with it, so it cannot be retried: the files must be uploaded again.";
    case "reel":
      return "The reel is not converted, and its creator sees that processing stopped. Its original video is removed within a minute, after which the conversion cannot be retried.";
    case "broadcast":
      return "The announcement stops where it has got to: whoever it reached keeps it, the rest do not get it. It is marked as failed; a retry sends it to the rest.";
    default:
      return waiting ? "It will not start." : "It stops at its next step.";
  }
}

/** What retrying this job does, said before it is done. */
export function retryExplanation(job: Pick<AdminJob, "kind" | "kindLabel">): string {
  const queued = `A new ${job.kindLabel.toLowerCase()} with the same input is queued, started by you; this one stays listed as it ended.`;
  switch (job.kind) {
    case "import":
      return `${queued} The files are read again from the same upload.`;
    case "reel":
      return `${queued} The reel goes back to processing and its original video is converted again.`;
    case "broadcast":
      return `${queued} The announcement goes to whoever it has not reached yet; nobody gets it twice.`;
    default:
      return queued;
  }
}

/** The most rows the check lists for one rule (its queries stop there). */
export const VIOLATIONS_PER_RULE = 50;

/** A report's violations by rule, in the order the check found them. */
export function violationsByRule(
  violations: ReadonlyArray<{ rule: string; detail: string }>,
): Array<{ rule: string; details: string[] }> {
  const groups = new Map<string, string[]>();
  for (const { rule, detail } of violations) {
    const details = groups.get(rule) ?? [];
    details.push(detail);
    groups.set(rule, details);
  }
  return [...groups].map(([rule, details]) => ({ rule, details }));
}
