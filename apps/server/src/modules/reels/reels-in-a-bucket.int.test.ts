// Reels with media in a bucket (S3rver, started here): the resumable upload goes to the bucket (the
// tus S3 store), the original waits there, the conversion reads it back and stores the reel's
// files there, and nothing stays on this machine's disk.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClip } from "../../test/reel-media.ts";
import {
  personWithToken,
  reelRunner,
  sendBytes,
  startUpload,
  uploadIdOf,
  uploadOffset,
} from "../../test/reels.ts";
import { startTestS3Server, type TestS3Server } from "../../test/s3-server.ts";
import { callerFor, openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let s3: TestS3Server;
let platform: TestPlatform;
let server: TestServer;
let clips: string;

beforeAll(async () => {
  s3 = await startTestS3Server();
  platform = await openTestPlatform({ env: s3.env() });
  server = await startTestServer(platform, { reelUploadMaxBytes: 16 * 1024 * 1024 });
  clips = await mkdtemp(path.join(os.tmpdir(), "lv-bucket-reels-"));
});
afterAll(async () => {
  await server?.close();
  await platform?.dispose();
  await s3?.close();
  if (clips) await rm(clips, { recursive: true, force: true });
});

describe("reels with media in a bucket", () => {
  it("are uploaded in pieces to the bucket, converted from it, and kept in it", async () => {
    const runner = reelRunner(platform);
    try {
      const creator = await personWithToken(platform);
      const bytes = await readFile(makeClip(clips, "h264"));
      const { url } = await startUpload(server.url, creator.token, bytes.length);
      if (!url) throw new Error("no upload");
      const half = Math.floor(bytes.length / 2);
      expect((await sendBytes(url, creator.token, 0, bytes.subarray(0, half))).status).toBe(204);
      // Where it got to is the bucket's answer, whichever process asks.
      const head = await uploadOffset(url, creator.token);
      expect(head.headers.get("upload-offset")).toBe(String(half));
      expect((await sendBytes(url, creator.token, half, bytes.subarray(half))).status).toBe(204);

      const reels = callerFor(platform, creator).reels;
      const { reelId } = await reels.createReel({ uploadId: uploadIdOf(url), caption: "From the bucket" });
      await expect
        .poll(async () => (await reels.listMyReels()).find((reel) => reel.id === reelId)?.status, {
          timeout: 30_000,
        })
        .toBe("published");

      const stored: string[] = [];
      for await (const file of platform.deps.media.storage.list(`reels/${reelId}`)) stored.push(file.key);
      expect(stored).toContain(`reels/${reelId}/video.mp4`);
      // The upload and the original are gone from the bucket, and nothing is on this machine's disk.
      expect(await platform.deps.media.reelUploads.hasSource(reelId)).toBe(false);
      expect(await platform.deps.media.reelUploads.usage()).toMatchObject({
        uploads: { items: 0 },
        sources: { items: 0 },
      });
      const left = await readdir(platform.config.dataDir, { recursive: true, withFileTypes: true });
      expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
    } finally {
      await runner.stop();
    }
  });
});
