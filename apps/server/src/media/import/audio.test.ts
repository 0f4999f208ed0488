import { access, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe } from "./media-tools.ts";
import { readImport } from "./read-import.ts";
import { buildZip, ffmpeg, fixture, image, removeTempDirs, tempDir, upload } from "./test-files.ts";
import type { ImportedTitle, ImportInput } from "./types.ts";

afterAll(removeTempDirs);

const run = { timeoutMs: 30_000, signal: undefined };

async function importInto(inputs: ImportInput[]) {
  const stagingDir = await tempDir("lv-stage-");
  return { title: await readImport(inputs, { stagingDir }), stagingDir };
}

function audioPayloads(title: ImportedTitle) {
  return title.episodes.map((episode) => {
    if (episode.payload.kind !== "audio") throw new Error("not audio");
    return episode.payload;
  });
}

/** One second of tone, tagged. */
function tone(file: string, codec: string[], tags: Record<string, string> = {}, seconds = 1): void {
  const metadata = Object.entries(tags).flatMap(([key, value]) => ["-metadata", `${key}=${value}`]);
  ffmpeg(["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, ...codec, ...metadata, file]);
}

let dir: string;
beforeAll(async () => {
  dir = await tempDir();
});

describe("audio import", () => {
  it("cuts the M4B fixture into one episode per chapter, with its cover", async () => {
    const { title, stagingDir } = await importInto([fixture("audio/moby-dick-excerpt.m4b")]);
    expect(title).toMatchObject({
      contentType: "audiobook",
      title: "Moby-Dick",
      author: "Herman Melville",
      description: "Synthetic narration (espeak-ng) of public-domain text",
      genres: [],
      coverPath: "cover.jpg",
    });
    expect(title.episodes.map((episode) => episode.title)).toEqual([
      "Chapter 1. Loomings.",
      "Chapter 2. The Carpet-Bag.",
      "Chapter 3. The Spouter-Inn.",
    ]);
    const payloads = audioPayloads(title);
    const total = payloads.reduce((sum, payload) => sum + payload.durationMs, 0);
    expect(Math.abs(total - 120_000)).toBeLessThanOrEqual(2_000);
    for (const [index, payload] of payloads.entries()) {
      expect(payload).toMatchObject({
        kind: "audio",
        file: "audio.m4a",
        mimeType: "audio/mp4",
        chapters: [],
      });
      expect(payload.durationMs).toBeGreaterThan(30_000);
      const probed = await probe(path.join(stagingDir, title.episodes[index]?.dir ?? "", payload.file), run);
      expect(probed.streams.map((stream) => stream.codec_name)).toEqual(["aac"]);
    }
    expect((await sharp(path.join(stagingDir, "cover.jpg")).metadata()).format).toBe("jpeg");
  });

  it("makes one episode per MP3 file, track numbers first, titled by tag or name", async () => {
    const mp3 = ["-c:a", "libmp3lame", "-b:a", "32k"];
    tone(path.join(dir, "b.mp3"), mp3, { track: "1", title: "Opening", album: "Tones", artist: "Sine Wave" });
    tone(path.join(dir, "a.mp3"), mp3, { track: "2/3", album: "Tones" });
    tone(path.join(dir, "c.mp3"), mp3, {});
    const inputs = ["c.mp3", "a.mp3", "b.mp3"].map((name) => ({
      path: path.join(dir, name),
      name: `part ${name}`,
    }));
    const { title } = await importInto(inputs);
    expect(title).toMatchObject({ title: "Tones", author: "Sine Wave", coverPath: null });
    expect(title.episodes.map((episode) => episode.title)).toEqual(["Opening", "part a", "part c"]);
    for (const payload of audioPayloads(title)) {
      expect(payload).toMatchObject({ file: "audio.mp3", mimeType: "audio/mpeg", chapters: [] });
      expect(Math.abs(payload.durationMs - 1000)).toBeLessThan(150);
    }
  });

  it("imports a ZIP of audio files in natural order, with the cover beside them", async () => {
    const aac = ["-c:a", "aac", "-b:a", "32k", "-f", "mp4"];
    tone(path.join(dir, "z1.m4a"), aac);
    tone(path.join(dir, "z2.m4a"), aac, {}, 2);
    const zip = await buildZip([
      { name: "Book/10 End.m4a", data: await readFile(path.join(dir, "z1.m4a")) },
      { name: "Book/2 Middle.m4a", data: await readFile(path.join(dir, "z2.m4a")) },
      { name: "Book/cover.png", data: await image(30, 30) },
      { name: "__MACOSX/Book/._2 Middle.m4a", data: "junk" },
    ]);
    const { title, stagingDir } = await importInto([await upload(dir, "the_long_road.zip", zip)]);
    expect(title).toMatchObject({ title: "The long road", author: "Unknown", coverPath: "cover.png" });
    expect(title.episodes.map((episode) => episode.title)).toEqual(["2 Middle", "10 End"]);
    expect(audioPayloads(title).map((payload) => Math.round(payload.durationMs / 1000))).toEqual([2, 1]);
    await access(path.join(stagingDir, "cover.png"));
    // The work folder used for unpacking is gone.
    await expect(access(path.join(stagingDir, ".work"))).rejects.toThrow();
  });

  it("refuses a ZIP entry named like audio that is something else (a playlist ffmpeg would follow)", async () => {
    const playlist = "#EXTM3U\n#EXTINF:1,\nfile:/etc/hostname\n#EXT-X-ENDLIST\n";
    const zip = await buildZip([{ name: "01.mp3", data: playlist }]);
    await expect(importInto([await upload(dir, "book.zip", zip)])).rejects.toThrow(
      "“01.mp3” in “book.zip” is not an audio file: it is a text file.",
    );
  });

  it("converts audio browsers may not play to AAC, keeping a file without chapters whole", async () => {
    tone(path.join(dir, "talk.mka"), ["-c:a", "libopus", "-b:a", "24k"], { title: "A Talk" }, 2);
    const { title, stagingDir } = await importInto([{ path: path.join(dir, "talk.mka"), name: "talk.mka" }]);
    expect(title.title).toBe("A Talk");
    const [payload] = audioPayloads(title);
    expect(payload).toMatchObject({ file: "audio.m4a", mimeType: "audio/mp4", chapters: [] });
    const probed = await probe(path.join(stagingDir, "episodes/0001/audio.m4a"), run);
    expect(probed.streams[0]?.codec_name).toBe("aac");
  });
});
