// POST /api/first-data: a page's first data for the signed-in person, through the function layer.
import type { EpisodeContent } from "@litverse/shared/content";
import { FIRST_DATA_PATH, type FirstDataReply } from "@litverse/shared/first-data";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { episodeViews } from "../modules/library/schema.ts";
import { updateComingSoonSettings } from "../modules/system-settings/system-settings.service.ts";
import { users } from "../modules/users/schema.ts";
import { addChapters, createTitle } from "../test/catalogue.ts";
import { openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { connectHttp, startTestServer, type TestServer } from "../test/test-server.ts";
import { accessToken, signedInAs } from "../test/tokens.ts";

let platform: TestPlatform;
let server: TestServer;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});

async function post(token: string | null, body: unknown) {
  const response = await fetch(`${server.url}${FIRST_DATA_PATH}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    body: (await response.json()) as FirstDataReply & { error?: string; message?: string },
  };
}

const answered = (reply: FirstDataReply, path: string) =>
  reply.queries.filter((query) => query.path === path);

/** Openings of the title's episodes counted for this person. */
async function viewsOf(contentId: string, userId: string): Promise<number> {
  const rows = await platform.deps.db
    .select()
    .from(episodeViews)
    .where(and(eq(episodeViews.contentId, contentId), eq(episodeViews.userId, userId)));
  return rows.length;
}

describe("POST /api/first-data", () => {
  it("stores a first-time person and answers home's functions, as the socket would", async () => {
    const subject = `first-data-${crypto.randomUUID()}`;
    const token = await accessToken(platform, { subject });
    const sent = await post(token, { path: "/" });
    expect(sent.status).toBe(200);
    expect(sent.cacheControl).toBe("no-store");
    expect(sent.body.subject).toBe(subject);
    expect(sent.body.queries.map((query) => query.path).sort()).toEqual([
      "contentCuration.getActiveCuratedLists",
      "library.getMyLibrary",
      "systemSettings.getComingSoonSettings",
      "users.getCurrentUser",
    ]);
    // The person is stored, as the sign-in gate's updateCurrentUser would have done.
    const stored = await platform.deps.db.select().from(users);
    expect(stored.some((row) => row.subject === subject)).toBe(true);
    // The same answers as the functions themselves give.
    const client = connectHttp(server.url);
    const settings = await client.systemSettings.getComingSoonSettings.query();
    expect(answered(sent.body, "systemSettings.getComingSoonSettings")[0]?.data).toEqual(settings);
  });

  it("answers a reader with the title and the episode it opens, counting that one view", async () => {
    const reader = await signedInAs(platform, "user");
    const title = await createTitle(platform);
    await addChapters(platform, title.id, 3, { 2: { priceCoins: 15 } });
    const before = await viewsOf(title.id, reader.id);

    const opened = await post(reader.token, { path: `/read/${title.id}?episode=2` });
    expect(opened.status).toBe(200);
    expect(answered(opened.body, "content.getContent")[0]?.input).toEqual({ contentId: title.id });
    const [episode] = answered(opened.body, "content.getEpisode");
    expect(episode?.input).toEqual({ contentId: title.id, number: 2 });
    expect((episode?.data as EpisodeContent | undefined)?.payload).toMatchObject({ kind: "book" });
    expect(await viewsOf(title.id, reader.id)).toBe(before + 1);

    // Without an episode in the address: the one to continue, here the first.
    const first = await post(reader.token, { path: `/read/${title.id}` });
    expect(answered(first.body, "content.getEpisode")[0]?.input).toEqual({ contentId: title.id, number: 1 });

    // A locked episode is not opened: its content is not sent and no view is counted.
    const views = await viewsOf(title.id, reader.id);
    const locked = await post(reader.token, { path: `/read/${title.id}?episode=3` });
    expect(locked.status).toBe(200);
    expect(answered(locked.body, "content.getEpisode")).toEqual([]);
    expect(await viewsOf(title.id, reader.id)).toBe(views);
  });

  it("leaves out what a function refuses, and names no images for unknown pages", async () => {
    const reader = await signedInAs(platform, "user");
    const missing = await post(reader.token, { path: `/content/${crypto.randomUUID()}` });
    expect(missing.status).toBe(200);
    expect(answered(missing.body, "content.getContent")).toEqual([]);
    const malformed = await post(reader.token, { path: "/watch/not-an-id%zz" });
    expect(malformed.status).toBe(200);
    expect(answered(malformed.body, "content.getContent")).toEqual([]);
    const other = await post(reader.token, { path: "/clubs?genre=fantasy" });
    expect(other.body.queries.map((query) => query.path).sort()).toEqual([
      "systemSettings.getComingSoonSettings",
      "users.getCurrentUser",
    ]);
    expect(other.body.images).toEqual([]);
    // A story search longer than the function takes: refused and left out, the genres kept.
    const tooLong = await post(reader.token, { path: `/interactive-stories?q=${"w".repeat(300)}` });
    expect(tooLong.status).toBe(200);
    expect(answered(tooLong.body, "stories.listStories")).toEqual([]);
    expect(answered(tooLong.body, "stories.listStoryGenres")).toHaveLength(1);
  });

  it("refuses callers without a valid sign-in and bad input, storing nothing", async () => {
    const subject = `refused-${crypto.randomUUID()}`;
    const forged = await accessToken(platform, { subject, forged: true });
    expect((await post(null, { path: "/" })).status).toBe(401);
    expect((await post(forged, { path: "/" })).status).toBe(401);
    const expired = await accessToken(platform, { subject, expiresInSeconds: -120 });
    expect((await post(expired, { path: "/" })).status).toBe(401);
    const token = await accessToken(platform, { subject });
    for (const body of [
      {},
      { path: "no-slash" },
      { path: "/a b" },
      { path: `/${"x".repeat(600)}` },
      { path: "/", extra: 1 },
    ]) {
      const sent = await post(token, body);
      expect(sent.status).toBe(400);
      expect(sent.body.message).toBeTruthy();
    }
    const stored = await platform.deps.db.select().from(users);
    expect(stored.some((row) => row.subject === subject)).toBe(false);
  });

  it("in coming-soon mode gives a reader only what the gate itself may show", async () => {
    const reader = await signedInAs(platform, "user");
    const title = await createTitle(platform);
    await updateComingSoonSettings(platform.deps, { isComingSoonMode: true });
    try {
      const sent = await post(reader.token, { path: `/content/${title.id}` });
      expect(sent.status).toBe(200);
      expect(sent.body.queries.map((query) => query.path).sort()).toEqual([
        "systemSettings.getComingSoonSettings",
        "users.getCurrentUser",
      ]);
    } finally {
      await updateComingSoonSettings(platform.deps, { isComingSoonMode: false });
    }
  });
});
