import { createContentInput, updateContentInput } from "@litverse/shared/content-inputs";
import { presetRange } from "@litverse/shared/day-range";
import { describe, expect, it } from "vitest";
import { dataFieldErrors, formErrorOf } from "../../lib/form-errors.ts";
import { checkUploadSize, formatBytes, MAX_FILE_BYTES } from "../../lib/uploads.ts";
import { MAX_PRICE_COINS, nextHour, parsePrice, toLocalInput } from "./episode-values.ts";
import { rangeProblem } from "./metrics-range.ts";

const id = "00000000-0000-4000-8000-000000000000";

describe("parsePrice", () => {
  it("takes whole numbers of coins within the limit", () => {
    expect(parsePrice("0")).toBe(0);
    expect(parsePrice(" 15 ")).toBe(15);
    expect(parsePrice(String(MAX_PRICE_COINS))).toBe(MAX_PRICE_COINS);
  });
  it("refuses anything else", () => {
    for (const text of ["", "-1", "1.5", "abc", "1e3", String(MAX_PRICE_COINS + 1)]) {
      expect(parsePrice(text)).toBeNull();
    }
  });
});

describe("release times", () => {
  it("writes a local date and time as a datetime-local field holds it", () => {
    expect(toLocalInput(new Date(2026, 2, 5, 9, 7))).toBe("2026-03-05T09:07");
    // And reads back as the same moment.
    expect(new Date(toLocalInput(new Date(2026, 11, 31, 23, 59))).getTime()).toBe(
      new Date(2026, 11, 31, 23, 59).getTime(),
    );
  });
  it("proposes the next whole hour", () => {
    expect(toLocalInput(nextHour(new Date(2026, 2, 5, 9, 7, 30)))).toBe("2026-03-05T10:00");
    expect(toLocalInput(nextHour(new Date(2026, 2, 5, 23, 0)))).toBe("2026-03-06T00:00");
  });
});

describe("dataFieldErrors", () => {
  it("points at the field under data, as the shared schemas name it", () => {
    const parsed = updateContentInput.safeParse({ id, data: { title: "  ", ageRating: 12 } });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const errors = dataFieldErrors(parsed.error);
    expect(errors.title).toEqual(["A title is needed"]);
    expect(errors.ageRating).toEqual(["Age rating must be 13, 16 or 18"]);
  });
  it("keeps what concerns the whole form apart", () => {
    const parsed = createContentInput.safeParse({
      data: { contentType: "book", title: "A", author: "B" },
      x: 1,
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(Object.keys(dataFieldErrors(parsed.error))).toEqual(["form"]);
  });
  it("uses the server's nested message for the form, else the general one", () => {
    expect(formErrorOf({ data: ["Nothing to update"] }, "Some fields need attention.")).toBe(
      "Nothing to update",
    );
    expect(formErrorOf({}, "Could not save.")).toBe("Could not save.");
  });
});

describe("metrics ranges", () => {
  it("counts today in the preset's days", () => {
    const now = Date.UTC(2026, 2, 31, 12);
    expect(presetRange(7, now)).toEqual({ from: "2026-03-25", to: "2026-03-31" });
    expect(presetRange(30, now)).toEqual({ from: "2026-03-02", to: "2026-03-31" });
  });
  it("refuses what the server would", () => {
    expect(rangeProblem({ from: "2026-03-01", to: "2026-03-31" })).toBeNull();
    expect(rangeProblem({ from: "", to: "2026-03-31" })).toBe("Choose both days.");
    expect(rangeProblem({ from: "2026-04-01", to: "2026-03-31" })).toBe("The range ends before it starts.");
    expect(rangeProblem({ from: "2024-01-01", to: "2026-03-31" })).toBe("At most a year at a time.");
  });
});

describe("uploads", () => {
  const file = (name: string, size: number) => ({ name, size }) as File;
  it("writes sizes for people", () => {
    expect(formatBytes(225)).toBe("225 B");
    expect(formatBytes(116_807)).toBe("114 KB");
    expect(formatBytes(3_272_981)).toBe("3.1 MB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5.0 GB");
  });
  it("says which file is too large before sending anything", () => {
    expect(checkUploadSize([file("a.epub", 10)])).toBeNull();
    expect(checkUploadSize([file("big.mkv", MAX_FILE_BYTES + 1)])).toMatch(/^big\.mkv is larger than 4 GB/);
    expect(
      checkUploadSize([file("a.mkv", MAX_FILE_BYTES), file("b.mkv", MAX_FILE_BYTES), file("c.vtt", 1)]),
    ).toMatch(/more than 8 GB/);
  });
});
