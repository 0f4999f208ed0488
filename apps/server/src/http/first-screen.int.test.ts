// A page's first screen, drawn by the server when the page's request carries the sign-in: the
// app's own components (run here from the web app's source) drawing the first-data answer.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FIRST_SCREEN_COOKIE, type FirstDataReply } from "@litverse/shared/first-data";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addEpisodes, bookChapter } from "../modules/content/add-episodes.ts";
import { episodes } from "../modules/content/schema.ts";
import { users } from "../modules/users/schema.ts";
import { addChapters, createTitle } from "../test/catalogue.ts";
import { storedReel } from "../test/reels.ts";
import { caveStory, publishedStory } from "../test/stories.ts";
import { createUser, openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { accessToken, signedInAs } from "../test/tokens.ts";
import { BOOK_PAGE_SCRIPT_FILE } from "./app-page.ts";
import type { FirstScreenRenderer } from "./first-screen.ts";

/** The web app's renderer, from its source (a path, not an import: the server is typed without JSX). */
const RENDERER = new URL("../../../web/src/first-screen/render.tsx", import.meta.url).href;

let platform: TestPlatform;
let server: TestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), "litverse-first-screen-"));
beforeAll(async () => {
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(
    path.join(dist, ".vite/route-preloads.json"),
    JSON.stringify([
      { path: "/content/:contentId", scripts: [], styles: ["/assets/content.css"] },
      { path: "/read/:contentId", scripts: [], styles: [] },
    ]),
  );
  writeFileSync(path.join(dist, BOOK_PAGE_SCRIPT_FILE), "window.bookPageLaidOut = true;");
  const { renderFirstScreen } = (await import(RENDERER)) as { renderFirstScreen: FirstScreenRenderer };
  platform = await openTestPlatform();
  server = await startTestServer(platform, { webDistDir: dist, firstScreenRenderer: renderFirstScreen });
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
  rmSync(dist, { recursive: true, force: true });
});

async function open(pagePath: string, token: string | null) {
  const response = await fetch(`${server.url}${pagePath}`, {
    headers: token ? { cookie: `other=1; ${FIRST_SCREEN_COOKIE}=${token}` } : {},
  });
  const html = await response.text();
  const answer = /<script type="application\/json" id="first-data">(.*?)<\/script>/s.exec(html)?.[1];
  const drawn =
    /<div id="first-screen" inert aria-hidden="true">(.*)<\/div>(<script>.*?<\/script>)?<div id="root">/s.exec(
      html,
    );
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    vary: response.headers.get("vary"),
    answer: answer ? (JSON.parse(answer) as FirstDataReply) : null,
    screen: drawn?.[1] ?? null,
    /** The script that follows the drawing, if one does. */
    script: drawn?.[2] ?? null,
  };
}

/** Records where the person is in an episode, as the app does. */
async function recordProgress(token: string, episodeId: string | undefined, position: object) {
  const response = await fetch(`${server.url}/api/trpc/library.recordProgress`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ episodeId, ...position }),
  });
  expect(response.status).toBe(200);
}

