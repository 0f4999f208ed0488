// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { type FixedPage, fixedPages, fixedSpreads, spreadOf, spreadScale } from "./fixed-layout.ts";

const page = (spread: FixedPage["spread"] = null, width = 600, height = 800): FixedPage => ({
  html: "",
  width,
  height,
  spread,
  single: false,
});

describe("fixedPages", () => {
  it("reads each stored page with its size and side, ids scoped", () => {
    const pages = fixedPages(
      '<section class="lv-fixed-page" data-width="1200" data-height="800" data-spread="right"><p id="a">One</p></section>\n<section class="lv-fixed-page" id="lv-part-2" data-width="x" data-height="-3" data-spreads="none"><p>Two</p></section>',
    );
    expect(pages).toEqual([
      { html: '<p id="book-a">One</p>', width: 1200, height: 800, spread: "right", single: false },
      { html: "<p>Two</p>", width: 768, height: 1024, spread: null, single: true },
    ]);
  });
});

describe("fixedSpreads", () => {
  it("shows one page at a time on a narrow screen", () => {
    expect(fixedSpreads([page(), page("left"), page()], { double: false, rtl: false })).toEqual([
      [0],
      [1],
      [2],
    ]);
  });

  it("shows the first page alone like a cover, then pairs pages in turn; a last page without a partner is alone", () => {
    expect(fixedSpreads([page(), page(), page(), page()], { double: true, rtl: false })).toEqual([
      [0],
      [1, 2],
      [3],
    ]);
    expect(fixedSpreads([page(), page("left")], { double: true, rtl: false })).toEqual([[0], [1, null]]);
  });

  it("follows the sides the book asks for, and shows a centred page alone", () => {
    const pages = [page("right"), page("left"), page("right"), page("center"), page("left"), page()];
    expect(fixedSpreads(pages, { double: true, rtl: false })).toEqual([[null, 0], [1, 2], [3], [4, 5]]);
  });

  it("starts spreads on the right in a right-to-left book", () => {
    const pages = [page("left"), page("right"), page("left")];
    expect(fixedSpreads(pages, { double: true, rtl: true })).toEqual([
      [null, 0],
      [1, 2],
    ]);
  });

  it("shows one page at a time when the book asks for no spreads", () => {
    expect(fixedSpreads([page(), page(), { ...page(), single: true }], { double: true, rtl: false })).toEqual(
      [[0], [1], [2]],
    );
  });

  it("finds the spread of a page", () => {
    expect(spreadOf([[null, 0], [1, 2], [3]], 2)).toBe(1);
    expect(spreadOf([[0]], 9)).toBe(0);
  });
});

describe("spreadScale", () => {
  it("fits the spread's width or height, whichever is tighter, up to 2×", () => {
    expect(spreadScale([page(null, 600, 800)], { width: 300, height: 800 })).toBe(0.5);
    expect(spreadScale([page(null, 600, 800), null], { width: 1200, height: 400 })).toBe(0.5);
    expect(spreadScale([page(null, 100, 100)], { width: 1000, height: 1000 })).toBe(2);
  });
});
