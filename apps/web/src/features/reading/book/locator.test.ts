import { describe, expect, it } from "vitest";
import {
  blockPositionOf,
  findMatches,
  findOccurrence,
  mapChapter,
  type NodeLike,
  offsetOfBlockPosition,
  offsetOfTextPosition,
  readBlockPosition,
  textBetween,
  textPosition,
} from "./locator.ts";

interface FakeNode extends NodeLike {
  childNodes: FakeNode[];
}

const text = (value: string): FakeNode => ({
  nodeType: 3,
  nodeName: "#text",
  nodeValue: value,
  childNodes: [],
});
const el = (name: string, ...children: Array<FakeNode | string>): FakeNode => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  nodeValue: null,
  childNodes: children.map((child) => (typeof child === "string" ? text(child) : child)),
});

/** <section><h1>Loomings</h1>\n<p>Call me <em>Ishmael</em>.</p>\n<blockquote><p>Quoted</p>tail</blockquote></section> */
function chapter() {
  const em = el("em", "Ishmael");
  const root = el(
    "div",
    el(
      "section",
      el("h1", "Loomings"),
      "\n",
      el("p", "Call me ", em, "."),
      "\n",
      el("blockquote", el("p", "Quoted"), "tail"),
      el("p", el("img")),
    ),
  );
  return { root, em };
}

const whole = "Loomings\nCall me Ishmael.\nQuotedtail";

describe("mapChapter", () => {
  it("counts the chapter's text as textContent does and numbers blocks in document order", () => {
    const { root } = chapter();
    const map = mapChapter(root);
    expect(map.length).toBe(whole.length);
    expect(textBetween(map, 0, map.length)).toBe(whole);
    expect(map.blocks.map((block) => block.nodeName)).toEqual([
      "SECTION",
      "H1",
      "P",
      "BLOCKQUOTE",
      "P",
      "P",
      "IMG",
    ]);
    expect(map.blockStarts).toEqual([0, 0, 9, 26, 26, 36, 36]);
    expect(map.blockEnds).toEqual([36, 8, 25, 36, 32, 36, 36]);
  });

  it("records where any element's text starts", () => {
    const { root, em } = chapter();
    const map = mapChapter(root);
    expect(map.elementStarts.get(em)).toBe(17);
  });
});

describe("block positions", () => {
  it("saves a place within the innermost block around it", () => {
    const map = mapChapter(chapter().root);
    // "I" of Ishmael: block 2 (the first paragraph), 8 characters in.
    expect(blockPositionOf(map, 17)).toEqual({ p: 2, o: 8 });
    // "Q" of Quoted: the paragraph inside the quotation.
    expect(blockPositionOf(map, 26)).toEqual({ p: 4, o: 0 });
    // "t" of tail: text straight in the quotation.
    expect(blockPositionOf(map, 32)).toEqual({ p: 3, o: 6 });
    // The newline between blocks belongs to the section.
    expect(blockPositionOf(map, 8)).toEqual({ p: 0, o: 8 });
  });

  it("round-trips every offset of the chapter", () => {
    const map = mapChapter(chapter().root);
    for (let offset = 0; offset <= map.length; offset++) {
      expect(offsetOfBlockPosition(map, blockPositionOf(map, offset))).toBe(offset);
    }
  });

  it("falls back gracefully for places beyond the chapter", () => {
    const map = mapChapter(chapter().root);
    expect(offsetOfBlockPosition(map, { p: 99, o: 0 })).toBe(map.length);
    expect(offsetOfBlockPosition(map, { p: 1, o: 500 })).toBe(8);
    expect(offsetOfBlockPosition(map, { p: -1, o: 12 })).toBe(12);
    expect(offsetOfBlockPosition(map, { p: Number.NaN, o: 2 })).toBe(0);
  });

  it("survives text nodes split apart (highlights wrapped in marks)", () => {
    const plain = mapChapter(el("div", el("p", "Call me Ishmael.")));
    const split = mapChapter(el("div", el("p", "Call me ", el("mark", "Ish"), "mael.")));
    expect(blockPositionOf(plain, 10)).toEqual(blockPositionOf(split, 10));
    expect(textPosition(split, 10)).toMatchObject({ offset: 2 });
  });
});

describe("text positions", () => {
  it("finds the node holding an offset, choosing the later node at a boundary", () => {
    const { root, em } = chapter();
    const map = mapChapter(root);
    const atI = textPosition(map, 17);
    expect(atI?.node).toBe(em.childNodes[0]);
    expect(atI?.offset).toBe(0);
    const end = textPosition(map, map.length);
    expect(end?.node.nodeValue).toBe("tail");
    expect(end?.offset).toBe(4);
    expect(textPosition(mapChapter(el("div")), 0)).toBeNull();
  });

  it("turns a node and offset back into a chapter offset", () => {
    const { root, em } = chapter();
    const map = mapChapter(root);
    expect(offsetOfTextPosition(map, em.childNodes[0] as FakeNode, 3)).toBe(20);
  });
});

describe("readBlockPosition", () => {
  it("reads start and end places from a saved locator", () => {
    expect(readBlockPosition({ p: 3, o: 12, fraction: 0.2 })).toEqual({ p: 3, o: 12 });
    expect(readBlockPosition({ p: 3, o: 12, endP: 4, endO: 2 }, "end")).toEqual({ p: 4, o: 2 });
    expect(readBlockPosition({ p: "3", o: 1 })).toBeNull();
    expect(readBlockPosition(null)).toBeNull();
  });
});

describe("search matches", () => {
  const body = "The whale, the Whale! THE WHALE.";

  it("finds every case-insensitive match", () => {
    expect(findMatches(body, "whale")).toEqual([
      { start: 4, end: 9 },
      { start: 15, end: 20 },
      { start: 26, end: 31 },
    ]);
    expect(findMatches(body, "  ")).toEqual([]);
    expect(findMatches("a.b a+b", "a+b")).toEqual([{ start: 4, end: 7 }]);
  });

  it("picks the occurrence a result names, or the one its snippet agrees with", () => {
    expect(findOccurrence(body, "whale", 1)).toEqual({ start: 15, end: 20 });
    expect(findOccurrence(body, "whale", 1, { before: "The whale, the ", after: "! THE" })).toEqual({
      start: 15,
      end: 20,
    });
    // The count is off by one (the text changed): the snippet decides.
    expect(findOccurrence(body, "whale", 0, { before: "the ", after: "! THE" })).toEqual({
      start: 15,
      end: 20,
    });
    expect(findOccurrence(body, "whale", 9)).toEqual({ start: 26, end: 31 });
    expect(findOccurrence(body, "squid", 0)).toBeNull();
  });
});
