// The active time a report claims is credited only as the server's clock allows: the two ways the
// claim was farmed (an hour at sign-up, many reports at one position), tabs and devices sharing a
// clock, simultaneous reports, an episode's length, and reports sent late from offline.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { audioOf, chapterOf, creditedTimeOf, episodesOf, reportsOf } from "../../test/active-time.ts";
import { createTitle, readerAged } from "../../test/catalogue.ts";
import { countEver } from "../../test/daily-counts.ts";
import { callerFor, openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { activityTime } from "../profiles/schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

/** A server time in the past, so that nothing here runs ahead of the database's own clock. */
const start = Date.now() - 86_400_000;
const at = (seconds: number) => new Date(start + seconds * 1_000);

async function readerWithBook(words = 10_000, chapters = 1) {
  const reader = await readerAged(platform, 18);
  const title = await createTitle(platform);
  const ids = await episodesOf(
    platform,
    title.id,
    Array.from({ length: chapters }, () => chapterOf(words)),
  );
  return { reader, ids, report: reportsOf(platform, reader) };
}

describe("active time claimed by a client", () => {
  it("earns nothing for an hour claimed right after sign-up", async () => {
    const { reader, ids } = await readerWithBook();
    await callerFor(platform, reader).library.recordProgress({
      episodeId: ids[0] ?? "",
      fraction: 0.1,
      activeSeconds: 3_600,
    });
    expect(await creditedTimeOf(platform, reader.id)).toMatchObject({
      reading: 0,
      readingXp: 0,
      statistics: 0,
    });
  });

  it("earns nothing for thirty reports at an unchanged position, however far apart", async () => {
    const { reader, ids } = await readerWithBook();
    const episodeId = ids[0] ?? "";
    const library = callerFor(platform, reader).library;
    for (let call = 0; call < 30; call++) {
      await library.recordProgress({ episodeId, fraction: 0.5, locator: { p: 3 }, activeSeconds: 240 });
    }
    expect((await creditedTimeOf(platform, reader.id)).readingXp).toBe(0);

    // Spread over an hour on the server's clock, they still earn nothing: nothing moved.
    const { reader: patient, ids: other, report } = await readerWithBook();
    const position = { episodeId: other[0] ?? "", fraction: 0.5, locator: { p: 3 } };
    await report(position, at(0));
    for (let call = 1; call <= 30; call++) {
      await report({ ...position, activeSeconds: 120 }, at(call * 120));
    }
    expect(await creditedTimeOf(platform, patient.id)).toMatchObject({ reading: 0, readingXp: 0 });
    // The same place by another locator is a move.
    await report({ ...position, locator: { p: 4 }, activeSeconds: 60 }, at(3_660));
    expect((await creditedTimeOf(platform, patient.id)).reading).toBe(60);
  });

  it("credits time passed on the server between moves, up to the claim, once", async () => {
    const { reader, ids, report } = await readerWithBook();
    const episodeId = ids[0] ?? "";
    await report({ episodeId, fraction: 0 }, at(0));
    await report({ episodeId, fraction: 0.1, activeSeconds: 30 }, at(30));
    // Ten seconds passed, whatever the claim.
    await report({ episodeId, fraction: 0.2, activeSeconds: 60 }, at(40));
    // A smaller claim leaves the rest of the minute uncredited, for good.
    await report({ episodeId, fraction: 0.3, activeSeconds: 5 }, at(100));
    await report({ episodeId, fraction: 0.4, activeSeconds: 3_600 }, at(160));
    const credited = await creditedTimeOf(platform, reader.id);
    expect(credited).toMatchObject({ reading: 105, readingXp: 2, statistics: 105 });
    expect(credited.byEpisode.get(episodeId)).toBe(105);
    // The dashboard's minutes read count what was credited, once the second's tally is written.
    await platform.deps.tally.flush();
    expect(await countEver(platform, "reading.read_seconds")).toBe(105);
  });

  it("shares one clock between a person's tabs and devices", async () => {
    const { reader, ids, report } = await readerWithBook(10_000, 2);
    // Two tabs on two chapters, each reporting every 20 s the 20 s since its own last report,
    // ten seconds apart: 10 s pass between any two reports.
    for (let step = 0; step < 60; step++) {
      const tab = step % 2;
      await report(
        {
          episodeId: ids[tab] ?? "",
          fraction: step / 100,
          clientId: `tab-${tab}`,
          ...(step > 1 ? { activeSeconds: 20 } : {}),
        },
        at(step * 10),
      );
    }
    const credited = await creditedTimeOf(platform, reader.id);
    // All the time from the first report (0 s) to the last (590 s), and not a second more.
    expect(credited.reading).toBe(590);
    expect(credited.statistics).toBe(590);
  });

  it("credits simultaneous reports' time once", async () => {
    const { reader, ids, report } = await readerWithBook();
    const episodeId = ids[0] ?? "";
    await report({ episodeId, fraction: 0 }, at(0));
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        report({ episodeId, fraction: (index + 1) / 100, activeSeconds: 120 }, at(120)),
      ),
    );
    expect(await creditedTimeOf(platform, reader.id)).toMatchObject({ reading: 120, readingXp: 4 });
  });

  it("never credits more in an episode than it takes to read or hear", async () => {
    // Five words: a minute at least. The time claimed beyond it cannot go to another episode.
    const { reader, ids, report } = await readerWithBook(5, 2);
    await report({ episodeId: ids[0] ?? "", fraction: 0 }, at(0));
    for (let step = 1; step <= 5; step++) {
      await report({ episodeId: ids[0] ?? "", fraction: step / 10, activeSeconds: 30 }, at(step * 30));
    }
    await report({ episodeId: ids[1] ?? "", fraction: 0.1, activeSeconds: 3_600 }, at(170));
    let credited = await creditedTimeOf(platform, reader.id);
    expect(credited.byEpisode.get(ids[0] ?? "")).toBe(60);
    expect(credited.byEpisode.get(ids[1] ?? "")).toBe(20);

    // A minute of audio allows a minute and a half, however long the listening goes on.
    const audiobook = await createTitle(platform, { contentType: "audiobook" });
    const [track] = await episodesOf(platform, audiobook.id, [audioOf(60_000)]);
    for (let step = 0; step <= 5; step++) {
      await report(
        { episodeId: track ?? "", fraction: step / 10, locator: { ms: step * 10_000 }, activeSeconds: 60 },
        at(200 + step * 60),
      );
    }
    credited = await creditedTimeOf(platform, reader.id);
    expect(credited.byEpisode.get(track ?? "")).toBe(90);
    expect(credited).toMatchObject({ listening: 90, listeningXp: 1, statistics: 60 + 20 + 90 });
  });

  it("credits a report sent late from offline no further back than the last credited time", async () => {
    const { reader, ids, report } = await readerWithBook(10_000, 2);
    await report({ episodeId: ids[0] ?? "", fraction: 0 }, at(0));
    await report({ episodeId: ids[0] ?? "", fraction: 0.1, activeSeconds: 60 }, at(60));
    // Ten minutes offline, then the outbox sends what it kept: its position is from five minutes
    // ago and claims more than passed. Only the ten minutes count, on the day of the position.
    const offlineAt = at(360);
    await report(
      { episodeId: ids[0] ?? "", fraction: 0.5, activeSeconds: 3_000, recordedAt: offlineAt.toISOString() },
      at(660),
    );
    // The outbox's other episode comes a moment later: that time was credited already.
    await report({ episodeId: ids[1] ?? "", fraction: 0.5, activeSeconds: 1_800 }, at(661));
    const credited = await creditedTimeOf(platform, reader.id);
    expect(credited).toMatchObject({ reading: 60 + 600 + 1, statistics: 661 });
    const [offlineDay] = await platform.deps.db
      .select({ seconds: activityTime.seconds })
      .from(activityTime)
      .where(
        and(eq(activityTime.userId, reader.id), eq(activityTime.day, offlineAt.toISOString().slice(0, 10))),
      );
    expect(offlineDay?.seconds).toBeGreaterThanOrEqual(600);
  });
});
