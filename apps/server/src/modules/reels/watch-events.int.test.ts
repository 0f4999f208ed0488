// Watch events through the real router and the beacon route, and the analytics they add up to: a
// scripted set of sessions on a timeline (including replayed and impossible events, which must not
// count) whose figures are worked out here by hand and compared with what the server reports.
import { REEL_EVENTS_PATH, REEL_EVENTS_PER_BATCH, type ReelWatchEvent } from "@litverse/shared/reels";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import { storedReel } from "../../test/reels.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { episodeUnlocks } from "../unlocks/schema.ts";
import { runReelsUpkeep } from "./reels-upkeep.ts";
import { reelViews, reelWatchEvents } from "./schema.ts";
import { recordWatchEvents } from "./watch-events.service.ts";

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
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).reels;
const viewerOf = (user: TestUser) => ({ ...user, age: null });
const day = (at: Date) => at.toISOString().slice(0, 10);

/** A player's session: events numbered per reel, sent at scripted times with the server's clock set to them. */
function session(user: TestUser) {
  const sessionId = crypto.randomUUID();
  const seqs = new Map<string, number>();
  const event = (
    reelId: string,
    kind: ReelWatchEvent["kind"],
    playedMs: number,
    at: Date,
    positionMs = playedMs,
  ) => {
    const seq = seqs.get(reelId) ?? 0;
    seqs.set(reelId, seq + 1);
    return { reelId, seq, kind, positionMs, playedMs, at: at.toISOString() };
  };
  return {
    sessionId,
    event,
    send: (events: ReelWatchEvent[], now: Date) =>
      recordWatchEvents(platform.deps, viewerOf(user), { sessionId, events }, now),
  };
}

