import { describe, expect, it } from "vitest";
import { formatBadgeCount } from "./badge-count.ts";

describe("formatBadgeCount", () => {
  it("hides nothing-to-show, shows counts, caps at 99+", () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-3)).toBeNull();
    expect(formatBadgeCount(Number.NaN)).toBeNull();
    expect(formatBadgeCount(1)).toBe("1");
    expect(formatBadgeCount(99)).toBe("99");
    expect(formatBadgeCount(100)).toBe("99+");
    expect(formatBadgeCount(12_345)).toBe("99+");
  });
});
