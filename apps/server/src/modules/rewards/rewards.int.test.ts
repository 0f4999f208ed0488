import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chapterOf, episodesOf, reportsOf } from "../../test/active-time.ts";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { auditEvents } from "../audit/schema.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { ledgerEntries } from "../coins/schema.ts";
import { profiles } from "../profiles/schema.ts";
import { checkIn } from "./check-in.ts";
import { getRewardsOverview } from "./rewards.service.ts";
import {
  badgeDefinitions,
  checkIns,
  earnedBadges,
  rewardGrants,
  rewardRules,
  titleCompletions,
  xpEvents,
} from "./schema.ts";
import { addDays, instantAt, localDateOf } from "./streaks.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user);
const noonUtc = (date: string) => new Date(`${date}T12:00:00Z`);
/** Days ago, so that the bonus coins granted then have not expired yet. */
const daysAgo = (days: number) => addDays(new Date().toISOString().slice(0, 10), -days);

async function livesIn(user: TestUser, timeZone: string) {
  await platform.deps.db
    .insert(profiles)
    .values({ userId: user.id, timeZone })
    .onConflictDoUpdate({ target: profiles.userId, set: { timeZone } });
}

async function expectLedgerClean() {
  const report = await checkLedger(platform.deps.db);
  expect(report.violations).toEqual([]);
}

async function grantsOf(user: TestUser) {
  return platform.deps.db.select().from(rewardGrants).where(eq(rewardGrants.userId, user.id));
}

async function xpOf(user: TestUser, source?: string) {
  const rows = await platform.deps.db.select().from(xpEvents).where(eq(xpEvents.userId, user.id));
  return rows.filter((row) => !source || row.source === source).reduce((sum, row) => sum + row.amount, 0);
}

