import { describe, expect, it } from "vitest";
import { isStandalone } from "./installed-app.ts";

describe("isStandalone", () => {
  const media = (standalone: boolean) => (query: string) => ({
    matches: standalone && query === "(display-mode: standalone)",
  });

  it("is true in an installed app's window, or from the iOS home screen", () => {
    expect(isStandalone({}, media(true))).toBe(true);
    expect(isStandalone({ standalone: true }, media(false))).toBe(true);
  });

  it("is false in a browser tab, including where matchMedia is missing", () => {
    expect(isStandalone({}, media(false))).toBe(false);
    expect(isStandalone({ standalone: false }, media(false))).toBe(false);
    expect(isStandalone({}, undefined)).toBe(false);
  });
});
