// Random sequences of reading and listening reports from two tabs, with any claims, positions,
// pauses, late (offline) times and simultaneous sends: after every report, the time credited and
// the XP it earned are checked against the time that passed on the server's clock.
import { DEFAULT_REWARD_RULES } from "@litverse/shared/rewards";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioOf, chapterOf, creditedTimeOf, episodesOf, reportsOf } from "../../test/active-time.ts";
import { createTitle, readerAged } from "../../test/catalogue.ts";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import type { NewEpisode } from "../content/add-episodes.ts";
import { episodes as episodeTable } from "../content/schema.ts";
import { episodeAllowanceSeconds } from "./active-time.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());

const comicOf = (pages: number): NewEpisode => ({
  title: "Pages",
  payload: {
    kind: "comic",
    pages: Array.from({ length: pages }, (_, page) => ({ file: `${page}.png`, width: 800, height: 1200 })),
  },
  files: {},
});

/** A long chapter, a chapter of a few words, a 20-minute track and a comic of three pages. */
const EPISODES = [
  { contentType: "book", episode: chapterOf(10_000) },
  { contentType: "book", episode: chapterOf(5) },
  { contentType: "audiobook", episode: audioOf(1_200_000) },
  { contentType: "comic", episode: comicOf(3) },
] as const;

interface Report {
  afterMs: number;
  tab: number;
  episode: number;
  moves: boolean;
  claim: number;
  /** How long before it is sent the position was recorded (kept offline). */
  offlineMs: number;
  /** Sent together with another report of the same tab, at the same moment. */
  twice: boolean;
}

const report: fc.Arbitrary<Report> = fc.record({
  afterMs: fc.oneof(
    fc.integer({ min: 0, max: 2_000 }),
    fc.integer({ min: 0, max: 120_000 }),
    fc.integer({ min: 0, max: 7_200_000 }),
  ),
  tab: fc.nat({ max: 1 }),
  episode: fc.nat({ max: EPISODES.length - 1 }),
  moves: fc.boolean(),
  claim: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 120 }), fc.constant(3_600)),
  offlineMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3_600_000 })),
  twice: fc.boolean(),
});

describe("reading and listening time under random reports", () => {
  it("never earns more than the time that passed on the server allows", async () => {
    const reading = DEFAULT_REWARD_RULES.xp_reading_minutes.amount;
    const listening = DEFAULT_REWARD_RULES.xp_listening_minutes.amount;
    let creditedInAll = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(report, { minLength: 1, maxLength: 16 }), async (reports) => {
        const reader = await readerAged(platform, 18);
        const episodes: Array<{ id: string; allowance: number }> = [];
        for (const { contentType, episode } of EPISODES) {
          const title = await createTitle(platform, { contentType });
          const [id = ""] = await episodesOf(platform, title.id, [episode]);
          const [row] = await platform.deps.db.select().from(episodeTable).where(eq(episodeTable.id, id));
          episodes.push({ id, allowance: row ? episodeAllowanceSeconds(contentType, row) : 0 });
        }
        const send = reportsOf(platform, reader);
        const lastFraction = new Map<string, number>();
        const first = Date.now() - 5 * 86_400_000;
        let now = first;
        for (const [index, next] of reports.entries()) {
          now += index === 0 ? 0 : next.afterMs;
          const episodeId = episodes[next.episode]?.id ?? "";
          const fraction = next.moves ? (index + 1) / 100 : (lastFraction.get(episodeId) ?? 0.5);
          lastFraction.set(episodeId, fraction);
          const position = {
            episodeId,
            fraction,
            clientId: `tab-${next.tab}`,
            ...(next.claim > 0 ? { activeSeconds: next.claim } : {}),
            ...(next.offlineMs > 0 ? { recordedAt: new Date(now - next.offlineMs).toISOString() } : {}),
          };
          await Promise.all([
            send(position, new Date(now)),
            ...(next.twice ? [send({ ...position, fraction: fraction / 2 }, new Date(now))] : []),
          ]);

          const credited = await creditedTimeOf(platform, reader.id);
          const elapsedSeconds = (now - first) / 1_000;
          expect(credited.reading + credited.listening).toBeLessThanOrEqual(elapsedSeconds);
          expect(credited.readingXp / reading + credited.listeningXp / listening).toBeLessThanOrEqual(
            Math.floor(elapsedSeconds / 60),
          );
          // The time a profile shows is the time credited, and each episode's share stays in its length.
          expect(credited.statistics).toBe(credited.reading + credited.listening);
          let byEpisode = 0;
          for (const { id, allowance } of episodes) {
            const seconds = credited.byEpisode.get(id) ?? 0;
            expect(seconds).toBeLessThanOrEqual(allowance);
            byEpisode += seconds;
          }
          expect(byEpisode).toBe(credited.reading + credited.listening);
        }
        creditedInAll += (await creditedTimeOf(platform, reader.id)).statistics;
      }),
      { numRuns: 15 },
    );
    // The sequences did earn: the bounds above were not met by crediting nothing.
    expect(creditedInAll).toBeGreaterThan(0);
  });
});
