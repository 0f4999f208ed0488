// `npm run bench:pages`: the first load of the bottom navigation's four destinations (home,
// explore, interactive stories, reels), a title page, the four readers and players, and the
// operators' dashboard, analytics and two queues in Chromium, throttled like Lighthouse's mobile profile (4× CPU slowdown, or `--cpu-slowdown`; 150 ms round
// trip, 1.6 Mbps down, 750 kbps up, through the DevTools protocol). A real server
// (apps/server/src/main.ts, demo seed, a fresh data folder) serves a web build. The demo reader
// signs in once; every measured load is a new browser context holding only that sign-in (its local
// storage): no HTTP cache, no service worker yet. Per route: median LCP and FCP, the JavaScript
// transferred before the first paint and in all, requests, and whether any chunk holding recharts
// was fetched; and how fast the host runs JavaScript, since the same slowdown on a faster host
// stands for a faster phone.
// Targets: a reader's page (navigation, title, readers) LCP ≤ 1.5 s with ≤ 60 KB of JavaScript
// before its first paint and no recharts; an operator's page LCP ≤ 2.5 s.
// Prints markdown and writes bench/results/pages.json. `--help` lists the flags.
/// <reference lib="dom" />
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { FIRST_SCREEN_COOKIE } from "@litverse/shared/first-data";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { startAppServer, stopAppServer } from "./app-server.ts";
import { median, progressLog, round } from "./harness.ts";

const USAGE = `Usage: npm run bench:pages -- [options]
  --runs 5           cold loads per route (default 5); the median is reported
  --port 3540        the server's port (default 3540; the bench uses 3540-3549)
  --dist <folder>    the web build to serve (default apps/web/dist; build it first)
  --routes a,b       only these routes (home,explore,stories,reels,title,book,comic,audiobook,
                     drama,dashboard,analytics,support-queue,moderation-queue)
  --cpu-slowdown 4   the CPU slowdown (default 4, Lighthouse's); more stands for a slower host
  --no-throttle      loopback speed, for a look at the page without the mobile profile
  --waterfall        print each request of every route's first load (to stderr)
  --trace <folder>   save a Chromium performance trace of every route's first load there
                     (<route>.json; open it in the DevTools Performance panel)`;

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
/** A reader's pages: the bottom navigation's destinations, a title, the readers and players. */
const READER_TARGETS = { lcpMs: 1500, jsBeforePaintKB: 60 };
/** The operators' pages, signed in as the demo superadmin. */
const OPERATOR_TARGETS = { lcpMs: 2500, jsBeforePaintKB: Number.POSITIVE_INFINITY };
type Targets = typeof READER_TARGETS;
/** Lighthouse's simulated mobile network (its "slow 4G"); the CPU's slowdown is `--cpu-slowdown`. */
const THROTTLING = {
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
/** A load has settled once neither a paint candidate nor a fetch has come for this long. */
const SETTLE_MS = 3000;
const LOAD_TIMEOUT_MS = 45_000;
const log = progressLog();

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    port: { type: "string", default: "3540" },
    dist: { type: "string", default: path.join(REPO_ROOT, "apps/web/dist") },
    routes: { type: "string" },
    "cpu-slowdown": { type: "string", default: "4" },
    "no-throttle": { type: "boolean", default: false },
    waterfall: { type: "boolean", default: false },
    trace: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(values.runs);
const port = Number(values.port);
if (!(port >= 3540 && port <= 3549)) throw new Error("--port is one of 3540-3549");
if (!(runs >= 1)) throw new Error("--runs is a positive number");
const dist = path.resolve(values.dist);
if (!existsSync(path.join(dist, "index.html"))) {
  throw new Error(`No web build in ${dist}: run \`npm run build\` (or pass --dist).`);
}
const throttled = !values["no-throttle"];
const cpuSlowdown = Number(values["cpu-slowdown"]);
if (!(cpuSlowdown >= 1 && cpuSlowdown <= 20)) throw new Error("--cpu-slowdown is a number from 1 to 20");
const traceDir = values.trace ? path.resolve(values.trace) : null;
if (traceDir) await mkdir(traceDir, { recursive: true });
const baseUrl = `http://127.0.0.1:${port}`;

// ---- The server ----------------------------------------------------------------------------------

function startServer(dataDir: string): Promise<ChildProcess> {
  return startAppServer({ port, dataDir, dist });
}

// ---- The build -----------------------------------------------------------------------------------

/** The build's JavaScript files that hold recharts (its class names are in its code). */
async function rechartsChunks(): Promise<Set<string>> {
  const assets = path.join(dist, "assets");
  const found = new Set<string>();
  for (const name of await readdir(assets)) {
    if (!name.endsWith(".js")) continue;
    if ((await readFile(path.join(assets, name), "utf8")).includes("recharts-wrapper")) {
      found.add(`/assets/${name}`);
    }
  }
  return found;
}

// ---- The browser's side --------------------------------------------------------------------------

interface StoredSignIn {
  cookies: Awaited<ReturnType<BrowserContext["storageState"]>>["cookies"];
  origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
}

async function signIn(browser: Browser, email: string): Promise<{ token: string; storage: StoredSignIn }> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/" && url.search === "");
  await page.getByTestId("welcome").waitFor();
  const token = await page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith("oidc.user:")) return JSON.parse(localStorage.getItem(key) ?? "{}").access_token;
    }
    return null;
  });
  if (typeof token !== "string") throw new Error(`${email} did not sign in`);
  // The sign-in only: in local storage, and the cookie that lets the server draw a first screen
  // (decision 0031); nothing the app kept for offline starts or caching.
  const state = await context.storageState();
  const storage: StoredSignIn = {
    cookies: state.cookies.filter((cookie) => cookie.name === FIRST_SCREEN_COOKIE),
    origins: state.origins.map((origin) => ({
      origin: origin.origin,
      localStorage: origin.localStorage.filter((item) => item.name.startsWith("oidc.")),
    })),
  };
  await context.close();
  return { token, storage };
}

