// A stopping job runner: it takes no new job, lets the one it has taken finish within its grace,
// and past it aborts that job, which ends as stopped with the server.
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { jobs } from "../db/schema.ts";
import { enqueueJob, type JobHandler, JobRunner, MAX_ATTEMPTS } from "./job-queue.ts";

const KIND = "test.wait";
let platform: TestPlatform;
let runner: JobRunner | undefined;

beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

/** A job that takes `input.ms` (or until it is aborted), telling when it has begun. */
function waitingHandler(started: () => void): JobHandler<{ ms: number }> {
  return {
    kind: KIND,
    run: ({ input, signal }) =>
      new Promise((resolve, reject) => {
        started();
        const timer = setTimeout(() => resolve({ waited: input.ms }), input.ms);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      }),
  };
}

async function startRunnerWithATakenJob(ms: number) {
  let onStarted = () => {};
  const started = new Promise<void>((resolve) => {
    onStarted = resolve;
  });
  runner = new JobRunner(platform.deps, [waitingHandler(onStarted) as JobHandler<never>], {
    log: pino({ level: "silent" }),
    pollMs: 20,
  });
  const taken = await enqueueJob(platform.deps, { kind: KIND, input: { ms } });
  const waiting = await enqueueJob(platform.deps, { kind: KIND, input: { ms } });
  runner.start();
  await started;
  return { runner, taken, waiting };
}

const statusOf = async (id: string) => (await platform.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("stopping the job runner", () => {
  it("lets the job it has taken finish within the grace, and takes no other", async () => {
    const { runner, taken, waiting } = await startRunnerWithATakenJob(400);
    const startedAt = Date.now();
    await runner.stop({ graceMs: 5_000 });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(await statusOf(taken.id)).toMatchObject({ status: "succeeded", result: { waited: 400 } });
    expect(await statusOf(waiting.id)).toMatchObject({ status: "queued" });
  });

  it("aborts the job past the grace; it ends as stopped, to be started again", async () => {
    const { runner, taken, waiting } = await startRunnerWithATakenJob(60_000);
    const startedAt = Date.now();
    await runner.stop({ graceMs: 300 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(await statusOf(taken.id)).toMatchObject({
      status: "failed",
      message: "Stopped",
      error: "The server stopped while this job was running. Start it again.",
    });
    expect(await statusOf(waiting.id)).toMatchObject({ status: "queued" });
  });
});

describe("a job whose process died", () => {
  /** What a process killed mid-job leaves: the job running, its claim lapsed. */
  async function abandon(id: string, attempts: number) {
    await platform.deps.db
      .update(jobs)
      .set({ status: "running", attempts, lockedBy: "gone:1:x", lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, id));
  }

  it("is taken again by another process and runs to the end", async () => {
    const job = await enqueueJob(platform.deps, { kind: KIND, input: { ms: 1 } });
    await abandon(job.id, 1);
    runner = new JobRunner(platform.deps, [waitingHandler(() => {}) as JobHandler<never>], {
      log: pino({ level: "silent" }),
      pollMs: 20,
    });
    runner.start();
    await expect.poll(async () => (await statusOf(job.id))?.status, { timeout: 10_000 }).toBe("succeeded");
    expect(await statusOf(job.id)).toMatchObject({ attempts: 2, result: { waited: 1 }, error: null });
  });

  it("fails once it has been cut short as often as a job may run", async () => {
    const job = await enqueueJob(platform.deps, { kind: KIND, input: { ms: 1 } });
    await abandon(job.id, MAX_ATTEMPTS);
    runner = new JobRunner(platform.deps, [], { log: pino({ level: "silent" }), pollMs: 20 });
    runner.start();
    await expect.poll(async () => (await statusOf(job.id))?.status, { timeout: 10_000 }).toBe("failed");
    expect((await statusOf(job.id))?.error).toBe(
      "The server stopped while this job was running. Start it again.",
    );
  });
});
