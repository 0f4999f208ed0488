import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe } from "./media-tools.ts";
import { readImport } from "./read-import.ts";
import { ffmpeg, fixture, removeTempDirs, tempDir } from "./test-files.ts";
import type { ImportedTitle, ImportInput, ImportProgress } from "./types.ts";

afterAll(removeTempDirs);

const run = { timeoutMs: 30_000, signal: undefined };

async function importInto(inputs: ImportInput[], onProgress?: (progress: ImportProgress) => void) {
  const stagingDir = await tempDir("lv-stage-");
  return {
    title: await readImport(inputs, { stagingDir, ...(onProgress ? { onProgress } : {}) }),
    stagingDir,
  };
}

function videoPayload(title: ImportedTitle, index = 0) {
  const payload = title.episodes[index]?.payload;
  if (payload?.kind !== "video") throw new Error("not a video episode");
  return payload;
}

/** moov (the index) before mdat (the data): the browser can start playing before the end arrives. */
async function hasFastStart(file: string): Promise<boolean> {
  const bytes = await readFile(file);
  const moov = bytes.indexOf("moov");
  const mdat = bytes.indexOf("mdat");
  return moov !== -1 && mdat !== -1 && moov < mdat;
}

let dir: string;
beforeAll(async () => {
  dir = await tempDir();
});