const later = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe("counting views", () => {
  it("counts a view after 3 s and not before, once, and not the creator's own", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const reel = await storedReel(platform, creator, { durationMs: 10_000 });
    const t = new Date(Date.now() - 60_000);
    const player = session(viewer);
    expect(await player.send([player.event(reel.id, "play", 0, t)], t)).toEqual({
      accepted: 1,
      duplicates: 0,
      ignored: 0,
    });
    const early = [player.event(reel.id, "progress", 2_500, later(t, 2_500))];
    await player.send(early, later(t, 2_500));
    expect((await as(creator).listMyReels())[0]?.figures.views).toBe(0);
    const batch = [player.event(reel.id, "progress", 3_100, later(t, 3_100))];
    await player.send(batch, later(t, 3_100));
    expect((await as(creator).listMyReels())[0]?.figures.views).toBe(1);
    // The same request again: a duplicate, nothing more.
    expect(await player.send(batch, later(t, 3_200))).toEqual({ accepted: 0, duplicates: 1, ignored: 0 });
    expect((await as(creator).listMyReels())[0]?.figures.views).toBe(1);

    const own = session(creator);
    expect(
      await own.send(
        [own.event(reel.id, "play", 0, t), own.event(reel.id, "progress", 5_000, t)],
        later(t, 5_000),
      ),
    ).toEqual({
      accepted: 0,
      duplicates: 0,
      ignored: 2,
    });
    expect(await platform.deps.db.select().from(reelViews).where(eq(reelViews.viewerId, creator.id))).toEqual(
      [],
    );
  });

  it("refuses impossible events: more playback than time allows, a position past the end, a time far ahead, another person's session", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const thief = await createUser(platform);
    const reel = await storedReel(platform, creator, { durationMs: 10_000 });
    const t = new Date(Date.now() - 60_000);
    const player = session(viewer);
    const result = await player.send(
      [
        player.event(reel.id, "play", 0, t),
        // Arriving together with the play, claiming a minute: the server's clock starts with this
        // batch, so the network's second is all that can be credited.
        player.event(reel.id, "progress", 60_000, later(t, 1_000), 5_000),
        player.event(reel.id, "progress", 1_000, later(t, 1_000), 25_000),
        player.event(reel.id, "progress", 1_000, later(t, 3_600_000)),
      ],
      later(t, 1_000),
    );
    expect(result).toEqual({ accepted: 2, duplicates: 0, ignored: 2 });
    const [view] = await platform.deps.db.select().from(reelViews);
    expect(view).toMatchObject({ playedMs: 1_000, reachMs: 1_000, isCounted: false });

    // The same session id from someone else adds nothing to this view.
    const stolen = await recordWatchEvents(
      platform.deps,
      viewerOf(thief),
      { sessionId: player.sessionId, events: [player.event(reel.id, "progress", 9_000, later(t, 9_000))] },
      later(t, 9_000),
    );
    expect(stolen).toEqual({ accepted: 0, duplicates: 0, ignored: 1 });
  });

  it("credits one person no more than real time across many sessions at once", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const made = [];
    for (let index = 0; index < 12; index++)
      made.push(await storedReel(platform, creator, { durationMs: 10_000 }));
    const t = new Date(Date.now() - 60_000);
    // Twelve sessions started at once, each then claiming 4 s of playback 4 s later.
    const players = made.map((reel) => ({ reel, player: session(viewer) }));
    for (const { reel, player } of players) await player.send([player.event(reel.id, "play", 0, t)], t);
    for (const { reel, player } of players) {
      await player.send([player.event(reel.id, "progress", 4_000, later(t, 4_000))], later(t, 4_000));
    }
    // The allowance (30 s, grown by the 4 s that passed, to its ceiling) pays for 7 views of 4 s.
    const views = await platform.deps.db.select().from(reelViews).where(eq(reelViews.isCounted, true));
    expect(views).toHaveLength(7);
  });

  it("writes batches arriving together in one go, each with its own result", async () => {
    const creator = await createUser(platform);
    const reel = await storedReel(platform, creator, { durationMs: 10_000 });
    const other = await storedReel(platform, creator, { durationMs: 4_000 });
    const viewers = await Promise.all(Array.from({ length: 12 }, () => createUser(platform)));
    const t = new Date(Date.now() - 60_000);
    const players = viewers.map((viewer) => session(viewer));
    // Everyone starts at once; then everyone sends their progress at once, one of them twice over
    // (the second time a duplicate), and one of them on someone else's session.
    const started = await Promise.all(
      players.map((player) =>
        player.send([player.event(reel.id, "play", 0, t), player.event(other.id, "play", 0, t)], t),
      ),
    );
    expect(started.every((result) => result.accepted === 2)).toBe(true);
    const at = later(t, 3_500);
    const batches = players.map((player) => [player.event(reel.id, "progress", 3_500, at)]);
    const [first, second] = players as [ReturnType<typeof session>, ReturnType<typeof session>];
    const stolen = recordWatchEvents(
      platform.deps,
      viewerOf(viewers[1] as TestUser),
      { sessionId: first.sessionId, events: [first.event(other.id, "progress", 4_000, at)] },
      at,
    );
    const results = await Promise.all([
      ...players.map((player, index) => player.send(batches[index] ?? [], at)),
      second.send(batches[1] ?? [], at),
      stolen,
    ]);
    expect(results.slice(0, 12).every((result) => result.accepted === 1 && result.duplicates === 0)).toBe(
      true,
    );
    expect(results[12]).toEqual({ accepted: 0, duplicates: 1, ignored: 0 });
    expect(results[13]).toEqual({ accepted: 0, duplicates: 0, ignored: 1 });
    const counted = await platform.deps.db.select().from(reelViews).where(eq(reelViews.isCounted, true));
    expect(counted.map((view) => view.reelId)).toEqual(viewers.map(() => reel.id));
  });

  it("forgets the events of views started more than two days ago, keeping the views", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const reel = await storedReel(platform, creator, { durationMs: 10_000 });
    const t = new Date(Date.now() - 60_000);
    const player = session(viewer);
    await player.send([player.event(reel.id, "play", 0, t)], t);
    await player.send([player.event(reel.id, "progress", 4_000, later(t, 4_000))], later(t, 4_000));
    await runReelsUpkeep(platform.deps);
    expect(await platform.deps.db.select().from(reelWatchEvents)).toHaveLength(2);
    await platform.deps.db.update(reelViews).set({ day: day(new Date(Date.now() - 3 * 86_400_000)) });
    await runReelsUpkeep(platform.deps);
    expect(await platform.deps.db.select().from(reelWatchEvents)).toEqual([]);
    expect(await platform.deps.db.select().from(reelViews)).toMatchObject([
      { isCounted: true, playedMs: 4_000 },
    ]);
  });

  it("validates batches through the router", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const reel = await storedReel(platform, creator);
    const sessionId = crypto.randomUUID();
    const at = new Date().toISOString();
    const ok = { reelId: reel.id, seq: 0, kind: "play" as const, positionMs: 0, playedMs: 0, at };
    expect(await as(viewer).recordWatchEvents({ sessionId, events: [ok] })).toEqual({
      accepted: 1,
      duplicates: 0,
      ignored: 0,
    });
    const bad = [
      { sessionId: "nope", events: [ok] },
      { sessionId, events: [] },
      { sessionId, events: Array.from({ length: 51 }, (_, seq) => ({ ...ok, seq })) },
      { sessionId, events: [{ ...ok, kind: "pause" }] },
      { sessionId, events: [{ ...ok, playedMs: -1 }] },
      { sessionId, events: [{ ...ok, seq: 1.5 }] },
      { sessionId, events: [{ ...ok, at: "yesterday" }] },
    ];
    for (const input of bad)
      expect(await codeOf(as(viewer).recordWatchEvents(input as never))).toBe("BAD_REQUEST");
  });
});

