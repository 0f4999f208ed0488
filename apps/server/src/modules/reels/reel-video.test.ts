// Reels' conversion on real files made with ffmpeg here: what phones and screen recorders write
// comes out as H.264 High / AAC in a fast-start MP4, upright, at a constant frame rate, within
// 1080×1920, with a poster; what is not a video, or too long, is refused with a reason.
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioOnly, type ClipKind, describeVideo, makeClip, notAVideo } from "../../test/reel-media.ts";
import { probeReel, reelSize, transcodeReel } from "./reel-video.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lv-reel-video-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function convert(input: string) {
  const out = await mkdtemp(path.join(dir, "out-"));
  const probed = await probeReel(input);
  const converted = await transcodeReel(input, probed, out);
  return { probed, converted, facts: await describeVideo(path.join(out, "video.mp4")), out };
}

describe("converting reels", () => {
  const cases: Array<[ClipKind, { width: number; height: number }]> = [
    ["h264", { width: 32, height: 18 }],
    ["hevc", { width: 32, height: 18 }],
    ["vp9-webm", { width: 32, height: 18 }],
    // Recorded 32×18 lying down, marked to be turned: shown (and converted) 18×32.
    ["rotated-mov", { width: 18, height: 32 }],
    ["vfr", { width: 32, height: 18 }],
  ];
  it.each(cases)(
    "%s becomes an upright H.264/AAC MP4 with fast start, a constant frame rate and a poster",
    async (kind, size) => {
      const { converted, facts, out } = await convert(makeClip(dir, kind));
      expect(facts).toMatchObject({
        videoCodec: "h264",
        profile: "High",
        pixelFormat: "yuv420p",
        audioCodec: "aac",
        ...size,
        rotation: 0,
        frameGaps: 1,
        isFastStart: true,
      });
      expect(converted).toMatchObject({ ...size, hasAudio: true, hasPoster: true });
      expect(Math.abs(converted.durationMs - 1000)).toBeLessThan(200);
      expect((await stat(path.join(out, "poster.jpg"))).size).toBeGreaterThan(0);
    },
  );

  it("brings a phone's large portrait video down to 1080×1920", async () => {
    const clip = makeClip(dir, "hevc", { width: 1200, height: 2134, seconds: 1 });
    const { facts } = await convert(clip);
    expect(facts).toMatchObject({ width: 1080, height: 1920, videoCodec: "h264", frameGaps: 1 });
  });

  it("keeps sizes within the box, even, and never enlarges", () => {
    expect(reelSize(2160, 3840)).toEqual({ width: 1080, height: 1920 });
    expect(reelSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(reelSize(720, 1280)).toEqual({ width: 720, height: 1280 });
    expect(reelSize(33, 17)).toEqual({ width: 34, height: 18 });
  });
});

describe("refusing", () => {
  it("a file that is not a video, or only sound", async () => {
    await expect(probeReel(await notAVideo(dir))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/not a video/),
    });
    await expect(probeReel(audioOnly(dir))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "That file has no moving pictures: it is not a video.",
    });
  });

  it("a video longer than 3 minutes, before converting anything", async () => {
    await expect(probeReel(makeClip(dir, "long", { width: 16, height: 16 }))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "That video is 3:02 long; reels are at most 3:00.",
    });
  });

  it("a recording that did not say its length, once converting finds it too long", async () => {
    const clip = makeClip(dir, "long-webm-no-length", { width: 16, height: 16 });
    const probed = await probeReel(clip);
    expect(probed.durationMs).toBeNull();
    const out = await mkdtemp(path.join(dir, "out-"));
    await expect(transcodeReel(clip, probed, out)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/longer than reels may be/),
    });
  });
});
