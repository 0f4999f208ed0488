// `npm run bench:story-editor`: the story editor with a story of 2,000 scenes (targets: open in
// ≤ 2 s, pan without a main-thread task over 100 ms).
//   1. Starts the real server (apps/server/src/main.ts, PGlite in a temporary folder, the demo
//      accounts) serving the built web app, as the end-to-end tests do.
//   2. Signs in as admin@demo.test in Chromium (/usr/bin/chromium) and, with that token, creates a
//      story of --scenes scenes through stories.createStory and stories.saveStoryDraft.
//   3. Opens /admin/stories/<id>/edit --opens times: time from navigation to the map being
//      interactive (the map's data-ready mark and a scene card drawn), and the longest task then.
//   4. Pans the map with the mouse at two zooms (the editor's opening zoom, and far out where more
//      scenes are on screen) while recording a Chromium trace; reports the longest main-thread
//      task in the trace (and, as a cross-check, the longest `longtask` the page observed).
// Prints markdown and writes bench/results/story-editor.json (and the traces of the pans to the
// system's temporary folder, story-editor-trace-near.json and -far.json).
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import {
  makeDataDir,
  removeDataDir,
  type ServerProcess,
  startServer,
} from "../apps/web/e2e/support/server.ts";
import { progressLog } from "./harness.ts";
import { makeStory } from "./story-editor-story.ts";

const USAGE = `Usage: npm run bench:story-editor -- [options]
  --scenes 2000     scenes in the story (default 2000)
  --port 3320       the server's port (default 3320; the editor's benchmarks use 3320-3329)
  --opens 3         times the editor is opened (default 3)
  --pans 3          pans measured at each zoom (default 3)
Environment: WEB_DIST_DIR, the built web app (default apps/web/dist; run npm run build, or
cd apps/web && npx vite build --outDir <dir>).`;

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const RESULTS = path.join(REPO_ROOT, "bench/results");
const CHROMIUM = "/usr/bin/chromium";
const ADMIN = "admin@demo.test";
const PASSWORD = "demo-password";
const TARGET_OPEN_MS = 2_000;
const TARGET_TASK_MS = 100;
const SCENES_PER_CALL = 500;
const log = progressLog();