describe("the beacon", () => {
  it("takes events with the feed's watch token, as text or JSON, and nothing without it", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const reel = await storedReel(platform, creator, { durationMs: 10_000 });
    const { watchToken } = await as(viewer).listFeed({});
    const sessionId = crypto.randomUUID();
    const at = new Date().toISOString();
    const events = [{ reelId: reel.id, seq: 0, kind: "play", positionMs: 0, playedMs: 0, at }];
    const post = (body: string, type: string) =>
      fetch(`${server.url}${REEL_EVENTS_PATH}`, { method: "POST", headers: { "content-type": type }, body });

    const asText = await post(
      JSON.stringify({ token: watchToken, sessionId, events }),
      "text/plain;charset=UTF-8",
    );
    expect(asText.status).toBe(200);
    expect(await asText.json()).toEqual({ accepted: 1, duplicates: 0, ignored: 0 });
    const again = await post(JSON.stringify({ token: watchToken, sessionId, events }), "application/json");
    expect(await again.json()).toEqual({ accepted: 0, duplicates: 1, ignored: 0 });

    const forged = `${viewer.id}.${watchToken.split(".")[1]}.${"A".repeat(43)}`;
    expect((await post(JSON.stringify({ token: forged, sessionId, events }), "text/plain")).status).toBe(401);
    expect((await post("not json", "text/plain")).status).toBe(400);
    expect((await post(JSON.stringify({ sessionId, events }), "application/json")).status).toBe(400);
    expect(await platform.deps.db.select().from(reelViews)).toHaveLength(1);
  });
});