describe("the daily check-in", () => {
  it("runs a 7-day cycle with day 7 worth most, milestones on the way, and starts over", async () => {
    const person = await createUser(platform);
    const start = daysAgo(10);
    const results = [];
    for (let day = 0; day < 8; day++) {
      results.push(await checkIn(platform.deps, person, noonUtc(addDays(start, day))));
    }
    expect(results.map((result) => [result.cycleDay, result.streak, result.coins])).toEqual([
      [1, 1, 5],
      [2, 2, 5],
      [3, 3, 10],
      [4, 4, 10],
      [5, 5, 15],
      [6, 6, 15],
      [7, 7, 50],
      [1, 8, 5],
    ]);
    // Streak milestones at 3 and 7 days.
    expect(results.map((result) => result.milestoneCoins)).toEqual([0, 0, 25, 0, 0, 0, 25, 0]);
    const grants = await grantsOf(person);
    expect(grants.reduce((sum, grant) => sum + grant.coins, 0)).toBe(115 + 50);
    expect((await as(person).coins.getCoinBalance()).bonus).toBe(165);

    // A missed day restarts the streak and the cycle.
    const afterGap = await checkIn(platform.deps, person, noonUtc(addDays(start, 9)));
    expect(afterGap).toMatchObject({ isNew: true, cycleDay: 1, streak: 1, coins: 5 });
    await expectLedgerClean();
  });

  it("grants once per local day however often it is retried", async () => {
    const person = await createUser(platform);
    const now = noonUtc(daysAgo(1));
    const first = await checkIn(platform.deps, person, now);
    const again = await checkIn(platform.deps, person, new Date(now.getTime() + 60_000));
    expect(first).toMatchObject({ isNew: true, coins: 5 });
    expect(again).toMatchObject({ isNew: false, cycleDay: 1, streak: 1, coins: 5 });
    expect(await grantsOf(person)).toHaveLength(1);
    const entries = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, person.id));
    expect(entries.map((entry) => entry.idempotencyKey)).toEqual([`reward:checkin:${daysAgo(1)}`]);
  });

  it("grants exactly once for 50 simultaneous clicks, and the ledger stays clean", async () => {
    const person = await createUser(platform);
    const results = await Promise.all(Array.from({ length: 50 }, () => as(person).rewards.checkIn()));
    expect(results.filter((result) => result.isNew)).toHaveLength(1);
    expect(new Set(results.map((result) => result.coins))).toEqual(new Set([5]));
    expect(await grantsOf(person)).toHaveLength(1);
    expect(await platform.deps.db.select().from(checkIns).where(eq(checkIns.userId, person.id))).toHaveLength(
      1,
    );
    expect((await as(person).coins.getCoinBalance()).bonus).toBe(5);
    await expectLedgerClean();
  });

  it("reckons days in the person's own time zone", async () => {
    const person = await createUser(platform);
    await livesIn(person, "Pacific/Kiritimati");
    const date = daysAgo(3);
    // UTC+14: 09:00 UTC is 23:00 there, 11:00 UTC is 01:00 the next day: two days, two hours apart.
    const late = await checkIn(platform.deps, person, new Date(`${date}T09:00:00Z`));
    const early = await checkIn(platform.deps, person, new Date(`${date}T11:00:00Z`));
    expect([late.isNew, early.isNew, early.streak]).toEqual([true, true, 2]);
    // Moving to where it is still yesterday does not open that day again.
    await livesIn(person, "Pacific/Pago_Pago");
    const back = await checkIn(platform.deps, person, new Date(`${date}T13:00:00Z`));
    expect(back.isNew).toBe(false);
    expect(await grantsOf(person)).toHaveLength(2);
  });

  it("keeps counting across a daylight-saving change", async () => {
    const person = await createUser(platform);
    await livesIn(person, "America/New_York");
    // Around the night the clocks spring forward (a 23-hour day): check-ins 23h20 of real time
    // apart, then 20 minutes apart, fall on three consecutive local days.
    const first = instantAt("2026-03-07", 23, 30, "America/New_York");
    const second = instantAt("2026-03-08", 23, 50, "America/New_York");
    const third = instantAt("2026-03-09", 0, 10, "America/New_York");
    await checkIn(platform.deps, person, first);
    await checkIn(platform.deps, person, second);
    expect((await checkIn(platform.deps, person, third)).streak).toBe(3);
  });

  it("shows the cycle, streak and coins live, by the rules in force", async () => {
    const person = await createUser(platform);
    const admin = await createUser(platform, "admin");
    await as(admin).rewards.updateRule({ key: "checkin_day_1", amount: 7 });
    const live = watchLiveRuns(platform, () => as(person).rewards.getRewardsOverview());
    await live.waitForRuns(1);
    expect(live.latest?.checkIn).toMatchObject({ checkedInToday: false, cycleDay: 1 });
    expect(live.latest?.checkIn.days.map((day) => day.coins)).toEqual([7, 5, 10, 10, 15, 15, 50]);
    const result = await as(person).rewards.checkIn();
    expect(result.coins).toBe(7);
    await live.waitForRuns(2);
    expect(live.latest?.checkIn).toMatchObject({ checkedInToday: true, cycleDay: 1 });
    expect(live.latest?.checkIn.days.map((day) => day.claimed)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(live.latest?.streak).toMatchObject({ current: 1, best: 1, nextMilestone: 3 });
    live.stop();
  });
});

