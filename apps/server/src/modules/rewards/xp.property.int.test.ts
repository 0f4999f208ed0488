// Random sequences of reading reports, completions and rule changes, with the XP in the database
// compared after every step to a simple model of what the day's caps allow, and the running
// all-time total to the events.
import { DEFAULT_REWARD_RULES } from "@litverse/shared/rewards";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../core/db/client.ts";
import { chapterOf, episodesOf, reportsOf } from "../../test/active-time.ts";
import { createTitle, readerAged } from "../../test/catalogue.ts";
import { createUser, openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { updateRule } from "./rules.ts";
import { xpDaily, xpEvents } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());

const EPISODES = 3;
/** Yesterday's start (UTC, the readers' zone): twelve reads of an hour stay within the day. */
const startOfDay = new Date(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);

type Step =
  | { op: "read"; seconds: number; episode: number }
  | { op: "complete"; episode: number }
  | { op: "rule"; amount: number; dailyCap: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("read" as const),
      seconds: fc.integer({ min: 1, max: 3_600 }),
      episode: fc.nat({ max: EPISODES - 1 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("complete" as const), episode: fc.nat({ max: EPISODES - 1 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("rule" as const),
      amount: fc.integer({ min: 0, max: 5 }),
      dailyCap: fc.integer({ min: 0, max: 200 }),
    }),
  },
);

/** What the caps allow: each source's units so far, and the XP topped up to their worth, never taken back. */
class XpModel {
  readingSeconds = 0;
  reading = 0;
  readingRule: { amount: number; dailyCap: number } = {
    amount: DEFAULT_REWARD_RULES.xp_reading_minutes.amount,
    dailyCap: DEFAULT_REWARD_RULES.xp_reading_minutes.dailyCap ?? 0,
  };
  completed = new Set<number>();
  episodes = 0;
  titles = 0;

  read(seconds: number) {
    this.readingSeconds += seconds;
    const worth = Math.min(
      this.readingRule.dailyCap,
      Math.floor(this.readingSeconds / 60) * this.readingRule.amount,
    );
    this.reading = Math.max(this.reading, worth);
  }

  complete(episode: number) {
    if (this.completed.has(episode)) return;
    this.completed.add(episode);
    const rule = DEFAULT_REWARD_RULES.xp_episode_completed;
    this.episodes = Math.min(rule.dailyCap ?? 0, this.completed.size * rule.amount);
    if (this.completed.size === EPISODES) this.titles = DEFAULT_REWARD_RULES.xp_title_finished.amount;
  }
}

describe("XP under random sequences", () => {
  it("matches what the day's caps allow after every step, and the counters match the events", async () => {
    const admin = await createUser(platform, "admin");
    const restoreReadingRule = () =>
      updateRule(platform.deps, admin, {
        key: "xp_reading_minutes",
        amount: DEFAULT_REWARD_RULES.xp_reading_minutes.amount,
        dailyCap: DEFAULT_REWARD_RULES.xp_reading_minutes.dailyCap,
      });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await restoreReadingRule();
        const reader = await readerAged(platform, 18);
        const title = await createTitle(platform);
        // Long enough for every second read here to count.
        const episodeIds = await episodesOf(
          platform,
          title.id,
          Array.from({ length: EPISODES }, () => chapterOf(80_000)),
        );
        const report = reportsOf(platform, reader);
        // Each read's seconds pass on the server's clock before it is reported, all in one day.
        let now = startOfDay.getTime();
        await report({ episodeId: episodeIds[0] ?? "", fraction: 0 }, new Date(now));
        const model = new XpModel();
        const xpBySource = async () => {
          const rows = await platform.deps.db
            .select({ source: xpEvents.source, total: sql<number>`sum(${xpEvents.amount})::int` })
            .from(xpEvents)
            .where(eq(xpEvents.userId, reader.id))
            .groupBy(xpEvents.source);
          return new Map(rows.map((row) => [row.source, row.total]));
        };

        for (const [index, current] of steps.entries()) {
          if (current.op === "read") {
            now += current.seconds * 1_000;
            await report(
              {
                episodeId: episodeIds[current.episode] ?? "",
                fraction: (index + 1) / 100,
                activeSeconds: current.seconds,
              },
              new Date(now),
            );
            model.read(current.seconds);
          } else if (current.op === "complete") {
            await report(
              { episodeId: episodeIds[current.episode] ?? "", fraction: 1, isCompleted: true },
              new Date(now),
            );
            model.complete(current.episode);
          } else {
            await updateRule(platform.deps, admin, {
              key: "xp_reading_minutes",
              amount: current.amount,
              dailyCap: current.dailyCap,
            });
            model.readingRule = { amount: current.amount, dailyCap: current.dailyCap };
          }
          const xp = await xpBySource();
          expect(xp.get("reading_minutes") ?? 0).toBe(model.reading);
          expect(xp.get("episode_completed") ?? 0).toBe(model.episodes);
          expect(xp.get("title_finished") ?? 0).toBe(model.titles);
        }
        const counters = await platform.deps.db
          .select({ source: xpDaily.source, xp: xpDaily.xp })
          .from(xpDaily)
          .where(eq(xpDaily.userId, reader.id));
        const events = await xpBySource();
        for (const counter of counters) expect(counter.xp).toBe(events.get(counter.source) ?? 0);
        // The running all-time total is the events' sum, with the time of the last that had XP.
        const [total] = await queryRows<{ kept: number; summed: number; same_time: boolean }>(
          platform.deps.db,
          sql`select coalesce(t.xp, 0) as kept, s.xp as summed, t.last_xp_at is not distinct from s.last_xp_at as same_time
              from (select coalesce(sum(amount), 0)::int as xp, max(occurred_at) filter (where amount > 0) as last_xp_at
                    from xp_events where user_id = ${reader.id}) s
              left join xp_totals t on t.user_id = ${reader.id}`,
        );
        expect(total).toEqual({ kept: total?.summed, summed: total?.summed, same_time: true });
        // And the count of people at each total follows the totals.
        const miscounted = await queryRows(
          platform.deps.db,
          sql`select coalesce(c.xp, t.xp) as xp, c.people, t.people as counted
              from (select xp, people from xp_total_counts where people > 0) c
              full join (select xp, count(*)::int as people from xp_totals where xp > 0 group by xp) t
                on t.xp = c.xp
              where c.people is distinct from t.people`,
        );
        expect(miscounted).toEqual([]);
      }),
      { numRuns: 25 },
    );
    await restoreReadingRule();
  });
});
