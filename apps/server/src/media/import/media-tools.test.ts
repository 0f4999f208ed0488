import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.ts";
import { MediaToolError, mediaFailure, normaliseLanguage, runTool } from "./media-tools.ts";
import { naturalCompare, titleFromFileName } from "./natural-sort.ts";

/** An ffmpeg run that would take ten minutes in real time. */
const SLOW = ["-hide_banner", "-re", "-f", "lavfi", "-i", "sine=duration=600", "-f", "null", "-"];

describe("runTool", () => {
  it("kills the tool when the import is aborted", async () => {
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 200);
    await expect(
      runTool("ffmpeg", SLOW, { timeoutMs: 60_000, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("kills the tool after its time limit", async () => {
    await expect(runTool("ffmpeg", SLOW, { timeoutMs: 300, signal: undefined })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Processing the file took longer than 1 second and was stopped.",
    });
  });

  it("turns a failure into a plain message with a short reason, without paths", async () => {
    const error = await runTool("ffprobe", ["-v", "error", "/nonexistent/secret/upload-123"], {
      timeoutMs: 10_000,
      signal: undefined,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaToolError);
    const failure = mediaFailure(error, "The file could not be read");
    expect(failure).toBeInstanceOf(AppError);
    expect(failure.message).toMatch(/^The file could not be read \(.*No such file or directory\)$/);
    expect(failure.message).not.toContain("secret");
  });
});

describe("helpers", () => {
  it("normalises language tags from media files", () => {
    expect(normaliseLanguage("eng")).toBe("en");
    expect(normaliseLanguage("fre")).toBe("fr");
    expect(normaliseLanguage("en_us")).toBe("en-US");
    expect(normaliseLanguage("zh-hant-tw")).toBe("zh-Hant-TW");
    expect(normaliseLanguage("und")).toBeNull();
    expect(normaliseLanguage("English")).toBeNull();
    expect(normaliseLanguage("")).toBeNull();
  });

  it("sorts names naturally", () => {
    expect(["page10", "Page2", "page1", "page3.png"].sort(naturalCompare)).toEqual([
      "page1",
      "Page2",
      "page3.png",
      "page10",
    ]);
  });

  it("makes titles from file names", () => {
    expect(titleFromFileName("drama-ep1.mp4")).toBe("Drama");
    expect(titleFromFileName("the_long_road_part_2.m4b")).toBe("The long road");
    expect(titleFromFileName("Spider-Man 2.cbz")).toBe("Spider-Man");
    expect(titleFromFileName("moby-dick.epub")).toBe("Moby dick");
    expect(titleFromFileName("12.mp3")).toBe("12");
  });
});