describe("XP from reading", () => {
  async function bookWith(episodes: number, fields: Parameters<typeof createTitle>[1] = {}) {
    const title = await createTitle(platform, fields);
    const chapters = await addChapters(platform, title.id, episodes);
    return { title, ids: chapters.map((chapter) => chapter.id) };
  }

  it("counts active minutes up to the day's cap", async () => {
    const reader = await readerAged(platform, 18);
    const title = await createTitle(platform);
    const [episodeId = ""] = await episodesOf(platform, title.id, [chapterOf(100_000)]);
    const report = reportsOf(platform, reader);
    // Reports the server's clock lets count in full, on one day of the reader's.
    const noon = noonUtc(daysAgo(1)).getTime();
    const at = (seconds: number) => new Date(noon + seconds * 1_000);
    await report({ episodeId, fraction: 0 }, at(0));
    await report({ episodeId, fraction: 0.1, activeSeconds: 600 }, at(600));
    expect(await xpOf(reader, "reading_minutes")).toBe(20);
    // Seconds short of a minute wait for the rest of it.
    await report({ episodeId, fraction: 0.2, activeSeconds: 90 }, at(690));
    expect(await xpOf(reader, "reading_minutes")).toBe(22);
    await report({ episodeId, fraction: 0.3, activeSeconds: 30 }, at(720));
    expect(await xpOf(reader, "reading_minutes")).toBe(24);
    await report({ episodeId, fraction: 0.4, activeSeconds: 3_600 }, at(4_320));
    await report({ episodeId, fraction: 0.5, activeSeconds: 3_600 }, at(7_920));
    expect(await xpOf(reader, "reading_minutes")).toBe(120);
    const overview = await getRewardsOverview(platform.deps, reader, at(7_920));
    expect(overview.xp.bySource.find((item) => item.source === "reading_minutes")).toEqual({
      source: "reading_minutes",
      xp: 120,
      cap: 120,
    });
  });

  it("adds up simultaneous reports exactly, crediting the time they share once", async () => {
    const reader = await readerAged(platform, 18);
    const admin = await createUser(platform, "admin");
    await as(admin).rewards.updateRule({ key: "xp_reading_minutes", amount: 1, dailyCap: 1_000 });
    const title = await createTitle(platform);
    const [episodeId = ""] = await episodesOf(platform, title.id, [chapterOf(100_000)]);
    const report = reportsOf(platform, reader);
    const noon = noonUtc(daysAgo(1)).getTime();
    await report({ episodeId, fraction: 0 }, new Date(noon));
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        report({ episodeId, fraction: (index + 1) / 10, activeSeconds: 1_200 }, new Date(noon + 1_200_000)),
      ),
    );
    expect(await xpOf(reader, "reading_minutes")).toBe(20);
  });

  it("rewards the first completion of an episode only, never a reread", async () => {
    const reader = await readerAged(platform, 18);
    const { ids } = await bookWith(3);
    const episodeId = ids[0] ?? "";
    await as(reader).library.recordProgress({ episodeId, fraction: 1, isCompleted: true });
    expect(await xpOf(reader, "episode_completed")).toBe(10);
    await as(reader).library.recordProgress({ episodeId, fraction: 0.2 });
    await as(reader).library.recordProgress({ episodeId, fraction: 1, isCompleted: true });
    await as(reader).library.recordProgress({ episodeId, fraction: 1, isCompleted: true });
    expect(await xpOf(reader, "episode_completed")).toBe(10);
    const events = await platform.deps.db
      .select()
      .from(xpEvents)
      .where(and(eq(xpEvents.userId, reader.id), eq(xpEvents.source, "episode_completed")));
    expect(events).toHaveLength(1);
  });

  it("caps completions per day but still counts each once", async () => {
    const reader = await readerAged(platform, 18);
    const admin = await createUser(platform, "admin");
    await as(admin).rewards.updateRule({ key: "xp_episode_completed", amount: 10, dailyCap: 25 });
    const { ids } = await bookWith(4);
    for (const episodeId of ids) {
      await as(reader).library.recordProgress({ episodeId, fraction: 1, isCompleted: true });
    }
    expect(await xpOf(reader, "episode_completed")).toBe(25);
    expect(await xpOf(reader, "title_finished")).toBe(50);
  });

  it("rewards finishing a title once, and counts it towards the yearly goal", async () => {
    const reader = await readerAged(platform, 18);
    const { title, ids } = await bookWith(2);
    await as(reader).rewards.setYearlyGoal({ target: 12 });
    await as(reader).library.recordProgress({ episodeId: ids[0] ?? "", fraction: 1, isCompleted: true });
    expect(await xpOf(reader, "title_finished")).toBe(0);
    await as(reader).library.recordProgress({ episodeId: ids[1] ?? "", fraction: 1, isCompleted: true });
    await as(reader).library.recordProgress({ episodeId: ids[1] ?? "", fraction: 1, isCompleted: true });
    expect(await xpOf(reader, "title_finished")).toBe(50);
    expect(
      await platform.deps.db.select().from(titleCompletions).where(eq(titleCompletions.contentId, title.id)),
    ).toHaveLength(1);
    const overview = await as(reader).rewards.getRewardsOverview();
    expect(overview.yearlyGoal).toEqual({
      year: Number(overview.today.slice(0, 4)),
      target: 12,
      finished: 1,
    });
  });
});

