import { describe, expect, it } from "vitest";
import {
  buildSpreads,
  defaultMode,
  defaultPadding,
  fitScale,
  fractionToPage,
  keyStep,
  pagesToPreload,
  pageToFraction,
  savedPage,
  sideStep,
  spreadOfPage,
  spreadSize,
  swipeSide,
  tapZone,
  visualOrder,
} from "./comic-layout.ts";
import { DEFAULT_SETTINGS, parseSettings, withDirection } from "./comic-settings.ts";
import { anchoredScroll, clampZoom, pinchZoom, toggleZoom, wheelZoom, zoomStep } from "./zoom.ts";

const tall = { width: 720, height: 1080 };
const wide = { width: 1440, height: 1080 };

describe("buildSpreads", () => {
  it("shows one page at a time in single mode", () => {
    expect(buildSpreads([tall, tall, tall], { double: false, firstPageAlone: false })).toEqual([
      [0],
      [1],
      [2],
    ]);
  });

  it("pairs pages, with the cover alone when asked", () => {
    const pages = [tall, tall, tall, tall, tall];
    expect(buildSpreads(pages, { double: true, firstPageAlone: false })).toEqual([[0, 1], [2, 3], [4]]);
    expect(buildSpreads(pages, { double: true, firstPageAlone: true })).toEqual([[0], [1, 2], [3, 4]]);
  });

  it("lets a wide page stand alone and starts pairing again after it", () => {
    const pages = [tall, tall, tall, wide, tall, tall];
    expect(buildSpreads(pages, { double: true, firstPageAlone: true })).toEqual([[0], [1, 2], [3], [4, 5]]);
    // A page before a wide one has no partner.
    expect(buildSpreads([tall, wide, tall], { double: true, firstPageAlone: false })).toEqual([
      [0],
      [1],
      [2],
    ]);
  });

  it("handles no pages and one page", () => {
    expect(buildSpreads([], { double: true, firstPageAlone: true })).toEqual([]);
    expect(buildSpreads([tall], { double: true, firstPageAlone: false })).toEqual([[0]]);
  });

  it("finds the spread of a page", () => {
    const spreads = buildSpreads([tall, tall, tall, tall], { double: true, firstPageAlone: true });
    expect(spreadOfPage(spreads, 0)).toBe(0);
    expect(spreadOfPage(spreads, 2)).toBe(1);
    expect(spreadOfPage(spreads, 3)).toBe(2);
    expect(spreadOfPage(spreads, 9)).toBe(0);
  });

  it("lays right-to-left spreads out mirrored", () => {
    expect(visualOrder([3, 4], "ltr")).toEqual([3, 4]);
    expect(visualOrder([3, 4], "rtl")).toEqual([4, 3]);
  });
});

describe("page and fraction", () => {
  it("maps every page to a fraction and back", () => {
    for (const count of [1, 2, 3, 7, 9, 24, 141]) {
      for (let page = 0; page < count; page++) {
        expect(fractionToPage(pageToFraction(page, count), count)).toBe(page);
      }
      expect(pageToFraction(count - 1, count)).toBe(1);
    }
  });

  it("keeps odd fractions within the pages", () => {
    expect(fractionToPage(0, 10)).toBe(0);
    expect(fractionToPage(0.55, 10)).toBe(5);
    expect(fractionToPage(1.5, 10)).toBe(9);
    expect(fractionToPage(Number.NaN, 10)).toBe(0);
    expect(pageToFraction(0, 0)).toBe(0);
  });

  it("reads the saved page from the locator, else from the fraction", () => {
    expect(savedPage({ fraction: 0.5, locator: { page: 7 } }, 10)).toBe(7);
    expect(savedPage({ fraction: 0.5, locator: { page: 70 } }, 10)).toBe(9);
    expect(savedPage({ fraction: 0.3, locator: null }, 10)).toBe(2);
    expect(savedPage({ fraction: 0, locator: null }, 10)).toBeNull();
    expect(savedPage(null, 10)).toBeNull();
  });
});

