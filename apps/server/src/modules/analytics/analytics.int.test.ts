import type { AnalyticsReport } from "@litverse/shared/analytics";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { markActive, markActiveIn, reachMilestone, weekOf } from "../../core/activity.ts";
import { dayOf } from "../../core/daily-counts.ts";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { creditCoinPurchase } from "../coins/coin-purchases.ts";
import { users } from "../users/schema.ts";
import { recountActivity } from "./recount-activity.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const DAY_MS = 86_400_000;
const today = dayOf(new Date());
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const dayAgo = (days: number) => dayOf(daysAgo(days));
const lastFortnight = { from: dayAgo(13), to: today };

const as = (user: TestUser | null) => callerFor(platform, user);
const report = (analyst: TestUser, range = lastFortnight, funnelWindowDays = 7) =>
  as(analyst).analytics.getAnalyticsReport({ range, funnelWindowDays });

async function joinedDaysAgo(days: number): Promise<TestUser> {
  const user = await createUser(platform);
  await platform.deps.db
    .update(users)
    .set({ createdAt: daysAgo(days) })
    .where(eq(users.id, user.id));
  return user;
}

const activeOn = (user: TestUser, days: number) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    markActive(platform.deps.changes, tx, user.id, daysAgo(days)),
  );

let keys = 0;
const buy = (user: TestUser, coins: number) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoinPurchase(platform.deps, tx, {
      id: `purchase-${++keys}`,
      userId: user.id,
      coins,
      bonusCoins: 0,
    }),
  );

/** A title of `chapters` released chapters, the last `paid` of them at 5 coins. */
async function book(chapters: number, paid = 0) {
  const title = await createTitle(platform, { title: `Book of ${chapters}` });
  const overrides = Object.fromEntries(
    Array.from({ length: paid }, (_, index) => [chapters - paid + index, { priceCoins: 5 }]),
  );
  const episodes = await addChapters(platform, title.id, chapters, overrides);
  return { id: title.id, episodes: episodes.map((episode) => episode.id) };
}

const read = (reader: TestUser, episodeId: string, isCompleted = true) =>
  as(reader).library.recordProgress({ episodeId, fraction: isCompleted ? 1 : 0.4, isCompleted });

describe("active people", () => {
  it("per day, new or returning, per week and month, with stickiness, beside the period before", async () => {
    const boss = await createUser(platform, "superadmin");
    const old = await joinedDaysAgo(40);
    const fresh = await joinedDaysAgo(0);
    for (const days of [0, 1, 2, 20]) await activeOn(old, days);
    await activeOn(fresh, 0);
    // The same person twice on one day counts once.
    await activeOn(fresh, 0);
    await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
      markActiveIn(platform.deps.changes, tx, fresh.id, "platform:app"),
    );

    const { activity } = await report(boss);
    const todays = activity.days.at(-1);
    expect(todays).toMatchObject({ day: today, active: 2, new: 1, returning: 1, app: 1, browser: 0 });
    expect(activity.days).toHaveLength(14);
    expect(activity.days.find((day) => day.day === dayAgo(1))?.active).toBe(1);
    expect(activity.newPeople).toEqual({ value: 1, previous: 0 });
    expect(activity.weeks.at(-1)).toEqual({ week: weekOf(today), active: 2 });
    expect(activity.months.at(-1)?.month).toBe(`${today.slice(0, 7)}-01`);
    // The period before holds the day twenty days ago.
    expect(activity.averageDaily.previous).toBeCloseTo(1 / 14, 1);
    expect(activity.stickinessPercent.value).toBeGreaterThan(0);
  });
});

describe("reading, counted as it happens", () => {
  it("gives each title its new readers, completions and coins, and each episode its readers", async () => {
    const boss = await createUser(platform, "superadmin");
    const shelf = await book(3, 1);
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await read(ada, shelf.episodes[0] ?? "");
    await read(ada, shelf.episodes[0] ?? "");
    await read(ada, shelf.episodes[1] ?? "");
    await read(ben, shelf.episodes[0] ?? "", false);
    await buy(ada, 20);
    await as(ada).unlocks.unlockEpisode({
      episodeId: shelf.episodes[2] ?? "",
      method: "coins",
      expectedPriceCoins: 5,
    });
    await read(ada, shelf.episodes[2] ?? "");

    const { titles, activity, funnels } = await report(boss);
    expect(titles).toMatchObject([
      {
        contentId: shelf.id,
        newReaders: { value: 2, previous: 0 },
        completions: { value: 1, previous: 0 },
        completionPercent: 50,
        coinsEarned: { value: 5, previous: 0 },
      },
    ]);
    expect(activity.days.at(-1)).toMatchObject({ active: 2, byType: { book: 2, reel: 0 } });
    expect(funnels.find((funnel) => funnel.key === "reading")?.steps.map((step) => step.people)).toEqual([
      3, 2, 1, 1,
    ]);

    const dropOff = await as(boss).analytics.getTitleDropOff({ contentId: shelf.id, range: lastFortnight });
    expect(dropOff.episodes.map((episode) => episode.newReaders)).toEqual([2, 1, 1]);
  });

  it("makes the same tables again from the events alone", async () => {
    const boss = await createUser(platform, "superadmin");
    const shelf = await book(2);
    const readers = [await joinedDaysAgo(9), await joinedDaysAgo(3), await createUser(platform)];
    for (const reader of readers) await read(reader, shelf.episodes[0] ?? "");
    await read(readers[0] as TestUser, shelf.episodes[1] ?? "");
    await buy(readers[1] as TestUser, 40);
    const live = await report(boss);
    await platform.deps.changes.inTransaction(platform.deps.db, (tx) => recountActivity(tx));
    const again = await report(boss);
    const comparable = (value: AnalyticsReport) => ({
      ...value,
      titles: value.titles,
      funnels: value.funnels,
    });
    expect(comparable(again)).toEqual(comparable(live));
  });
});