describe("XP from clubs", () => {
  it("rewards posts up to the day's cap", async () => {
    const member = await createUser(platform);
    const { clubId } = await as(member).clubs.createClub({ name: "Night Readers", privacy: "public" });
    for (let post = 0; post < 7; post++) {
      await as(member).clubs.createClubPost({ clubId, body: `Post ${post}` });
    }
    expect(await xpOf(member, "club_post")).toBe(25);
    const badges = await as(member).rewards.listBadges();
    expect(badges.find((badge) => badge.key === "club-founder")).toMatchObject({
      progress: 1,
      earnedTier: 1,
    });
    expect(badges.find((badge) => badge.key === "conversationalist")).toMatchObject({
      progress: 7,
      earnedTier: 0,
      nextThreshold: 10,
    });
  });
});

describe("badges", () => {
  it("are earned once, with the date, when the measure reaches a tier", async () => {
    const reader = await readerAged(platform, 18);
    const live = watchLiveRuns(platform, () => as(reader).rewards.listBadges());
    await live.waitForRuns(1);
    expect(live.latest?.find((badge) => badge.key === "first-title")).toMatchObject({
      progress: 0,
      earnedTier: 0,
      nextThreshold: 1,
    });
    for (const language of ["en", "fr-CA", "de", "fr"]) {
      const title = await createTitle(platform, { language });
      const [episode] = await addChapters(platform, title.id, 1);
      await as(reader).library.recordProgress({
        episodeId: episode?.id ?? "",
        fraction: 1,
        isCompleted: true,
      });
    }
    await live.waitForRuns(2);
    await live.settle();
    const firstTitle = live.latest?.find((badge) => badge.key === "first-title");
    expect(firstTitle).toMatchObject({ progress: 4, earnedTier: 1, nextThreshold: 10 });
    expect(Date.parse(firstTitle?.tiers[0]?.earnedAt ?? "")).toBeLessThanOrEqual(Date.now());
    expect(live.latest?.find((badge) => badge.key === "polyglot")).toMatchObject({
      progress: 3,
      earnedTier: 1,
    });
    live.stop();
    const [definition] = await platform.deps.db
      .select()
      .from(badgeDefinitions)
      .where(eq(badgeDefinitions.key, "first-title"));
    const earned = await platform.deps.db
      .select()
      .from(earnedBadges)
      .where(and(eq(earnedBadges.userId, reader.id), eq(earnedBadges.badgeId, definition?.id ?? "")));
    expect(earned).toHaveLength(1);
  });

  it("counts reading between midnight and 4 a.m. where the person is", async () => {
    const reader = await readerAged(platform, 18);
    // A fixed-offset zone where it is now between 01:00 and 02:00.
    const offset = ((1 - new Date().getUTCHours() + 36) % 24) - 12;
    await livesIn(reader, offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`);
    const title = await createTitle(platform);
    const [episodeId = ""] = await episodesOf(platform, title.id, [chapterOf(1_000)]);
    const report = reportsOf(platform, reader);
    const now = Date.now();
    await report({ episodeId, fraction: 0.5 }, new Date(now - 120_000));
    await report({ episodeId, fraction: 0.6, activeSeconds: 120 }, new Date(now));
    const badges = await as(reader).rewards.listBadges();
    expect(badges.find((badge) => badge.key === "night-owl")).toMatchObject({ progress: 1, earnedTier: 1 });
  });

  it("from a new definition are earned at once by those who already qualify", async () => {
    const admin = await createUser(platform, "admin");
    const person = await createUser(platform);
    const start = daysAgo(5);
    for (let day = 0; day < 3; day++) await checkIn(platform.deps, person, noonUtc(addDays(start, day)));
    const { badgeId } = await as(admin).rewards.createBadge({
      key: "regular",
      name: "Regular",
      measure: "check_ins",
      thresholds: [2, 5],
      icon: "calendar-check",
    });
    const regular = (await as(person).rewards.listBadges()).find((badge) => badge.id === badgeId);
    expect(regular).toMatchObject({ progress: 3, earnedTier: 1, nextThreshold: 5 });
    expect(
      await codeOf(
        as(admin).rewards.createBadge({
          key: "regular",
          name: "Again",
          measure: "check_ins",
          thresholds: [1],
          icon: "star",
        }),
      ),
    ).toBe("CONFLICT");
  });
});

describe("administering rewards", () => {
  it("revokes a grant with a reversal, once", async () => {
    const admin = await createUser(platform, "admin");
    const person = await createUser(platform);
    await as(person).rewards.checkIn();
    const page = await as(admin).rewards.listGrants({});
    expect(page.items).toHaveLength(1);
    const grant = page.items[0];
    expect(grant).toMatchObject({
      ruleKey: "checkin_day_1",
      coins: 5,
      revokedAt: null,
      user: { id: person.id },
    });
    const reason = "Scripted check-ins from many accounts";
    const [first, second] = await Promise.allSettled([
      as(admin).rewards.revokeGrant({ grantId: grant?.id ?? "", reason }),
      as(admin).rewards.revokeGrant({ grantId: grant?.id ?? "", reason }),
    ]);
    expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(await codeOf(as(admin).rewards.revokeGrant({ grantId: grant?.id ?? "", reason }))).toBe(
      "CONFLICT",
    );
    const reversals = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.kind, "reversal"), eq(ledgerEntries.reversesEntryId, grant?.entryId ?? "")),
      );
    expect(reversals).toHaveLength(1);
    expect(reversals[0]?.createdBy).toBe(admin.id);
    expect((await as(person).coins.getCoinBalance()).bonus).toBe(0);
    expect((await as(admin).rewards.listGrants({ status: "revoked" })).items[0]).toMatchObject({
      id: grant?.id,
      revokeReason: reason,
    });
    expect((await as(admin).rewards.listGrants({ status: "active" })).items).toEqual([]);
    await expectLedgerClean();
  });

  it("notes each rule change, before and after, in the audit trail", async () => {
    const admin = await createUser(platform, "admin");
    await as(admin).rewards.updateRule({ key: "xp_episode_completed", amount: 12, dailyCap: 40 });
    await as(admin).rewards.updateRule({ key: "xp_episode_completed", amount: 15, dailyCap: 60 });
    const events = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "rewards.updateRule"))
      .orderBy(auditEvents.at);
    const change = (before: unknown, after: unknown) => [
      { objectType: "reward-rule", objectId: "xp_episode_completed", before, after },
    ];
    // The first change is from the default rule.
    expect(events.map((event) => event.changes)).toEqual([
      change({ amount: 10, dailyCap: expect.any(Number) }, { amount: 12, dailyCap: 40 }),
      change({ amount: 12, dailyCap: 40 }, { amount: 15, dailyCap: 60 }),
    ]);
  });

  it("pages through grants newest first", async () => {
    const admin = await createUser(platform, "admin");
    const person = await createUser(platform);
    for (let day = 0; day < 5; day++) await checkIn(platform.deps, person, noonUtc(daysAgo(5 - day)));
    const first = await as(admin).rewards.listGrants({ limit: 4 });
    const second = await as(admin).rewards.listGrants({ limit: 4, cursor: first.nextCursor });
    expect(first.items).toHaveLength(4);
    expect([...first.items, ...second.items]).toHaveLength(6);
    expect(second.nextCursor).toBeNull();
    const someoneElse = await createUser(platform);
    expect((await as(admin).rewards.listGrants({ userId: someoneElse.id })).items).toEqual([]);
    const periods = [...first.items, ...second.items].map((item) => item.period);
    expect(periods).toEqual([...periods].sort().reverse());
  });

  it("refuses ordinary people the administrators' functions, and anonymous callers everything", async () => {
    const person = await createUser(platform);
    const mine = as(person).rewards;
    const grantId = "00000000-0000-4000-8000-000000000000";
    expect(await codeOf(mine.listRules())).toBe("FORBIDDEN");
    expect(await codeOf(mine.updateRule({ key: "checkin_day_7", amount: 5000 }))).toBe("FORBIDDEN");
    expect(
      await codeOf(
        mine.createBadge({ key: "mine", name: "Mine", measure: "check_ins", thresholds: [1], icon: "star" }),
      ),
    ).toBe("FORBIDDEN");
    expect(await codeOf(mine.listGrants({}))).toBe("FORBIDDEN");
    expect(await codeOf(mine.revokeGrant({ grantId, reason: "Not mine to revoke" }))).toBe("FORBIDDEN");
    expect(await platform.deps.db.select().from(rewardRules)).toEqual([]);
    expect(await codeOf(callerFor(platform).rewards.checkIn())).toBe("UNAUTHORIZED");
  });

  it("refuses bad input with a clear error and changes nothing", async () => {
    const admin = await createUser(platform, "admin");
    const rewards = as(admin).rewards;
    const before = await rewards.listRules();
    const badRules = [
      { key: "checkin_day_7", amount: -1 },
      { key: "checkin_day_7", amount: 2.5 },
      { key: "checkin_day_7", amount: 1_000_000 },
      { key: "checkin_day_7", amount: 10, dailyCap: 10 },
      { key: "xp_club_post", amount: 5 },
      { key: "xp_club_post", amount: 5, dailyCap: 10_000_000 },
      { key: "no_such_rule", amount: 5 },
    ];
    for (const input of badRules) {
      // biome-ignore lint/suspicious/noExplicitAny: deliberately malformed input
      expect(await codeOf(rewards.updateRule(input as any)), JSON.stringify(input)).toBe("BAD_REQUEST");
    }
    expect(await rewards.listRules()).toEqual(before);

    const badge = { key: "new-badge", name: "New", measure: "check_ins", thresholds: [1, 2], icon: "star" };
    const badBadges = [
      { ...badge, measure: "coins_spent" },
      { ...badge, thresholds: [5, 5] },
      { ...badge, thresholds: [] },
      { ...badge, thresholds: [0] },
      { ...badge, thresholds: [1, 2, 3, 4, 5, 6] },
      { ...badge, icon: "skull" },
      { ...badge, key: "Not A Key!" },
      { ...badge, name: "" },
    ];
    const badgesBefore = await platform.deps.db.select().from(badgeDefinitions);
    for (const input of badBadges) {
      // biome-ignore lint/suspicious/noExplicitAny: deliberately malformed input
      expect(await codeOf(rewards.createBadge(input as any)), JSON.stringify(input)).toBe("BAD_REQUEST");
    }
    expect(await platform.deps.db.select().from(badgeDefinitions)).toHaveLength(badgesBefore.length);

    for (const target of [0, -3, 1.5, 100_000]) {
      expect(await codeOf(rewards.setYearlyGoal({ target }))).toBe("BAD_REQUEST");
    }
    expect((await rewards.getRewardsOverview()).yearlyGoal.target).toBeNull();

    const person = await createUser(platform);
    await as(person).rewards.checkIn();
    const [grant] = await grantsOf(person);
    expect(await codeOf(rewards.revokeGrant({ grantId: grant?.id ?? "", reason: "x" }))).toBe("BAD_REQUEST");
    expect(await codeOf(rewards.revokeGrant({ grantId: "not-a-grant", reason: "Abuse" }))).toBe(
      "BAD_REQUEST",
    );
    expect(
      await codeOf(rewards.revokeGrant({ grantId: "00000000-0000-4000-8000-000000000000", reason: "Abuse" })),
    ).toBe("NOT_FOUND");
    expect((await grantsOf(person))[0]?.revokedAt).toBeNull();
    expect(await codeOf(rewards.listGrants({ limit: 1000 }))).toBe("BAD_REQUEST");
    expect(await codeOf(rewards.listGrants({ cursor: "yesterday" }))).toBe("BAD_REQUEST");
  });
});

describe("the overview", () => {
  it("starts empty for someone new", async () => {
    const person = await createUser(platform);
    await livesIn(person, "Asia/Kolkata");
    const now = new Date();
    const overview = await getRewardsOverview(platform.deps, person, now);
    expect(overview).toMatchObject({
      today: localDateOf(now, "Asia/Kolkata"),
      timeZone: "Asia/Kolkata",
      checkIn: { checkedInToday: false, cycleDay: 1 },
      streak: { current: 0, best: 0, nextMilestone: 3, milestoneCoins: 25 },
      xp: { todayTotal: 0 },
      yearlyGoal: { target: null, finished: 0 },
    });
    expect(overview.xp.bySource.map((item) => item.cap)).toEqual([120, 90, 100, 150, 25, 20]);
    expect(
      await platform.deps.db
        .select()
        .from(ledgerEntries)
        .where(like(ledgerEntries.idempotencyKey, "reward:%")),
    ).toEqual([]);
  });
});
