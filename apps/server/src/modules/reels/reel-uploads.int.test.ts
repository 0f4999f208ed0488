// Reels from upload to feed through the real server: resumable uploads (tus) that belong to their
// sender, survive a dropped connection and are capped in size; the conversion in the background,
// followed live in My Reels; review when the settings ask for it; and refusals that leave nothing
// behind.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type MyReel, REEL_MAX_UPLOAD_BYTES } from "@litverse/shared/reels";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { jobs } from "../../core/db/schema.ts";
import type { JobRunner } from "../../core/jobs/job-queue.ts";
import { mediaPath, mediaPathOf } from "../../test/media-files.ts";
import { audioOnly, describeVideo, makeClip, notAVideo } from "../../test/reel-media.ts";
import {
  personWithToken,
  reelRunner,
  sendBytes,
  startUpload,
  uploadIdOf,
  uploadOffset,
  uploadReelFile,
} from "../../test/reels.ts";
import {
  callerFor,
  codeOf,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { accessToken } from "../../test/tokens.ts";
import { listMyReels } from "./my-reels.service.ts";
import { failStrandedReels, REEL_JOB_KIND } from "./reel-processing.ts";
import { runReelsUpkeep } from "./reels-upkeep.ts";
import { reels } from "./schema.ts";

const MAX_BYTES = 2 * 1024 * 1024;
let platform: TestPlatform;
let server: TestServer;
let clips: string;
let runner: JobRunner;

beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform, { reelUploadMaxBytes: MAX_BYTES });
  clips = await mkdtemp(path.join(os.tmpdir(), "lv-reel-clips-"));
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
  await rm(clips, { recursive: true, force: true });
});
// No reset between tests: it would replace the sign-in keys the server verifies tokens with. Each
// test has people of its own.
beforeEach(() => {
  runner = reelRunner(platform);
});
afterEach(() => runner.stop());

const reelsOf = (user: Parameters<typeof callerFor>[1]) => callerFor(platform, user).reels;
const uploadsDir = () => platform.deps.media.reelUploads.directory;
const reelFolder = (reelId: string) => mediaPath(platform, `reels/${reelId}`);