describe("turning pages", () => {
  it("mirrors sides, taps, swipes and arrows for right-to-left", () => {
    expect(sideStep("right", "ltr")).toBe(1);
    expect(sideStep("left", "ltr")).toBe(-1);
    expect(sideStep("right", "rtl")).toBe(-1);
    expect(sideStep("left", "rtl")).toBe(1);
    expect(keyStep("ArrowRight", false, "ltr")).toBe(1);
    expect(keyStep("ArrowRight", false, "rtl")).toBe(-1);
    expect(keyStep("ArrowLeft", false, "rtl")).toBe(1);
    expect(keyStep("PageDown", false, "rtl")).toBe(1);
    expect(keyStep(" ", false, "rtl")).toBe(1);
    expect(keyStep(" ", true, "ltr")).toBe(-1);
    expect(keyStep("PageUp", false, "ltr")).toBe(-1);
    expect(keyStep("a", false, "ltr")).toBeNull();
  });

  it("splits the width into thirds", () => {
    expect(tapZone(10, 300)).toBe("left");
    expect(tapZone(150, 300)).toBe("middle");
    expect(tapZone(290, 300)).toBe("right");
    expect(tapZone(10, 0)).toBe("middle");
  });

  it("reads a swipe only when it is long and sideways", () => {
    expect(swipeSide(-120, 10)).toBe("right");
    expect(swipeSide(120, 10)).toBe("left");
    expect(swipeSide(30, 0)).toBeNull();
    expect(swipeSide(80, 90)).toBeNull();
  });

  it("preloads the next three pages and the one before", () => {
    expect(pagesToPreload(0, 10)).toEqual([0, 1, 2, 3]);
    expect(pagesToPreload(5, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pagesToPreload(9, 10)).toEqual([8, 9]);
  });
});

describe("sizes", () => {
  it("lays a spread out at a common height", () => {
    expect(spreadSize([tall, tall])).toEqual({ width: 1440, height: 1080 });
    expect(spreadSize([{ width: 500, height: 1000 }, tall])).toEqual({ width: 540 + 720, height: 1080 });
  });

  it("fits to the screen, the width, the height or not at all", () => {
    const viewport = { width: 390, height: 780 };
    expect(fitScale("screen", tall, viewport)).toBeCloseTo(390 / 720);
    expect(fitScale("width", tall, viewport)).toBeCloseTo(390 / 720);
    expect(fitScale("height", tall, viewport)).toBeCloseTo(780 / 1080);
    expect(fitScale("original", tall, viewport)).toBe(1);
    expect(fitScale("screen", tall, { width: 1280, height: 720 })).toBeCloseTo(720 / 1080);
    expect(fitScale("screen", { width: 0, height: 0 }, viewport)).toBe(1);
  });

  it("pads wide screens only and picks the mode from the pages' shape", () => {
    expect(defaultPadding(390)).toBe(0);
    expect(defaultPadding(1280)).toBe(22);
    expect(defaultPadding(4000)).toBe(35);
    expect(defaultMode([tall, tall])).toBe("paged");
    expect(
      defaultMode([
        { width: 800, height: 4000 },
        { width: 800, height: 3000 },
      ]),
    ).toBe("webtoon");
  });
});

describe("zoom", () => {
  it("keeps within bounds and snaps to the fitted size", () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(1.01)).toBe(1);
    expect(zoomStep(1, 1)).toBe(1.25);
    expect(zoomStep(1.25, -1)).toBe(1);
    expect(zoomStep(1, -1)).toBe(1);
    expect(toggleZoom(1)).toBe(2.5);
    expect(toggleZoom(3)).toBe(1);
    expect(wheelZoom(1, -100)).toBeGreaterThan(1);
    expect(wheelZoom(2, 100)).toBeLessThan(2);
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 25)).toBe(1);
  });

  it("keeps the point under the pointer in place", () => {
    // 400 wide content filling a 400 wide box, doubled around x = 100: that point (100) becomes 200.
    expect(anchoredScroll({ scroll: 0, viewport: 400, size: 400, point: 100 }, 2)).toBe(100);
    // Scrolled 100 into 800 content, point 200 (content 300) doubled: content 600, so scroll 400.
    expect(anchoredScroll({ scroll: 100, viewport: 400, size: 800, point: 200 }, 2)).toBe(400);
    // Halved back: clamped to what the box can scroll.
    expect(anchoredScroll({ scroll: 400, viewport: 400, size: 1600, point: 200 }, 0.25)).toBe(0);
  });

  it("counts the margin of content smaller than the box", () => {
    // 200 content centred in 400 (margin 100); point 150 is content 50; doubled it is 100 with no margin.
    expect(anchoredScroll({ scroll: 0, viewport: 400, size: 200, point: 150 }, 2)).toBe(0);
    // 300 content centred in 400 (margin 50); point 350 is content 300 (its end); doubled: 600 - 350.
    expect(anchoredScroll({ scroll: 0, viewport: 400, size: 300, point: 350 }, 2)).toBe(200);
  });
});

describe("settings", () => {
  it("takes defaults for anything missing or wrong", () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings("not json")).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings("[1]")).toEqual(DEFAULT_SETTINGS);
    expect(
      parseSettings(
        JSON.stringify({
          mode: "webtoon",
          fit: "width",
          layout: "double",
          padding: 99,
          directions: { a: "rtl", b: "up" },
        }),
      ),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      mode: "webtoon",
      fit: "width",
      layout: "double",
      padding: 40,
      directions: { a: "rtl" },
    });
    expect(parseSettings(JSON.stringify({ mode: "sideways", fit: 3 }))).toEqual(DEFAULT_SETTINGS);
  });

  it("remembers direction overrides per title and clears them", () => {
    const set = withDirection(DEFAULT_SETTINGS, "title-1", "rtl");
    expect(set.directions).toEqual({ "title-1": "rtl" });
    expect(withDirection(set, "title-1", null).directions).toEqual({});
    let many = DEFAULT_SETTINGS;
    for (let index = 0; index < 250; index++) many = withDirection(many, `t${index}`, "ltr");
    expect(Object.keys(many.directions)).toHaveLength(200);
    expect(many.directions.t249).toBe("ltr");
    expect(many.directions.t0).toBeUndefined();
  });
});
