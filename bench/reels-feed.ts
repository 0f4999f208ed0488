// `npm run bench:reels-feed`: how soon the next reel plays after a swipe (target: p95 ≤ 300 ms on
// loopback). A real server (apps/server/src/main.ts, demo seed, its own data folder) serves a web
// build; Chromium (/usr/bin/chromium, through Playwright) signs in as the demo reader at phone
// size, opens /reels, and swipes through the feed by the arrow keys and the wheel, down to the end
// and back up. Each sample runs from the swipe's input event to the next video's `playing` event,
// both read from the page's own clock. Between swipes the page plays the reel on screen for half a
// second and until the next one is buffered (as when someone watches for more than a moment), or
// 5 s at most. (Wheel events closer than 200 ms are one gesture to the feed: one reel a gesture.)
// Prints markdown and writes bench/results/reels-feed.json. `--help` lists the flags.
/// <reference lib="dom" />
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { startAppServer, stopAppServer } from "./app-server.ts";
import { type Distribution, distribution, progressLog } from "./harness.ts";

const USAGE = `Usage: npm run bench:reels-feed -- [options]
  --swipes 30        swipes measured (default 30), after 2 untimed ones
  --port 3520        the server's port (default 3520; the bench uses 3520-3529)
  --dist <folder>    the web build to serve (default apps/web/dist; build it first)
  --min-reels 8      reels the feed must hold: missing ones are posted first (default 8)`;

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const FIXTURE = path.join(REPO_ROOT, "fixtures/video/drama-ep1.mp4");
const TARGET_P95_MS = 300;
/** The least a reel plays before the next swipe. */
const DWELL_MS = 500;
const log = progressLog();