describe("analytics", () => {
  it("equal the figures worked out by hand from a scripted set of sessions", async () => {
    const creator = await createUser(platform);
    const otherCreator = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const [v1, v2, v3, v4] = [
      await createUser(platform),
      await createUser(platform),
      await createUser(platform),
      await createUser(platform),
    ] as [TestUser, TestUser, TestUser, TestUser];
    const title = await createTitle(platform, { contentType: "drama" });
    const chapters = await addChapters(platform, title.id, 3, { 2: { priceCoins: 20 } });
    const r1 = await storedReel(platform, creator, {
      durationMs: 10_000,
      linkContentId: title.id,
      linkEpisodeId: chapters[2]?.id ?? null,
    });
    const r2 = await storedReel(platform, creator, { durationMs: 4_000 });
    const r3 = await storedReel(platform, otherCreator, { durationMs: 20_000 });

    // Day B is today (two hours ago), day A the day before.
    const b = new Date(Date.now() - 2 * 3_600_000);
    const a = new Date(b.getTime() - 86_400_000);

    // Day A: v1 watches 5 s of r1 (a view, 50 % reached).
    const v1a = session(v1);
    await v1a.send([v1a.event(r1.id, "play", 0, a)], a);
    await v1a.send([v1a.event(r1.id, "progress", 5_000, later(a, 5_000))], later(a, 5_000));

    // Day B.
    const s1 = session(v1);
    await s1.send([s1.event(r1.id, "play", 0, b)], b);
    await s1.send(
      [s1.event(r1.id, "progress", 3_500, later(b, 3_500)), s1.event(r1.id, "leave", 3_600, later(b, 3_600))],
      later(b, 3_600),
    );
    // v1 then watches just over half of the short r2 (a view at 2 s) and moves on.
    const r2At = later(b, 10_000);
    await s1.send([s1.event(r2.id, "play", 0, r2At)], r2At);
    await s1.send(
      [
        s1.event(r2.id, "progress", 2_100, later(r2At, 2_100)),
        s1.event(r2.id, "leave", 2_100, later(r2At, 2_200)),
      ],
      later(r2At, 2_200),
    );

    const s2 = session(v2);
    await s2.send([s2.event(r1.id, "play", 0, b)], b);
    const skipped = [s2.event(r1.id, "leave", 1_500, later(b, 1_500))];
    await s2.send(skipped, later(b, 1_500));
    // The skip replayed a minute later, and again with new numbers claiming the whole reel: the
    // first adds nothing, the second is refused as past the reel's end.
    expect(await s2.send(skipped, later(b, 61_500))).toMatchObject({ duplicates: 1, accepted: 0 });
    expect(
      await s2.send([s2.event(r1.id, "end", 10_000, later(b, 61_500), 12_000)], later(b, 61_500)),
    ).toMatchObject({
      ignored: 1,
    });

    const s3 = session(v3);
    await s3.send([s3.event(r1.id, "play", 0, b)], b);
    await s3.send([s3.event(r1.id, "end", 10_000, later(b, 10_200), 10_000)], later(b, 10_200));
    await s3.send([s3.event(r1.id, "progress", 15_000, later(b, 15_500), 5_000)], later(b, 15_500));

    const s4 = session(v4);
    await s4.send([s4.event(r2.id, "play", 0, b)], b);
    await s4.send([s4.event(r2.id, "leave", 1_000, later(b, 1_000))], later(b, 1_000));
    // r3, claiming 30 s one second in: credited 2 s, not a view; then gone: a skip.
    const r3At = later(b, 20_000);
    await s4.send([s4.event(r3.id, "play", 0, r3At)], r3At);
    await s4.send(
      [
        s4.event(r3.id, "progress", 30_000, later(r3At, 1_000), 1_000),
        s4.event(r3.id, "leave", 30_000, later(r3At, 1_000), 1_000),
      ],
      later(r3At, 1_000),
    );

    // The creator's own watching: not counted.
    const own = session(creator);
    await own.send([own.event(r1.id, "play", 0, b)], b);
    await own.send([own.event(r1.id, "progress", 9_000, later(b, 9_000))], later(b, 9_000));

    // Likes (the creator's own not counted), a comment, a share, two clicks on Watch the series.
    await as(v1).likeReel({ reelId: r1.id });
    await as(v2).likeReel({ reelId: r1.id });
    await as(creator).likeReel({ reelId: r1.id });
    await as(v3).addComment({ reelId: r1.id, text: "Chills" });
    await as(v1).shareReel({ reelId: r2.id, method: "copy" });
    await as(v1).openLinkedTitle({ reelId: r1.id });
    await as(v2).openLinkedTitle({ reelId: r1.id });
    // v1 unlocks the episode a minute later (credited); v2 a day and more later (too late).
    const unlock = (user: TestUser, delayMs: number) =>
      platform.deps.db.insert(episodeUnlocks).values({
        userId: user.id,
        contentId: title.id,
        episodeId: chapters[2]?.id ?? "",
        kind: "wait_free",
        createdAt: new Date(Date.now() + delayMs),
      });
    await unlock(v1, 60_000);
    await unlock(v2, 25 * 3_600_000);

    const today = day(new Date());
    const figures = await callerFor(platform, admin).reels.getReelsAnalytics({ from: day(a), to: today });

    // Plays: a (v1 r1) + b (v1 r1, v2 r1, v3 r1, v1 r2, v4 r2, v4 r3) = 7. Views: v1 r1 on a,
    // v1 r1, v3 r1 and v1 r2 on b = 4, by v1 and v3. Skips: v2 r1, v4 r2, v4 r3 = 3. Completed:
    // v3 r1. Watch time of views: 5,000 + 3,600 + 15,000 + 2,100 = 25,700 ms.
    expect(figures.totals).toEqual({
      plays: 7,
      views: 4,
      uniqueViewers: 2,
      skipRate: 3 / 7,
      averageWatchMs: 6_425,
      completionRate: 1 / 4,
      likes: 2,
      comments: 1,
      shares: 1,
      clicks: 2,
      unlocks: 1,
      conversionRate: 1 / 2,
    });
    const byDay = new Map(figures.days.map((entry) => [entry.day, entry]));
    expect(byDay.get(day(a))).toMatchObject({ plays: 1, views: 1, uniqueViewers: 1, averageWatchMs: 5_000 });
    expect(byDay.get(day(b))).toMatchObject({
      plays: 6,
      views: 3,
      uniqueViewers: 2,
      skipRate: 3 / 6,
      averageWatchMs: 6_900,
      completionRate: 1 / 3,
    });
    expect(byDay.get(today)).toMatchObject({ likes: 2, comments: 1, shares: 1, clicks: 2, unlocks: 1 });
    expect(figures.days.map((entry) => entry.day)).toEqual([...new Set([day(a), day(b), today])].sort());

    // How far each play got, in 5 % steps: 10 (a), then 7, 10, 3, 20, 5 and 1.
    const reached = [10, 7, 10, 3, 20, 5, 1];
    expect(figures.retention).toHaveLength(21);
    for (const point of figures.retention) {
      const step = point.at / 5;
      expect(point.share).toBeCloseTo(reached.filter((value) => value >= step).length / 7, 10);
    }

    expect(figures.reels.map((reel) => reel.id)).toEqual([r1.id, r2.id, r3.id]);
    expect(figures.reels[0]).toMatchObject({
      plays: 4,
      views: 3,
      uniqueViewers: 2,
      skipRate: 1 / 4,
      averageWatchMs: Math.round(23_600 / 3),
      completionRate: 1 / 3,
      likes: 2,
      comments: 1,
      clicks: 2,
      unlocks: 1,
      conversionRate: 1 / 2,
    });
    expect(figures.reels[1]).toMatchObject({
      plays: 2,
      views: 1,
      skipRate: 1 / 2,
      averageWatchMs: 2_100,
      shares: 1,
    });
    expect(figures.reels[2]).toMatchObject({
      plays: 1,
      views: 0,
      skipRate: 1,
      averageWatchMs: null,
      completionRate: null,
    });

    // One reel on its own.
    const one = await callerFor(platform, admin).reels.getReelsAnalytics({
      from: day(a),
      to: today,
      reelId: r2.id,
    });
    expect(one.totals).toMatchObject({
      plays: 2,
      views: 1,
      uniqueViewers: 1,
      likes: 0,
      shares: 1,
      clicks: 0,
    });
    expect(one.reels.map((reel) => reel.id)).toEqual([r2.id]);
    // The creator's own list agrees.
    const mine = await as(creator).listMyReels();
    expect(mine.find((reel) => reel.id === r1.id)?.figures.views).toBe(3);

    for (const input of [
      { from: today, to: day(a) },
      { from: "2020-01-01", to: "2022-01-01" },
      { from: "01/02/2026", to: today },
    ]) {
      expect(await codeOf(callerFor(platform, admin).reels.getReelsAnalytics(input))).toBe("BAD_REQUEST");
    }
  });
});