describe("video import", () => {
  it("imports the drama fixture with its English subtitles", async () => {
    const { title, stagingDir } = await importInto([
      fixture("video/drama-ep1.en.vtt"),
      fixture("video/drama-ep1.mp4"),
    ]);
    expect(title).toMatchObject({
      contentType: "drama",
      title: "The Harbour",
      author: "Unknown",
      coverPath: "cover.jpg",
      warnings: [],
    });
    expect(title.episodes.map((episode) => episode.title)).toEqual(["The Harbour (Episode 1)"]);
    const payload = videoPayload(title);
    expect(payload).toEqual({
      kind: "video",
      file: "video.mp4",
      poster: "poster.jpg",
      durationMs: 8000,
      width: 540,
      height: 960,
      subtitles: [{ file: "subtitles/en.vtt", language: "en", label: "English" }],
    });
    const episodeDir = path.join(stagingDir, "episodes/0001");
    const probed = await probe(path.join(episodeDir, "video.mp4"), run);
    expect(probed.streams.map((stream) => stream.codec_name)).toEqual(["h264", "aac"]);
    expect(await hasFastStart(path.join(episodeDir, "video.mp4"))).toBe(true);
    expect((await sharp(path.join(episodeDir, "poster.jpg")).metadata()).format).toBe("jpeg");
    const vtt = await readFile(path.join(episodeDir, "subtitles/en.vtt"), "utf8");
    expect(vtt.startsWith("WEBVTT")).toBe(true);
    expect(vtt).toContain("Ishmael stood at the edge of the harbour.");
  });

  it("converts other codecs to H.264/AAC with progress, SRT and embedded subtitles to WebVTT", async () => {
    const srt = path.join(dir, "sub.srt");
    await writeFile(srt, "1\n00:00:00,000 --> 00:00:00,800\n¡Hola!\n");
    const mkv = path.join(dir, "clip.mkv");
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=65x49:rate=10:duration=1",
      "-f",
      "lavfi",
      "-i",
      "sine=duration=1",
      "-i",
      srt,
      "-map",
      "0",
      "-map",
      "1",
      "-map",
      "2",
      "-c:v",
      "mpeg4",
      "-c:a",
      "libmp3lame",
      "-c:s",
      "srt",
      "-metadata:s:s:0",
      "language=spa",
      mkv,
    ]);
    const companion = path.join(dir, "clip.fr.srt");
    await writeFile(
      companion,
      Buffer.from("1\r\n00:00:00,100 --> 00:00:00,900\r\nBonjour, ça va ?\r\n\r\n", "latin1"),
    );
    const messages: string[] = [];
    const { title, stagingDir } = await importInto(
      [
        { path: mkv, name: "clip.mkv" },
        { path: companion, name: "clip.fr.srt" },
      ],
      (progress) => messages.push(progress.message),
    );
    expect(title.title).toBe("Clip");
    const payload = videoPayload(title);
    expect(payload).toMatchObject({ width: 64, height: 48, poster: "poster.jpg" });
    expect(Math.abs(payload.durationMs - 1000)).toBeLessThan(150);
    expect(payload.subtitles).toEqual([
      { file: "subtitles/fr.vtt", language: "fr", label: "Français" },
      { file: "subtitles/es.vtt", language: "es", label: "Español" },
    ]);
    const episodeDir = path.join(stagingDir, "episodes/0001");
    const probed = await probe(path.join(episodeDir, "video.mp4"), run);
    expect(probed.streams.map((stream) => stream.codec_name)).toEqual(["h264", "aac"]);
    expect(probed.streams[0]?.pix_fmt).toBe("yuv420p");
    expect(await hasFastStart(path.join(episodeDir, "video.mp4"))).toBe(true);
    expect(await readFile(path.join(episodeDir, "subtitles/fr.vtt"), "utf8")).toBe(
      "WEBVTT\n\n00:00:00.100 --> 00:00:00.900\nBonjour, ça va ?\n",
    );
    expect(await readFile(path.join(episodeDir, "subtitles/es.vtt"), "utf8")).toMatch(/^WEBVTT[\s\S]*¡Hola!/);
    expect(messages.some((message) => /^Converting “clip\.mkv”/.test(message))).toBe(true);
  });

  it("makes one drama of several videos, in natural order", async () => {
    for (const name of ["drama-ep2.mp4", "drama-ep10.mp4"]) {
      ffmpeg([
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=32x32:rate=5:duration=0.6",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        "-preset",
        "ultrafast",
        path.join(dir, name),
      ]);
    }
    const { title, stagingDir } = await importInto([
      { path: path.join(dir, "drama-ep10.mp4"), name: "drama-ep10.mp4" },
      { path: path.join(dir, "drama-ep2.mp4"), name: "drama-ep2.mp4" },
    ]);
    expect(title.title).toBe("Drama");
    expect(title.episodes.map((episode) => [episode.title, episode.dir])).toEqual([
      ["Episode 1", "episodes/0001"],
      ["Episode 2", "episodes/0002"],
    ]);
    // Copied as it was: H.264 without sound.
    const probed = await probe(path.join(stagingDir, "episodes/0002/video.mp4"), run);
    expect(probed.streams.map((stream) => stream.codec_name)).toEqual(["h264"]);
    await access(path.join(stagingDir, "episodes/0002/poster.jpg"));
  });

  it("refuses subtitles that match none of several videos", async () => {
    const vtt = path.join(dir, "other.en.vtt");
    await writeFile(vtt, "WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n");
    await expect(
      importInto([
        { path: path.join(dir, "drama-ep2.mp4"), name: "drama-ep2.mp4" },
        { path: path.join(dir, "drama-ep10.mp4"), name: "drama-ep10.mp4" },
        { path: vtt, name: "other.en.vtt" },
      ]),
    ).rejects.toThrow(/The subtitles “other\.en\.vtt” do not match any video: name them after their video/);
  });

  it("refuses damaged subtitles with the reason", async () => {
    const vtt = path.join(dir, "drama-ep2.en.vtt");
    await writeFile(vtt, "WEBVTT\n\n00:00.000 --> soon\nHi\n");
    await expect(
      importInto([
        { path: path.join(dir, "drama-ep2.mp4"), name: "drama-ep2.mp4" },
        { path: vtt, name: "drama-ep2.en.vtt" },
      ]),
    ).rejects.toThrow(/The subtitles “drama-ep2\.en\.vtt” could not be read: a cue has no valid times/);
  });
});
