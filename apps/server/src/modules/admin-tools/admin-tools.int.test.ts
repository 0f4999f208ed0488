import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { JOB_KINDS, JOBS_PAGE_SIZE, type StorageUse } from "@litverse/shared/admin-tools";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../core/config.ts";
import { queryRows } from "../../core/db/client.ts";
import { jobs } from "../../core/db/schema.ts";
import { enqueueJob, JobRunner } from "../../core/jobs/job-queue.ts";
import { track } from "../../core/live/topics.ts";
import type { MediaStorage } from "../../media/storage.ts";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { BROADCAST_JOB } from "../admin-notifications/announcements.service.ts";
import { creditCoins } from "../coins/ledger.ts";
import { IMPORT_JOB_KIND, importJobHandler } from "../content-admin/imports/imports.service.ts";
import { announcements } from "../notifications/schema.ts";
import { REEL_JOB_KIND } from "../reels/reel-processing.ts";
import { reels } from "../reels/schema.ts";
import { UPLOAD_GONE } from "./job-kinds.ts";

const FIXTURES = path.join(REPO_ROOT, "fixtures");
const silent = pino({ level: "silent" });

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

async function team() {
  const boss = await createUser(platform, "superadmin");
  const admin = await createUser(platform, "admin");
  return { boss, admin, asBoss: callerFor(platform, boss), asAdmin: callerFor(platform, admin) };
}

