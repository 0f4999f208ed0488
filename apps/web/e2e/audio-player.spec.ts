// The audiobook player. "Moby-Dick" as the demo has it (three short episodes, one per chapter of
// the M4B fixture): playing, skips, speed, resuming, the sleep timer, bookmarks, the mini-player
// that keeps playing across the app, following another tab, playing on into the next episode,
// and how fast playing starts. "The Whale" (the same narration imported as two whole files, each
// keeping its three chapter marks): chapter marks on the timeline and in the chapter list, chapter
// skips across episodes, the end-of-chapter timer, the keyboard.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page, test } from "@playwright/test";
import { callAs, titleId } from "./support/api.ts";
import { createAccount } from "./support/auth.ts";
import { runCli } from "./support/cli.ts";
import { mainDataDir, REPO_ROOT } from "./support/env.ts";
import { capture, SCHEMES, SCREENSHOT_DIR } from "./support/screenshots.ts";

interface TitleProgress {
  episodes: Array<{ number: number; locator: { ms?: number } | null; isCompleted: boolean }>;
}

// The fixture's chapter marks, in seconds.
const CHAPTER_2 = 39.529;
const CHAPTER_3 = 77.971;

/** The fixture twice, as two parts of one book: one episode per file, each with its chapter marks. */
async function importTheWhale(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "litverse-whale-"));
  try {
    const fixture = path.join(REPO_ROOT, "fixtures/audio/moby-dick-excerpt.m4b");
    const parts = ["Part One", "Part Two"];
    const files = await Promise.all(
      parts.map(async (part, index) => {
        const file = path.join(dir, `part-${index + 1}.m4b`);
        await promisify(execFile)("ffmpeg", [
          ...["-y", "-v", "error", "-i", fixture, "-map", "0:a", "-c", "copy"],
          ...[
            "-metadata",
            "album=The Whale",
            "-metadata",
            `title=${part}`,
            "-metadata",
            `track=${index + 1}`,
          ],
          file,
        ]);
        return file;
      }),
    );
    const { stdout } = await runCli(["content:import", ...files, "--type", "audiobook"], mainDataDir());
    const id = stdout.match(/title id ([0-9a-f-]{36})/)?.[1];
    if (!id) throw new Error(`no title id in: ${stdout}`);
    return id;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type MediaProperty = "currentTime" | "paused" | "playbackRate" | "readyState" | "volume" | "muted";

/** A property of the app's one audio element (made when a player first shows). */
const media = <Name extends MediaProperty>(page: Page, name: Name) =>
  page.evaluate(
    (property) => (document.getElementById("audiobook-audio") as HTMLAudioElement | null)?.[property] ?? null,
    name,
  ) as Promise<HTMLAudioElement[Name]>;
const mediaTime = (page: Page) => media(page, "currentTime");
const isPaused = (page: Page) => media(page, "paused");

const playButton = (page: Page) => page.getByTestId("play-pause");
const chapterList = (page: Page) => page.getByRole("list", { name: "Chapters", exact: true });

/** Opens the player and waits until the file's length is known (the controls work from then on). */
async function openPlayer(page: Page, contentId: string, episode?: number) {
  await page.goto(`/listen/${contentId}${episode ? `?episode=${episode}` : ""}`);
  await expect(playButton(page)).toBeEnabled();
  await expect.poll(() => media(page, "readyState")).toBeGreaterThanOrEqual(1);
}

async function pause(page: Page) {
  if (!(await isPaused(page))) await playButton(page).click();
  await expect.poll(() => isPaused(page)).toBe(true);
}

async function expectTimeNear(page: Page, seconds: number, tolerance = 0.75) {
  await expect.poll(() => mediaTime(page)).toBeGreaterThan(seconds - tolerance);
  expect(await mediaTime(page)).toBeLessThan(seconds + tolerance);
}

/** Back to the start of the file, from the timeline's keyboard. */
async function toStart(page: Page) {
  await page.getByRole("slider", { name: "Playback position" }).press("Home");
  await expectTimeNear(page, 0, 0.05);
}

async function setSpeed(page: Page, from: string, to: string) {
  await page.getByRole("button", { name: `Playback speed: ${from}` }).click();
  await page.getByRole("button", { name: to, exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: `Playback speed: ${to}` })).toBeVisible();
}

