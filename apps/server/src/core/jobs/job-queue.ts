// Background jobs kept in the database, so that any server process can take them, an admin's page
// can follow them live (from any process, through the change bus), and a job whose process died is
// taken again by another.
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { JobStatus } from "@litverse/shared/jobs";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { queryRows, type Transaction } from "../db/client.ts";
import { jobs } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { ServiceDeps } from "../service-deps.ts";

export type JobRow = typeof jobs.$inferSelect;

const SERVER_STOPPED = "The server stopped while this job was running. Start it again.";
/** Runs of one job, counting those cut short by their process's death, before it fails. */
export const MAX_ATTEMPTS = 3;
const REQUEUED = "Waiting to start again: the server running it stopped";

/** Every change to a job of this kind. */
export const jobsTopic = (kind: string) => `jobs:${kind}`;

export interface RunningJob<Input> {
  readonly id: string;
  readonly input: Input;
  readonly createdBy: string | null;
  /** Aborted when the job is cancelled or the process stops. */
  readonly signal: AbortSignal;
  /** Records how far the job is (0 to 1) and what it is doing; written at most a few times a second. */
  report(progress: number, message: string): void;
}

export interface JobHandler<Input = unknown, Result = unknown> {
  kind: string;
  run(job: RunningJob<Input>): Promise<Result>;
  /** A plain-words message for a failure, from the error thrown. */
  describeFailure?(error: unknown): string;
  /** Called once a job has failed (not when cancelled or stopped with the server), with the reason. */
  onFailure?(job: RunningJob<Input>, reason: string): Promise<void>;
}

export interface NewJob {
  kind: string;
  input: unknown;
  createdBy?: string | null;
  message?: string;
}

export async function enqueueJob(deps: ServiceDeps, job: NewJob): Promise<JobRow> {
  return deps.changes.inTransaction(deps.db, (tx) => enqueueJobIn(tx, deps, job));
}

/** Queues a job inside the caller's transaction: it exists only if the rest commits. */
export async function enqueueJobIn(tx: Transaction, deps: ServiceDeps, job: NewJob): Promise<JobRow> {
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      input: job.input,
      createdBy: job.createdBy ?? null,
      message: job.message ?? "Waiting to start",
    })
    .returning();
  if (!row) throw new AppError("CONFLICT", "Could not queue the job.");
  deps.changes.changed(jobsTopic(job.kind));
  return row;
}

/** Cancels a job that has not finished: at once when queued, at its next step when running. */
export async function cancelJob(deps: ServiceDeps, jobId: string, kind: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({
        status: "cancelled",
        message: "Cancelled",
        finishedAt: sql`case when ${jobs.status} = 'queued' then now() else ${jobs.finishedAt} end`,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.kind, kind), sql`${jobs.status} in ('queued', 'running')`))
      .returning({ id: jobs.id });
    if (!row) throw new AppError("CONFLICT", "This job has already finished.");
    deps.changes.changed(jobsTopic(kind));
  });
}

export interface JobRunnerOptions {
  log: FastifyBaseLogger;
  /** How often an idle runner looks for work. */
  pollMs?: number;
  /** How long a claim lasts without renewal; a job whose claim lapsed was abandoned. */
  leaseMs?: number;
  /** Shortest time between two progress writes of one job. */
  reportIntervalMs?: number;
}

/**
 * Takes queued jobs one at a time (imports are heavy; two would only share the same cores) and
 * runs them with their kind's handler.
 */
export class JobRunner {
  private readonly deps: ServiceDeps;
  private readonly handlers: Map<string, JobHandler<never>>;
  private readonly log: FastifyBaseLogger;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly reportIntervalMs: number;
  private readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private current: AbortController | null = null;
  private isStopped = true;
  /** Past a stop's grace: a job taken from now on is aborted at once. */
  private isAborting = false;