describe("rewards", () => {
  it("a reel watched earns XP once a reel a day up to the cap, by a rule administrators preview and change", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const made = [];
    for (let index = 0; index < 13; index++)
      made.push(await storedReel(platform, creator, { durationMs: 10_000 }));
    const watch = async (reelId: string, at: Date) => {
      const player = session(viewer);
      await player.send([player.event(reelId, "play", 0, at)], at);
      await player.send([player.event(reelId, "progress", 3_100, later(at, 3_100))], later(at, 3_100));
    };

    // Yesterday: twelve reels, one of them twice.
    const yesterday = new Date(Date.now() - 86_400_000);
    for (const [index, reel] of made.slice(0, 12).entries())
      await watch(reel.id, later(yesterday, index * 5_000));
    await watch(made[0]?.id ?? "", later(yesterday, 70_000));
    const rewards = callerFor(platform, admin).rewards;
    // 12 reels × 2 XP, capped at 20; the same rule at 5 XP and a cap of 100 would have given 60.
    expect(
      await rewards.previewRuleChange({ key: "xp_reel_watched", amount: 5, dailyCap: 100 }),
    ).toMatchObject({
      kind: "xp",
      current: { amount: 2, dailyCap: 20 },
      people: 1,
      currentTotal: 20,
      proposedTotal: 60,
      cappedDays: { current: 1, proposed: 0 },
    });

    // Today, under a changed rule; the creator watching their own earns nothing.
    await rewards.updateRule({ key: "xp_reel_watched", amount: 3, dailyCap: 20 });
    await watch(made[12]?.id ?? "", new Date(Date.now() - 10_000));
    const own = session(creator);
    await own.send([own.event(made[0]?.id ?? "", "play", 0, new Date())], new Date());
    const overview = await callerFor(platform, viewer).rewards.getRewardsOverview();
    expect(overview.xp.bySource.find((item) => item.source === "reel_watched")).toEqual({
      source: "reel_watched",
      xp: 3,
      cap: 20,
    });
    const creatorOverview = await callerFor(platform, creator).rewards.getRewardsOverview();
    expect(creatorOverview.xp.todayTotal).toBe(0);
    const listed = await rewards.listRules();
    expect(listed.find((rule) => rule.key === "xp_reel_watched")).toMatchObject({
      amount: 3,
      defaultAmount: 2,
      defaultDailyCap: 20,
    });
  });
});

