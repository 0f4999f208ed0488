import { copyFile, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sniff } from "./detect.ts";
import { readImport } from "./read-import.ts";
import { buildEpub, buildZip, fixture, image, removeTempDirs, tempDir, upload, xhtml } from "./test-files.ts";
import type { ImportInput, ImportOptions } from "./types.ts";

afterAll(removeTempDirs);

async function attempt(inputs: ImportInput[], options: Partial<ImportOptions> = {}) {
  const stagingDir = await tempDir("lv-stage-");
  return readImport(inputs, { stagingDir, ...options });
}

async function files(...items: Array<[string, Buffer | string]>): Promise<ImportInput[]> {
  const dir = await tempDir();
  return Promise.all(items.map(([name, data]) => upload(dir, name, data)));
}

describe("sniff", () => {
  it.each([
    [Buffer.from("PK\x03\x04rest", "latin1"), { kind: "zip" }],
    [Buffer.from("\x00\x00\x00\x20ftypisom", "latin1"), { kind: "media", container: "mp4" }],
    [Buffer.from("\x00\x00\x00\x20ftypM4B ", "latin1"), { kind: "media", container: "mp4" }],
    [Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]), { kind: "media", container: "matroska" }],
    [Buffer.from("ID3\x04\x00", "latin1"), { kind: "media", container: "mp3" }],
    [Buffer.from([0xff, 0xfb, 0x90, 0x00]), { kind: "media", container: "mp3" }],
    [Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nHi"), { kind: "subtitle", format: "vtt" }],
    [Buffer.from("\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nHi"), { kind: "subtitle", format: "srt" }],
  ])("recognises %j", (head, expected) => {
    expect(sniff(head)).toEqual(expected);
  });

  it.each([
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), "a JPEG image"],
    [Buffer.from("\x89PNG\r\n", "latin1"), "a PNG image"],
    [Buffer.from("\x00\x00\x00\x1cftypavif", "latin1"), "an AVIF image"],
    [Buffer.from("Rar!\x1a\x07\x00", "latin1"), "a RAR archive"],
    [Buffer.from("%PDF-1.7", "latin1"), "a PDF document"],
    [Buffer.from("OggS\x00", "latin1"), "Ogg audio"],
    [Buffer.from("<!DOCTYPE html><html>"), "a web page"],
    [Buffer.from("just some words"), "a text file"],
    [Buffer.alloc(0), "an empty file"],
    [Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00]), "a file Litverse does not recognise"],
  ])("names what it refuses: %j", (head, what) => {
    expect(sniff(head)).toMatchObject({ kind: "other", what });
  });
});

describe("type detection", () => {
  it("judges by content: a JPEG named .epub is not an EPUB", async () => {
    const inputs = await files(["book.epub", await image(4, 4, "jpeg")]);
    await expect(attempt(inputs)).rejects.toThrow(
      "“book.epub” is not an EPUB: it is a JPEG image. A single image cannot be imported: put comic pages in a CBZ (ZIP) file.",
    );
  });

  it("judges by content: a text file named .mp4 is not a video", async () => {
    await expect(attempt(await files(["clip.mp4", "hello, I am text"]))).rejects.toThrow(
      "“clip.mp4” is not a video: it is a text file.",
    );
  });

  it("judges by content: a comic archive named .epub is a comic", async () => {
    const cbz = await buildZip([{ name: "1.png", data: await image(4, 4) }]);
    const title = await attempt(await files(["not-really.epub", cbz]));
    expect(title.contentType).toBe("comic");
  });

  it("judges by content: AAC audio named .mp4 is an audiobook", async () => {
    const audio = await readFile(fixture("audio/moby-dick-excerpt.m4b").path);
    const title = await attempt(await files(["excerpt.mp4", audio]));
    expect(title.contentType).toBe("audiobook");
  });

  it("explains that CBR and PDF are not supported yet", async () => {
    await expect(
      attempt(await files(["comic.cbr", Buffer.from("Rar!\x1a\x07\x00...", "latin1")])),
    ).rejects.toThrow(
      "“comic.cbr” is a RAR archive. CBR (RAR) comics are not supported yet: repack the pages as a CBZ (ZIP) file.",
    );
    await expect(
      attempt(await files(["comic.cbz", Buffer.from("Rar!\x1a\x07\x00...", "latin1")])),
    ).rejects.toThrow("“comic.cbz” is a RAR archive. CBR (RAR) comics are not supported yet");
    await expect(attempt(await files(["book.pdf", "%PDF-1.4 ..."]))).rejects.toThrow(
      "“book.pdf” is a PDF document. PDF files are not supported yet: convert a book to EPUB, or put comic pages in a CBZ (ZIP) file.",
    );
  });

  it("accepts subtitles only beside a video", async () => {
    await expect(
      attempt(await files(["ep1.en.vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n"])),
    ).rejects.toThrow("Subtitle files (.vtt, .srt) can only be imported together with their video.");
  });

  it("refuses files that do not make one title", async () => {
    const cbz = await buildZip([{ name: "1.png", data: await image(4, 4) }]);
    const audio = await readFile(fixture("audio/moby-dick-excerpt.m4b").path);
    await expect(attempt(await files(["a.cbz", cbz], ["b.m4b", audio]))).rejects.toThrow(
      "These files do not belong to one title: “a.cbz” is a comic archive, “b.m4b” is an audio file. Import each title separately.",
    );
    const epub = await buildEpub({ chapters: [{ file: "a.xhtml", html: xhtml("<p>x</p>") }] });
    await expect(attempt(await files(["a.epub", epub], ["b.epub", epub]))).rejects.toThrow(
      "An EPUB book is imported on its own: upload one EPUB file at a time.",
    );
  });

  it("refuses a ZIP with nothing it can import", async () => {
    const zip = await buildZip([{ name: "readme.txt", data: "hi" }]);
    await expect(attempt(await files(["stuff.zip", zip]))).rejects.toThrow(
      "“stuff.zip” is a ZIP archive, but it holds no EPUB book, comic pages (JPEG, PNG, WebP, AVIF, GIF) or audio files (M4B, M4A, MP3).",
    );
  });

  it("refuses a chosen type the files cannot be", async () => {
    const cbz = await buildZip([{ name: "1.png", data: await image(4, 4) }]);
    await expect(attempt(await files(["a.cbz", cbz]), { type: "drama" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        "These files cannot be imported as a drama: they are a comic archive (CBZ), which makes a comic. Choose “comic” or let Litverse detect the type.",
    });
    await expect(attempt([fixture("video/drama-ep1.mp4")], { type: "audiobook" })).rejects.toThrow(
      /cannot be imported as an audiobook: they are video, which makes a drama/,
    );
  });

  it("accepts a chosen type that matches", async () => {
    const title = await attempt([fixture("comics/page-blanche.cbz")], { type: "comic" });
    expect(title.contentType).toBe("comic");
  });

  it("keeps names out of paths: the upload's stored name does not matter", async () => {
    const dir = await tempDir();
    const stored = path.join(dir, "-rf");
    await copyFile(fixture("video/drama-ep1.mp4").path, stored);
    const title = await attempt([{ path: stored, name: "drama-ep1.mp4" }]);
    expect(title.contentType).toBe("drama");
  });
});