const { values } = parseArgs({
  options: {
    scenes: { type: "string", default: "2000" },
    port: { type: "string", default: "3320" },
    opens: { type: "string", default: "3" },
    pans: { type: "string", default: "3" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const SCENE_COUNT = Number(values.scenes);
const PORT = Number(values.port);
const OPENS = Number(values.opens);
const PANS = Number(values.pans);
const DIST = path.resolve(process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, "apps/web/dist"));

// ---- Calls ----------------------------------------------------------------------------------

async function call<T>(server: ServerProcess, token: string, path: string, input: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/trpc/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!response.ok) throw new Error(`${path} failed: ${JSON.stringify(body.error)}`);
  return body.result?.data as T;
}

async function signIn(page: Page, baseUrl: string): Promise<string> {
  await page.goto(baseUrl);
  await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
  const another = page.getByRole("button", { name: "Use another account" });
  const email = page.getByLabel("Email");
  await another.or(email).waitFor();
  if (await another.isVisible()) await another.click();
  await email.fill(ADMIN);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/" && url.search === "");
  await page.getByTestId("welcome").waitFor();
  const token: unknown = await page.evaluate(IN_PAGE.accessToken);
  if (typeof token !== "string") throw new Error("signed in, but no access token was found");
  return token;
}

async function createStory(server: ServerProcess, token: string): Promise<string> {
  const { storyId } = await call<{ storyId: string }>(server, token, "stories.createStory", {
    title: `Benchmark story, ${SCENE_COUNT} scenes`,
  });
  return storyId;
}

/** getStoryDraft is a query: over HTTP, a GET with the input in the address. */
async function getDraft(server: ServerProcess, token: string, storyId: string) {
  const url = `${server.url}/api/trpc/stories.getStoryDraft?input=${encodeURIComponent(JSON.stringify({ storyId }))}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as {
    result?: { data: { revision: number; document: { scenes: Array<{ id: string }> } } };
    error?: unknown;
  };
  if (!response.ok || !body.result) throw new Error(`getStoryDraft failed: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

async function fillStory(server: ServerProcess, token: string, storyId: string): Promise<number> {
  const { scenes, startSceneId } = makeStory(SCENE_COUNT);
  const draft = await getDraft(server, token, storyId);
  let revision = draft.revision;
  const started = performance.now();
  for (let from = 0; from < scenes.length; from += SCENES_PER_CALL) {
    const isLast = from + SCENES_PER_CALL >= scenes.length;
    const result = await call<{ revision: number }>(server, token, "stories.saveStoryDraft", {
      storyId,
      baseRevision: revision,
      upsertScenes: scenes.slice(from, from + SCENES_PER_CALL),
      ...(from === 0
        ? {
            deleteSceneIds: draft.document.scenes.map((scene) => scene.id),
            ownStats: [
              {
                name: "courage",
                label: "Courage",
                kind: "number",
                min: 0,
                max: 10,
                default: 1,
                visible: true,
              },
            ],
          }
        : {}),
      ...(isLast ? { startSceneId } : {}),
    });
    revision = result.revision;
  }
  return performance.now() - started;
}

// ---- The editor -----------------------------------------------------------------------------

interface OpenResult {
  interactiveMs: number;
  longestTaskMs: number;
  renderedNodes: number;
}

/** What runs in the page, as source text (this file is compiled for Node, without the DOM's types). */
const IN_PAGE = {
  accessToken: `(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith("oidc.user:")) return JSON.parse(localStorage.getItem(key) ?? "{}").access_token;
    }
    return null;
  })()`,
  nextFrameTime: "new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))",
  longTasks: "window.__longTasks",
  clearLongTasks: "window.__longTasks = []",
  emptyPoint: `(() => {
    const pane = document.querySelector(".react-flow__pane");
    if (!pane) return null;
    const box = pane.getBoundingClientRect();
    for (let y = box.top + box.height * 0.3; y < box.bottom - 40; y += 13) {
      for (let x = box.left + box.width * 0.3; x < box.right - 40; x += 17) {
        if (document.elementFromPoint(x, y)?.classList.contains("react-flow__pane")) return { x, y };
      }
    }
    return null;
  })()`,
  zoom: `(() => {
    const match = document.querySelector(".react-flow__viewport")?.style.transform.match(/scale\\(([\\d.]+)\\)/);
    return match ? Number(match[1]) : 1;
  })()`,
};

/** Collects `longtask` entries from the start of each document, readable as window.__longTasks. */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
`;

async function openEditor(page: Page, baseUrl: string, storyId: string): Promise<OpenResult> {
  await page.goto(`${baseUrl}/admin/stories/${storyId}/edit`);
  await page
    .locator('[data-testid="story-graph"][data-ready] .react-flow__node')
    .first()
    .waitFor({ timeout: 60_000 });
  // The moment the map became ready, from the start of navigation, taken in the page.
  // The moment of the first frame after the mark (the cards are painted by then), from the start
  // of navigation, taken in the page.
  const interactiveMs = (await page.evaluate(IN_PAGE.nextFrameTime)) as number;
  // Let the work that follows the first paint land, then read the long tasks of the whole load.
  await page.waitForTimeout(1_500);
  const tasks = (await page.evaluate(IN_PAGE.longTasks)) as Array<{ duration: number }>;
  const renderedNodes = await page.locator(".react-flow__node").count();
  return {
    interactiveMs,
    longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
    renderedNodes,
  };
}

/** A point over the map's empty background (not a card), in page coordinates. */
async function emptyPoint(page: Page): Promise<{ x: number; y: number }> {
  const point = (await page.evaluate(IN_PAGE.emptyPoint)) as { x: number; y: number } | null;
  if (!point) throw new Error("no empty spot on the map to drag");
  return point;
}

/** Drags the map around in a loop, one mouse move a frame, for about `frames` frames. */
async function pan(page: Page, frames: number): Promise<void> {
  const start = await emptyPoint(page);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const radius = 260;
  for (let frame = 1; frame <= frames; frame++) {
    const angle = (frame / frames) * Math.PI * 4;
    // A loop that also drifts, so new scenes keep coming into view.
    await page.mouse.move(
      start.x + Math.sin(angle) * radius - frame * 1.5,
      start.y + (1 - Math.cos(angle)) * radius * 0.6 - frame,
    );
    await page.evaluate(IN_PAGE.nextFrameTime);
  }
  await page.mouse.up();
}

interface TraceEvent {
  name: string;
  ph: string;
  ts?: number;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The longest task on the page's main thread in a Chromium trace, in ms, and the longest that
 * was busy: on a loaded machine a task can be long with nothing traced inside it (the thread was
 * waiting for a core), which says nothing about the page.
 */
function longestMainThreadTasks(trace: { traceEvents: TraceEvent[] }): { any: number; busy: number } {
  const mainThreads = new Set(
    trace.traceEvents
      .filter(
        (event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain",
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = trace.traceEvents
    .filter((event) => event.ph === "X" && mainThreads.has(`${event.pid}:${event.tid}`))
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  let any = 0;
  let busy = 0;
  onMain.forEach((task, index) => {
    if (task.name !== "RunTask" && task.name !== "ThreadControllerImpl::RunTask") return;
    const start = task.ts ?? 0;
    const end = start + (task.dur ?? 0);
    // How much of the task the events inside it cover (their union: they nest).
    let covered = 0;
    let reached = start;
    for (let next = index + 1; next < onMain.length; next++) {
      const inner = onMain[next] as TraceEvent;
      const from = inner.ts ?? 0;
      if (from >= end) break;
      if (inner.tid !== task.tid || inner.pid !== task.pid) continue;
      const to = Math.min(end, from + (inner.dur ?? 0));
      if (to > reached) {
        covered += to - Math.max(from, reached);
        reached = to;
      }
    }
    const ms = (task.dur ?? 0) / 1000;
    any = Math.max(any, ms);
    if (covered >= (task.dur ?? 0) / 2) busy = Math.max(busy, ms);
  });
  return { any, busy };
}

interface PanResult {
  zoom: number;
  longestTraceTaskMs: number;
  /** The longest with work traced in at least half of it. */
  longestBusyTaskMs: number;
  longestObservedTaskMs: number;
  longTasksOver50: number;
  frames: number;
}

async function zoomOut(page: Page, zoom: number): Promise<void> {
  const pane = await emptyPoint(page);
  await page.mouse.move(pane.x, pane.y);
  // Wheel out until the zoom is reached (each notch is a fixed factor).
  for (let i = 0; i < 40; i++) {
    const now = await currentZoom(page);
    if (now <= zoom) break;
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(500);
}

async function measurePan(browser: Browser, page: Page, label: string): Promise<PanResult> {
  const reachedZoom = await currentZoom(page);
  await page.evaluate(IN_PAGE.clearLongTasks);
  const frames = 240;
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
  });
  await pan(page, frames);
  const buffer = await browser.stopTracing();
  const trace = JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] };
  const longest = longestMainThreadTasks(trace);
  // Traces are large: they stay out of the repository, for opening in Chromium's performance panel.
  await writeFile(path.join(os.tmpdir(), `story-editor-trace-${label}.json`), buffer);
  const observed = (await page.evaluate(IN_PAGE.longTasks)) as Array<{ duration: number }>;
  return {
    zoom: reachedZoom,
    longestTraceTaskMs: longest.any,
    longestBusyTaskMs: longest.busy,
    longestObservedTaskMs: Math.max(0, ...observed.map((task) => task.duration)),
    longTasksOver50: observed.length,
    frames,
  };
}

async function currentZoom(page: Page): Promise<number> {
  return (await page.evaluate(IN_PAGE.zoom)) as number;
}

// ---- Run ------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(path.join(DIST, "index.html"))) {
    throw new Error(`No built web app in ${DIST}: run npm run build, or set WEB_DIST_DIR.`);
  }
  const dataDir = await makeDataDir();
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  try {
    const loadBefore = os.loadavg()[0] ?? 0;
    log(`starting the server on port ${PORT}`);
    server = await startServer({
      port: PORT,
      dataDir,
      env: { WEB_DIST_DIR: DIST, RATE_LIMIT_WRITES_PER_MINUTE: "5000" },
    });
    const chrome = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking"],
    });
    browser = chrome;
    const context = await chrome.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    await context.addInitScript(OBSERVE_LONG_TASKS);
    const page = await context.newPage();
    log("signing in");
    const token = await signIn(page, server.url);
    log(`creating a story of ${SCENE_COUNT} scenes`);
    const storyId = await createStory(server, token);
    const saveMs = await fillStory(server, token, storyId);
    const draftStarted = performance.now();
    await getDraft(server, token, storyId);
    const getDraftMs = performance.now() - draftStarted;

    const opens: OpenResult[] = [];
    for (let i = 0; i < OPENS; i++) {
      log(`opening the editor (${i + 1} of ${OPENS})`);
      opens.push(await openEditor(page, server.url, storyId));
    }
    const pansAt = async (label: string) => {
      const runs: PanResult[] = [];
      for (let i = 0; i < PANS; i++) {
        log(`panning (${label}, ${i + 1} of ${PANS})`);
        runs.push(await measurePan(chrome, page, label));
      }
      const middle = (values: number[]) =>
        [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
      return {
        runs,
        medianLongestMs: middle(runs.map((run) => run.longestTraceTaskMs)),
        medianLongestBusyMs: middle(runs.map((run) => run.longestBusyTaskMs)),
      };
    };
    const near = await pansAt("near");
    await zoomOut(page, 0.3);
    const far = await pansAt("far");
    const loadAfter = os.loadavg()[0] ?? 0;

    const sortedOpen = opens.map((open) => open.interactiveMs).sort((a, b) => a - b);
    const medianOpen = sortedOpen[Math.floor(sortedOpen.length / 2)] ?? 0;
    const medianPanTask = Math.max(near.medianLongestMs, far.medianLongestMs);
    const results = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 1024 ** 3)} GB`,
      // Other work on the machine shows in these figures: the load average before and after.
      loadAverage: { before: Number(loadBefore.toFixed(1)), after: Number(loadAfter.toFixed(1)) },
      scenes: SCENE_COUNT,
      saveStoryMs: Math.round(saveMs),
      getStoryDraftMs: Math.round(getDraftMs),
      opens,
      medianOpenMs: Math.round(medianOpen),
      pan: { near, far },
      targets: {
        openMs: TARGET_OPEN_MS,
        taskMs: TARGET_TASK_MS,
        isOpenMet: medianOpen <= TARGET_OPEN_MS,
        isPanMet: medianPanTask <= TARGET_TASK_MS,
      },
    };
    await mkdir(RESULTS, { recursive: true });
    await writeFile(path.join(RESULTS, "story-editor.json"), `${JSON.stringify(results, null, 2)}\n`);
    const ms = (value: number) => `${Math.round(value)} ms`;
    const panRow = (pans: { runs: PanResult[]; medianLongestMs: number; medianLongestBusyMs: number }) => {
      const zoom = pans.runs[0]?.zoom.toFixed(2) ?? "?";
      const each = pans.runs.map(
        (run) =>
          `${ms(run.longestTraceTaskMs)} / ${ms(run.longestBusyTaskMs)} (${run.longTasksOver50} over 50 ms)`,
      );
      return `| Pan at zoom ${zoom}, ${pans.runs.length} × ${pans.runs[0]?.frames ?? 0} frames: longest main-thread task of each, any / busy (trace) | ${each.join(", ")}; median ${ms(pans.medianLongestMs)} / ${ms(pans.medianLongestBusyMs)} | ≤ ${TARGET_TASK_MS} ms |`;
    };
    console.log(`## Story editor, ${SCENE_COUNT} scenes (${results.machine})

| Figure | Result | Target |
| --- | --- | --- |
| Saving the story (${Math.ceil(SCENE_COUNT / SCENES_PER_CALL)} saveStoryDraft calls) | ${ms(saveMs)} | |
| getStoryDraft over HTTP | ${ms(getDraftMs)} | |
| Open → map interactive, median of ${OPENS} (${sortedOpen.map(ms).join(", ")}) | ${ms(medianOpen)} | ≤ ${TARGET_OPEN_MS} ms |
| Longest task while opening (longtask observer) | ${ms(Math.max(...opens.map((open) => open.longestTaskMs)))} | |
| Scene cards drawn on opening | ${opens[0]?.renderedNodes ?? 0} of ${SCENE_COUNT} | |
${panRow(near)}
${panRow(far)}
Load average (1 min) ${results.loadAverage.before} before, ${results.loadAverage.after} after, on ${os.cpus().length} cores.
`);
    if (!results.targets.isOpenMet || !results.targets.isPanMet) process.exitCode = 1;
  } finally {
    await browser?.close();
    await server?.stop();
    await removeDataDir(dataDir);
  }
}

await main();