/** Runs the import handler until `jobId` has finished; returns its row. */
async function runImportsUntilDone(jobId: string) {
  const runner = new JobRunner(platform.deps, [importJobHandler(platform.deps)], { log: silent, pollMs: 20 });
  runner.start();
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await platform.deps.db.select().from(jobs).where(eq(jobs.id, jobId));
      if (row && row.status !== "queued" && row.status !== "running") return row;
      if (Date.now() > deadline) throw new Error(`job still ${row?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await runner.stop();
  }
}

async function fakeFile(name: string, text: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "litverse-tools-")), name);
  await writeFile(file, text);
  return file;
}

/** A reel waiting for its conversion, with its original in place, and its queued job. */
async function processingReel(creator: TestUser, caption = "Sunset over the harbour") {
  const reelId = crypto.randomUUID();
  const job = await enqueueJob(platform.deps, {
    kind: REEL_JOB_KIND,
    input: { reelId },
    createdBy: creator.id,
  });
  await platform.deps.db
    .insert(reels)
    .values({ id: reelId, creatorId: creator.id, caption, sourceName: "clip.mov", jobId: job.id });
  await platform.deps.media.reelUploads.sources.writeFile(`${reelId}/source`, "video bytes");
  return { reelId, jobId: job.id };
}

const auditOf = async (caller: ReturnType<typeof callerFor>, action: string) =>
  (await caller.audit.listAuditEvents({ filters: { action } })).events;

describe("the jobs tab", () => {
  it("knows every kind of job the server runs", () => {
    expect([...JOB_KINDS].sort()).toEqual([BROADCAST_JOB, IMPORT_JOB_KIND, REEL_JOB_KIND].sort());
  });

  it("lists every kind newest first, in plain words, filtered by kind and status, live", async () => {
    const { admin, asAdmin } = await team();
    const creator = await createUser(platform);
    const title = await createTitle(platform, { title: "Harbour Nights" });
    await enqueueJob(platform.deps, {
      kind: IMPORT_JOB_KIND,
      input: {
        uploadId: crypto.randomUUID(),
        type: null,
        contentId: title.id,
        publish: true,
        fileNames: ["one.epub", "two.epub", "three.epub", "four.epub", "five.epub"],
      },
      createdBy: admin.id,
    });
    const reel = await processingReel(creator, "Sunset over the harbour\nsecond line");
    await asAdmin.adminNotifications.sendAnnouncement({
      audience: "everyone",
      title: "Clubs are here",
      body: "",
    });
    // From the command line: nobody is recorded.
    await enqueueJob(platform.deps, {
      kind: IMPORT_JOB_KIND,
      input: {
        uploadId: crypto.randomUUID(),
        type: null,
        contentId: null,
        publish: true,
        fileNames: ["cli.cbz"],
      },
    });

    const page = await asAdmin.adminTools.listJobs({});
    expect(page.nextCursor).toBeNull();
    expect(
      page.jobs.map((job) => [job.kindLabel, job.about, job.startedBy?.name ?? null, job.status]),
    ).toEqual([
      ["Import", "cli.cbz", null, "queued"],
      ["Announcement send", "“Clubs are here” to everyone", expect.any(String), "queued"],
      ["Reel conversion", "Sunset over the harbour (clip.mov)", expect.any(String), "queued"],
      [
        "Import",
        "one.epub, two.epub, three.epub and 2 more into Harbour Nights",
        expect.any(String),
        "queued",
      ],
    ]);
    expect(JSON.stringify(page)).not.toContain("uploadId");
    expect(page.jobs[2]).toMatchObject({ _id: reel.jobId, kind: "reel", startedBy: { id: creator.id } });

    const onlyReels = await asAdmin.adminTools.listJobs({ kind: "reel" });
    expect(onlyReels.jobs.map((job) => job._id)).toEqual([reel.jobId]);
    await asAdmin.adminTools.cancelJob({ jobId: reel.jobId });
    expect((await asAdmin.adminTools.listJobs({ status: "cancelled" })).jobs.map((job) => job._id)).toEqual([
      reel.jobId,
    ]);
    expect((await asAdmin.adminTools.listJobs({ kind: "import", status: "cancelled" })).jobs).toEqual([]);

    // Live: a job's progress re-runs the list; its new state shows.
    const watch = watchLiveRuns(platform, () => asAdmin.adminTools.listJobs({ kind: "broadcast" }));
    await watch.waitForRuns(1);
    const [broadcast] = watch.latest?.jobs ?? [];
    await asAdmin.adminTools.cancelJob({ jobId: broadcast?._id ?? "" });
    await watch.waitForRuns(2);
    expect(watch.latest?.jobs[0]).toMatchObject({ status: "cancelled", message: "Cancelled" });
    watch.stop();
  });

  it("pages 50 at a time, newest first, and refuses a bad page marker or filter", async () => {
    const { asAdmin } = await team();
    const made: string[] = [];
    // A second apart, so that "newest first" has one answer: jobs queued in the same instant would
    // be ordered by their random ids.
    const start = Date.now() - 3_600_000;
    for (let index = 0; index < JOBS_PAGE_SIZE + 5; index++) {
      const job = await enqueueJob(platform.deps, {
        kind: IMPORT_JOB_KIND,
        input: {
          uploadId: crypto.randomUUID(),
          type: null,
          contentId: null,
          publish: true,
          fileNames: [`${index}.epub`],
        },
      });
      await platform.deps.db
        .update(jobs)
        .set({ createdAt: new Date(start + index * 1_000) })
        .where(eq(jobs.id, job.id));
      made.push(job.id);
    }
    const first = await asAdmin.adminTools.listJobs({});
    expect(first.jobs).toHaveLength(JOBS_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await asAdmin.adminTools.listJobs({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.jobs, ...second.jobs].map((job) => job._id)).toEqual(made.reverse());

    expect(await refusalOf(asAdmin.adminTools.listJobs({ cursor: "yesterday" }))).toEqual({
      code: "BAD_REQUEST",
      message: "That page marker is not valid.",
    });
    expect(await codeOf(asAdmin.adminTools.listJobs({ kind: "laundry" as never }))).toBe("BAD_REQUEST");
    expect(await codeOf(asAdmin.adminTools.listJobs({ status: "lost" as never }))).toBe("BAD_REQUEST");
    expect(await codeOf(asAdmin.adminTools.cancelJob({ jobId: "not-an-id" }))).toBe("BAD_REQUEST");
  });

  it("cancels what waits, with the change in the audit trail, and refuses what has finished", async () => {
    const { asAdmin, asBoss } = await team();
    const sent = await asAdmin.adminNotifications.sendAnnouncement({
      audience: "user",
      title: "Maintenance tonight",
      body: "",
    });
    const [job] = (await asAdmin.adminTools.listJobs({ kind: "broadcast" })).jobs;
    if (!job) throw new Error("no job");
    expect(await asAdmin.adminTools.cancelJob({ jobId: job._id })).toEqual({ jobId: job._id });
    // The announcement says it did not go, rather than "queued" for ever.
    const [announcement] = await platform.deps.db
      .select({ status: announcements.status })
      .from(announcements)
      .where(eq(announcements.id, sent._id));
    expect(announcement?.status).toBe("failed");

    const [entry] = await auditOf(asBoss, "adminTools.cancelJob");
    expect(entry).toMatchObject({
      section: "tools",
      objectType: "job",
      objectId: job._id,
      changes: [
        {
          objectType: "job",
          before: { kind: "broadcast", status: "queued" },
          after: { kind: "broadcast", status: "cancelled" },
        },
      ],
    });

    expect(await refusalOf(asAdmin.adminTools.cancelJob({ jobId: job._id }))).toEqual({
      code: "CONFLICT",
      message: "This job has already finished.",
    });
    expect(await codeOf(asAdmin.adminTools.cancelJob({ jobId: crypto.randomUUID() }))).toBe("NOT_FOUND");
  });

  it("retries a failed import whose upload is still there, and refuses one whose files are gone", async () => {
    const { admin, asAdmin, asBoss } = await team();
    // A real failure: the importer refuses the file, and the upload goes with it.
    const bad = await platform.deps.media.uploads.fromLocalFiles(admin.id, [
      await fakeFile("not-a-book.epub", "this is not a zip file"),
    ]);
    const { jobId: badJob } = await asAdmin.imports.startImport({ uploadId: bad.id });
    expect((await runImportsUntilDone(badJob)).status).toBe("failed");
    const listed = (await asAdmin.adminTools.listJobs({})).jobs[0];
    expect(listed).toMatchObject({
      _id: badJob,
      status: "failed",
      canRetry: false,
      retryBlocked: UPLOAD_GONE,
    });
    expect(listed?.error).toBeTruthy();
    expect(await refusalOf(asAdmin.adminTools.retryJob({ jobId: badJob }))).toEqual({
      code: "CONFLICT",
      message: UPLOAD_GONE,
    });
    expect(await platform.deps.db.select().from(jobs)).toHaveLength(1);

    // A job stopped with its server (past a drain's grace, or cut short as often as a job may run)
    // fails and leaves the upload in place.
    const good = await platform.deps.media.uploads.fromLocalFiles(admin.id, [
      path.join(FIXTURES, "books/wasteland.epub"),
    ]);
    const { jobId: stranded } = await asAdmin.imports.startImport({ uploadId: good.id });
    await platform.deps.db
      .update(jobs)
      .set({
        status: "failed",
        error: "The server stopped while this job was running. Start it again.",
        finishedAt: new Date(),
      })
      .where(eq(jobs.id, stranded));
    expect((await asAdmin.adminTools.listJobs({ status: "failed" })).jobs[0]).toMatchObject({
      _id: stranded,
      canRetry: true,
      retryBlocked: null,
    });
    const { jobId: again } = await asAdmin.adminTools.retryJob({ jobId: stranded });
    expect(again).not.toBe(stranded);
    // Once is enough: the same work is not queued twice.
    expect(await refusalOf(asAdmin.adminTools.retryJob({ jobId: stranded }))).toEqual({
      code: "CONFLICT",
      message: "This work is already waiting or running again.",
    });
    const [queued] = await platform.deps.db.select().from(jobs).where(eq(jobs.id, again));
    const [original] = await platform.deps.db.select().from(jobs).where(eq(jobs.id, stranded));
    expect(queued).toMatchObject({
      kind: "import",
      status: "queued",
      input: original?.input,
      createdBy: admin.id,
    });
    const done = await runImportsUntilDone(again);
    expect(done).toMatchObject({ status: "succeeded", result: { title: "The Waste Land" } });

    // Only failed or cancelled jobs run again.
    expect(await refusalOf(asAdmin.adminTools.retryJob({ jobId: again }))).toEqual({
      code: "CONFLICT",
      message: "Only a failed or cancelled job can be started again.",
    });
    const [entry] = await auditOf(asBoss, "adminTools.retryJob");
    expect(entry?.changes).toEqual([
      {
        objectType: "job",
        objectId: again,
        before: null,
        after: { kind: "import", status: "queued", retryOf: stranded },
      },
    ]);
  });

  it("retries a cancelled reel conversion while its original is there, putting the reel back to processing", async () => {
    const { asAdmin } = await team();
    const creator = await createUser(platform);
    const reel = await processingReel(creator);
    await asAdmin.adminTools.cancelJob({ jobId: reel.jobId });
    // As the reels' upkeep does to a conversion that will not finish.
    await platform.deps.db.update(reels).set({ status: "failed", reason: "Processing was stopped." });

    const { jobId } = await asAdmin.adminTools.retryJob({ jobId: reel.jobId });
    const [row] = await platform.deps.db.select().from(reels).where(eq(reels.id, reel.reelId));
    expect(row).toMatchObject({ status: "processing", reason: null, jobId });
    expect((await asAdmin.adminTools.listJobs({ kind: "reel" })).jobs.map((job) => job.status)).toEqual([
      "queued",
      "cancelled",
    ]);

    // Without its original, a conversion cannot run again.
    const other = await processingReel(creator, "Gone");
    await asAdmin.adminTools.cancelJob({ jobId: other.jobId });
    await platform.deps.media.reelUploads.removeSource(other.reelId);
    const message = "The original video is gone; its creator must upload it again.";
    expect((await asAdmin.adminTools.listJobs({ kind: "reel" })).jobs[0]).toMatchObject({
      _id: other.jobId,
      canRetry: false,
      retryBlocked: message,
    });
    expect(await refusalOf(asAdmin.adminTools.retryJob({ jobId: other.jobId }))).toEqual({
      code: "CONFLICT",
      message,
    });
  });

  it("sends a cancelled announcement again, to whoever it has not reached", async () => {
    const { asAdmin } = await team();
    const sent = await asAdmin.adminNotifications.sendAnnouncement({
      audience: "user",
      title: "Hello",
      body: "",
    });
    const [job] = (await asAdmin.adminTools.listJobs({ kind: "broadcast" })).jobs;
    await asAdmin.adminTools.cancelJob({ jobId: job?._id ?? "" });
    const { jobId } = await asAdmin.adminTools.retryJob({ jobId: job?._id ?? "" });
    const [announcement] = await platform.deps.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, sent._id));
    expect(announcement).toMatchObject({ status: "queued", jobId });

    await platform.deps.db.update(announcements).set({ status: "sent" });
    await asAdmin.adminTools.cancelJob({ jobId });
    expect(await refusalOf(asAdmin.adminTools.retryJob({ jobId }))).toEqual({
      code: "CONFLICT",
      message: "The announcement has been sent since.",
    });
  });
});

describe("the ledger check", () => {
  it("reports the counted figures of a clean ledger, and every planted violation", async () => {
    const { asAdmin, asBoss } = await team();
    const readers = [await createUser(platform), await createUser(platform)];
    for (const reader of readers) {
      await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
        creditCoins(platform.deps, tx, reader.id, {
          kind: "grant",
          purchased: 100,
          bonus: 20,
          memo: "Welcome",
          idempotencyKey: `welcome-${reader.id}`,
        }),
      );
    }
    const clean = await asAdmin.adminTools.runLedgerCheck();
    expect(clean).toMatchObject({ entries: 2, wallets: 2, violations: [] });
    expect(clean.postings).toBeGreaterThanOrEqual(4);
    expect(clean.tookMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(clean.checkedAt)).not.toBeNaN();

    // A balance that no longer matches its postings.
    await platform.deps.db.execute(
      sql`update ledger_accounts set balance = balance + 7 where user_id = ${readers[0]?.id ?? ""} and kind = 'purchased'`,
    );
    const broken = await asAdmin.adminTools.runLedgerCheck();
    expect(broken.violations).toEqual([
      {
        rule: "a wallet account's balance is the sum of its postings",
        detail: expect.stringMatching(/says 107, its postings sum to 100$/),
      },
    ]);
    // Each run is in the audit trail: who ran it, when.
    expect(await auditOf(asBoss, "adminTools.runLedgerCheck")).toHaveLength(2);
  });
});

describe("maintenance", () => {
  it("counts the daily figures again from the events", async () => {
    const { asAdmin } = await team();
    await createUser(platform);
    await platform.deps.db.execute(sql`delete from daily_counts`);
    const result = await asAdmin.adminTools.runMaintenance({ task: "recount-figures" });
    const [signedUp] = await queryRows<{ value: number }>(
      platform.deps.db,
      sql`select sum(value)::int as value from daily_counts where metric = 'people.signed_up'`,
    );
    expect(signedUp?.value).toBe(3);
    expect(result).toMatchObject({ task: "recount-figures", rows: expect.any(Number), files: null });
    expect(result.rows).toBeGreaterThan(0);
    expect(result.summary).toMatch(/^Counted \d+ daily figures? and the analytics tables again/);
  });

  it("refreshes the titles' figures", async () => {
    const { asAdmin } = await team();
    const reader = await createUser(platform);
    const title = await createTitle(platform);
    await platform.deps.db.execute(
      sql`insert into content_follows (user_id, content_id) values (${reader.id}, ${title.id})`,
    );
    const result = await asAdmin.adminTools.runMaintenance({ task: "refresh-content-figures" });
    const [stats] = await queryRows<{ followers: number }>(
      platform.deps.db,
      sql`select followers::int as followers from content_stats where content_id = ${title.id}`,
    );
    expect(stats?.followers).toBe(1);
    expect(result).toMatchObject({ rows: 1, summary: "Refreshed the figures of 1 title." });
  });

  it("rebuilds the search index, which search still finds titles through", async () => {
    const { asAdmin } = await team();
    await createTitle(platform, { title: "The Lantern Keeper" });
    const fileOf = async () =>
      (
        await queryRows<{ file: string }>(
          platform.deps.db,
          sql`select relfilenode::text as file from pg_class where relname = 'content_search_vector_idx'`,
        )
      )[0]?.file;
    const before = await fileOf();
    const result = await asAdmin.adminTools.runMaintenance({ task: "rebuild-search-index" });
    expect(await fileOf()).not.toBe(before);
    expect(result).toMatchObject({ rows: 1, summary: "Rebuilt the search index over 1 title." });
    expect(result.bytes).toBeGreaterThan(0);
    const found = await asAdmin.content.listContent({ query: "lantern" });
    expect(found.items.map((item) => item.title)).toEqual(["The Lantern Keeper"]);
  });

  it("removes the image variants, and empties the read cache", async () => {
    const { asAdmin } = await team();
    const variants = platform.deps.media.storage.variants as MediaStorage;
    await variants.writeFile("covers/abc/10-1/w320.webp", "x".repeat(300));
    await variants.writeFile("covers/abc/10-1/w640.webp", "x".repeat(700));
    const cleared = await asAdmin.adminTools.runMaintenance({ task: "clear-image-variants" });
    expect(cleared).toMatchObject({ files: 2, bytes: 1_000, rows: null });
    expect(cleared.summary).toBe("Removed 2 image variants; they are made again when next asked for.");
    for await (const left of variants.list()) expect.unreachable(`left: ${left.key}`);

    const reads = platform.deps.changes.reads;
    await reads.read("tools-test", async () => {
      track("tools-test-topic");
      return 1;
    });
    expect(reads.size).toBe(1);
    const dropped = await asAdmin.adminTools.runMaintenance({ task: "clear-read-cache" });
    expect(dropped).toMatchObject({ files: 1 });
    expect(reads.size).toBe(0);

    // Each run is recorded with what it did.
    const [entry] = await auditOf(asAdmin, "adminTools.runMaintenance");
    expect(entry).toMatchObject({
      input: { task: "clear-read-cache" },
      changes: [{ objectType: "maintenance", objectId: "clear-read-cache", after: { files: 1 } }],
    });
    expect(await codeOf(asAdmin.adminTools.runMaintenance({ task: "drop-everything" as never }))).toBe(
      "BAD_REQUEST",
    );
  });
});

describe("storage use", () => {
  it("counts the files and bytes of each kind, the episodes by their title's kind", async () => {
    const { admin, asAdmin } = await team();
    const { storage, uploads, reelUploads } = platform.deps.media;
    const book = await createTitle(platform, { contentType: "book" });
    const comic = await createTitle(platform, { contentType: "comic" });
    const [chapter] = await addChapters(platform, book.id, 1);
    const [page] = await addChapters(platform, comic.id, 1);
    if (!chapter || !page) throw new Error("no episodes");
    const figure = (use: StorageUse, kind: string) => use.kinds.find((entry) => entry.kind === kind);
    const before = await asAdmin.adminTools.getStorageUse();
    expect(figure(before, "episodes:comic")).toMatchObject({ files: 1 });

    await storage.writeFile(`covers/${book.id}/cover-1.jpg`, "c".repeat(100));
    await storage.writeFile(`covers/${comic.id}/cover-2.jpg`, "c".repeat(50));
    await storage.writeFile(`episodes/${chapter.id}/extra.html`, "b".repeat(200));
    await storage.writeFile(`episodes/${page.id}/pages/0001.jpg`, "p".repeat(400));
    await storage.writeFile(`episodes/${crypto.randomUUID()}/left-over.mp3`, "o".repeat(30));
    await storage.writeFile(`avatars/${admin.id}/avatar-1.webp`, "a".repeat(10));
    await storage.variants?.writeFile("covers/x/w320.webp", "v".repeat(20));
    await uploads.fromLocalFiles(admin.id, [await fakeFile("waiting.epub", "u".repeat(60))]);
    await reelUploads.sources.writeFile(`${crypto.randomUUID()}/source`, "r".repeat(80));
    await writeFile(path.join(await storage.stagingDir(), "half-written"), "s".repeat(5));

    const use = await asAdmin.adminTools.getStorageUse();
    // Other tests of this file leave files in the same store: what these writes added.
    const grew = (kind: string) => {
      const now = figure(use, kind);
      const then = figure(before, kind);
      return {
        label: now?.label,
        group: now?.group,
        files: (now?.files ?? 0) - (then?.files ?? 0),
        bytes: (now?.bytes ?? 0) - (then?.bytes ?? 0),
        items: (now?.items ?? 0) - (then?.items ?? 0),
      };
    };
    expect(grew("covers")).toMatchObject({ label: "Title covers", group: "media", files: 2, bytes: 150 });
    expect(grew("episodes:book")).toMatchObject({ label: "Episodes: books", files: 1, bytes: 200 });
    expect(grew("episodes:comic")).toMatchObject({ label: "Episodes: comics", files: 1, bytes: 400 });
    expect(grew("episodes:none")).toMatchObject({ label: "Episodes of no title", files: 1, bytes: 30 });
    expect(grew("avatars")).toMatchObject({ label: "Profile pictures", files: 1, bytes: 10 });
    expect(grew("variants")).toMatchObject({ group: "internal", files: 1, bytes: 20 });
    // An upload is its file and its manifest.
    expect(grew("uploads")).toMatchObject({ items: 1, files: 2 });
    expect(grew("uploads").bytes).toBeGreaterThan(60);
    expect(grew("reel-sources")).toMatchObject({ items: 1, files: 1, bytes: 80 });
    expect(grew("reel-uploads")).toMatchObject({ items: 0, files: 0, bytes: 0 });
    expect(grew("staging")).toMatchObject({ files: 1, bytes: 5 });
    expect(figure(use, "reel-uploads")?.items).toBe(0);
    expect(use.files).toBe(use.kinds.reduce((sum, kind) => sum + kind.files, 0));
    expect(use.bytes).toBe(use.kinds.reduce((sum, kind) => sum + kind.bytes, 0));
    // The media first, largest first; then the store's own folders.
    const media = use.kinds.filter((kind) => kind.group === "media").map((kind) => kind.bytes);
    expect(media).toEqual([...media].sort((a, b) => b - a));
    expect(use.kinds.at(-1)?.group).toBe("internal");
    expect(Date.parse(use.computedAt)).not.toBeNaN();
  });
});

describe("who may use the tools", () => {
  it("refuses readers and admins without the tools permission; a viewer may look but not act", async () => {
    const { admin, asAdmin, asBoss } = await team();
    const job = await enqueueJob(platform.deps, {
      kind: IMPORT_JOB_KIND,
      input: {
        uploadId: crypto.randomUUID(),
        type: null,
        contentId: null,
        publish: true,
        fileNames: ["a.epub"],
      },
    });
    const everything = (caller: ReturnType<typeof callerFor>) => [
      caller.adminTools.listJobs({}),
      caller.adminTools.getStorageUse(),
      caller.adminTools.cancelJob({ jobId: job.id }),
      caller.adminTools.retryJob({ jobId: job.id }),
      caller.adminTools.runLedgerCheck(),
      caller.adminTools.runMaintenance({ task: "clear-read-cache" }),
    ];
    const reader = callerFor(platform, await createUser(platform));
    expect(await Promise.all(everything(reader).map(codeOf))).toEqual(Array(6).fill("FORBIDDEN"));

    await asBoss.permissions.setAdminPermissions({
      userId: admin.id,
      templateId: null,
      overrides: { tools: "none" },
    });
    expect(await Promise.all(everything(asAdmin).map(codeOf))).toEqual(Array(6).fill("FORBIDDEN"));

    await asBoss.permissions.setAdminPermissions({
      userId: admin.id,
      templateId: null,
      overrides: { tools: "view" },
    });
    const [list, storage, ...actions] = await Promise.all(everything(asAdmin).map(codeOf));
    expect([list, storage]).toEqual(["OK", "OK"]);
    expect(actions).toEqual(Array(4).fill("FORBIDDEN"));
    // Nothing was changed by the refused calls.
    const [row] = await platform.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.status).toBe("queued");
  });
});