describe("a page's first screen", () => {
  it("is drawn for the signed-in person from the page's first data, and stored by nobody", async () => {
    const reader = await signedInAs(platform, "user");
    const title = await createTitle(platform, { title: "The Drawn Lantern" });
    await addChapters(platform, title.id, 2);
    const page = await open(`/content/${title.id}`, reader.token);
    expect(page.status).toBe(200);
    expect(page.cacheControl).toBe("private, no-store");
    expect(page.vary).toContain("cookie");
    expect(page.answer?.queries.map((query) => query.path)).toContain("content.getContent");
    // The title page as the app draws it: its heading and its episodes, in the app's frame.
    expect(page.screen).toMatch(/<h1[^>]*>The Drawn Lantern<\/h1>/);
    expect(page.screen).toContain("Chapter 1");
    expect(page.screen).toContain('aria-label="Litverse home"');
  });

  it("draws home from the person's shelves", async () => {
    const reader = await signedInAs(platform, "user");
    const page = await open("/", reader.token);
    expect(page.screen).toMatch(/<h1[^>]*>Welcome back/);
    // The frame for every width, chosen by CSS alone (the bottom bar below 1024 px, the
    // navigation beside the page above), so that nothing moves as the app takes over.
    expect(page.screen?.match(/aria-label="Sections"/g)).toHaveLength(2);
    expect(page.screen).toContain('aria-label="Main menu"');
    expect(page.screen).toContain(">Sign Out</button>");
    // A picture of the page: the browser tests' hooks are the app's alone.
    expect(page.screen).not.toContain("data-testid");
  });

  it("draws the drama player", async () => {
    const reader = await signedInAs(platform, "user");
    const title = await createTitle(platform, { contentType: "drama", title: "A Drawn Drama" });
    // The player draws from the episode's description; the video file itself is not read here.
    await addEpisodes(platform.deps, title.id, [
      {
        title: "The First Night",
        payload: {
          kind: "video",
          file: "video.mp4",
          poster: "poster.jpg",
          durationMs: 60_000,
          width: 720,
          height: 1280,
          subtitles: [],
        },
        files: { "video.mp4": new Uint8Array(8), "poster.jpg": new Uint8Array(8) },
      },
    ]);
    const page = await open(`/watch/${title.id}`, reader.token);
    expect(page.screen).toContain("The First Night");
    // Its poster shows; the video waits for the app (no download the app would repeat).
    const video = /<video[^>]*>/.exec(page.screen ?? "")?.[0] ?? "";
    expect(video).toMatch(/poster="\/media\/[^"]+poster\.jpg"/);
    expect(video).toContain('preload="none"');
    // Opened on another kind's reader, it is the app that sends it to its own: nothing is drawn.
    expect((await open(`/read/${title.id}`, reader.token)).screen).toBeNull();
  });

  it("draws the audiobook player, without its sound", async () => {
    const reader = await signedInAs(platform, "user");
    const title = await createTitle(platform, { contentType: "audiobook", title: "A Drawn Voice" });
    await addEpisodes(platform.deps, title.id, [
      {
        title: "The First Hour",
        payload: {
          kind: "audio",
          file: "audio.m4a",
          mimeType: "audio/mp4",
          durationMs: 60_000,
          chapters: [],
        },
        files: { "audio.m4a": new Uint8Array(8) },
      },
    ]);
    const page = await open(`/listen/${title.id}`, reader.token);
    expect(page.screen).toMatch(/<h1[^>]*>A Drawn Voice<\/h1>/);
    expect(page.screen).toContain("The First Hour");
    expect(page.screen).toContain('aria-label="Loading the player"');
    expect(page.screen).not.toContain("<audio");
  });

  it("draws the comic reader's page where the reader left off, fitted by CSS", async () => {
    const reader = await signedInAs(platform, "user");
    const title = await createTitle(platform, { contentType: "comic", title: "A Drawn Comic" });
    const pages = ["0001.png", "0002.png", "0003.png"];
    await addEpisodes(platform.deps, title.id, [
      {
        title: "Pages",
        payload: { kind: "comic", pages: pages.map((file) => ({ file, width: 800, height: 1200 })) },
        files: Object.fromEntries(pages.map((file) => [file, new Uint8Array(8)])),
      },
    ]);
    const [episode] = await platform.deps.db.select().from(episodes).where(eq(episodes.contentId, title.id));
    await recordProgress(reader.token, episode?.id, { fraction: 0.5, locator: { page: 1 } });
    const page = await open(`/read-comic/${title.id}`, reader.token);
    // Where the person is came with the page, so the reader opens there in its first render.
    expect(page.answer?.queries.map((query) => query.path)).toContain("library.getTitleProgress");
    const image = /<img[^>]*alt="Page 2 of 3"[^>]*>/.exec(page.screen ?? "")?.[0] ?? "";
    expect(image).toMatch(/src="\/media\/[^"]+0002\.png"/);
    // Shown as it arrives: the drawing has no script to reveal it.
    expect(image).not.toContain("opacity-0");
    expect(page.screen).toContain("aspect-ratio:800 / 1200");
  });

  it("draws a book chapter with the opening place for its layout script, its ids scoped", async () => {
    const reader = await signedInAs(platform, "user");
    const title = await createTitle(platform, { title: "A Drawn Book" });
    const [chapter] = await addChapters(platform, title.id, 2, {
      0: bookChapter("Chapter 1", '<h1 id="root">Chapter 1</h1><p>The first words.</p>'),
    });
    const first = await open(`/read/${title.id}`, reader.token);
    expect(first.answer?.queries.map((query) => query.path)).toEqual(
      expect.arrayContaining(["content.getEpisode", "library.getTitleProgress"]),
    );
    // The book's ids are scoped, so that none can stand for the app's own (#root) in the page.
    expect(first.screen).toContain('<h1 id="book-root">Chapter 1</h1><p>The first words.</p>');
    // Hidden until the script that follows lays it out for this screen and device.
    const viewport = /<section[^>]*class="book-viewport"[^>]*>/.exec(first.screen ?? "")?.[0] ?? "";
    expect(viewport).toContain('data-opening="null"');
    expect(viewport).toContain("visibility:hidden");
    expect(first.script).toBe("<script>window.bookPageLaidOut = true;</script>");

    await recordProgress(reader.token, chapter?.id, { fraction: 0.5, locator: { p: 1, o: 3 } });
    const later = await open(`/read/${title.id}?episode=1`, reader.token);
    const opening = /data-opening="([^"]*)"/.exec(later.screen ?? "")?.[1]?.replaceAll("&quot;", '"');
    expect(JSON.parse(opening ?? "null")).toEqual({
      fraction: 0.5,
      locator: { p: 1, o: 3 },
      isCompleted: false,
    });
    // Other drawn pages have no such script.
    expect((await open("/", reader.token)).script).toBeNull();
  });

  it("draws explore's first page of titles for the address's search and filters", async () => {
    const reader = await signedInAs(platform, "user");
    await createTitle(platform, { title: "The Explored Harbour" });
    await createTitle(platform, { contentType: "comic", title: "A Drawn Comic" });
    const page = await open("/explore?type=book&sort=new", reader.token);
    expect(page.answer?.queries.map((query) => query.path)).toContain("content.listContent");
    expect(page.screen).toMatch(/<h1[^>]*>Explore<\/h1>/);
    expect(page.screen).toContain("The Explored Harbour");
    expect(page.screen).not.toContain("A Drawn Comic");
  });

  it("draws the interactive stories", async () => {
    const reader = await signedInAs(platform, "user");
    await publishedStory(platform, await createUser(platform, "admin"), caveStory(), "The Drawn Cave");
    const page = await open("/interactive-stories", reader.token);
    expect(page.screen).toMatch(/<h1[^>]*>Interactive Stories<\/h1>/);
    expect(page.screen).toContain("The Drawn Cave");
  });

  it("draws the reels feed with its first reel's poster, fetched at once", async () => {
    const reader = await signedInAs(platform, "user");
    const creator = await createUser(platform, "user");
    const reel = await storedReel(platform, creator, { caption: "A drawn reel", isOfficial: true });
    const page = await open(`/reels?reel=${reel.id}`, reader.token);
    expect(page.answer?.images).toHaveLength(1);
    const poster = page.answer?.images[0] ?? "";
    expect(poster).toContain(reel.id);
    expect(page.screen).toContain("A drawn reel");
    // The poster as a picture; the video waits for the app (no download the app would repeat).
    expect(page.screen).toMatch(new RegExp(`<img src="${poster}"[^>]*fetchPriority="high"`));
    expect(page.screen).not.toContain("<video");
  });

  it("draws the console's dashboard and queues for an administrator, and refuses a reader", async () => {
    const admin = await signedInAs(platform, "superadmin");
    const dashboard = await open("/admin/dashboard", admin.token);
    expect(dashboard.answer?.queries.map((query) => query.path)).toEqual(
      expect.arrayContaining(["permissions.getMyAdminPermissions", "analytics.getDashboard"]),
    );
    expect(dashboard.screen).toMatch(/<h1[^>]*>Admin Dashboard<\/h1>/);
    const analytics = await open("/admin/analytics?days=7&window=14", admin.token);
    const report = analytics.answer?.queries.find((query) => query.path === "analytics.getAnalyticsReport");
    expect(report?.input).toMatchObject({ funnelWindowDays: 14 });
    expect(analytics.screen).toMatch(/<h1[^>]*>Analytics<\/h1>/);
    const support = await open("/admin/support?status=all", admin.token);
    expect(support.answer?.queries).toContainEqual(
      expect.objectContaining({ path: "support.listQueue", input: { activeOnly: false, unattended: false } }),
    );
    expect(support.screen).toMatch(/<h1[^>]*>Support Tickets<\/h1>/);
    const moderation = await open("/admin/flagged-content?state=decided", admin.token);
    expect(moderation.answer?.queries).toContainEqual(
      expect.objectContaining({
        path: "moderation.getQueue",
        input: { state: "decided", assignee: "anyone" },
      }),
    );
    expect(moderation.screen).toMatch(/<h1[^>]*>Flagged Content<\/h1>/);
    // A reader gets no console figures: the functions refuse, and the page drawn is the refusal.
    const reader = await signedInAs(platform, "user");
    const refused = await open("/admin/dashboard", reader.token);
    expect(refused.answer?.queries.map((query) => query.path)).not.toContain("analytics.getDashboard");
    expect(refused.screen).toContain("For administrators only");
  });

  it("is not drawn without a valid sign-in, nor for other pages, and stores no one", async () => {
    const title = await createTitle(platform);
    const subject = `first-screen-${crypto.randomUUID()}`;
    const forged = await accessToken(platform, { subject, forged: true });
    const expired = await accessToken(platform, { subject, expiresInSeconds: -120 });
    for (const token of [null, forged, expired, "not a token"]) {
      const page = await open(`/content/${title.id}`, token);
      expect(page.status).toBe(200);
      expect(page.cacheControl).toBe("no-cache");
      expect(page.answer).toBeNull();
      expect(page.screen).toBeNull();
    }
    const stored = await platform.deps.db.select().from(users);
    expect(stored.some((row) => row.subject === subject)).toBe(false);
    const reader = await signedInAs(platform, "user");
    const clubs = await open("/clubs", reader.token);
    expect(clubs.answer).toBeNull();
    expect((await open(`/content/${title.id}?x=${"y".repeat(600)}`, reader.token)).answer).toBeNull();
  });
});
