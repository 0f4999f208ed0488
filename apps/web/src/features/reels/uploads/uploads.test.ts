import { REEL_MAX_DURATION_MS, REEL_MAX_UPLOAD_BYTES } from "@litverse/shared/reels";
import { describe, expect, it } from "vitest";
import { parseDraft } from "./reel-draft.ts";
import { durationProblem, fileProblem, isVideoFile } from "./reel-file.ts";
import { describeUploadFailure, reelFingerprint, shouldRetry, uploadIdFromUrl } from "./reel-upload.ts";

const limits = { maxBytes: REEL_MAX_UPLOAD_BYTES, maxDurationMs: REEL_MAX_DURATION_MS };

describe("choosing a file", () => {
  it("takes videos by type, or by name when the browser gives no type", () => {
    expect(isVideoFile({ name: "clip.mov", type: "video/quicktime" })).toBe(true);
    expect(isVideoFile({ name: "clip.MOV", type: "" })).toBe(true);
    expect(isVideoFile({ name: "notes.txt", type: "text/plain" })).toBe(false);
    expect(isVideoFile({ name: "photo.jpg", type: "" })).toBe(false);
  });

  it("refuses what is not a video, is empty or is too large, in words", () => {
    expect(fileProblem({ name: "notes.txt", type: "text/plain", size: 10 }, limits)).toMatch(/not a video/);
    expect(fileProblem({ name: "a.mp4", type: "video/mp4", size: 0 }, limits)).toMatch(/empty/);
    expect(
      fileProblem({ name: "a.mp4", type: "video/mp4", size: REEL_MAX_UPLOAD_BYTES + 1 }, limits),
    ).toMatch(/at most 1\.0 GB/);
    expect(fileProblem({ name: "a.mp4", type: "video/mp4", size: REEL_MAX_UPLOAD_BYTES }, limits)).toBeNull();
  });

  it("refuses a video longer than 3 minutes, and lets an unknown length through to the server", () => {
    expect(durationProblem(REEL_MAX_DURATION_MS + 400, limits)).toBeNull();
    expect(durationProblem(200_000, limits)).toBe("This video is 3:20 long: a reel may be at most 3:00.");
    expect(durationProblem(null, limits)).toBeNull();
    expect(durationProblem(Number.NaN, limits)).toBeNull();
  });
});

/** A tus-js-client error with the server's answer. */
const failure = (status: number, body = "") => ({
  originalResponse: { getStatus: () => status, getBody: () => body, getHeader: () => undefined },
});

describe("a failed upload", () => {
  it("says what went wrong, and whether the same file can carry on", () => {
    expect(describeUploadFailure(failure(413, "Maximum size exceeded\n"), REEL_MAX_UPLOAD_BYTES)).toEqual({
      message: "Maximum size exceeded",
      canResume: false,
    });
    expect(describeUploadFailure(failure(413, "<html>"), REEL_MAX_UPLOAD_BYTES).message).toMatch(
      /at most 1\.0 GB/,
    );
    expect(describeUploadFailure(failure(0), REEL_MAX_UPLOAD_BYTES)).toMatchObject({ canResume: true });
    expect(describeUploadFailure(new Error("offline"), REEL_MAX_UPLOAD_BYTES)).toMatchObject({
      canResume: true,
    });
    expect(describeUploadFailure(failure(503), REEL_MAX_UPLOAD_BYTES)).toMatchObject({ canResume: true });
    expect(describeUploadFailure(failure(404), REEL_MAX_UPLOAD_BYTES)).toMatchObject({ canResume: false });
    expect(describeUploadFailure(failure(400, '{"message":"Bad metadata"}'), REEL_MAX_UPLOAD_BYTES)).toEqual({
      message: "Bad metadata",
      canResume: false,
    });
  });

  it("is retried on its own for the network and the server's trouble, not for a refusal", () => {
    expect(shouldRetry(failure(0) as never)).toBe(true);
    expect(shouldRetry(failure(502) as never)).toBe(true);
    expect(shouldRetry(failure(423) as never)).toBe(true);
    expect(shouldRetry(failure(413) as never)).toBe(false);
    expect(shouldRetry(failure(403) as never)).toBe(false);
  });
});

describe("an upload's names", () => {
  it("takes the id from the upload's address", () => {
    expect(uploadIdFromUrl("/api/reels/uploads/0123456789abcdef0123456789abcdef")).toBe(
      "0123456789abcdef0123456789abcdef",
    );
    expect(uploadIdFromUrl("http://127.0.0.1:3000/api/reels/uploads/abc/")).toBe("abc");
  });

  it("fingerprints the file for its person, so another account never resumes it", () => {
    const file = { name: "a.mp4", type: "video/mp4", size: 10, lastModified: 5 };
    expect(reelFingerprint("u1", file)).not.toBe(reelFingerprint("u2", file));
    expect(reelFingerprint("u1", file)).toBe(reelFingerprint("u1", { ...file }));
    expect(reelFingerprint("u1", file)).not.toBe(reelFingerprint("u1", { ...file, lastModified: 6 }));
  });
});

describe("the draft", () => {
  it("reads back what was kept", () => {
    const draft = {
      details: {
        caption: "Hi",
        visibility: "followers",
        link: { contentId: "c", title: "T", episodeId: "e" },
      },
      sent: { name: "a.mp4", size: 3, uploadId: "u" },
    };
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it("falls back to an empty draft for anything unreadable", () => {
    const empty = { details: { caption: "", visibility: "public", link: null }, sent: null };
    expect(parseDraft(null)).toEqual(empty);
    expect(parseDraft("{")).toEqual(empty);
    expect(
      parseDraft(JSON.stringify({ details: { visibility: "everyone", caption: 3 }, sent: { name: 1 } })),
    ).toEqual(empty);
  });
});
