import { existsSync } from "node:fs";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ImportJob } from "@litverse/shared/jobs";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../core/config.ts";
import { JobRunner } from "../../../core/jobs/job-queue.ts";
import { buildEpub, xhtml } from "../../../media/import/test-files.ts";
import { addChapters, createTitle, readerAged } from "../../../test/catalogue.ts";
import { mediaPath } from "../../../test/media-files.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../../test/test-platform.ts";
import { content, episodes } from "../../content/schema.ts";
import { importJobHandler } from "./imports.service.ts";

const FIXTURES = path.join(REPO_ROOT, "fixtures");
let platform: TestPlatform;
let admin: TestUser;
let runner: JobRunner;

beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(async () => {
  await platform.reset();
  admin = await createUser(platform, "admin");
  runner = new JobRunner(platform.deps, [importJobHandler(platform.deps)], {
    log: pino({ level: "silent" }),
    pollMs: 50,
  });
  runner.start();
});
afterEach(() => runner.stop());

async function upload(files: string[], owner: TestUser = admin) {
  return platform.deps.media.uploads.fromLocalFiles(owner.id, files);
}

async function finished(jobId: string, timeoutMs = 30_000): Promise<ImportJob> {
  const caller = callerFor(platform, admin);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await caller.imports.getImportJob({ jobId });
    if (job.status !== "queued" && job.status !== "running") return job;
    if (Date.now() > deadline) throw new Error(`import still ${job.status}: ${job.message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function storedFiles(): Promise<string[]> {
  const root = path.dirname(mediaPath(platform, "episodes/x"));
  return existsSync(root) ? readdir(root) : [];
}

describe("imports", () => {
  it("imports a book in the background, with live progress, as a published title a reader can open", async () => {
    const caller = callerFor(platform, admin);
    const files = await upload([path.join(FIXTURES, "books/wasteland.epub")]);
    const jobs = watchLiveRuns(platform, () => caller.imports.listImportJobs());
    await jobs.waitForRuns(1);
    const { jobId } = await caller.imports.startImport({ uploadId: files.id });
    const job = await finished(jobId);
    expect(job).toMatchObject({
      status: "succeeded",
      progress: 1,
      fileNames: ["wasteland.epub"],
      result: { title: "The Waste Land", episodeCount: 1 },
      createdByName: expect.any(String),
    });
    await jobs.settle(300);
    // The admin's list followed the job from queued to done.
    expect(jobs.runs).toBeGreaterThanOrEqual(3);
    expect(jobs.latest?.[0]?.status).toBe("succeeded");
    jobs.stop();

    const reader = callerFor(platform, await readerAged(platform, 18));
    const found = await reader.content.listContent({ query: "waste land" });
    expect(found.items.map((item) => item.title)).toEqual(["The Waste Land"]);
    const detail = await reader.content.getContent({ contentId: job.result?.contentId ?? "" });
    expect(detail).toMatchObject({
      author: "T.S. Eliot",
      episodeCount: 1,
      coverImage: expect.stringMatching(/^\/media\/covers\//),
    });
    const episode = await reader.content.getEpisode({ contentId: detail._id, number: 1 });
    expect(episode.payload.kind === "book" && episode.payload.html).toContain("April is the cruellest month");
    // The upload is used up.
    expect(await codeOf(caller.imports.startImport({ uploadId: files.id }))).toBe("NOT_FOUND");
  });

  it("adds episodes to an existing title, numbered after its last one", async () => {
    const caller = callerFor(platform, admin);
    const drama = await createTitle(platform, { contentType: "drama", title: "Harbour Nights" });
    const files = await upload([
      path.join(FIXTURES, "video/drama-ep1.mp4"),
      path.join(FIXTURES, "video/drama-ep1.en.vtt"),
    ]);
    const { jobId } = await caller.imports.startImport({ uploadId: files.id, contentId: drama.id });
    const job = await finished(jobId);
    expect(job.result).toMatchObject({ contentId: drama.id, title: "Harbour Nights", episodeCount: 1 });
    const detail = await caller.contentAdmin.getContent({ contentId: drama.id });
    expect(detail.episodes.map((episode) => [episode.number, episode.kind, episode.state])).toEqual([
      [1, "video", "published"],
    ]);

    // A book cannot go into a drama; the failure says why and leaves nothing behind.
    const before = await storedFiles();
    const book = await upload([path.join(FIXTURES, "books/wasteland.epub")]);
    const failed = await finished(
      (await caller.imports.startImport({ uploadId: book.id, contentId: drama.id })).jobId,
    );
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/make a book.*is a drama/);
    expect(await storedFiles()).toEqual(before);
    expect(await platform.deps.db.select().from(episodes)).toHaveLength(1);
  });

  it("keeps a new title as a draft when asked, and leaves nothing when the files are refused", async () => {
    const caller = callerFor(platform, admin);
    const comic = await upload([path.join(FIXTURES, "comics/page-blanche.cbz")]);
    const drafted = await finished(
      (await caller.imports.startImport({ uploadId: comic.id, publish: false })).jobId,
    );
    expect(drafted.status).toBe("succeeded");
    const detail = await caller.contentAdmin.getContent({ contentId: drafted.result?.contentId ?? "" });
    expect(detail.status).toBe("draft");
    expect(detail.episodes.every((episode) => episode.state === "draft")).toBe(true);

    const fake = path.join(await mkdtemp(path.join(os.tmpdir(), "litverse-fake-")), "not-a-book.epub");
    await writeFile(fake, "this is not a zip file");
    const bad = await upload([fake]);
    const titlesBefore = await platform.deps.db.select().from(content);
    const failed = await finished((await caller.imports.startImport({ uploadId: bad.id })).jobId);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBeTruthy();
    expect(failed.error).not.toMatch(/at |Error:|stack/);
    expect(await platform.deps.db.select().from(content)).toEqual(titlesBefore);
  });

  it("refuses another admin's upload, an unknown title, and callers who are not admins", async () => {
    const caller = callerFor(platform, admin);
    const other = await createUser(platform, "admin");
    const theirs = await upload([path.join(FIXTURES, "books/wasteland.epub")], other);
    expect(await codeOf(caller.imports.startImport({ uploadId: theirs.id }))).toBe("NOT_FOUND");
    const mine = await upload([path.join(FIXTURES, "books/wasteland.epub")]);
    expect(
      await codeOf(
        caller.imports.startImport({ uploadId: mine.id, contentId: "00000000-0000-4000-8000-000000000000" }),
      ),
    ).toBe("NOT_FOUND");
    const reader = callerFor(platform, await readerAged(platform, 18));
    expect(await codeOf(reader.imports.startImport({ uploadId: mine.id }))).toBe("FORBIDDEN");
    // biome-ignore lint/suspicious/noExplicitAny: invalid on purpose
    expect(await codeOf(caller.imports.startImport({ uploadId: mine.id, type: "podcast" } as any))).toBe(
      "BAD_REQUEST",
    );
  });

  it("cancels a queued import, and refuses to cancel a finished one", async () => {
    await runner.stop();
    const caller = callerFor(platform, admin);
    const files = await upload([path.join(FIXTURES, "books/wasteland.epub")]);
    const { jobId } = await caller.imports.startImport({ uploadId: files.id });
    await caller.imports.cancelImport({ jobId });
    expect((await caller.imports.getImportJob({ jobId })).status).toBe("cancelled");
    expect(await codeOf(caller.imports.cancelImport({ jobId }))).toBe("CONFLICT");
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await caller.imports.getImportJob({ jobId })).status).toBe("cancelled");
    expect(await platform.deps.db.select().from(content)).toEqual([]);
  });

  it("renumbers chapter links when a book's chapters are added after existing ones", async () => {
    const caller = callerFor(platform, admin);
    const book = await createTitle(platform, { title: "Collected" });
    await addChapters(platform, book.id, 2);
    const epub = path.join(await mkdtemp(path.join(os.tmpdir(), "litverse-linked-")), "linked.epub");
    await writeFile(
      epub,
      await buildEpub({
        chapters: [
          { file: "one.xhtml", html: xhtml('<h1>One</h1><p>On to <a href="two.xhtml#end">two</a>.</p>') },
          {
            file: "two.xhtml",
            html: xhtml('<h1>Two</h1><p id="end">Back to <a href="one.xhtml">one</a>.</p>'),
          },
        ],
      }),
    );
    const files = await upload([epub]);
    const job = await finished(
      (await caller.imports.startImport({ uploadId: files.id, contentId: book.id })).jobId,
    );
    expect(job.status).toBe("succeeded");
    const reader = callerFor(platform, await readerAged(platform, 18));
    const detail = await reader.content.getContent({ contentId: book.id });
    expect(detail.episodeCount).toBe(4);
    // The book's chapters link to each other; they now are episodes 3 and 4.
    const html = async (number: number) => {
      const episode = await reader.content.getEpisode({ contentId: book.id, number });
      return episode.payload.kind === "book" ? episode.payload.html : "";
    };
    expect(await html(3)).toContain('href="?episode=4#end"');
    expect(await html(4)).toContain('href="?episode=3"');
  });
});
