// Reels as people meet them: an administrator posts a reel from My Reels (the upload's progress,
// a dropped connection it survives, processing shown live until published) that trails a locked
// episode; a reader opens it by its link on a phone, where it plays by itself (muted), counts as a
// view after 3 s of playing and not before, has the next reel already buffered, swipes on by the
// wheel, a finger and the keys, and meets the unlock dialog through "Watch the series"; the
// analytics page shows the view. With SCREENSHOTS set, the four pages at phone and desktop sizes.
import { execFile } from "node:child_process";
import { mkdtemp, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

test.describe.configure({ mode: "serial" });

/** What the page sends per request (reel-upload.ts): the test's video is a little over one part. */
const CHUNK = 5 * 1024 ** 2;
let video: string;

let adminContext: BrowserContext;
let readerContext: BrowserContext;
let admin: Page;
let reader: Page;
const stamp = Date.now();
const caption = `Who opens the gate? ${stamp}`;

interface Analytics {
  totals: { plays: number; views: number };
}

const today = () => new Date().toISOString().slice(0, 10);
const figuresOf = (reelId: string) =>
  callAs<Analytics>(admin, "query", "reels.getReelsAnalytics", { from: today(), to: today(), reelId });

/** The video of the feed's slide at `index`. */
const videoAt = (page: Page, index: number) => page.locator(`[data-index="${index}"] video`);
const media = <T>(page: Page, index: number, read: (video: HTMLVideoElement) => T) =>
  videoAt(page, index).evaluate(read);
const feed = (page: Page) => page.getByTestId("reels-feed");

test.beforeAll(async ({ browser }) => {
  // A phone-shaped video a little larger than one part of an upload.
  video = path.join(await mkdtemp(path.join(os.tmpdir(), "litverse-reels-")), "gate.mp4");
  await promisify(execFile)("ffmpeg", [
    ...["-y", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=480x854:rate=30"],
    ...["-f", "lavfi", "-i", "sine=frequency=330", "-t", "7", "-shortest"],
    // Constant bit rate (filled up), so the size does not depend on how well the pattern compresses.
    ...["-c:v", "libx264", "-b:v", "8M", "-minrate", "8M", "-maxrate", "8M", "-bufsize", "2M"],
    ...["-x264-params", "nal-hrd=cbr"],
    ...["-c:a", "aac", video],
  ]);
  expect((await stat(video)).size).toBeGreaterThan(CHUNK);
  adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  admin = await adminContext.newPage();
  await openSignedIn(admin, "admin@demo.test");
  readerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  reader = await readerContext.newPage();
  await openSignedIn(reader, "reader@demo.test");
});

test.afterAll(async () => {
  await adminContext?.close();
  await readerContext?.close();
});

let reelId: string;

test("a reel posted from My Reels, then watched, swiped and followed to its series", {
  tag: "@postgres",
}, async () => {
  test.setTimeout(90_000);
  // From My Reels: the first request carrying the video is cut off and retried; the page is
  // reloaded while the second part is on its way, and choosing the file again carries on from
  // the part the server holds.
  const patches: string[] = [];
  await admin.route("**/api/reels/uploads/**", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    patches.push(route.request().headers()["upload-offset"] ?? "");
    if (patches.length === 1) return route.abort("connectionreset");
    // The third request is held: the page reloads while it is on its way.
    if (patches.length === 3) return;
    return route.continue();
  });
  await admin.goto("/profile/reels");
  await expect(admin.getByRole("heading", { name: "My Reels", level: 1 })).toBeVisible();
  await admin.getByTestId("reel-file-input").setInputFiles(video);
  const status = admin.getByTestId("reel-upload-status");
  await expect(status.getByRole("progressbar", { name: /^Upload of gate\.mp4/ })).toBeVisible();
  await expect.poll(() => patches.length).toBe(3);
  await expect(status.getByRole("progressbar")).not.toHaveAttribute("aria-valuenow", "0");
  await admin.reload();
  const unfinished = admin.getByTestId("unfinished-uploads");
  await expect(unfinished).toContainText(/gate\.mp4.*\d+% sent/s);
  await admin.unroute("**/api/reels/uploads/**");
  const resumed = admin.waitForRequest((request) => request.method() === "PATCH");
  await unfinished.locator('input[type="file"]').setInputFiles(video);
  expect(patches.slice(0, 3)).toEqual(["0", "0", String(CHUNK)]);
  expect((await resumed).headers()["upload-offset"]).toBe(String(CHUNK));
  await expect(status).toHaveAttribute("data-state", "uploaded");
  await expect(status.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");

  // Its details: a caption and the episode it trails (Two Houses, episode 4: locked for the reader).
  const upload = admin.getByTestId("reel-upload");
  await upload.getByRole("textbox", { name: "Caption" }).fill(caption);
  await upload.getByRole("searchbox", { name: "Search for the title the reel leads to" }).fill("Two Houses");
  await upload
    .getByRole("list", { name: "Titles" })
    .getByRole("button", { name: /^Two Houses/ })
    .click();
  await expect(upload.getByTestId("reel-link-title")).toHaveText("Two Houses");
  // The list: the whole title, then episodes 1, 2, 3, 4…
  await upload.getByLabel("Episode").selectOption({ index: 4 });
  await expect(upload.getByLabel("Episode").locator("option:checked")).toHaveText(/^Episode 4:/);
  await upload.getByRole("button", { name: "Post reel" }).click();

  // Processing, shown live, ends published.
  const row = admin.getByTestId("my-reel").filter({ hasText: caption });
  await expect(row.getByTestId("reel-status")).toHaveText(/Processing|Published/);
  await expect(row.getByTestId("reel-status")).toHaveText("Published", { timeout: 30_000 });
  const mine = await callAs<Array<{ id: string; caption: string }>>(admin, "query", "reels.listMyReels");
  reelId = mine.find((reel) => reel.caption === caption)?.id ?? "";
  expect(reelId).not.toBe("");

  // The reader opens its link on a phone: it comes first and plays by itself, muted. The watch
  // reports the page sends are read off its WebSocket.
  const reported: number[] = [];
  reader.on("websocket", (socket) =>
    socket.on("framesent", ({ payload }) => {
      if (typeof payload !== "string" || !payload.includes("reels.recordWatchEvents")) return;
      for (const match of payload.matchAll(/"kind":"progress","positionMs":\d+,"playedMs":(\d+)/g)) {
        reported.push(Number(match[1]));
      }
    }),
  );
  const playedReported = () => Math.max(0, ...reported);
  await reader.goto(`/reels?reel=${reelId}`);
  await expect(reader.getByRole("navigation", { name: "Sections" })).toBeVisible();
  const first = reader.locator('[data-index="0"]');
  await expect(first).toHaveAttribute("data-reel-id", reelId);
  await expect(first).toContainText(caption);
  await expect.poll(() => media(reader, 0, (video) => !video.paused && video.currentTime > 0)).toBe(true);
  expect(await media(reader, 0, (video) => video.muted)).toBe(true);

  // Paused after a second of playing: once the pause's report (over a second played) is in, a
  // play and no view. The page counts what played at each `timeupdate` (about every quarter of a
  // second), so its count may trail the playhead by that much: hence the margin.
  await expect
    .poll(() => media(reader, 0, (video) => video.currentTime), { intervals: [50] })
    .toBeGreaterThan(1.25);
  await reader.keyboard.press("Space");
  expect(await media(reader, 0, (video) => video.paused && video.currentTime < 2.9)).toBe(true);
  await expect.poll(playedReported, { timeout: 10_000 }).toBeGreaterThanOrEqual(1_000);
  expect(playedReported()).toBeLessThan(3_000);
  await expect(feed(reader)).toHaveAttribute("data-unsent-events", "0", { timeout: 10_000 });
  await expect.poll(() => figuresOf(reelId)).toMatchObject({ totals: { plays: 1, views: 0 } });

  // Playing on past 3 s: the view counts.
  await reader.keyboard.press("Space");
  await expect.poll(playedReported, { timeout: 10_000 }).toBeGreaterThanOrEqual(3_000);
  await expect(feed(reader)).toHaveAttribute("data-unsent-events", "0", { timeout: 10_000 });
  await expect.poll(() => figuresOf(reelId)).toMatchObject({ totals: { plays: 1, views: 1 } });

  // The next reel is buffered before the swipe; the wheel moves to it, and it plays.
  await expect.poll(() => media(reader, 1, (video) => video.readyState)).toBeGreaterThanOrEqual(3);
  await feed(reader).hover();
  await reader.mouse.wheel(0, 400);
  await expect(feed(reader)).toHaveAttribute("data-active-index", "1");
  await expect.poll(() => media(reader, 1, (video) => !video.paused)).toBe(true);
  expect(await media(reader, 0, (video) => video.paused)).toBe(true);

  // The sound, once on, stays on; keys move back.
  await reader.keyboard.press("m");
  await expect.poll(() => media(reader, 1, (video) => video.muted)).toBe(false);
  await reader.keyboard.press("ArrowUp");
  await expect(feed(reader)).toHaveAttribute("data-active-index", "0");
  await expect.poll(() => media(reader, 0, (video) => !video.paused && !video.muted)).toBe(true);

  // A finger's swipe up moves on one reel, as on a phone.
  const cdp = await readerContext.newCDPSession(reader);
  const box = await feed(reader).boundingBox();
  if (!box) throw new Error("the feed has no box");
  const x = Math.round(box.x + box.width / 2);
  const from = Math.round(box.y + box.height * 0.8);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", y: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y }],
    });
  await touch("touchStart", from);
  for (let step = 1; step <= 10; step++) await touch("touchMove", from - step * 45);
  await touch("touchEnd", from - 450);
  await expect(feed(reader)).toHaveAttribute("data-active-index", "1");
  await expect.poll(() => media(reader, 1, (video) => !video.paused)).toBe(true);
  await reader.keyboard.press("ArrowUp");
  await expect(feed(reader)).toHaveAttribute("data-active-index", "0");

  // "Watch the series" on a locked episode: the unlock dialog.
  await first.getByRole("button", { name: /Watch the series/ }).click();
  const dialog = reader.getByRole("dialog", { name: "Episode 4 is locked" });
  await expect(dialog).toContainText("costs 20 coins to unlock for good");
  await reader.keyboard.press("Escape");

  // The analytics page shows the view.
  await admin.goto(`/admin/reels/analytics?reel=${reelId}`);
  await expect(admin.getByTestId("figure-views")).toContainText(/^Views\s*1(?!\d)/);
});

test.describe("screenshots", () => {
  for (const scheme of SCHEMES) {
    test(`reels pages, ${scheme}`, async () => {
      test.setTimeout(120_000);
      await capture(
        reader,
        "reels-feed",
        scheme,
        async () => {
          await expect.poll(() => media(reader, 0, (video) => video.currentTime)).toBeGreaterThan(0.5);
          await reader.keyboard.press("Space");
        },
        `/reels?reel=${reelId}`,
      );
      await capture(
        admin,
        "my-reels",
        scheme,
        () => expect(admin.getByTestId("my-reel").first()).toBeVisible(),
        "/profile/reels",
      );
      await capture(
        admin,
        "admin-reels",
        scheme,
        () => expect(admin.getByTestId("admin-reel").first()).toBeVisible(),
        "/admin/reels/management",
      );
      await capture(
        admin,
        "reels-analytics",
        scheme,
        () => expect(admin.getByTestId("reels-figures")).toBeVisible(),
        "/admin/reels/analytics",
      );
    });
  }
});
