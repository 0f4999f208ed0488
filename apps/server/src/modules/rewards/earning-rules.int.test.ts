import type { BadgeMeasure, XpSource } from "@litverse/shared/rewards";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Transaction } from "../../core/db/client.ts";
import { episodesOf } from "../../test/active-time.ts";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import type { NewEpisode } from "../content/add-episodes.ts";
import { updateContent } from "../content/content-writing.service.ts";
import { type ReadingActivity, rewardClubPost, rewardReading, rewardReelWatched } from "./earning.ts";
import { getRewardsOverview } from "./rewards.service.ts";
import { badgeMeasures, titleCompletions, xpEvents, xpTotals } from "./schema.ts";
import { rewardsTopic } from "./topics.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user);
const inTransaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
  platform.deps.changes.inTransaction(platform.deps.db, fn);
const at = (iso: string) => new Date(iso);

async function eventsOf(user: TestUser, source: XpSource) {
  return platform.deps.db
    .select()
    .from(xpEvents)
    .where(and(eq(xpEvents.userId, user.id), eq(xpEvents.source, source)));
}

async function totalXpOf(user: TestUser): Promise<number> {
  const [row] = await platform.deps.db.select().from(xpTotals).where(eq(xpTotals.userId, user.id));
  return row?.xp ?? 0;
}

async function measureOf(user: TestUser, measure: BadgeMeasure): Promise<number> {
  const [row] = await platform.deps.db
    .select({ value: badgeMeasures.value })
    .from(badgeMeasures)
    .where(and(eq(badgeMeasures.userId, user.id), eq(badgeMeasures.measure, measure)));
  return row?.value ?? 0;
}

async function xpShownOn(user: TestUser, source: XpSource, now: Date): Promise<number> {
  const overview = await getRewardsOverview(platform.deps, user, now);
  return overview.xp.bySource.find((item) => item.source === source)?.xp ?? 0;
}

const comicOf = (pages: number): NewEpisode => ({
  title: "Pages",
  payload: {
    kind: "comic",
    pages: Array.from({ length: pages }, (_, page) => ({ file: `${page}.png`, width: 800, height: 1200 })),
  },
  files: {},
});

async function finish(user: TestUser, episodeIds: string[]) {
  for (const episodeId of episodeIds) {
    await as(user).library.recordProgress({ episodeId, fraction: 1, isCompleted: true });
  }
}

describe("XP for reels watched", () => {
  it("is awarded once per reel and day, again on another day, and adds up everywhere alike", async () => {
    const person = await createUser(platform);
    const watch = (reelId: string, now: Date) =>
      inTransaction((tx) => rewardReelWatched(platform.deps, tx, person.id, reelId, now));
    const monday = at("2026-03-02T10:00:00Z");
    await watch("reel-a", monday);
    await watch("reel-a", at("2026-03-02T18:00:00Z"));
    expect((await eventsOf(person, "reel_watched")).map((event) => event.amount)).toEqual([2]);
    expect(await totalXpOf(person)).toBe(2);
    expect(await xpShownOn(person, "reel_watched", monday)).toBe(2);

    await watch("reel-b", monday);
    expect(await totalXpOf(person)).toBe(4);
    const tuesday = at("2026-03-03T10:00:00Z");
    await watch("reel-a", tuesday);
    expect(await eventsOf(person, "reel_watched")).toHaveLength(3);
    expect(await totalXpOf(person)).toBe(6);
    expect(await xpShownOn(person, "reel_watched", monday)).toBe(4);
    expect(await xpShownOn(person, "reel_watched", tuesday)).toBe(2);
  });

  it("tells the person's rewards page that their XP changed", async () => {
    const person = await createUser(platform);
    const announced: string[] = [];
    const stop = platform.deps.changes.subscribe((topics) => announced.push(...topics));
    await inTransaction((tx) => rewardReelWatched(platform.deps, tx, person.id, "reel-a", new Date()));
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    expect(announced).toContain(rewardsTopic(person.id));
  });
});

describe("XP for club posts", () => {
  it("counts a post once however often it is rewarded", async () => {
    const person = await createUser(platform);
    const now = at("2026-03-02T10:00:00Z");
    for (let attempt = 0; attempt < 3; attempt++) {
      await inTransaction((tx) => rewardClubPost(platform.deps, tx, person.id, "post-1", now));
    }
    expect(await eventsOf(person, "club_post")).toHaveLength(1);
    expect(await totalXpOf(person)).toBe(5);
    expect(await measureOf(person, "club_posts")).toBe(1);
  });
});

