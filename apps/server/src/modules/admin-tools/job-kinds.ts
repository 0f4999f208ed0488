// What Admin Tools knows of each kind of background job: its name in plain words, what one job is
// about (read from its input, and the rows it names), whether a failed or cancelled one can run
// again (and what must be put back first), and what a cancel leaves to tidy. The kinds are the
// handlers' own (`import`, `reel`, `broadcast`); the integration test checks that they agree.
import { JOB_KIND_LABELS, JOB_KINDS, type JobKind } from "@litverse/shared/admin-tools";
import { and, eq, inArray } from "drizzle-orm";
import { noteChange } from "../../core/audit.ts";
import type { Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { isUuid } from "../../core/ids.ts";
import type { JobRow } from "../../core/jobs/job-queue.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { ANNOUNCEMENTS_TOPIC } from "../admin-notifications/topics.ts";
import { content } from "../content/schema.ts";
import { announcements } from "../notifications/schema.ts";
import { reels } from "../reels/schema.ts";
import { creatorReelsTopic, REELS_ADMIN_TOPIC } from "../reels/topics.ts";

export const UPLOAD_GONE = "The uploaded files are gone; upload them again.";

interface JobKindTools {
  /** What each job of a page is about, by job id. */
  describe(deps: ServiceDeps, rows: JobRow[]): Promise<Map<string, string>>;
  /** Why each of these failed or cancelled jobs cannot run again (null: it can), by job id. */
  retryBlockers(deps: ServiceDeps, rows: JobRow[]): Promise<Map<string, string | null>>;
  /** Puts back what a new run expects, in the transaction that queues `next`. */
  prepareRetry?(tx: Transaction, deps: ServiceDeps, row: JobRow, next: JobRow): Promise<void>;
  /** Tidies what a cancelled job of this kind leaves behind. */
  afterCancel?(deps: ServiceDeps, row: JobRow): Promise<void>;
}

/** A string field of a job's input, when it is one. */
function field(row: JobRow, name: string): string | null {
  const input = row.input as Record<string, unknown> | null;
  const value = input && typeof input === "object" ? input[name] : undefined;
  return typeof value === "string" ? value : null;
}

/** The ids a page's jobs name in `name`, valid ones only. */
function idsIn(rows: JobRow[], name: string): string[] {
  return [...new Set(rows.map((row) => field(row, name)).filter((id): id is string => !!id && isUuid(id)))];
}

/** "a.epub, b.epub, c.epub and 2 more" */
function listOfNames(names: string[]): string {
  if (names.length === 0) return "No files";
  const shown = names.slice(0, 3).join(", ");
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/** The first line of a text, at most `max` characters. */
function firstLine(text: string, max = 80): string {
  const line = text.trim().split("\n")[0]?.trim() ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const importTools: JobKindTools = {
  async describe(deps, rows) {
    const targets = idsIn(rows, "contentId");
    const titles = new Map<string, string>();
    if (targets.length > 0) {
      const found = await deps.db
        .select({ id: content.id, title: content.title })
        .from(content)
        .where(inArray(content.id, targets));
      for (const title of found) titles.set(title.id, title.title);
    }
    return new Map(
      rows.map((row) => {
        const input = row.input as { fileNames?: unknown };
        const names = Array.isArray(input?.fileNames) ? input.fileNames.map(String) : [];
        const target = field(row, "contentId");
        const into = target ? ` into ${titles.get(target) ?? "a title since deleted"}` : "";
        return [row.id, `${listOfNames(names)}${into}`];
      }),
    );
  },
  async retryBlockers(deps, rows) {
    const targets = idsIn(rows, "contentId");
    const existing = new Set(
      targets.length === 0
        ? []
        : (await deps.db.select({ id: content.id }).from(content).where(inArray(content.id, targets))).map(
            (title) => title.id,
          ),
    );
    const blockers = await Promise.all(
      rows.map(async (row): Promise<[string, string | null]> => {
        const uploadId = field(row, "uploadId");
        // Any administrator may retry another's import: the upload is the team's.
        const hasUpload =
          uploadId !== null &&
          (await deps.media.uploads.open(uploadId, null).then(
            () => true,
            () => false,
          ));
        if (!hasUpload) return [row.id, UPLOAD_GONE];
        const target = field(row, "contentId");
        if (target && !existing.has(target)) {
          return [row.id, "The title these episodes were for has been deleted."];
        }
        return [row.id, null];
      }),
    );
    return new Map(blockers);
  },
};

const reelTools: JobKindTools = {
  async describe(deps, rows) {
    const ids = idsIn(rows, "reelId");
    const found =
      ids.length === 0
        ? []
        : await deps.db
            .select({ id: reels.id, caption: reels.caption, sourceName: reels.sourceName })
            .from(reels)
            .where(inArray(reels.id, ids));
    const byId = new Map(found.map((reel) => [reel.id, reel]));
    return new Map(
      rows.map((row) => {
        const reel = byId.get(field(row, "reelId") ?? "");
        if (!reel) return [row.id, "A reel since deleted"];
        const caption = firstLine(reel.caption);
        const file = reel.sourceName ? ` (${reel.sourceName})` : "";
        return [row.id, `${caption || "A reel without a caption"}${file}`];
      }),
    );
  },
  async retryBlockers(deps, rows) {
    const ids = idsIn(rows, "reelId");
    const found =
      ids.length === 0
        ? []
        : await deps.db
            .select({ id: reels.id, status: reels.status, jobId: reels.jobId })
            .from(reels)
            .where(inArray(reels.id, ids));
    const byId = new Map(found.map((reel) => [reel.id, reel]));
    const blockers = await Promise.all(
      rows.map(async (row): Promise<[string, string | null]> => {
        const reelId = field(row, "reelId") ?? "";
        const reel = byId.get(reelId);
        if (!reel) return [row.id, "The reel has been deleted."];
        if (reel.status !== "processing" && reel.status !== "failed") {
          return [row.id, "The reel has been converted since."];
        }
        if (reel.status === "processing" && reel.jobId && reel.jobId !== row.id) {
          return [row.id, "Another conversion of this reel is queued."];
        }
        if (!(await deps.media.reelUploads.hasSource(reelId))) {
          return [row.id, "The original video is gone; its creator must upload it again."];
        }
        return [row.id, null];
      }),
    );
    return new Map(blockers);
  },
  // The reel waits for the new conversion, which follows it by its job.
  async prepareRetry(tx, deps, row, next) {
    const reelId = field(row, "reelId") ?? "";
    const [reel] = await tx
      .select({ status: reels.status, creatorId: reels.creatorId })
      .from(reels)
      .where(eq(reels.id, reelId))
      .for("update");
    if (!reel || (reel.status !== "processing" && reel.status !== "failed")) {
      throw new AppError("CONFLICT", "The reel has changed meanwhile. Reload and try again.");
    }
    await tx
      .update(reels)
      .set({ status: "processing", reason: null, jobId: next.id })
      .where(eq(reels.id, reelId));
    noteChange({
      objectType: "reel",
      objectId: reelId,
      before: { status: reel.status },
      after: { status: "processing", jobId: next.id },
    });
    deps.changes.changed(creatorReelsTopic(reel.creatorId), REELS_ADMIN_TOPIC);
  },
};

const AUDIENCE_WORDS = {
  everyone: "everyone",
  user: "readers",
  admin: "admins",
  superadmin: "superadmins",
} as const;

const broadcastTools: JobKindTools = {
  async describe(deps, rows) {
    const ids = idsIn(rows, "announcementId");
    const found =
      ids.length === 0
        ? []
        : await deps.db
            .select({ id: announcements.id, title: announcements.title, audience: announcements.audience })
            .from(announcements)
            .where(inArray(announcements.id, ids));
    const byId = new Map(found.map((announcement) => [announcement.id, announcement]));
    return new Map(
      rows.map((row) => {
        const announcement = byId.get(field(row, "announcementId") ?? "");
        return [
          row.id,
          announcement
            ? `“${firstLine(announcement.title)}” to ${AUDIENCE_WORDS[announcement.audience]}`
            : "An announcement since deleted",
        ];
      }),
    );
  },
  async retryBlockers(deps, rows) {
    const ids = idsIn(rows, "announcementId");
    const found =
      ids.length === 0
        ? []
        : await deps.db
            .select({ id: announcements.id, status: announcements.status })
            .from(announcements)
            .where(inArray(announcements.id, ids));
    const byId = new Map(found.map((announcement) => [announcement.id, announcement.status]));
    return new Map(
      rows.map((row) => {
        const status = byId.get(field(row, "announcementId") ?? "");
        if (!status) return [row.id, "The announcement has been deleted."];
        if (status === "sent") return [row.id, "The announcement has been sent since."];
        // Sending again reaches only whoever it has not reached yet.
        return [row.id, null];
      }),
    );
  },
  async prepareRetry(tx, deps, row, next) {
    const id = field(row, "announcementId") ?? "";
    const [before] = await tx
      .select({ status: announcements.status })
      .from(announcements)
      .where(eq(announcements.id, id))
      .for("update");
    if (!before || before.status === "sent") {
      throw new AppError("CONFLICT", "The announcement has changed meanwhile. Reload and try again.");
    }
    await tx.update(announcements).set({ status: "queued", jobId: next.id }).where(eq(announcements.id, id));
    noteChange({
      objectType: "announcement",
      objectId: id,
      before: { status: before.status },
      after: { status: "queued", jobId: next.id },
    });
    deps.changes.changed(ANNOUNCEMENTS_TOPIC);
  },
  // A send stopped before the end has not reached everyone: it says so rather than "sending".
  async afterCancel(deps, row) {
    const id = field(row, "announcementId");
    if (!id || !isUuid(id)) return;
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const changed = await tx
        .update(announcements)
        .set({ status: "failed" })
        .where(and(eq(announcements.id, id), inArray(announcements.status, ["queued", "sending"])))
        .returning({ id: announcements.id });
      if (changed.length > 0) deps.changes.changed(ANNOUNCEMENTS_TOPIC);
    });
  },
};

const TOOLS: Record<JobKind, JobKindTools> = {
  import: importTools,
  reel: reelTools,
  broadcast: broadcastTools,
};

export const isKnownKind = (kind: string): kind is JobKind => (JOB_KINDS as readonly string[]).includes(kind);

export const kindLabel = (kind: string): string => (isKnownKind(kind) ? JOB_KIND_LABELS[kind] : kind);

/** The tools of a kind this version knows; null for any other (listed, never retried). */
export const toolsOf = (kind: string): JobKindTools | null => (isKnownKind(kind) ? TOOLS[kind] : null);