async function savedMs(page: Page, contentId: string, number: number) {
  const progress = await callAs<TitleProgress>(page, "query", "library.getTitleProgress", { contentId });
  return progress.episodes.find((entry) => entry.number === number)?.locator?.ms;
}

test.describe.configure({ mode: "serial" });
let page: Page;
let mobyId: string;
let whaleId: string;
test.beforeAll(async ({ browser }) => {
  // A context of its own: the second-tab and clock tests open more pages in it, signed in alike.
  page = await (await browser.newContext()).newPage();
  // A listener of its own, so that the demo reader's library stays as the other specs expect it.
  await createAccount(page, {
    email: `listener-${Date.now()}@example.test`,
    name: "Listener",
    password: "Listen-Passw0rd",
  });
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
  mobyId = await titleId(page, "moby", "audiobook");
  whaleId = await importTheWhale();
});
test.afterAll(async () => {
  await page.context().close();
});

test("plays, with the lock screen told; skips move by their lengths; the speed applies and stays", async () => {
  await openPlayer(page, mobyId, 1);
  await expect(page.getByRole("heading", { name: "Moby-Dick", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Previous chapter" }).click();
  await expect(page.getByRole("slider", { name: "Playback position" })).toHaveAttribute(
    "aria-valuetext",
    "0:00 of 0:39, Chapter 1. Loomings.",
  );

  await playButton(page).click();
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  await expect.poll(() => mediaTime(page)).toBeGreaterThan(0.5);
  expect(
    await page.evaluate(() => ({
      title: navigator.mediaSession.metadata?.title,
      artist: navigator.mediaSession.metadata?.artist,
      state: navigator.mediaSession.playbackState,
    })),
  ).toEqual({ title: "Moby-Dick", artist: "Herman Melville", state: "playing" });

  // Measured while paused, so that playing does not move the clock meanwhile.
  await pause(page);
  const start = await mediaTime(page);
  await page.getByRole("button", { name: "Skip forward 30 seconds" }).click();
  await expectTimeNear(page, start + 30, 0.05);
  await page.getByRole("button", { name: "Skip back 15 seconds" }).click();
  await expectTimeNear(page, start + 15, 0.05);
  await expect(page.getByTestId("elapsed")).toHaveText(
    `0:${String(Math.floor(start + 15)).padStart(2, "0")}`,
  );

  // Other skip lengths from the settings.
  await page.getByRole("button", { name: "Player settings" }).click();
  await page.getByRole("combobox", { name: "Skip back" }).selectOption("10");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Skip back 10 seconds" }).click();
  await expectTimeNear(page, start + 5, 0.05);
  await page.getByRole("button", { name: "Player settings" }).click();
  await page.getByRole("combobox", { name: "Skip back" }).selectOption("15");
  await page.keyboard.press("Escape");

  // Speed from the presets, on the element, and still there after a reload.
  await setSpeed(page, "1×", "1.5×");
  await expect.poll(() => media(page, "playbackRate")).toBe(1.5);
  await page.reload();
  await expect(page.getByRole("button", { name: "Playback speed: 1.5×" })).toBeVisible();
  await expect.poll(() => media(page, "playbackRate")).toBe(1.5);
  await setSpeed(page, "1.5×", "1×");
  await expect.poll(() => media(page, "playbackRate")).toBe(1);
});

test("the chapter list: chapters that are episodes, and chapter marks inside a file", async () => {
  // Moby-Dick's chapters are its episodes.
  await openPlayer(page, mobyId, 1);
  await expect(chapterList(page).getByRole("button")).toHaveCount(3);
  await expect(chapterList(page).getByRole("button", { name: /Loomings/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await chapterList(page)
    .getByRole("button", { name: /The Carpet-Bag/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/listen/${mobyId}\\?episode=2$`));
  await expect.poll(() => isPaused(page)).toBe(false);
  await expect(chapterList(page).getByRole("button", { name: /The Carpet-Bag/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await pause(page);

  // The Whale: three marks in each file, two of them drawn on the timeline.
  await openPlayer(page, whaleId, 1);
  await expect(page.getByTestId("chapter-mark")).toHaveCount(2);
  await expect(page.getByTestId("chapter-title")).toHaveText("Chapter 1. Loomings.");
  await expect(page.getByRole("slider", { name: "Playback position" })).toHaveAttribute(
    "aria-valuetext",
    "0:00 of 1:59, Chapter 1. Loomings.",
  );
  const marks = page.getByRole("list", { name: "Chapters in this episode" });
  await expect(marks.getByRole("button")).toHaveCount(3);
  await marks.getByRole("button", { name: /The Spouter-Inn/ }).click();
  await expectTimeNear(page, CHAPTER_3, 1);
  await expect(marks.getByRole("button", { name: /The Spouter-Inn/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByTestId("chapter-title")).toHaveText("Chapter 3. The Spouter-Inn.");
  await pause(page);

  // Chapter by chapter: back within the file, and on from its last chapter into the next part.
  await page.getByRole("button", { name: "Previous chapter" }).click();
  await expectTimeNear(page, CHAPTER_2, 0.05);
  await page.getByRole("button", { name: "Next chapter" }).click();
  await expectTimeNear(page, CHAPTER_3, 0.05);
  await page.getByRole("button", { name: "Next chapter" }).click();
  await expect(page).toHaveURL(new RegExp(`/listen/${whaleId}\\?episode=2$`));
  await expect(page.getByTestId("chapter-title")).toHaveText("Chapter 1. Loomings.");
  await expectTimeNear(page, 0, 0.05);
  // And back from its start to the previous part's last chapter.
  await page.getByRole("button", { name: "Previous chapter" }).click();
  await expect(page).toHaveURL(new RegExp(`/listen/${whaleId}\\?episode=1$`));
  await expectTimeNear(page, CHAPTER_3, 0.05);
  await expect(page.getByTestId("chapter-title")).toHaveText("Chapter 3. The Spouter-Inn.");
});

test("resumes where the listener paused, from the server's record", async () => {
  await openPlayer(page, mobyId, 1);
  await page.getByRole("button", { name: "Previous chapter" }).click();
  await expectTimeNear(page, 0, 0.05);
  await page.getByRole("button", { name: "Skip forward 30 seconds" }).click();
  await page.getByRole("button", { name: "Skip back 15 seconds" }).click();
  await playButton(page).click();
  await expect.poll(() => mediaTime(page)).toBeGreaterThan(16);
  await pause(page);
  const pausedAt = await mediaTime(page);
  await expect.poll(() => savedMs(page, mobyId, 1)).toBeCloseTo(pausedAt * 1000, -2);

  await page.reload();
  await expect.poll(() => media(page, "readyState")).toBeGreaterThanOrEqual(1);
  await expectTimeNear(page, pausedAt, 0.2);
  await expect(page.getByTestId("elapsed")).toHaveText(`0:${String(Math.floor(pausedAt)).padStart(2, "0")}`);
});

test("the sleep timer stops at the end of the chapter, and after its minutes", async ({ browser }) => {
  // Fifteen seconds before the end of The Whale's second chapter, at 3×: five seconds to wait.
  await openPlayer(page, whaleId, 1);
  await toStart(page);
  await page.getByRole("button", { name: "Next chapter" }).click();
  await page.getByRole("button", { name: "Next chapter" }).click();
  await page.getByRole("button", { name: "Skip back 15 seconds" }).click();
  await expectTimeNear(page, CHAPTER_3 - 15, 0.05);
  await setSpeed(page, "1×", "3×");
  await page.getByTestId("sleep-timer").click();
  await page.getByRole("menuitemcheckbox", { name: "End of chapter" }).click();
  await expect(page.getByTestId("sleep-timer")).toHaveAccessibleName(/^Sleep timer: 0:0[45] left$/);
  await playButton(page).click();
  await expect.poll(() => isPaused(page), { timeout: 15_000 }).toBe(true);
  // Stopped where the chapter ends, ready for the next one, the volume back up.
  await expectTimeNear(page, CHAPTER_3, 0.3);
  expect(await media(page, "volume")).toBe(1);
  await expect(page.getByTestId("sleep-timer")).toHaveAccessibleName("Sleep timer");
  await setSpeed(page, "3×", "1×");

  // Minutes, on a clock the test moves: in a context of its own (signed in the same), since a
  // clock belongs to its context, and on an episode no other test follows, as the positions it
  // records are dated in its future.
  const timedContext = await browser.newContext({ storageState: await page.context().storageState() });
  const timed = await timedContext.newPage();
  try {
    await timed.clock.install();
    await openPlayer(timed, whaleId, 2);
    await timed.getByTestId("sleep-timer").click();
    await timed.getByRole("menuitemcheckbox", { name: "5 minutes", exact: true }).click();
    await expect(timed.getByTestId("sleep-timer")).toHaveAccessibleName("Sleep timer: 5:00 left");
    await playButton(timed).click();
    await expect.poll(() => isPaused(timed)).toBe(false);
    await timed.clock.runFor(60_000);
    await expect(timed.getByTestId("sleep-timer")).toHaveAccessibleName(/^Sleep timer: [34]:\d\d left$/);
    expect(await isPaused(timed)).toBe(false);
    // The last seconds fade out, then it stops.
    await timed.clock.runFor(4 * 60_000 - 2000);
    // The timer counts only time played: should the audio stall for a moment (a busy machine), the
    // clock runs on until 2 s are left by the timer's own count.
    await expect
      .poll(async () => {
        const name = (await timed.getByTestId("sleep-timer").getAttribute("aria-label")) ?? "";
        const [, minutes, seconds] = /(\d+):(\d\d) left/.exec(name) ?? [];
        const left = Number(minutes) * 60 + Number(seconds);
        if (left > 2) await timed.clock.runFor(1000);
        return left <= 2;
      })
      .toBe(true);
    expect(await media(timed, "volume")).toBeLessThan(0.5);
    await timed.clock.runFor(3000);
    await expect.poll(() => isPaused(timed)).toBe(true);
    await expect(timed.getByTestId("sleep-timer")).toHaveAccessibleName("Sleep timer");
    expect(await media(timed, "volume")).toBe(1);
  } finally {
    await timedContext.close();
  }
});

test("a bookmark with a note survives a reload, plays from its moment, and goes", async () => {
  await openPlayer(page, mobyId, 1);
  const at = await mediaTime(page);
  await page.getByRole("button", { name: "Add a bookmark" }).click();
  await page.getByLabel("Note (optional)").fill("Call me Ishmael");
  await page.getByRole("button", { name: "Save bookmark" }).click();
  await expect(page.getByText(/^Bookmark added at 0:\d\d$/)).toBeVisible();

  await page.reload();
  await page.getByRole("tab", { name: /Bookmarks/ }).click();
  const bookmark = page.getByTestId("bookmark");
  await expect(bookmark).toHaveCount(1);
  await expect(bookmark).toContainText("Call me Ishmael");
  await page.getByRole("button", { name: "Previous chapter" }).click();
  await expectTimeNear(page, 0, 0.05);
  await bookmark.getByRole("button", { name: /^Play from/ }).click();
  await expectTimeNear(page, at, 1);
  await pause(page);

  // Its note, edited.
  await bookmark.getByRole("button", { name: /^Edit the note/ }).click();
  await page.getByRole("dialog", { name: "Bookmark note" }).getByRole("textbox").fill("Loomings");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(bookmark).toContainText("Loomings");

  await bookmark.getByRole("button", { name: /^Remove the bookmark/ }).click();
  await expect(bookmark).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No bookmarks yet" })).toBeVisible();
});

test("keyboard: play and pause, skips, chapters, speed, mute, shortcuts", async () => {
  await openPlayer(page, whaleId, 1);
  await toStart(page);
  await page.getByRole("heading", { name: "The Whale", level: 1 }).click();
  await page.keyboard.press("k");
  await expect.poll(() => isPaused(page)).toBe(false);
  await page.keyboard.press(" ");
  await expect.poll(() => isPaused(page)).toBe(true);
  const start = await mediaTime(page);
  await page.keyboard.press("ArrowRight");
  await expectTimeNear(page, start + 30, 0.05);
  await page.keyboard.press("j");
  await expectTimeNear(page, start + 15, 0.05);
  await page.keyboard.press("l");
  await expectTimeNear(page, start + 45, 0.05);
  await page.keyboard.press("ArrowLeft");
  await expectTimeNear(page, start + 30, 0.05);
  await page.keyboard.press("Shift+ArrowRight");
  await expectTimeNear(page, CHAPTER_2, 0.05);
  await page.keyboard.press("Shift+ArrowRight");
  await expectTimeNear(page, CHAPTER_3, 0.05);
  await page.keyboard.press("Shift+ArrowLeft");
  await expectTimeNear(page, CHAPTER_2, 0.05);
  await page.keyboard.press(">");
  await expect.poll(() => media(page, "playbackRate")).toBe(1.25);
  await page.keyboard.press("<");
  await expect.poll(() => media(page, "playbackRate")).toBe(1);
  await page.keyboard.press("m");
  await expect.poll(() => media(page, "muted")).toBe(true);
  await page.keyboard.press("m");
  await expect.poll(() => media(page, "muted")).toBe(false);
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toContainText("Previous chapter");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the mini-player keeps playing across the app and leads back to the player", async () => {
  await openPlayer(page, mobyId, 1);
  await page.getByRole("button", { name: "Previous chapter" }).click();
  await playButton(page).click();
  await expect.poll(() => isPaused(page)).toBe(false);

  // Away through the top bar, then explore from the bottom navigation.
  await page.getByRole("link", { name: "Back to Moby-Dick" }).click();
  await expect(page).toHaveURL(new RegExp(`/content/${mobyId}$`));
  const mini = page.getByTestId("mini-player");
  await expect(mini).toBeVisible();
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Library" }).click();
  await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();
  await expect(mini).toContainText("Moby-Dick");
  const onExplore = await mediaTime(page);
  await expect.poll(() => mediaTime(page)).toBeGreaterThan(onExplore + 0.5);
  expect(await isPaused(page)).toBe(false);

  // Clear of the navigation (the bottom bar on phones, beside the page on wide screens), not over it.
  const miniBox = await mini.boundingBox();
  const navBox = await page.getByRole("navigation", { name: "Sections" }).boundingBox();
  expect(
    miniBox &&
      navBox &&
      (miniBox.y + miniBox.height <= navBox.y + 1 || miniBox.x >= navBox.x + navBox.width - 1),
  ).toBe(true);

  // Its own buttons: pause, skip back, play; and the position recorded meanwhile.
  await mini.getByRole("button", { name: "Pause", exact: true }).click();
  await expect.poll(() => isPaused(page)).toBe(true);
  const paused = await mediaTime(page);
  await expect.poll(() => savedMs(page, mobyId, 1)).toBeCloseTo(paused * 1000, -2);
  await mini.getByRole("button", { name: "Skip back 15 seconds" }).click();
  await expectTimeNear(page, Math.max(0, paused - 15), 0.05);
  await mini.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => isPaused(page)).toBe(false);

  // Back to the player: the same audio, still playing, not started over.
  const beforeReturn = await mediaTime(page);
  await mini.getByRole("link", { name: /^Open the player: Moby-Dick/ }).click();
  await expect(page).toHaveURL(new RegExp(`/listen/${mobyId}\\?episode=1$`));
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  expect(await mediaTime(page)).toBeGreaterThanOrEqual(beforeReturn);

  // Closed from elsewhere: the sound stops and the mini-player goes.
  await page.getByRole("link", { name: "Back to Moby-Dick" }).click();
  await mini.getByRole("button", { name: "Close the player" }).click();
  await expect(mini).toBeHidden();
  expect(await isPaused(page)).toBe(true);
});

test("a second tab follows the position while paused", async () => {
  const other = await page.context().newPage();
  try {
    await openPlayer(page, mobyId, 1);
    await openPlayer(other, mobyId, 1);
    // From the start, thirty seconds on, and back: the other tab follows each move.
    await page.getByRole("button", { name: "Previous chapter" }).click();
    await expectTimeNear(page, 0, 0.05);
    await page.getByRole("button", { name: "Skip forward 30 seconds" }).click();
    await expect.poll(() => mediaTime(other)).toBeCloseTo(30, 1);
    await expect(other.getByTestId("elapsed")).toHaveText("0:30");
    await page.getByRole("button", { name: "Previous chapter" }).click();
    await expect.poll(() => mediaTime(other)).toBeLessThan(0.1);
    expect(await isPaused(other)).toBe(true);
  } finally {
    await other.close();
  }
});

test("plays on into the next episode at the end of one", async () => {
  await openPlayer(page, mobyId, 1);
  await page.getByRole("button", { name: "Previous chapter" }).click();
  await page.getByRole("button", { name: "Skip forward 30 seconds" }).click();
  await setSpeed(page, "1×", "3×");
  await playButton(page).click();
  const end = page.getByTestId("episode-end");
  await expect(end).toContainText("Episode 1 complete");
  await expect(end).toContainText(/Playing next in \d s/);
  await expect(page).toHaveURL(new RegExp(`/listen/${mobyId}\\?episode=2$`), { timeout: 15_000 });
  await expect.poll(() => isPaused(page)).toBe(false);
  await expect(page.getByTestId("episode-end")).toBeHidden();
  await expect
    .poll(async () => {
      const progress = await callAs<TitleProgress>(page, "query", "library.getTitleProgress", {
        contentId: mobyId,
      });
      return progress.episodes.find((entry) => entry.number === 1)?.isCompleted;
    })
    .toBe(true);
  await pause(page);
  await setSpeed(page, "3×", "1×");
});

test("playing starts quickly: click to the playing event, p95 of 10", async () => {
  // A timing, not a behaviour: measured on demand (E2E_TIMINGS=1, see bench/README.md), since
  // other work on the machine moves it.
  test.skip(!process.env.E2E_TIMINGS, "timings run with E2E_TIMINGS=1");
  const timings: number[] = [];
  for (let round = 0; round < 10; round++) {
    await openPlayer(page, mobyId, 3);
    timings.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const audio = document.getElementById("audiobook-audio") as HTMLAudioElement;
            const button = document.querySelector<HTMLButtonElement>('[data-testid="play-pause"]');
            const start = performance.now();
            audio.addEventListener("playing", () => resolve(performance.now() - start), { once: true });
            button?.click();
          }),
      ),
    );
    await pause(page);
  }
  const sorted = timings.toSorted((a, b) => a - b);
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? Number.NaN;
  test.info().annotations.push({ type: "play-start p95 (ms)", description: p95.toFixed(1) });
  console.log(`play start: p95 ${p95.toFixed(1)} ms; all: ${sorted.map((t) => t.toFixed(0)).join(", ")}`);
  expect(p95).toBeLessThanOrEqual(500);
});

test.describe("screenshots", () => {
  test.skip(process.env.SCREENSHOTS !== "all", "screenshots only with SCREENSHOTS=all");
  for (const scheme of SCHEMES) {
    test(`listen page and mini-player, ${scheme}`, async () => {
      const ready = async () => {
        await expect(playButton(page)).toBeEnabled();
        await page.waitForLoadState("networkidle");
      };
      await capture(page, "listen", scheme, ready, `/listen/${mobyId}?episode=1`);
      await capture(page, "listen-chapters", scheme, ready, `/listen/${whaleId}?episode=1`);

      // The panels at phone size: speed, sleep timer, a new bookmark, the shortcuts.
      await page.setViewportSize({ width: 390, height: 844 });
      await openPlayer(page, whaleId, 1);
      const shot = (name: string) =>
        page.screenshot({
          path: path.join(SCREENSHOT_DIR, `${name}-390-${scheme}.png`),
          animations: "disabled",
        });
      await page.getByRole("button", { name: /^Playback speed/ }).click();
      await shot("listen-speed");
      await page.keyboard.press("Escape");
      await page.getByTestId("sleep-timer").click();
      await shot("listen-sleep");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Add a bookmark" }).click();
      await shot("listen-bookmark");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Player settings" }).click();
      await shot("listen-settings");
      await page.keyboard.press("Escape");

      await openPlayer(page, mobyId, 1);
      await playButton(page).click();
      await pause(page);
      await page.getByRole("link", { name: "Back to Moby-Dick" }).click();
      await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Library" }).click();
      await expect(page.getByTestId("mini-player")).toBeVisible();
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `mini-player-${viewport.width}-${scheme}.png`),
          animations: "disabled",
        });
      }
      await page.getByTestId("mini-player").getByRole("button", { name: "Close the player" }).click();
    });
  }
});
