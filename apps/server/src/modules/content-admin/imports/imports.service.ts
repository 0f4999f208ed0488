// Importing files as titles or episodes: an admin uploads files, starts an import, and follows its
// progress live while a background job reads the files (media/import/) and stores the result.
import { rm } from "node:fs/promises";
import type { ContentType } from "@litverse/shared/content";
import type { ImportJob } from "@litverse/shared/jobs";
import type { startImportInput } from "@litverse/shared/jobs-inputs";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { jobs } from "../../../core/db/schema.ts";
import { AppError } from "../../../core/errors.ts";
import {
  cancelJob,
  enqueueJob,
  type JobHandler,
  jobsTopic,
  plainReason,
} from "../../../core/jobs/job-queue.ts";
import { track } from "../../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../../core/service-deps.ts";
import { readImport } from "../../../media/import/read-import.ts";
import type { ImportProgress } from "../../../media/import/types.ts";
import { createAdminNotification } from "../../admin-notifications/index.ts";
import { content } from "../../content/schema.ts";
import { users } from "../../users/schema.ts";
import { type CommitResult, commitImportedTitle } from "./commit-import.ts";

export const IMPORT_JOB_KIND = "import";
/** How many past imports the admin page lists. */
const RECENT_IMPORTS = 30;

export interface ImportJobInput {
  uploadId: string;
  type: ContentType | null;
  contentId: string | null;
  publish: boolean;
  fileNames: string[];
}

/** Queues an import of an upload the caller sent. */
export async function startImport(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof startImportInput>,
): Promise<{ jobId: string }> {
  const upload = await deps.media.uploads.open(input.uploadId, user.id);
  if (input.contentId) {
    const [title] = await deps.db
      .select({ id: content.id })
      .from(content)
      .where(eq(content.id, input.contentId));
    if (!title) throw new AppError("NOT_FOUND", "No such title.");
  }
  const jobInput: ImportJobInput = {
    uploadId: upload.id,
    type: input.type ?? null,
    contentId: input.contentId ?? null,
    publish: input.publish,
    fileNames: upload.files.map((file) => file.name),
  };
  const job = await enqueueJob(deps, { kind: IMPORT_JOB_KIND, input: jobInput, createdBy: user.id });
  return { jobId: job.id };
}

/**
 * Reads the upload, stores the title and removes the upload, whatever the outcome (a failed
 * import is started again from a new upload). Used by the job, and directly by the command line
 * when no server runs.
 */
export async function runImport(
  deps: ServiceDeps,
  input: ImportJobInput,
  createdBy: string | null,
  options: { signal?: AbortSignal; onProgress?: (progress: ImportProgress) => void } = {},
): Promise<CommitResult> {
  const upload = await deps.media.uploads.open(input.uploadId, null);
  const stagingDir = await deps.media.storage.stagingDir();
  try {
    const staged = await readImport(upload.files, {
      ...(input.type ? { type: input.type } : {}),
      stagingDir,
      signal: options.signal,
      // Reading is nearly all of the work; storing is quick.
      onProgress: (progress) =>
        options.onProgress?.({ fraction: progress.fraction * 0.95, message: progress.message }),
    });
    options.signal?.throwIfAborted();
    options.onProgress?.({ fraction: 0.96, message: "Saving the title" });
    return await commitImportedTitle(deps, staged, stagingDir, {
      ...(input.contentId ? { contentId: input.contentId } : {}),
      createdBy,
      publish: input.publish,
    });
  } finally {
    await rm(stagingDir, { recursive: true, force: true });
    await deps.media.uploads.remove(input.uploadId);
  }
}

export function importJobHandler(deps: ServiceDeps): JobHandler<ImportJobInput, CommitResult> {
  return {
    kind: IMPORT_JOB_KIND,
    run: (job) =>
      runImport(deps, job.input, job.createdBy, {
        signal: job.signal,
        onProgress: (progress) => job.report(progress.fraction, progress.message),
      }),
    describeFailure: plainReason,
    // The administrators hear of it wherever they are, not only on the imports panel.
    onFailure: async (job, reason) => {
      const names = job.input.fileNames.slice(0, 3).join(", ");
      const more = job.input.fileNames.length > 3 ? ` and ${job.input.fileNames.length - 3} more` : "";
      await createAdminNotification(deps, {
        kind: "import_failed",
        title: `Import failed: ${names}${more}`,
        body: reason,
        link: "/admin/content-management",
      });
    },
  };
}

export async function cancelImport(deps: ServiceDeps, jobId: string): Promise<void> {
  await cancelJob(deps, jobId, IMPORT_JOB_KIND);
}

export async function listImportJobs({ db }: ServiceDeps): Promise<ImportJob[]> {
  track(jobsTopic(IMPORT_JOB_KIND));
  const rows = await db
    .select({ job: jobs, createdByName: users.name })
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.createdBy))
    .where(eq(jobs.kind, IMPORT_JOB_KIND))
    .orderBy(desc(jobs.createdAt))
    .limit(RECENT_IMPORTS);
  return rows.map(({ job, createdByName }) => toImportJob(job, createdByName));
}

export async function getImportJob({ db }: ServiceDeps, jobId: string): Promise<ImportJob> {
  track(jobsTopic(IMPORT_JOB_KIND));
  const [row] = await db
    .select({ job: jobs, createdByName: users.name })
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.createdBy))
    .where(and(eq(jobs.id, jobId), eq(jobs.kind, IMPORT_JOB_KIND)));
  if (!row) throw new AppError("NOT_FOUND", "No such import.");
  return toImportJob(row.job, row.createdByName);
}

function toImportJob(job: typeof jobs.$inferSelect, createdByName: string | null): ImportJob {
  const input = job.input as ImportJobInput;
  return {
    _id: job.id,
    status: job.status,
    progress: job.progress,
    message: job.message,
    fileNames: input.fileNames,
    type: input.type,
    targetContentId: input.contentId,
    result: (job.result as CommitResult | null) ?? null,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    createdByName,
  };
}