describe("XP for reading", () => {
  async function readingOf(user: TestUser, fields: Partial<ReadingActivity> = {}) {
    const title = await createTitle(platform);
    const [episode] = await addChapters(platform, title.id, 2);
    return {
      userId: user.id,
      episodeId: episode?.id ?? "",
      title: { id: title.id, contentType: "book", language: null },
      activeSeconds: 0,
      completedEpisode: false,
      ...fields,
    } satisfies ReadingActivity;
  }
  const reward = (activity: ReadingActivity, now: Date) =>
    inTransaction((tx) => rewardReading(platform.deps, tx, activity, now));

  it("records no XP event for minutes that bring no XP: under a minute, or past the day's cap", async () => {
    const reader = await createUser(platform);
    const activity = await readingOf(reader);
    const noon = at("2026-03-02T12:00:00Z");
    await reward({ ...activity, activeSeconds: 30 }, noon);
    expect(await eventsOf(reader, "reading_minutes")).toEqual([]);
    await reward({ ...activity, activeSeconds: 100_000 }, noon);
    await reward({ ...activity, activeSeconds: 600 }, noon);
    expect((await eventsOf(reader, "reading_minutes")).map((event) => event.amount)).toEqual([120]);
    expect(await totalXpOf(reader)).toBe(120);
  });

  it("rewards an episode's completion once, however often it is reported", async () => {
    const reader = await createUser(platform);
    const activity = await readingOf(reader, { completedEpisode: true });
    const noon = at("2026-03-02T12:00:00Z");
    await reward(activity, noon);
    await reward(activity, noon);
    expect(await eventsOf(reader, "episode_completed")).toHaveLength(1);
    expect(await totalXpOf(reader)).toBe(10);
  });

  it("never counts a title with no released episode as finished", async () => {
    const reader = await createUser(platform);
    const empty = await createTitle(platform);
    const activity = await readingOf(reader, { completedEpisode: true });
    await reward(
      { ...activity, title: { id: empty.id, contentType: "book", language: "en" } },
      at("2026-03-02T12:00:00Z"),
    );
    expect(await eventsOf(reader, "title_finished")).toEqual([]);
    expect(await platform.deps.db.select().from(titleCompletions)).toEqual([]);
    expect(await measureOf(reader, "titles_finished")).toBe(0);
    expect(await measureOf(reader, "languages_read")).toBe(0);
  });

  it("counts a night of reading only for active time between 00:00 and 04:00 local time", async () => {
    const reader = await createUser(platform);
    const reading = await readingOf(reader, { activeSeconds: 120 });
    // Just after midnight and just before four count.
    await reward(reading, at("2026-03-02T00:30:00Z"));
    await reward(reading, at("2026-03-03T03:59:00Z"));
    expect(await measureOf(reader, "night_owl_days")).toBe(2);
    // Four o'clock, noon and a late evening do not.
    await reward(reading, at("2026-03-04T04:30:00Z"));
    await reward(reading, at("2026-03-05T12:00:00Z"));
    await reward(reading, at("2026-03-06T23:30:00Z"));
    // A completion reported at night without active time does not either.
    await reward({ ...reading, activeSeconds: 0, completedEpisode: true }, at("2026-03-07T01:00:00Z"));
    expect(await measureOf(reader, "night_owl_days")).toBe(2);
  });
});

describe("finishing titles", () => {
  it("counts comics towards the comic badge, and books not", async () => {
    const reader = await readerAged(platform, 18);
    const comic = await createTitle(platform, { contentType: "comic" });
    await finish(reader, await episodesOf(platform, comic.id, [comicOf(2)]));
    expect(await measureOf(reader, "comics_finished")).toBe(1);
    const book = await createTitle(platform);
    await finish(
      reader,
      (await addChapters(platform, book.id, 1)).map((chapter) => chapter.id),
    );
    expect(await measureOf(reader, "titles_finished")).toBe(2);
    expect(await measureOf(reader, "comics_finished")).toBe(1);
  });

  it("counts languages by their primary code, whatever the region or the letter case", async () => {
    const reader = await readerAged(platform, 18);
    for (const language of ["en", "es", "fr", "FR-CA", "En-GB"]) {
      const title = await createTitle(platform, { language });
      await finish(
        reader,
        (await addChapters(platform, title.id, 1)).map((chapter) => chapter.id),
      );
    }
    expect(await measureOf(reader, "titles_finished")).toBe(5);
    expect(await measureOf(reader, "languages_read")).toBe(3);
  });

  it("counts a title once, even when it is finished again after a new episode and a change of language", async () => {
    const reader = await readerAged(platform, 18);
    const title = await createTitle(platform, { language: "fr" });
    await finish(
      reader,
      (await addChapters(platform, title.id, 1)).map((chapter) => chapter.id),
    );
    await updateContent(platform.deps, title.id, { language: "de" });
    const [added] = await addChapters(platform, title.id, 1);
    await finish(reader, [added?.id ?? ""]);
    expect(await eventsOf(reader, "episode_completed")).toHaveLength(2);
    expect(await eventsOf(reader, "title_finished")).toHaveLength(1);
    expect(await measureOf(reader, "titles_finished")).toBe(1);
    expect(await measureOf(reader, "languages_read")).toBe(1);
  });
});
