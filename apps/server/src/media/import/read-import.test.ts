import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ImportContext } from "./context.ts";
import { DEFAULT_IMPORT_LIMITS, readImport } from "./read-import.ts";
import { buildEpub, fixture, removeTempDirs, tempDir, upload, xhtml } from "./test-files.ts";
import type { ImportProgress } from "./types.ts";

afterAll(removeTempDirs);

const GiB = 1024 ** 3;

describe("readImport", () => {
  it("has the agreed default limits", () => {
    expect(DEFAULT_IMPORT_LIMITS).toEqual({
      maxFileBytes: 4 * GiB,
      maxTotalBytes: 8 * GiB,
      maxZipEntries: 10_000,
      maxZipUncompressedBytes: 2 * GiB,
      maxCompressionRatio: 100,
      maxImagePixels: 50_000_000,
      maxEpisodes: 2_000,
      mediaToolTimeoutMs: 600_000,
    });
  });

  it("refuses files over the size limits before reading them", async () => {
    const stagingDir = await tempDir();
    const input = fixture("books/wasteland.epub");
    await expect(readImport([input], { stagingDir, limits: { maxFileBytes: 50_000 } })).rejects.toMatchObject(
      {
        code: "PAYLOAD_TOO_LARGE",
        message: "“wasteland.epub” is 99 KB, more than the 49 KB allowed for one file.",
      },
    );
    await expect(
      readImport([fixture("video/drama-ep1.mp4"), fixture("video/drama-ep1.en.vtt")], {
        stagingDir,
        limits: { maxTotalBytes: 100_000 },
      }),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "These files add up to 114 KB, more than the 98 KB allowed in one import.",
    });
  });

  it("refuses an empty import and missing files", async () => {
    const stagingDir = await tempDir();
    await expect(readImport([], { stagingDir })).rejects.toThrow("No files were given to import.");
    await expect(readImport([{ path: "/nonexistent/x", name: "x.epub" }], { stagingDir })).rejects.toThrow(
      "The uploaded file “x.epub” could not be found.",
    );
  });

  it("refuses more episodes than allowed", async () => {
    const dir = await tempDir();
    const epub = await buildEpub({
      chapters: [1, 2, 3].map((n) => ({ file: `c${n}.xhtml`, html: xhtml(`<p>${n}</p>`) })),
    });
    await expect(
      readImport([await upload(dir, "b.epub", epub)], {
        stagingDir: path.join(dir, "stage"),
        limits: { maxEpisodes: 2 },
      }),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "This import would make 3 episodes, more than the 2 allowed in one title.",
    });
  });

  it("reports progress that only moves forward and ends at 1, writing only inside the staging folder", async () => {
    const parent = await tempDir();
    const stagingDir = path.join(parent, "stage");
    const reports: ImportProgress[] = [];
    await readImport([fixture("audio/moby-dick-excerpt.m4b")], {
      stagingDir,
      onProgress: (progress) => reports.push(progress),
    });
    expect(reports.length).toBeGreaterThan(3);
    for (const [index, report] of reports.entries()) {
      expect(report.fraction).toBeGreaterThanOrEqual(reports[index - 1]?.fraction ?? 0);
      expect(report.message).not.toBe("");
    }
    expect(reports.at(-1)).toEqual({ fraction: 1, message: "Done" });
    expect(reports.map((report) => report.message)).toContain("Cutting chapter 2 of 3");
    expect(await readdir(parent)).toEqual(["stage"]);
    expect((await readdir(stagingDir)).sort()).toEqual(["cover.jpg", "episodes"]);
  });

  it("stops when aborted, killing ffmpeg", async () => {
    const stagingDir = await tempDir();
    const controller = new AbortController();
    const started = performance.now();
    const attempt = readImport([fixture("audio/moby-dick-excerpt.m4b")], {
      stagingDir,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.message.startsWith("Cutting chapter 2")) controller.abort();
      },
    });
    await expect(attempt).rejects.toMatchObject({ name: "AbortError" });
    expect(performance.now() - started).toBeLessThan(5_000);
    const already = new AbortController();
    already.abort();
    await expect(
      readImport([fixture("books/wasteland.epub")], { stagingDir, signal: already.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });

  it("stops a media tool that runs too long, with a plain message", async () => {
    const stagingDir = await tempDir();
    await expect(
      readImport([fixture("audio/moby-dick-excerpt.m4b")], { stagingDir, limits: { mediaToolTimeoutMs: 1 } }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Processing the file took longer than 1 second and was stopped.",
    });
  });
});

describe("ImportContext", () => {
  it("refuses output paths outside the staging folder", () => {
    const ctx = new ImportContext({ stagingDir: "/tmp/stage" });
    expect(ctx.outPath("episodes/0001/chapter.html")).toBe("/tmp/stage/episodes/0001/chapter.html");
    expect(() => ctx.outPath("../escape.txt")).toThrow(/outside its folder/);
    expect(() => ctx.outPath("/etc/passwd")).toThrow(/outside its folder/);
    expect(() => ctx.outPath("episodes/../../x")).toThrow(/outside its folder/);
    expect(() => ctx.outPath("")).toThrow(/outside its folder/);
  });

  it("maps a step's progress onto its share of the whole", () => {
    const reports: number[] = [];
    const ctx = new ImportContext({ stagingDir: "/tmp/stage", onProgress: (p) => reports.push(p.fraction) });
    const step = ctx.range(0.5, 1).range(0, 0.5);
    step.progress(0.5, "half of a quarter");
    step.progress(0.1, "going back is ignored");
    expect(reports).toEqual([0.625, 0.625]);
  });
});