async function settled(user: Parameters<typeof callerFor>[1], reelId: string): Promise<MyReel> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reel = (await reelsOf(user).listMyReels()).find((item) => item.id === reelId);
    if (reel && reel.status !== "processing") return reel;
    if (Date.now() > deadline) throw new Error(`still ${reel?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether anything of these uploads is left in the upload folder. */
const isLeft = (...uploadIds: string[]) =>
  uploadIds.some(
    (id) => existsSync(path.join(uploadsDir(), id)) || existsSync(path.join(uploadsDir(), `${id}.json`)),
  );

describe("uploading", () => {
  it("goes up in pieces, resumes after a dropped connection, and is converted and published live", async () => {
    const creator = await personWithToken(platform);
    const bytes = await readFile(makeClip(clips, "rotated-mov"));
    const { response, url } = await startUpload(server.url, creator.token, bytes.length, "IMG_0042.MOV");
    expect(response.status).toBe(201);
    if (!url) throw new Error("no upload address");

    // The connection drops while the first half is on its way.
    const half = Math.floor(bytes.length / 2);
    const dropped = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, half));
      },
    });
    const patch = fetch(url, {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        authorization: `Bearer ${creator.token}`,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      body,
      duplex: "half",
      signal: dropped.signal,
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    dropped.abort();
    await patch.catch(() => {});

    // The client asks how far it got and sends the rest from there.
    let offset = 0;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const head = await uploadOffset(url, creator.token);
      offset = Number(head.headers.get("upload-offset"));
      if (head.status === 200 && offset > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    const rest = await sendBytes(url, creator.token, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(bytes.length));

    const mine = watchLiveRuns(platform, () => listMyReels(platform.deps, { ...creator, age: null }));
    await mine.waitForRuns(1);
    const { reelId } = await reelsOf(creator).createReel({
      uploadId: uploadIdOf(url),
      caption: "Night shift",
    });
    const reel = await settled(creator, reelId);
    expect(reel).toMatchObject({
      status: "published",
      caption: "Night shift",
      reason: null,
      width: 18,
      height: 32,
    });
    // The list followed it from processing to published by itself.
    await mine.settle(300);
    expect(mine.values.map((list) => list[0]?.status)).toContain("processing");
    expect(mine.latest?.[0]?.status).toBe("published");
    mine.stop();

    const facts = await describeVideo(path.join(reelFolder(reelId), "video.mp4"));
    expect(facts).toMatchObject({
      videoCodec: "h264",
      audioCodec: "aac",
      width: 18,
      height: 32,
      rotation: 0,
    });
    // The upload and the original are gone; the reel plays from its signed address.
    expect(isLeft(uploadIdOf(url))).toBe(false);
    expect(await platform.deps.media.reelUploads.hasSource(reelId)).toBe(false);
    const viewer = await personWithToken(platform);
    const [card] = (await reelsOf(viewer).listFeed({})).items;
    expect(card).toMatchObject({ id: reelId, width: 18, height: 32, hasAudio: true });
    const video = await fetch(`${server.url}${card?.videoUrl}`, { headers: { range: "bytes=0-99" } });
    expect(video.status).toBe(206);
    expect(video.headers.get("content-type")).toBe("video/mp4");
    const poster = await fetch(`${server.url}${card?.posterUrl}`);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
  });

  it("belongs to its sender: strangers, forged tokens and other people get nothing", async () => {
    const owner = await personWithToken(platform);
    const other = await personWithToken(platform);
    expect((await startUpload(server.url, null, 10)).response.status).toBe(401);
    const forged = await accessToken(platform, { subject: owner.identity.subject, forged: true });
    expect((await startUpload(server.url, forged, 10)).response.status).toBe(401);

    const bytes = await readFile(makeClip(clips, "h264"));
    const { url } = await startUpload(server.url, owner.token, bytes.length);
    if (!url) throw new Error("no upload address");
    expect((await uploadOffset(url, other.token)).status).toBe(404);
    expect((await sendBytes(url, other.token, 0, bytes)).status).toBe(404);
    expect(
      (
        await fetch(url, {
          method: "DELETE",
          headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${other.token}` },
        })
      ).status,
    ).toBe(404);
    expect((await sendBytes(url, owner.token, 0, bytes)).status).toBe(204);
    // Someone else cannot make a reel of it either; its sender can.
    expect(await codeOf(reelsOf(other).createReel({ uploadId: uploadIdOf(url) }))).toBe("NOT_FOUND");
    // Only administrators make official reels.
    expect(await codeOf(reelsOf(owner).createReel({ uploadId: uploadIdOf(url), official: true }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(reelsOf(owner).createReel({ uploadId: uploadIdOf(url) }))).toBe("OK");
  });

  it("refuses a file over the size limit before any byte is sent", async () => {
    const creator = await personWithToken(platform);
    const { response, url } = await startUpload(server.url, creator.token, MAX_BYTES + 1);
    expect(response.status).toBe(413);
    expect(url).toBeNull();
    expect(await readdir(uploadsDir()).catch(() => [])).not.toContain(
      expect.stringMatching(/^[0-9a-f]{32}$/),
    );
  });

  it("refuses a file that is not a video, or too long, at once, and leaves nothing behind", async () => {
    const creator = await personWithToken(platform);
    const cases: Array<[string, RegExp]> = [
      [await notAVideo(clips), /not a video/],
      [audioOnly(clips), /no moving pictures/],
      [makeClip(clips, "long", { width: 16, height: 16 }), /3:02 long; reels are at most 3:00/],
    ];
    const uploadIds: string[] = [];
    for (const [file, message] of cases) {
      const uploadId = await uploadReelFile(server.url, creator.token, file);
      uploadIds.push(uploadId);
      await expect(reelsOf(creator).createReel({ uploadId })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(message),
      });
      // The upload went with the refusal: no second try with it, no file left.
      expect(await codeOf(reelsOf(creator).createReel({ uploadId }))).toBe("NOT_FOUND");
    }
    expect(isLeft(...uploadIds)).toBe(false);
    expect(await platform.deps.db.select().from(reels).where(eq(reels.creatorId, creator.id))).toEqual([]);
  });

  it("refuses bad links, captions and inputs with a clear message, keeping the upload for another try", async () => {
    const creator = await personWithToken(platform);
    const uploadId = await uploadReelFile(server.url, creator.token, makeClip(clips, "h264"));
    const bad = [
      { uploadId: "not-an-upload" },
      { uploadId, caption: "x".repeat(501) },
      { uploadId, visibility: "friends" },
      { uploadId, link: { contentId: "nope" } },
    ];
    for (const input of bad) {
      expect(await codeOf(reelsOf(creator).createReel(input as never))).toBe("BAD_REQUEST");
    }
    expect(
      await codeOf(reelsOf(creator).createReel({ uploadId, link: { contentId: crypto.randomUUID() } })),
    ).toBe("NOT_FOUND");
    // Still there: a mistyped link costs no upload.
    expect(await codeOf(reelsOf(creator).createReel({ uploadId }))).toBe("OK");
  });
});