async function query<T>(token: string, name: string, input?: unknown): Promise<T> {
  const url = `${baseUrl}/api/trpc/${name}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!response.ok) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
  return body.result?.data as T;
}

/**
 * Watches paints and fetches from the page's first moment, and when the app takes the place of a
 * first screen the server drew (the drawing's element leaves the page).
 */
function instrument() {
  const marks = window as unknown as {
    __lcp: number;
    __lcpAt: number;
    __lcpElement: string;
    __handoff: number;
  };
  marks.__lcp = 0;
  marks.__lcpAt = 0;
  marks.__lcpElement = "";
  marks.__handoff = Number.NaN;
  let drawn = false;
  const handoff = new MutationObserver(() => {
    const screen = document.getElementById("first-screen");
    if (screen) drawn = true;
    else if (drawn) {
      marks.__handoff = performance.now();
      handoff.disconnect();
    }
  });
  handoff.observe(document, { childList: true, subtree: true });
  performance.setResourceTimingBufferSize(2000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
      marks.__lcp = entry.startTime;
      marks.__lcpAt = performance.now();
      const element = entry.element;
      marks.__lcpElement = element
        ? `${element.tagName.toLowerCase()}${element.getAttribute("data-testid") ? `[${element.getAttribute("data-testid")}]` : ""}`
        : "";
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

/**
 * How fast this host runs JavaScript, by Lighthouse's measure (its "BenchmarkIndex"): the mean
 * of two half-second loops, one building a 10,000-character string (which exercises the garbage
 * collector) and one copying 100,000 numbers between arrays, each counted as tenths of rounds a
 * second. Lighthouse's device classes put a desktop at 1,000 and up and a mid-tier phone at
 * 125–800. The same build's figures move with the host: the index says how fast the host was.
 */
function speedIndex(): number {
  const halfSecond = 500;
  const roundsPerSecond = (rounds: number, startedAt: number) =>
    Math.round(rounds / 10 / ((Date.now() - startedAt) / 1000));
  const strings = () => {
    const startedAt = Date.now();
    let rounds = 0;
    while (Date.now() - startedAt < halfSecond) {
      let text = "";
      for (let index = 0; index < 10_000; index++) text += "a";
      if (text.length !== 10_000) throw new Error("unreachable: keeps the loop from being optimized away");
      rounds++;
    }
    return roundsPerSecond(rounds, startedAt);
  };
  const arrays = () => {
    const first: number[] = [];
    const second: number[] = [];
    for (let index = 0; index < 100_000; index++) {
      first[index] = index;
      second[index] = index;
    }
    const startedAt = Date.now();
    let rounds = 0;
    // The clock is read every tenth round, as Lighthouse does.
    while (rounds % 10 !== 0 || Date.now() - startedAt < halfSecond) {
      const [from, to] = rounds % 2 === 0 ? [first, second] : [second, first];
      for (let index = 0; index < from.length; index++) to[index] = from[index] as number;
      rounds++;
    }
    return roundsPerSecond(rounds, startedAt);
  };
  return (strings() + arrays()) / 2;
}

/** The host's speed index in a blank page, as it is and with the bench's CPU slowdown. */
async function measureSpeedIndex(browser: Browser): Promise<{ host: number; throttled: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const host = await page.evaluate(speedIndex);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttled ? cpuSlowdown : 1 });
    return { host, throttled: await page.evaluate(speedIndex) };
  } finally {
    await context.close();
  }
}

interface Load {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  /** When the app took the place of the server's drawing; NaN for a page not drawn. */
  handoffMs: number;
  jsBeforePaintBytes: number;
  jsBytes: number;
  jsFiles: number;
  requests: number;
  transferredBytes: number;
  recharts: string[];
  waterfall: string[];
}

async function measureLoad(
  browser: Browser,
  storage: StoredSignIn,
  url: string,
  recharts: Set<string>,
  traceFile: string | null,
) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    storageState: storage,
  });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    if (throttled) {
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: THROTTLING.latency,
        downloadThroughput: THROTTLING.downloadThroughput,
        uploadThroughput: THROTTLING.uploadThroughput,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    }
    await page.addInitScript(instrument);
    if (traceFile) await browser.startTracing(page, { path: traceFile, screenshots: true });
    await page.goto(url, { waitUntil: "load", timeout: LOAD_TIMEOUT_MS });
    // Settled: a paint candidate exists, and nothing new was painted or fetched for a while.
    await page.waitForFunction(
      (quietMs) => {
        const marks = window as unknown as { __lcp: number; __lcpAt: number };
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const lastFetch = Math.max(0, ...resources.map((entry) => entry.responseEnd));
        const now = performance.now();
        return marks.__lcp > 0 && now - marks.__lcpAt >= quietMs && now - lastFetch >= quietMs;
      },
      SETTLE_MS,
      { timeout: LOAD_TIMEOUT_MS, polling: 250 },
    );
    if (traceFile) await browser.stopTracing();
    return await page.evaluate(
      (rechartsFiles) => {
        const marks = window as unknown as { __lcp: number; __lcpElement: string; __handoff: number };
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const scripts = resources.filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
        const sum = (entries: PerformanceResourceTiming[]) =>
          entries.reduce((total, entry) => total + entry.encodedBodySize, 0);
        return {
          lcpMs: marks.__lcp,
          lcpElement: marks.__lcpElement,
          fcpMs: fcp,
          handoffMs: marks.__handoff,
          jsBeforePaintBytes: sum(scripts.filter((entry) => entry.responseEnd <= fcp)),
          jsBytes: sum(scripts),
          jsFiles: scripts.length,
          requests: resources.length + 1,
          transferredBytes:
            navigation.transferSize + resources.reduce((total, entry) => total + entry.transferSize, 0),
          recharts: scripts
            .map((entry) => new URL(entry.name).pathname)
            .filter((pathname) => rechartsFiles.includes(pathname)),
          waterfall: [
            `FCP ${Math.round(fcp)} LCP ${Math.round(marks.__lcp)} (ms since navigation start)`,
            `${String(Math.round(navigation.requestStart)).padStart(6)} → ${String(Math.round(navigation.responseEnd)).padStart(6)}  ${String(navigation.encodedBodySize).padStart(7)} B  document       (first byte at ${Math.round(navigation.responseStart)})`,
            ...resources.map(
              (entry) =>
                `${String(Math.round(entry.startTime)).padStart(6)} → ${String(Math.round(entry.responseEnd)).padStart(6)}  ${String(entry.encodedBodySize).padStart(7)} B  ${entry.initiatorType.padEnd(14)} ${new URL(entry.name).pathname}`,
            ),
          ],
        } satisfies Load;
      },
      [...recharts],
    );
  } finally {
    await context.close();
  }
}

// ---- The run -------------------------------------------------------------------------------------

const kb = (bytes: number) => round(bytes / 1024);

const dataDir = await mkdtemp(path.join(os.tmpdir(), "litverse-bench-pages-"));
log(`starting the server on ${baseUrl} (data in ${dataDir})`);
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
  ],
});
const chromiumVersion = browser.version();
const results: Array<{ name: string; targets: Targets; path: string; loads: Load[] }> = [];
let speed = { host: 0, throttled: 0 };
try {
  speed = await measureSpeedIndex(browser);
  log(`speed index: ${round(speed.host, 0)} as it is, ${round(speed.throttled, 0)} throttled`);
  const recharts = await rechartsChunks();
  const reader = await signIn(browser, "reader@demo.test");
  const operator = await signIn(browser, "superadmin@demo.test");
  const catalogue = await query<{ items: Array<{ _id: string; contentType: string }> }>(
    reader.token,
    "content.listContent",
    { limit: 50 },
  );
  const firstOf = (type: string) => {
    const found = catalogue.items.find((item) => item.contentType === type);
    if (!found) throw new Error(`no ${type} in the demo catalogue`);
    return found._id;
  };
  const readers = { storage: reader.storage, targets: READER_TARGETS };
  const operators = { storage: operator.storage, targets: OPERATOR_TARGETS };
  const routes: Array<{ name: string; path: string; storage: StoredSignIn; targets: Targets }> = [
    { name: "home", path: "/", ...readers },
    { name: "explore", path: "/explore", ...readers },
    { name: "stories", path: "/interactive-stories", ...readers },
    { name: "reels", path: "/reels", ...readers },
    { name: "title", path: `/content/${firstOf("book")}`, ...readers },
    { name: "book", path: `/read/${firstOf("book")}`, ...readers },
    { name: "comic", path: `/read-comic/${firstOf("comic")}`, ...readers },
    { name: "audiobook", path: `/listen/${firstOf("audiobook")}`, ...readers },
    { name: "drama", path: `/watch/${firstOf("drama")}`, ...readers },
    { name: "dashboard", path: "/admin/dashboard", ...operators },
    { name: "analytics", path: "/admin/analytics", ...operators },
    { name: "support-queue", path: "/admin/support", ...operators },
    { name: "moderation-queue", path: "/admin/flagged-content", ...operators },
  ];
  const wanted = values.routes?.split(",");
  for (const { name, path: routePath, storage, targets } of routes) {
    if (wanted && !wanted.includes(name)) continue;
    const loads: Load[] = [];
    for (let run = 0; run < runs; run++) {
      const traceFile = traceDir && run === 0 ? path.join(traceDir, `${name}.json`) : null;
      const load = await measureLoad(browser, storage, `${baseUrl}${routePath}`, recharts, traceFile);
      log(
        `${name} ${run + 1}/${runs}: LCP ${round(load.lcpMs)} ms (${load.lcpElement}), FCP ${round(load.fcpMs)} ms, app ${round(load.handoffMs)} ms, JS ${kb(load.jsBeforePaintBytes)}/${kb(load.jsBytes)} KB, ${load.requests} requests`,
      );
      if (values.waterfall && run === 0) log(`${name} waterfall:\n  ${load.waterfall.join("\n  ")}`);
      loads.push(load);
    }
    results.push({
      name,
      targets,
      path: routePath,
      loads: loads.map(({ waterfall: _, ...figures }) => ({ ...figures, waterfall: [] })),
    });
  }
} finally {
  await browser.close();
  await stopAppServer(server);
  await rm(dataDir, { recursive: true, force: true });
}

const rows = results.map(({ name, targets, loads }) => {
  const pick = (figure: (load: Load) => number) => median(loads.map(figure));
  return {
    name,
    targets,
    lcpMs: round(
      pick((load) => load.lcpMs),
      0,
    ),
    fcpMs: round(
      pick((load) => load.fcpMs),
      0,
    ),
    handoffMs: round(
      pick((load) => load.handoffMs),
      0,
    ),
    jsBeforePaintKB: kb(pick((load) => load.jsBeforePaintBytes)),
    jsKB: kb(pick((load) => load.jsBytes)),
    jsFiles: pick((load) => load.jsFiles),
    requests: pick((load) => load.requests),
    transferredKB: kb(pick((load) => load.transferredBytes)),
    lcpElement: loads.map((load) => load.lcpElement).sort()[Math.floor(loads.length / 2)] ?? "",
    recharts: [...new Set(loads.flatMap((load) => load.recharts))],
  };
});
const commit = await gitCommit();
const [load1] = os.loadavg();
console.log(`# Pages: cold loads (${new Date().toISOString().slice(0, 16)}Z, ${commit})\n`);
console.log(
  `Chromium ${chromiumVersion}, ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, Node ${process.version}, ` +
    `${throttled ? `${cpuSlowdown}× CPU, 150 ms RTT, 1.6 Mbps down, 750 kbps up` : "not throttled"}, ` +
    `median of ${runs} loads, load average at the end ${load1?.toFixed(2)}; speed index (Lighthouse's ` +
    `BenchmarkIndex) ${round(speed.host, 0)} as it is, ${round(speed.throttled, 0)} throttled\n`,
);
console.log(
  "| Route | LCP (target) | FCP | App takes over | JS before first paint (target) | JS in all (files) | Requests | Transferred | LCP element | recharts |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |");
const jsTarget = (row: (typeof rows)[number]) =>
  Number.isFinite(row.targets.jsBeforePaintKB) ? ` (≤ ${row.targets.jsBeforePaintKB} KB)` : "";
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.lcpMs} ms (≤ ${row.targets.lcpMs}) | ${row.fcpMs} ms | ${Number.isNaN(row.handoffMs) ? "not drawn" : `${row.handoffMs} ms`} | ${row.jsBeforePaintKB} KB${jsTarget(row)} | ${row.jsKB} KB (${row.jsFiles}) | ${row.requests} | ${row.transferredKB} KB | ${row.lcpElement} | ${row.recharts.length ? "yes" : "no"} |`,
  );
}
const failures = rows.flatMap((row) => [
  ...(row.lcpMs > row.targets.lcpMs ? [`${row.name}: LCP ${row.lcpMs} ms > ${row.targets.lcpMs} ms`] : []),
  ...(row.jsBeforePaintKB > row.targets.jsBeforePaintKB
    ? [
        `${row.name}: ${row.jsBeforePaintKB} KB of JavaScript before the first paint > ${row.targets.jsBeforePaintKB} KB`,
      ]
    : []),
  ...(row.targets === READER_TARGETS && row.recharts.length > 0 ? [`${row.name}: fetched recharts`] : []),
]);
console.log(
  `\nTargets (a reader's page LCP ≤ ${READER_TARGETS.lcpMs} ms with ≤ ${READER_TARGETS.jsBeforePaintKB} KB of JavaScript before its first paint and no recharts; an operator's page LCP ≤ ${OPERATOR_TARGETS.lcpMs} ms): ${failures.length ? `NOT met: ${failures.join("; ")}` : "met"}.`,
);
await mkdir(path.join(REPO_ROOT, "bench/results"), { recursive: true });
await writeFile(
  path.join(REPO_ROOT, "bench/results/pages.json"),
  `${JSON.stringify({ date: new Date().toISOString(), commit, throttled, cpuSlowdown, speedIndex: speed, runs, loadAverage: load1, rows, results }, null, 2)}\n`,
);
if (failures.length) process.exitCode = 1;

async function gitCommit(): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("close", () => resolve(out.trim() || "unknown"));
  });
}
