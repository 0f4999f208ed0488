// What counts as an invisible or direction-changing character in a name, and what is kept.
import { describe, expect, it } from "vitest";
import { updateProfileInput } from "./people-inputs.ts";
import { invisibleTextMessage, isVisibleText, stripInvisibleCharacters } from "./visible-text.ts";

const cp = (...points: number[]) => String.fromCodePoint(...points);

describe("isVisibleText", () => {
  it("accepts ordinary names in any script, with punctuation and spaces", () => {
    for (const name of [
      "Ada Lovelace",
      "Zoë O'Brien-Smith",
      "李小龍",
      "محمد",
      "Ελένη",
      "Ana María (ana)",
      "A\u00A0B",
    ]) {
      expect(isVisibleText(name), name).toBe(true);
    }
  });

  it("refuses every bidirectional control", () => {
    const controls = [
      0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x061c,
    ];
    for (const control of controls) {
      expect(isVisibleText(`Admin${cp(control)} nimdA`), control.toString(16)).toBe(false);
    }
  });

  it("refuses zero-width characters, format and control characters and other default-ignorables", () => {
    const hidden = [
      0x200b, // zero width space
      0x200c, // zero width non-joiner
      0x200d, // zero width joiner, between letters
      0x2060, // word joiner
      0xfeff, // byte order mark
      0x00ad, // soft hyphen
      0x034f, // combining grapheme joiner
      0x180e, // Mongolian vowel separator
      0x3164, // Hangul filler
      0xfe0f, // a variation selector after a letter
      0xe0041, // a tag character outside a flag
      0x0007, // bell
      0x007f, // delete
      0x0085, // next line
      0x2028, // line separator
      0x2800, // blank braille pattern
    ];
    for (const point of hidden) {
      expect(isVisibleText(`Ad${cp(point)}min`), point.toString(16)).toBe(false);
    }
    expect(isVisibleText("Ad\nmin")).toBe(false);
    expect(isVisibleText("Ad\uD800min")).toBe(false);
  });

  it("keeps the joiners, selectors and tags that make up an emoji", () => {
    for (const name of [
      "Ada 👩‍💻", // woman technologist: ZWJ
      "👨‍👩‍👧‍👦 family",
      "I ❤️ books", // heart with variation selector 16
      "👋🏽 hi", // skin tone
      "🏳️‍🌈",
      "Room 1️⃣",
      `Go ${cp(0x1f3f4, 0xe0067, 0xe0062, 0xe0065, 0xe006e, 0xe0067, 0xe007f)}`, // England
      "🇫🇷 Paris",
    ]) {
      expect(isVisibleText(name), name).toBe(true);
    }
  });

  it("refuses a joiner that joins no emoji", () => {
    expect(isVisibleText("👩\u200D")).toBe(false);
    expect(isVisibleText("a\u200D👩")).toBe(false);
    expect(isVisibleText("👩\u200Da")).toBe(false);
  });
});

describe("stripInvisibleCharacters", () => {
  it("drops what isVisibleText refuses and keeps emoji whole", () => {
    expect(stripInvisibleCharacters("Admin\u202E nimdA")).toBe("Admin nimdA");
    expect(stripInvisibleCharacters("A\u200Bd\uFEFFa 👩‍💻\u200D")).toBe("Ada 👩‍💻");
    expect(isVisibleText(stripInvisibleCharacters("x\u2066y\u00ADz❤️"))).toBe(true);
  });
});

describe("a name field", () => {
  it("refuses invisible characters with its own sentence", () => {
    const result = updateProfileInput.safeParse({ displayName: "Admin\u202E nimdA" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      invisibleTextMessage("A display name"),
    ]);
    expect(invisibleTextMessage("A display name")).toBe(
      "A display name cannot contain invisible or direction-changing characters",
    );
  });
});