  constructor(deps: ServiceDeps, handlers: Array<JobHandler<never>>, options: JobRunnerOptions) {
    this.deps = deps;
    this.handlers = new Map(handlers.map((handler) => [handler.kind, handler]));
    this.log = options.log;
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.reportIntervalMs = options.reportIntervalMs ?? 250;
  }

  start(): void {
    this.isStopped = false;
    this.isAborting = false;
    this.schedule(0);
  }

  /** Looks for work now (after this process queued a job). */
  wake(): void {
    if (!this.isStopped && !this.running) this.schedule(0);
  }

  /**
   * Stops taking jobs. The one already taken has `graceMs` to finish (none by default); then it is
   * aborted and ends as failed, to be started again.
   */
  async stop({ graceMs = 0 }: { graceMs?: number } = {}): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const running = this.running;
    if (running && graceMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([running, graceOver]);
      clearTimeout(timer);
    }
    this.isAborting = true;
    this.current?.abort(new Error("The server is stopping."));
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.isStopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick().finally(() => {
        this.running = null;
      });
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let didWork = false;
    try {
      await this.failAbandoned();
      // A stopping runner takes nothing new.
      const job = this.isStopped ? null : await this.claim();
      if (job) {
        didWork = true;
        await this.execute(job);
      }
    } catch (error) {
      this.log.error({ err: error }, "job runner problem");
    }
    // After a job, look again at once: more may be waiting.
    this.schedule(didWork ? 0 : this.pollMs);
  }

  private async claim(): Promise<JobRow | null> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return null;
    const [row] = await queryRows<{ id: string }>(
      this.deps.db,
      sql`
        update ${jobs} set
          status = 'running', locked_by = ${this.workerId},
          locked_until = now() + ${`${this.leaseMs} milliseconds`}::interval,
          attempts = attempts + 1, started_at = now(), updated_at = now(), message = 'Starting'
        where id = (
          select id from ${jobs}
          where status = 'queued' and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          order by created_at
          for update skip locked
          limit 1
        )
        returning id`,
    );
    if (!row) return null;
    const [job] = await this.deps.db.select().from(jobs).where(eq(jobs.id, row.id));
    if (job) this.deps.changes.changed(jobsTopic(job.kind));
    return job ?? null;
  }

  /**
   * Jobs whose process stopped renewing its claim (it died: killed, out of memory, its machine
   * lost) are queued again for any process to take, up to MAX_ATTEMPTS runs in all; then they fail,
   * with a reason an admin understands. A job cancelled meanwhile ends cancelled.
   */
  private async failAbandoned(): Promise<void> {
    const rows = await queryRows<{ kind: string }>(
      this.deps.db,
      sql`
        update ${jobs} set
          status = case when status = 'cancelled' then 'cancelled'
            when attempts < ${MAX_ATTEMPTS} then 'queued' else 'failed' end,
          error = case when status = 'cancelled' or attempts < ${MAX_ATTEMPTS} then error
            else ${SERVER_STOPPED} end,
          message = case when status = 'cancelled' then 'Cancelled'
            when attempts < ${MAX_ATTEMPTS} then ${REQUEUED} else 'Stopped' end,
          finished_at = case when status <> 'cancelled' and attempts < ${MAX_ATTEMPTS} then null else now() end,
          locked_by = null, locked_until = null, updated_at = now()
        where status in ('running', 'cancelled') and finished_at is null and locked_until < now()
        returning kind`,
    );
    for (const row of rows) this.deps.changes.changed(jobsTopic(row.kind));
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind) as JobHandler<unknown> | undefined;
    if (!handler) return;
    const controller = new AbortController();
    this.current = controller;
    // Claimed while the runner was being stopped past its grace.
    if (this.isAborting) controller.abort(new Error("The server is stopping."));
    const topic = jobsTopic(job.kind);
    let lastWrite = 0;
    let pending: { progress: number; message: string } | null = null;
    let writing: Promise<void> = Promise.resolve();

    const write = (progress: number, message: string) => {
      writing = writing.then(async () => {
        const [row] = await this.deps.db
          .update(jobs)
          .set({
            progress: Math.min(1, Math.max(0, progress)),
            message,
            lockedUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval`,
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, "running")))
          .returning({ id: jobs.id });
        this.deps.changes.changed(topic);
        // Cancelled from elsewhere: the row is no longer "running".
        if (!row && !controller.signal.aborted) controller.abort(new JobCancelled());
      });
      return writing;
    };
    const flush = setInterval(() => {
      if (pending) {
        const { progress, message } = pending;
        pending = null;
        lastWrite = Date.now();
        void write(progress, message).catch(() => {});
      } else if (Date.now() - lastWrite > this.leaseMs / 3) {
        // Keep the claim while a long step reports nothing.
        lastWrite = Date.now();
        void this.renewLease(job.id, controller).catch(() => {});
      }
    }, this.reportIntervalMs);

    const running: RunningJob<unknown> = {
      id: job.id,
      input: job.input,
      createdBy: job.createdBy,
      signal: controller.signal,
      report: (progress, message) => {
        pending = { progress, message };
      },
    };

    let outcome: { status: JobStatus; result?: unknown; error?: string; message: string };
    try {
      controller.signal.throwIfAborted();
      const result = await handler.run(running);
      outcome = { status: "succeeded", result, message: "Done" };
    } catch (error) {
      if (controller.signal.reason instanceof JobCancelled) {
        outcome = { status: "cancelled", message: "Cancelled" };
      } else if (controller.signal.aborted) {
        outcome = { status: "failed", error: SERVER_STOPPED, message: "Stopped" };
      } else {
        const reason = handler.describeFailure?.(error) ?? plainReason(error);
        // A refusal (a file that is not what it claims) is the job's outcome, not a fault: its
        // reason is enough. Anything else is logged with its stack.
        if (error instanceof AppError)
          this.log.warn({ jobId: job.id, kind: job.kind, reason }, "job refused");
        else this.log.error({ err: error, jobId: job.id, kind: job.kind }, "job failed");
        outcome = { status: "failed", error: reason, message: "Failed" };
      }
    } finally {
      clearInterval(flush);
      this.current = null;
      await writing.catch(() => {});
    }
    await this.deps.changes.inTransaction(this.deps.db, async (tx) => {
      await tx
        .update(jobs)
        .set({
          // A job cancelled while finishing stays cancelled.
          status: sql`case when ${jobs.status} = 'cancelled' then 'cancelled' else ${outcome.status} end`,
          result: outcome.result ?? null,
          error: outcome.error ?? null,
          message: sql`case when ${jobs.status} = 'cancelled' then 'Cancelled' else ${outcome.message} end`,
          progress: outcome.status === "succeeded" ? 1 : sql`${jobs.progress}`,
          finishedAt: new Date(),
          lockedBy: null,
          lockedUntil: null,
        })
        .where(eq(jobs.id, job.id));
      this.deps.changes.changed(topic);
    });
    if (outcome.status === "failed" && outcome.error && outcome.error !== SERVER_STOPPED) {
      await handler.onFailure?.(running, outcome.error).catch((error: unknown) => {
        this.log.warn({ err: error, jobId: job.id }, "could not report a failed job");
      });
    }
  }

  private async renewLease(jobId: string, controller: AbortController): Promise<void> {
    const [row] = await this.deps.db
      .update(jobs)
      .set({ lockedUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval` })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, "running")))
      .returning({ id: jobs.id });
    if (!row && !controller.signal.aborted) controller.abort(new JobCancelled());
  }
}

class JobCancelled extends Error {
  constructor() {
    super("The job was cancelled.");
  }
}

/** What an admin may read of an error: our own messages as they are, anything else in general terms. */
export function plainReason(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return "Something went wrong while running this job. The server log has the details.";
}