describe("retention by sign-up week", () => {
  it("counts each cohort's active people and coins, week by week after sign-up", async () => {
    const boss = await createUser(platform, "superadmin");
    const early = await joinedDaysAgo(21);
    await activeOn(early, 21);
    await activeOn(early, 7);
    await activeOn(early, 0);
    await buy(early, 30);
    const range = { from: dayAgo(27), to: today };
    const { cohorts } = await report(boss, range);
    const row = cohorts.cohorts.find((cohort) => cohort.cohortWeek === weekOf(dayAgo(21)));
    expect(row?.signedUp).toBe(1);
    expect(row?.weeks.map((week) => week.active)).toEqual([1, 0, 1, 1]);
    expect(row?.weeks.at(-1)).toMatchObject({ offset: 3, coinsBought: 30, coinsSpent: 0 });
    // The people of a cell, one click away.
    const people = await as(boss).analytics.getCohortPeople({
      cohortWeek: row?.cohortWeek ?? "",
      week: weekOf(today),
    });
    expect(people.map((person) => person.id)).toEqual([early.id]);
  });
});

describe("funnels", () => {
  it("count a later step only within the window after the step before", async () => {
    const boss = await createUser(platform, "superadmin");
    const quick = await joinedDaysAgo(10);
    const slow = await joinedDaysAgo(10);
    for (const [person, reelDaysAgo, clickDaysAgo] of [
      [quick, 10, 9.5],
      [slow, 10, 1],
    ] as const) {
      await reachMilestone(platform.deps.db, person.id, "firstReel", daysAgo(reelDaysAgo));
      await reachMilestone(platform.deps.db, person.id, "reelClick", daysAgo(clickDaysAgo));
    }
    const steps = async (window: number) =>
      (await report(boss, lastFortnight, window)).funnels.find((funnel) => funnel.key === "reels")?.steps;
    expect((await steps(7))?.map((step) => step.people)).toEqual([2, 1, 0]);
    expect((await steps(14))?.map((step) => step.people)).toEqual([2, 2, 0]);
  });
});

describe("the analytics page's functions", () => {
  it("follow the counts live", async () => {
    const boss = await createUser(platform, "superadmin");
    const reader = await createUser(platform);
    const watch = watchLiveRuns(platform, () => report(boss));
    await watch.waitForRuns(1);
    expect(watch.latest?.activity.days.at(-1)?.active).toBe(0);
    await activeOn(reader, 0);
    await watch.waitForRuns(2);
    watch.stop();
    expect(watch.latest?.activity.days.at(-1)?.active).toBe(1);
  });

  it("are for administrators whose permissions reach analytics, and refuse bad periods", async () => {
    const admin = await createUser(platform, "admin");
    const reader = await createUser(platform);
    expect(await codeOf(report(reader))).toBe("FORBIDDEN");
    expect(await codeOf(report(admin))).toBe("OK");
    const boss = await createUser(platform, "superadmin");
    await as(boss).permissions.setAdminPermissions({
      userId: admin.id,
      templateId: null,
      overrides: { analytics: "none" },
    });
    expect(await codeOf(report(admin))).toBe("FORBIDDEN");
    expect(await refusalOf(report(boss, { from: today, to: dayAgo(1) }))).toMatchObject({
      message: "The first day comes before the last",
    });
    expect(await refusalOf(report(boss, { from: "2024-01-01", to: "2025-06-01" }))).toMatchObject({
      message: "Choose at most 366 days",
    });
    expect(await refusalOf(report(boss, lastFortnight, 3))).toMatchObject({
      message: "Choose 1, 7, 14 or 30 days",
    });
    expect(
      await codeOf(
        as(boss).analytics.getTitleDropOff({ contentId: crypto.randomUUID(), range: lastFortnight }),
      ),
    ).toBe("NOT_FOUND");
  });
});
