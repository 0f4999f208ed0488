// Every background job of every kind, as Admin Tools lists them (newest first, a page at a time,
// live), with cancel for those waiting or running and retry for those that failed or were
// cancelled, when their kind can run them again.
import { type AdminJob, type AdminJobPage, JOB_KINDS, JOBS_PAGE_SIZE } from "@litverse/shared/admin-tools";
import type { jobActionInput, listJobsInput } from "@litverse/shared/admin-tools-inputs";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { jobs } from "../../core/db/schema.ts";
import { AppError } from "../../core/errors.ts";
import { cancelJob, enqueueJobIn, type JobRow, jobsTopic } from "../../core/jobs/job-queue.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { users } from "../users/schema.ts";
import { kindLabel, toolsOf } from "./job-kinds.ts";

const CAN_RETRY_FROM: readonly JobRow["status"][] = ["failed", "cancelled"];
const CANNOT_RETRY_KIND = "Jobs of this kind cannot be started again from here.";

/** A page of jobs, newest first; follows every kind's jobs live (only the filtered kind's when filtered). */
export async function listJobs(
  deps: ServiceDeps,
  input: z.output<typeof listJobsInput>,
): Promise<AdminJobPage> {
  track(...(input.kind ? [input.kind] : JOB_KINDS).map(jobsTopic));
  const conditions: SQL[] = [];
  if (input.kind) conditions.push(eq(jobs.kind, input.kind));
  if (input.status) conditions.push(eq(jobs.status, input.status));
  if (input.cursor) conditions.push(olderThan(jobs, decodeTimeCursor(input.cursor)));
  const rows = await deps.db
    .select({ job: jobs, name: users.name, handle: users.handle })
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.createdBy))
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(JOBS_PAGE_SIZE + 1);
  const page = rows.slice(0, JOBS_PAGE_SIZE);
  const last = page.at(-1)?.job;

  // What each job is about, one lookup per kind on the page.
  const about = new Map<string, string>();
  const byKind = Map.groupBy(page, (row) => row.job.kind);
  for (const [kind, ofKind] of byKind) {
    const described = await toolsOf(kind)?.describe(
      deps,
      ofKind.map((row) => row.job),
    );
    for (const [id, text] of described ?? []) about.set(id, text);
  }
  // Whether each failed or cancelled job can run again, one batch per kind.
  const blockers = new Map<string, string | null>();
  const ended = page.filter(({ job }) => CAN_RETRY_FROM.includes(job.status)).map(({ job }) => job);
  for (const [kind, ofKind] of Map.groupBy(ended, (job) => job.kind)) {
    const tools = toolsOf(kind);
    const found = tools ? await tools.retryBlockers(deps, ofKind) : null;
    for (const job of ofKind) blockers.set(job.id, found ? (found.get(job.id) ?? null) : CANNOT_RETRY_KIND);
  }

  return {
    jobs: page.map(({ job, name, handle }) => {
      const isRetryable = CAN_RETRY_FROM.includes(job.status);
      const blocked = blockers.get(job.id) ?? null;
      return {
        _id: job.id,
        kind: job.kind,
        kindLabel: kindLabel(job.kind),
        about: about.get(job.id) ?? "—",
        startedBy: job.createdBy
          ? { id: job.createdBy, name: name ?? (handle ? `@${handle}` : "A person without a name") }
          : null,
        status: job.status,
        progress: job.progress,
        message: job.message,
        error: job.error,
        attempts: job.attempts,
        createdAt: job.createdAt.toISOString(),
        startedAt: job.startedAt?.toISOString() ?? null,
        finishedAt: job.finishedAt?.toISOString() ?? null,
        canRetry: isRetryable && blocked === null,
        retryBlocked: isRetryable ? blocked : null,
      } satisfies AdminJob;
    }),
    nextCursor: rows.length > JOBS_PAGE_SIZE && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}

async function loadJob(deps: ServiceDeps, jobId: string): Promise<JobRow> {
  const [row] = await deps.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!row) throw new AppError("NOT_FOUND", "No such job.");
  return row;
}

/** Cancels a job waiting or running: at once when waiting, at its next step when running. */
export async function cancelAdminJob(
  deps: ServiceDeps,
  input: z.output<typeof jobActionInput>,
): Promise<{ jobId: string }> {
  const row = await loadJob(deps, input.jobId);
  if (row.status !== "queued" && row.status !== "running") {
    throw new AppError("CONFLICT", "This job has already finished.");
  }
  await cancelJob(deps, row.id, row.kind);
  noteChange({
    objectType: "job",
    objectId: row.id,
    before: { kind: row.kind, status: row.status },
    after: { kind: row.kind, status: "cancelled" },
  });
  await toolsOf(row.kind)?.afterCancel?.(deps, row);
  return { jobId: row.id };
}

/**
 * Queues a failed or cancelled job again: a new job of the same kind with the same input, started
 * by the caller, once its kind has put back what the run needs. Refused, changing nothing, when the
 * kind cannot run it again (with the reason), or when the same work is already waiting or running.
 */
export async function retryAdminJob(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof jobActionInput>,
): Promise<{ jobId: string }> {
  const row = await loadJob(deps, input.jobId);
  if (!CAN_RETRY_FROM.includes(row.status)) {
    throw new AppError("CONFLICT", "Only a failed or cancelled job can be started again.");
  }
  const tools = toolsOf(row.kind);
  if (!tools) throw new AppError("BAD_REQUEST", CANNOT_RETRY_KIND);
  const blocked = (await tools.retryBlockers(deps, [row])).get(row.id);
  if (blocked) throw new AppError("CONFLICT", blocked);

  const next = await deps.changes.inTransaction(deps.db, async (tx) => {
    // Two retries at once (two admins, a double click) queue the work once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`admin-tools:retry:${row.kind}`}))`);
    const [waiting] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, row.kind),
          sql`${jobs.status} in ('queued', 'running')`,
          sql`${jobs.input} = ${JSON.stringify(row.input)}::jsonb`,
        ),
      )
      .limit(1);
    if (waiting) throw new AppError("CONFLICT", "This work is already waiting or running again.");
    const queued = await enqueueJobIn(tx, deps, {
      kind: row.kind,
      input: row.input,
      createdBy: user.id,
      message: "Waiting to start (a retry)",
    });
    noteChange({
      objectType: "job",
      objectId: queued.id,
      before: null,
      after: { kind: queued.kind, status: queued.status, retryOf: row.id },
    });
    await tools.prepareRetry?.(tx, deps, row, queued);
    return queued;
  });
  return { jobId: next.id };
}