const { values } = parseArgs({
  options: {
    swipes: { type: "string", default: "30" },
    port: { type: "string", default: "3520" },
    dist: { type: "string", default: path.join(REPO_ROOT, "apps/web/dist") },
    "min-reels": { type: "string", default: "8" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const swipeCount = Number(values.swipes);
const port = Number(values.port);
if (!(port >= 3520 && port <= 3529)) throw new Error("--port is one of 3520-3529");
const dist = path.resolve(values.dist);
const minReels = Number(values["min-reels"]);
if (!existsSync(path.join(dist, "index.html"))) {
  throw new Error(`No web build in ${dist}: run \`npm run build\` (or pass --dist).`);
}
const baseUrl = `http://127.0.0.1:${port}`;

// ---- The server ----------------------------------------------------------------------------------

function startServer(dataDir: string): Promise<ChildProcess> {
  return startAppServer({ port, dataDir, dist, env: { RATE_LIMIT_WRITES_PER_MINUTE: "5000" } });
}

// ---- The browser's side ----------------------------------------------------------------------------

async function signIn(page: Page, email: string): Promise<string> {
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
  return token;
}

async function call<T>(token: string, kind: "query" | "mutation", name: string, input?: unknown): Promise<T> {
  const url = `${baseUrl}/api/trpc/${name}`;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const response =
    kind === "query"
      ? await fetch(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers,
        })
      : await fetch(url, { method: "POST", headers, body: JSON.stringify(input ?? null) });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!response.ok) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
  return body.result?.data as T;
}

/** Posts the fixture as a reel (tus by hand: create, then one PATCH) and waits until it is published. */
async function postReel(token: string, caption: string): Promise<void> {
  const body = await readFile(FIXTURE);
  const common = { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" };
  const created = await fetch(`${baseUrl}/api/reels/uploads`, {
    method: "POST",
    headers: { ...common, "upload-length": String(body.length) },
  });
  const location = created.headers.get("location");
  if (!location) throw new Error(`upload not created: ${created.status}`);
  const url = new URL(location, baseUrl);
  await fetch(url, {
    method: "PATCH",
    headers: { ...common, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
    body,
  });
  const uploadId = url.pathname.split("/").at(-1);
  const { reelId } = await call<{ reelId: string }>(token, "mutation", "reels.createReel", {
    uploadId,
    caption,
    link: null,
    visibility: "public",
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const mine = await call<Array<{ id: string; status: string }>>(token, "query", "reels.listMyReels");
    const status = mine.find((reel) => reel.id === reelId)?.status;
    if (status === "published") return;
    if (status === "failed") throw new Error("a bench reel failed to process");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("a bench reel was not published within 60 s");
}

/** Marks the page's clock at each swipe input and at each `playing` of a video. */
function instrument() {
  const marks = window as unknown as {
    __swipeAt: number | null;
    __samples: Array<{ ms: number; index: number }>;
  };
  marks.__swipeAt = null;
  marks.__samples = [];
  const onInput = () => {
    marks.__swipeAt = performance.now();
  };
  window.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") onInput();
    },
    { capture: true },
  );
  window.addEventListener("wheel", onInput, { capture: true, passive: true });
  document.addEventListener(
    "playing",
    (event) => {
      if (marks.__swipeAt === null) return;
      const slide = (event.target as Element).closest("[data-index]");
      marks.__samples.push({
        ms: performance.now() - marks.__swipeAt,
        index: Number(slide?.getAttribute("data-index")),
      });
      marks.__swipeAt = null;
    },
    { capture: true },
  );
}

interface Sample {
  ms: number;
  input: "key" | "wheel";
  direction: "down" | "up";
}

async function swipeOnce(page: Page, to: number, input: "key" | "wheel"): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { __samples: unknown[] }).__samples.length);
  const down = to > Number(await page.getByTestId("reels-feed").getAttribute("data-active-index"));
  if (input === "key") await page.keyboard.press(down ? "ArrowDown" : "ArrowUp");
  else await page.mouse.wheel(0, down ? 240 : -240);
  const handle = await page.waitForFunction(
    ([count, index]) => {
      const samples = (window as unknown as { __samples: Array<{ ms: number; index: number }> }).__samples;
      const sample = samples[count];
      return sample && sample.index === index ? sample.ms : null;
    },
    [before, to] as const,
    { timeout: 10_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Plays on until the reels around `index` are buffered (5 s at most), as a viewer watching would. */
async function watchUntilBuffered(page: Page, index: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, DWELL_MS));
  await page
    .waitForFunction(
      (at) =>
        [at - 1, at + 1].every((neighbour) => {
          const video = document.querySelector<HTMLVideoElement>(`[data-index="${neighbour}"] video`);
          return !video || video.readyState >= 3;
        }),
      index,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

// ---- The run -------------------------------------------------------------------------------------

const dataDir = await mkdtemp(path.join(os.tmpdir(), "litverse-bench-reels-"));
log(`starting the server on ${baseUrl} (data in ${dataDir})`);
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"],
});
const chromiumVersion = browser.version();
const samples: Sample[] = [];
let reelCount = 0;
try {
  // The service worker stays out of the way, as in the browser tests.
  const adminPage = await (await browser.newContext({ serviceWorkers: "block" })).newPage();
  const adminToken = await signIn(adminPage, "admin@demo.test");
  const existing = await call<{ items: unknown[] }>(adminToken, "query", "reels.adminListReels", {
    status: "published",
  });
  for (let index = existing.items.length; index < minReels; index++) {
    log(`posting bench reel ${index + 1} of ${minReels}`);
    await postReel(adminToken, `Bench reel ${index + 1}`);
  }

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  await signIn(page, "reader@demo.test");
  await page.addInitScript(instrument);
  await page.goto(`${baseUrl}/reels`);
  await page.getByTestId("reels-feed").waitFor();
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-index="0"] video');
    return video !== null && !video.paused && video.currentTime > 0;
  });
  reelCount = await page.getByTestId("reel-slide").count();
  log(`the feed holds ${reelCount} reels; ${swipeCount} swipes`);
  await page.getByTestId("reels-feed").hover();

  let index = 0;
  let direction: 1 | -1 = 1;
  const total = swipeCount + 2;
  for (let swipe = 0; swipe < total; swipe++) {
    // Down to the last reel, then back up, and so on.
    const loaded = await page.getByTestId("reel-slide").count();
    if (index + direction >= loaded || index + direction < 0) direction = direction === 1 ? -1 : 1;
    const to = index + direction;
    const input = swipe % 2 === 0 ? "key" : "wheel";
    await watchUntilBuffered(page, index);
    const ms = await swipeOnce(page, to, input).catch((error: unknown) => {
      throw new Error(`swipe ${swipe + 1} (${input}, reel ${index + 1} to ${to + 1}) did not play: ${error}`);
    });
    if (swipe >= 2) samples.push({ ms, input, direction: direction === 1 ? "down" : "up" });
    index = to;
    await page.waitForFunction((at) => {
      const feed = document.querySelector('[data-testid="reels-feed"]');
      return feed?.getAttribute("data-active-index") === String(at);
    }, to);
  }
  await context.close();
} finally {
  await browser.close();
  await stopAppServer(server);
  await rm(dataDir, { recursive: true, force: true });
}

const all = distribution(samples.map((sample) => sample.ms));
const byInput = (input: Sample["input"]) =>
  distribution(samples.filter((sample) => sample.input === input).map((sample) => sample.ms));
const rows: Array<[string, Distribution]> = [
  ["all swipes", all],
  ["arrow keys", byInput("key")],
  ["wheel", byInput("wheel")],
];
const commit = await gitCommit();
console.log(`# Reels feed: swipe to playing (${new Date().toISOString().slice(0, 10)}, ${commit})\n`);
console.log(
  `Chromium ${chromiumVersion}, ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, ${reelCount} reels\n`,
);
console.log("| swipes | count | p50 ms | p95 ms | max ms |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const [name, figures] of rows) {
  console.log(`| ${name} | ${figures.count} | ${figures.p50} | ${figures.p95} | ${figures.max} |`);
}
const isMet = all.p95 <= TARGET_P95_MS;
console.log(`\nTarget p95 ≤ ${TARGET_P95_MS} ms: ${isMet ? "met" : "NOT met"}.`);
await mkdir(path.join(REPO_ROOT, "bench/results"), { recursive: true });
await writeFile(
  path.join(REPO_ROOT, "bench/results/reels-feed.json"),
  `${JSON.stringify({ date: new Date().toISOString(), commit, reels: reelCount, samples, all, keys: byInput("key"), wheel: byInput("wheel") }, null, 2)}\n`,
);
if (!isMet) process.exitCode = 1;

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
