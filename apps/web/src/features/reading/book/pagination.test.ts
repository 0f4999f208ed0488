import { describe, expect, it } from "vitest";
import {
  clampPage,
  lowerBound,
  minutesLeft,
  pageCountForExtent,
  pageLayout,
  pageOfPosition,
  positionAlongStrip,
  stripTransform,
  swipeDirection,
  tapZone,
} from "./pagination.ts";

const phone = { width: 390, height: 700 };
const desktop = { width: 1280, height: 700 };

describe("pageLayout", () => {
  it("shows one column on a phone, its stride the viewport's width", () => {
    const layout = pageLayout(phone, { margin: 20, fontPx: 18, vertical: false, spreads: true });
    expect(layout.columnsPerScreen).toBe(1);
    expect(layout.stride).toBe(390);
    expect(layout.flowWidth).toBe(350);
    expect(layout.columnWidth).toBe(350);
    // One column plus the gap is one stride: no sliver of the next page shows.
    expect(layout.columnWidth + layout.columnGap).toBe(layout.stride);
  });

  it("shows two pages side by side on a wide screen, two columns and their gaps per stride", () => {
    const layout = pageLayout(desktop, { margin: 48, fontPx: 18, vertical: false, spreads: true });
    expect(layout.columnsPerScreen).toBe(2);
    expect(2 * (layout.columnWidth + layout.columnGap)).toBeCloseTo(layout.stride);
    expect(layout.columnWidth).toBeLessThanOrEqual(18 * 38);
  });

  it("keeps one page when spreads are off, widening the margins to keep lines readable", () => {
    const layout = pageLayout(desktop, { margin: 48, fontPx: 18, vertical: false, spreads: false });
    expect(layout.columnsPerScreen).toBe(1);
    expect(layout.columnWidth).toBeLessThanOrEqual(18 * 38);
    expect(layout.marginInline).toBeGreaterThan(48);
    expect(layout.columnWidth + layout.columnGap).toBe(layout.stride);
  });

  it("drops to one page when large text would make two columns too narrow", () => {
    const layout = pageLayout(desktop, { margin: 48, fontPx: 36, vertical: false, spreads: true });
    expect(layout.columnsPerScreen).toBe(1);
  });

  it("does not spread pages on a tall window", () => {
    const layout = pageLayout(
      { width: 1000, height: 1300 },
      { margin: 48, fontPx: 18, vertical: false, spreads: true },
    );
    expect(layout.columnsPerScreen).toBe(1);
  });

  it("pages vertical text downwards, one page tall", () => {
    const layout = pageLayout(phone, { margin: 20, fontPx: 18, vertical: true, spreads: true });
    expect(layout.vertical).toBe(true);
    expect(layout.stride).toBe(700);
    expect(layout.columnWidth).toBe(layout.flowHeight);
    expect(layout.columnWidth + layout.columnGap).toBe(layout.stride);
  });
});

describe("page positions", () => {
  it("finds the screen of a position, forgiving a pixel of rounding", () => {
    expect(pageOfPosition(0, 390)).toBe(0);
    expect(pageOfPosition(388, 390)).toBe(0);
    expect(pageOfPosition(389.5, 390)).toBe(1);
    expect(pageOfPosition(390 * 3 + 10, 390)).toBe(3);
    expect(pageOfPosition(-5, 390)).toBe(0);
    expect(pageOfPosition(100, 0)).toBe(0);
  });

  it("counts screens from where the content ends", () => {
    expect(pageCountForExtent(0, 390)).toBe(1);
    expect(pageCountForExtent(390, 390)).toBe(1);
    expect(pageCountForExtent(390.5, 390)).toBe(1);
    expect(pageCountForExtent(392, 390)).toBe(2);
    expect(pageCountForExtent(390 * 7 - 40, 390)).toBe(7);
  });

  it("clamps a page into the chapter", () => {
    expect(clampPage(-1, 5)).toBe(0);
    expect(clampPage(9, 5)).toBe(4);
    expect(clampPage(Number.NaN, 5)).toBe(0);
    expect(clampPage(2, 0)).toBe(0);
  });

  it("moves the strip the right way for each direction", () => {
    expect(stripTransform(2, { stride: 390, vertical: false }, false)).toBe("translate3d(-780px, 0, 0)");
    expect(stripTransform(2, { stride: 390, vertical: false }, true)).toBe("translate3d(780px, 0, 0)");
    expect(stripTransform(2, { stride: 700, vertical: true }, true)).toBe("translate3d(0, -1400px, 0)");
  });

  it("measures positions from the strip's start edge", () => {
    const strip = { left: -780, right: -390, top: 50 };
    const rect = { left: 30, right: 80, top: 60 };
    expect(positionAlongStrip(rect, strip, { vertical: false, rtl: false })).toBe(810);
    const rtlStrip = { left: 800, right: 1190, top: 50 };
    expect(
      positionAlongStrip({ left: 20, right: 300, top: 0 }, rtlStrip, { vertical: false, rtl: true }),
    ).toBe(890);
    expect(positionAlongStrip(rect, { left: 0, right: 0, top: -1350 }, { vertical: true, rtl: true })).toBe(
      1410,
    );
  });
});

describe("lowerBound", () => {
  it("finds the first index where a sorted predicate holds", () => {
    const pages = [0, 0, 0, 1, 1, 2, 2, 2];
    expect(lowerBound(0, pages.length, (index) => (pages[index] ?? 0) >= 1)).toBe(3);
    expect(lowerBound(0, pages.length, (index) => (pages[index] ?? 0) >= 2)).toBe(5);
    expect(lowerBound(0, pages.length, (index) => (pages[index] ?? 0) >= 3)).toBe(8);
    expect(lowerBound(0, pages.length, () => true)).toBe(0);
    expect(lowerBound(4, 4, () => true)).toBe(4);
  });
});

describe("touch", () => {
  it("turns forward on the right third, back on the left, mirrored for right-to-left books", () => {
    expect(tapZone(350, 390, false)).toBe("next");
    expect(tapZone(20, 390, false)).toBe("previous");
    expect(tapZone(195, 390, false)).toBe("middle");
    expect(tapZone(350, 390, true)).toBe("previous");
    expect(tapZone(20, 390, true)).toBe("next");
  });

  it("reads a swipe left as the next page, and ignores short or vertical moves", () => {
    expect(swipeDirection(-120, 10, false)).toBe("next");
    expect(swipeDirection(120, 10, false)).toBe("previous");
    expect(swipeDirection(-120, 10, true)).toBe("previous");
    expect(swipeDirection(-20, 0, false)).toBeNull();
    expect(swipeDirection(-80, 90, false)).toBeNull();
  });
});

describe("minutesLeft", () => {
  it("estimates the reading time left in the chapter", () => {
    expect(minutesLeft(2300, 0)).toBe(10);
    expect(minutesLeft(2300, 0.5)).toBe(5);
    expect(minutesLeft(2300, 0.999)).toBe(1);
    expect(minutesLeft(2300, 1)).toBe(0);
  });
});