describe("processing", () => {
  it("a video whose length only the conversion finds too long fails with its reason and no files", async () => {
    const creator = await personWithToken(platform);
    const uploadId = await uploadReelFile(
      server.url,
      creator.token,
      makeClip(clips, "long-webm-no-length", { width: 16, height: 16 }),
    );
    const { reelId } = await reelsOf(creator).createReel({ uploadId });
    const reel = await settled(creator, reelId);
    expect(reel).toMatchObject({
      status: "failed",
      reason: "That video is longer than reels may be: at most 3:00.",
      videoUrl: null,
    });
    expect(existsSync(reelFolder(reelId))).toBe(false);
    expect(await platform.deps.media.reelUploads.hasSource(reelId)).toBe(false);
    await reelsOf(creator).deleteReel({ reelId });
    expect(await reelsOf(creator).listMyReels()).toEqual([]);
  });

  it("waits for review when the settings ask for it (administrators' reels never do), with captions", async () => {
    const admin = await personWithToken(platform, "admin");
    const creator = await personWithToken(platform);
    await reelsOf(admin).updateReelSettings({ requireReview: true });
    onTestFinished(async () => {
      await reelsOf(admin).updateReelSettings({ requireReview: false });
    });
    expect(await reelsOf(admin).getReelSettings()).toEqual({ requireReview: true });

    const srt = path.join(clips, "captions.srt");
    await writeFile(srt, "1\n00:00:00,000 --> 00:00:01,000\nHello there\n");
    const upload = await platform.deps.media.uploads.fromLocalFiles(creator.id, [srt]);
    const theirs = await reelsOf(creator).createReel({
      uploadId: await uploadReelFile(server.url, creator.token, makeClip(clips, "vp9-webm")),
      captionsUploadId: upload.id,
    });
    const official = await reelsOf(admin).createReel({
      uploadId: await uploadReelFile(server.url, admin.token, makeClip(clips, "hevc")),
      official: true,
    });
    expect((await settled(creator, theirs.reelId)).status).toBe("pending_review");
    expect(await settled(admin, official.reelId)).toMatchObject({ status: "published", isOfficial: true });
    expect(await readFile(path.join(reelFolder(theirs.reelId), "captions.vtt"), "utf8")).toMatch(
      /^WEBVTT[\s\S]*Hello there/,
    );

    // Not in anyone's feed until approved.
    const viewer = await personWithToken(platform);
    const shown = async () =>
      (await reelsOf(viewer).listFeed({})).items.filter((item) =>
        [official.reelId, theirs.reelId].includes(item.id),
      );
    expect((await shown()).map((item) => item.id)).toEqual([official.reelId]);
    await reelsOf(admin).approveReel({ reelId: theirs.reelId });
    const feed = await shown();
    expect(feed.map((item) => item.id).sort()).toEqual([official.reelId, theirs.reelId].sort());
    expect(feed.find((item) => item.id === theirs.reelId)?.captionsUrl).toMatch(/\/captions\.vtt$/);
  });

  it("deleting a reel takes its files; a reel stranded by a stopped conversion fails with a reason", async () => {
    const creator = await personWithToken(platform);
    const { reelId } = await reelsOf(creator).createReel({
      uploadId: await uploadReelFile(server.url, creator.token, makeClip(clips, "h264")),
    });
    await settled(creator, reelId);
    expect(existsSync(reelFolder(reelId))).toBe(true);
    await reelsOf(creator).deleteReel({ reelId });
    expect(existsSync(reelFolder(reelId))).toBe(false);
    expect(await codeOf(reelsOf(creator).deleteReel({ reelId }))).toBe("NOT_FOUND");

    // No server takes the next one, and the job is marked failed as a stopped server's would be.
    await runner.stop();
    const stranded = await reelsOf(creator).createReel({
      uploadId: await uploadReelFile(server.url, creator.token, makeClip(clips, "h264")),
    });
    await platform.deps.db
      .update(jobs)
      .set({ status: "failed", error: "stopped", finishedAt: new Date(Date.now() - 120_000) })
      .where(and(eq(jobs.kind, REEL_JOB_KIND), eq(jobs.status, "queued")));
    expect(await failStrandedReels(platform.deps)).toBe(1);
    const [mine] = await reelsOf(creator).listMyReels();
    expect(mine).toMatchObject({ status: "failed", reason: expect.stringMatching(/Upload the video again/) });
    expect(await platform.deps.media.reelUploads.hasSource(stranded.reelId)).toBe(false);
  });
});

