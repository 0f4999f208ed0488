import { describe, expect, it } from "vitest";
import {
  changesLayout,
  DEFAULT_SETTINGS,
  marginPixels,
  parseSettings,
  resolveTheme,
  stepFontSize,
} from "./settings.ts";

describe("parseSettings", () => {
  it("gives the defaults for nothing, bad JSON and non-objects", () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings("{not json")).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings("[1,2]")).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings("42")).toEqual(DEFAULT_SETTINGS);
  });

  it("keeps valid stored values", () => {
    const stored = {
      font: "legible",
      fontSize: 130,
      lineHeight: 1.8,
      margin: "wide",
      theme: "sepia",
      mode: "scrolling",
      spreads: false,
      publisherStyles: false,
    };
    expect(parseSettings(JSON.stringify(stored))).toEqual(stored);
  });

  it("replaces unknown choices one by one and ignores extra keys", () => {
    const parsed = parseSettings({ font: "comic-sans", theme: "dark", mode: 3, spreads: "yes", extra: 1 });
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, theme: "dark" });
  });

  it("clamps sizes into range and onto their steps", () => {
    expect(parseSettings({ fontSize: 500 }).fontSize).toBe(200);
    expect(parseSettings({ fontSize: 10 }).fontSize).toBe(70);
    expect(parseSettings({ fontSize: 104 }).fontSize).toBe(100);
    expect(parseSettings({ fontSize: Number.NaN }).fontSize).toBe(100);
    expect(parseSettings({ lineHeight: 1.64 }).lineHeight).toBe(1.6);
    expect(parseSettings({ lineHeight: 9 }).lineHeight).toBe(2.2);
    expect(parseSettings({ lineHeight: "2" }).lineHeight).toBe(1.6);
  });
});

describe("settings helpers", () => {
  it("steps the font size within range", () => {
    expect(stepFontSize(100, 1)).toBe(110);
    expect(stepFontSize(200, 1)).toBe(200);
    expect(stepFontSize(70, -1)).toBe(70);
  });

  it("follows the app's theme only when asked to", () => {
    expect(resolveTheme("auto", true)).toBe("dark");
    expect(resolveTheme("auto", false)).toBe("light");
    expect(resolveTheme("sepia", true)).toBe("sepia");
  });

  it("knows which changes move the text", () => {
    expect(changesLayout(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, theme: "dark" })).toBe(false);
    expect(changesLayout(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, fontSize: 120 })).toBe(true);
    expect(changesLayout(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, mode: "scrolling" })).toBe(true);
  });

  it("keeps margins small on phones", () => {
    expect(marginPixels("normal", 390)).toBeLessThan(marginPixels("normal", 1280));
    expect(marginPixels("narrow", 1280)).toBeLessThan(marginPixels("wide", 1280));
  });
});
