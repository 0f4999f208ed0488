import { listJobsInput } from "@litverse/shared/admin-tools-inputs";
import { describe, expect, it } from "vitest";
import {
  cancelExplanation,
  formatBytes,
  formatTook,
  jobFiltersOf,
  jobTiming,
  KIND_FILTER_ITEMS,
  progressText,
  retryExplanation,
  violationsByRule,
} from "./operations-values.ts";

describe("the jobs' filters", () => {
  it("send only what is chosen, in a form the server accepts", () => {
    expect(jobFiltersOf("all", "all")).toEqual({});
    expect(jobFiltersOf("reel", "failed")).toEqual({ kind: "reel", status: "failed" });
    expect(listJobsInput.safeParse(jobFiltersOf("broadcast", "all")).success).toBe(true);
    expect(KIND_FILTER_ITEMS.map((item) => item.label)).toEqual([
      "All kinds",
      "Import",
      "Reel conversion",
      "Announcement send",
    ]);
  });
});

describe("a job in words", () => {
  const at = (time: string) => `2026-03-05T${time}:00.000Z`;
  it("says when it was queued, started and finished, and how long it ran", () => {
    expect(
      jobTiming({ status: "queued", createdAt: at("15:04"), startedAt: null, finishedAt: null }, "UTC"),
    ).toBe("Queued Mar 5, 2026, 3:04 PM");
    expect(
      jobTiming(
        { status: "cancelled", createdAt: at("15:04"), startedAt: null, finishedAt: at("15:05") },
        "UTC",
      ),
    ).toBe("Queued Mar 5, 2026, 3:04 PM · cancelled before it started");
    expect(
      jobTiming(
        { status: "running", createdAt: at("15:04"), startedAt: at("15:05"), finishedAt: null },
        "UTC",
      ),
    ).toBe("Started Mar 5, 2026, 3:05 PM");
    expect(
      jobTiming(
        { status: "succeeded", createdAt: at("15:04"), startedAt: at("15:05"), finishedAt: at("15:07") },
        "UTC",
      ),
    ).toBe("Started Mar 5, 2026, 3:05 PM · finished Mar 5, 2026, 3:07 PM (2 min)");
  });

  it("says what a running job is doing and how far it is", () => {
    expect(progressText({ status: "queued", message: "Waiting to start", progress: 0 })).toBe(
      "Waiting to start",
    );
    expect(progressText({ status: "running", message: "Reading chapter 3", progress: 0.456 })).toBe(
      "Reading chapter 3 · 46%",
    );
  });

  it("says what cancel and retry do for each kind", () => {
    expect(cancelExplanation({ kind: "import", status: "queued" })).toMatch(/can still be retried/);
    expect(cancelExplanation({ kind: "import", status: "running" })).toMatch(/cannot be retried/);
    expect(cancelExplanation({ kind: "broadcast", status: "running" })).toMatch(
      /a retry sends it to the rest/,
    );
    expect(retryExplanation({ kind: "reel", kindLabel: "Reel conversion" })).toMatch(
      /^A new reel conversion with the same input is queued.*goes back to processing/,
    );
    expect(retryExplanation({ kind: "mystery", kindLabel: "mystery" })).toMatch(/^A new mystery/);
  });
});

describe("sizes and times", () => {
  it("reads bytes as file managers do", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(1_000)).toBe("1,000 bytes");
    expect(formatBytes(1_536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatBytes(3.25 * 1024 ** 3)).toBe("3.3 GB");
  });
  it("reads durations from milliseconds to minutes", () => {
    expect(formatTook(4)).toBe("4 ms");
    expect(formatTook(1_234)).toBe("1.2 s");
    expect(formatTook(42_000)).toBe("42 s");
    expect(formatTook(125_000)).toBe("2 min 5 s");
  });
});

describe("a ledger report", () => {
  it("groups the violations by rule, in the order found", () => {
    expect(
      violationsByRule([
        { rule: "no wallet goes negative", detail: "a" },
        { rule: "all postings sum to zero", detail: "b" },
        { rule: "no wallet goes negative", detail: "c" },
      ]),
    ).toEqual([
      { rule: "no wallet goes negative", details: ["a", "c"] },
      { rule: "all postings sum to zero", details: ["b"] },
    ]);
  });
});
