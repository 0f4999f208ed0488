import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  analyseBundle,
  type ChunkInfo,
  ENTRY_BUDGET_BYTES,
  isPackageModule,
  parseRouteModules,
  reachableChunks,
} from "./first-load.ts";

const WEB_ROOT = fileURLToPath(new URL("..", import.meta.url));
const SRC_APP = path.join(WEB_ROOT, "src/app");
const FEATURES = path.join(WEB_ROOT, "src/features");

function chunk(fileName: string, parts: Partial<ChunkInfo> = {}): ChunkInfo {
  return {
    fileName,
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    imports: [],
    dynamicImports: [],
    css: [],
    code: "export {};",
    ...parts,
  };
}

const chunksOf = (...list: ChunkInfo[]) => new Map(list.map((item) => [item.fileName, item]));

/** An app with an entry, a reader page, an admin page with charts and a chunk both share. */
function app(options: { readerLoadsCharts?: boolean; entryCode?: string } = {}) {
  return chunksOf(
    chunk("assets/index.js", {
      isEntry: true,
      facadeModuleId: path.join(WEB_ROOT, "index.html"),
      imports: ["assets/react.js"],
      dynamicImports: ["assets/read.js", "assets/metrics.js"],
      code: options.entryCode ?? "export {};",
    }),
    chunk("assets/react.js", { moduleIds: ["/x/node_modules/react/index.js"] }),
    chunk("assets/read.js", {
      moduleIds: [path.join(FEATURES, "reading/book/book-reader-route.tsx")],
      imports: ["assets/react.js", "assets/button.js"],
      dynamicImports: options.readerLoadsCharts ? ["assets/panel.js"] : [],
      css: ["assets/read.css"],
    }),
    chunk("assets/panel.js", { imports: ["assets/charts.js"] }),
    chunk("assets/button.js"),
    chunk("assets/metrics.js", {
      moduleIds: [path.join(FEATURES, "content-admin/content-metrics-route.tsx")],
      imports: ["assets/charts.js", "assets/button.js"],
    }),
    chunk("assets/charts.js", { moduleIds: ["/x/node_modules/recharts/es6/chart/LineChart.js"] }),
  );
}

const ROUTES = [
  { path: "/read/:contentId", module: "../features/reading/book/book-reader-route.tsx" },
  { path: "/admin/content-metrics", module: "../features/content-admin/content-metrics-route.tsx" },
];

describe("the route table", () => {
  it("finds every lazy route of the app's router, the index route as /", () => {
    const routes = parseRouteModules(readFileSync(path.join(SRC_APP, "routes.tsx"), "utf8"));
    const paths = routes.map((route) => route.path);
    expect(paths).toContain("/");
    expect(paths).toEqual(
      expect.arrayContaining(["/read/:contentId", "/listen/:contentId", "/watch/:contentId"]),
    );
    expect(paths).toContain("/read-comic/:contentId");
    expect(paths).toContain("/content/:contentId");
    expect(routes.find((route) => route.path === "/")?.module).toBe("../features/home/home-route.tsx");
    expect(routes.length).toBeGreaterThan(40);
  });

  it("lists each route's chunks and styles beyond the entry's", () => {
    const report = analyseBundle(app(), ROUTES, SRC_APP);
    expect(report.routes[0]).toEqual({
      path: "/read/:contentId",
      scripts: ["/assets/read.js", "/assets/button.js"],
      styles: ["/assets/read.css"],
    });
    expect(report.problems).toEqual([]);
  });
});

describe("the first-load budgets", () => {
  it("let admin pages load the chart library", () => {
    expect(analyseBundle(app(), ROUTES, SRC_APP).problems).toEqual([]);
  });

  it("fail when a reader's page can reach the chart library, even on demand", () => {
    const problems = analyseBundle(app({ readerLoadsCharts: true }), ROUTES, SRC_APP).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /reader page \/read\/:contentId can load assets\/charts\.js, which holds .*recharts/,
    );
  });

  it("do not follow the entry's own dynamic imports (the other routes)", () => {
    const chunks = app();
    expect(
      reachableChunks(chunks, "assets/read.js", new Set(["assets/index.js", "assets/react.js"])),
    ).toEqual(["assets/read.js", "assets/button.js"]);
  });

  it("fail when a page named in the file budget needs more files than it allows", () => {
    const budget = { routes: ["/read/:contentId"], maxFiles: 1 };
    expect(analyseBundle(app(), ROUTES, SRC_APP, budget).problems).toEqual([
      "the page /read/:contentId needs 2 JavaScript files beyond the entry's, over its budget of 1",
    ]);
    expect(analyseBundle(app(), ROUTES, SRC_APP, { ...budget, maxFiles: 2 }).problems).toEqual([]);
  });

  it("fail when a page's first load holds a package kept out of it, and not when only later loads do", () => {
    const chunks = app();
    const keptOut = { routes: ["/read/:contentId"], packages: ["react"] };
    expect(analyseBundle(chunks, ROUTES, SRC_APP, undefined, keptOut).problems).toEqual([
      "the page /read/:contentId loads assets/react.js first, which holds /x/node_modules/react/index.js",
    ]);
    // The chart library only comes on demand (a dynamic import): not in the first load.
    const charts = { routes: ["/read/:contentId"], packages: ["recharts"] };
    const onDemand = app({ readerLoadsCharts: true });
    expect(
      analyseBundle(onDemand, ROUTES, SRC_APP, undefined, charts).problems.filter((problem) =>
        problem.includes("first"),
      ),
    ).toEqual([]);
  });

  it("fail when the entry's JavaScript passes its budget, gzipped", () => {
    // Random text of 90 characters compresses to about 0.82 of its length: over the budget.
    let seed = 1;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    const code = Array.from({ length: Math.round(ENTRY_BUDGET_BYTES * 1.4) }, () =>
      String.fromCharCode(33 + (random() % 90)),
    ).join("");
    const report = analyseBundle(app({ entryCode: code }), ROUTES, SRC_APP);
    expect(report.entryGzipBytes).toBeGreaterThan(ENTRY_BUDGET_BYTES);
    expect(report.problems[0]).toMatch(/entry's JavaScript is .* KB gzipped, over its budget of 170 KB/);
  });

  it("tell a package's files by their folder", () => {
    expect(isPackageModule("/a/node_modules/recharts/es6/index.js", ["recharts"])).toBe(true);
    expect(isPackageModule("/a/node_modules/recharts-scale/index.js", ["recharts"])).toBe(false);
    expect(isPackageModule("/a/src/features/recharts/x.ts", ["recharts"])).toBe(false);
  });
});
