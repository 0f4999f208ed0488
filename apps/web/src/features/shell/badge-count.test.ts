import { describe, expect, it } from "vitest";
import { formatBadgeCount, menuButtonLabel } from "./badge-count.ts";

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

describe("menuButtonLabel", () => {
  it("names the menu with the count its badge shows", () => {
    expect(menuButtonLabel(0)).toBe("Open menu");
    expect(menuButtonLabel(3)).toBe("Open menu, 3 unread");
    expect(menuButtonLabel(250)).toBe("Open menu, 99+ unread");
  });
});
