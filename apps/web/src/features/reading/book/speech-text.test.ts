import { describe, expect, it } from "vitest";
import { mapChapter } from "./locator.ts";
import { chapterSpeechChunks, chunkIndexAt, speechChunks } from "./speech-text.ts";

describe("speechChunks", () => {
  it("cuts text into sentences with their chapter offsets", () => {
    const text = "Call me Ishmael.  Some years ago — never mind how long! “Why?” he asked";
    const chunks = speechChunks(text, 100);
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      "Call me Ishmael.",
      "Some years ago — never mind how long!",
      "“Why?”",
      "he asked",
    ]);
    for (const chunk of chunks) {
      expect(text.slice(chunk.start - 100, chunk.end - 100).replace(/\s+/g, " ")).toBe(chunk.text);
    }
  });

  it("splits long sentences at a comma or a space", () => {
    const long = `${"word ".repeat(30)}, ${"more ".repeat(40)}end.`;
    const chunks = speechChunks(long, 0, 100);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(100);
    expect(
      chunks
        .map((chunk) => chunk.text)
        .join(" ")
        .replace(/\s+/g, " "),
    ).toBe(long.replace(/\s+/g, " ").trim());
  });

  it("skips stretches with nothing to say", () => {
    expect(speechChunks("  \n … ", 0)).toEqual([]);
  });

  it("finds where to go on from", () => {
    const chunks = speechChunks("One. Two. Three.", 0);
    expect(chunkIndexAt(chunks, 0)).toBe(0);
    expect(chunkIndexAt(chunks, 6)).toBe(1);
    expect(chunkIndexAt(chunks, 100)).toBe(3);
  });
});

describe("chapterSpeechChunks", () => {
  const text = (value: string) => ({ nodeType: 3, nodeName: "#text", nodeValue: value, childNodes: [] });
  const el = (name: string, ...children: ReturnType<typeof text>[]) => ({
    nodeType: 1,
    nodeName: name,
    nodeValue: null,
    childNodes: children,
  });

  it("reads block by block from a place, with chapter offsets", () => {
    const map = mapChapter(
      el(
        "div",
        el("h1", text("Loomings")) as never,
        el("p", text("Call me "), text("Ishmael. Some years ago.")) as never,
      ),
    );
    const chunks = chapterSpeechChunks(map, 0);
    expect(chunks.map((chunk) => chunk.text)).toEqual(["Loomings", "Call me Ishmael.", "Some years ago."]);
    expect(chunks[1]).toMatchObject({ start: 8, end: 24 });
    const later = chapterSpeechChunks(map, 16);
    expect(later.map((chunk) => chunk.text)).toEqual(["Ishmael.", "Some years ago."]);
    expect(later[0]?.start).toBe(16);
  });
});