describe("sweeping", () => {
  it("removes uploads nobody made a reel of within a day", async () => {
    const creator = await personWithToken(platform);
    const uploadId = await uploadReelFile(server.url, creator.token, makeClip(clips, "h264"));
    const store = platform.deps.media.reelUploads;
    expect(await store.sweep()).toBe(0);
    const info = path.join(store.directory, `${uploadId}.json`);
    const record = JSON.parse(await readFile(info, "utf8")) as { creation_date: string };
    record.creation_date = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await writeFile(info, JSON.stringify(record));
    const old = new Date(Date.now() - 25 * 3_600_000);
    await utimes(path.join(store.directory, uploadId), old, old);
    expect(await store.sweep()).toBe(1);
    expect(isLeft(uploadId)).toBe(false);
    expect(await codeOf(reelsOf(creator).createReel({ uploadId }))).toBe("NOT_FOUND");

    // An original no reel waits for (its process stopped before recording the reel) goes too.
    const orphan = crypto.randomUUID();
    await store.sources.writeFile(`${orphan}/source`, "bytes");
    await utimes(mediaPathOf(store.sources, `${orphan}/source`), old, old);
    await runReelsUpkeep(platform.deps);
    expect(await store.hasSource(orphan)).toBe(false);
  });
});

describe("the size every server keeps", () => {
  it("takes an upload of 1 GB and refuses one byte more before any byte is sent", async () => {
    // The other tests use a small limit; the real one is reached the same way, by the size an
    // upload announces, so no gigabyte is ever sent.
    const standard = await startTestServer(platform);
    onTestFinished(() => standard.close());
    const creator = await personWithToken(platform);
    const refused = await startUpload(standard.url, creator.token, REEL_MAX_UPLOAD_BYTES + 1);
    expect(refused.response.status).toBe(413);
    expect(refused.url).toBeNull();
    const taken = await startUpload(standard.url, creator.token, REEL_MAX_UPLOAD_BYTES);
    expect(taken.response.status).toBe(201);
    expect(REEL_MAX_UPLOAD_BYTES).toBe(1024 ** 3);
  });
});