describe("limits", () => {
  it("takes 50 events a batch, through the function and the beacon, and refuses 51", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const reel = await storedReel(platform, creator, { durationMs: 60_000 });
    const sessionId = crypto.randomUUID();
    const at = new Date().toISOString();
    const events = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        reelId: reel.id,
        seq: from + i,
        kind: (from + i === 0 ? "play" : "progress") as ReelWatchEvent["kind"],
        positionMs: 0,
        playedMs: 0,
        at,
      }));
    const tooMany = "At most 50 events at a time";

    const full = await as(viewer).recordWatchEvents({ sessionId, events: events(0, REEL_EVENTS_PER_BATCH) });
    expect(full.accepted + full.duplicates + full.ignored).toBe(50);
    await expect(
      as(viewer).recordWatchEvents({ sessionId, events: events(100, REEL_EVENTS_PER_BATCH + 1) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: tooMany });

    const { watchToken } = await as(viewer).listFeed({});
    const beacon = (batch: ReelWatchEvent[]) =>
      fetch(`${server.url}${REEL_EVENTS_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: watchToken, sessionId, events: batch }),
      });
    expect((await beacon(events(200, REEL_EVENTS_PER_BATCH))).status).toBe(200);
    const refused = await beacon(events(300, REEL_EVENTS_PER_BATCH + 1));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(tooMany);
    // Nothing of a refused batch is kept.
    const seqs = (await platform.deps.db.select().from(reelWatchEvents)).map((row) => row.seq);
    expect(seqs.filter((seq) => (seq >= 100 && seq < 200) || seq >= 300)).toEqual([]);
  });
});
