import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle, readerAged } from "../../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
} from "../../../test/test-platform.ts";
import { episodeViews } from "../../library/schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("contentMetrics", () => {
  it("counts views, readers, completions, likes, follows and ratings per day and per episode", async () => {
    const title = await createTitle(platform, { title: "Measured" });
    const comic = await createTitle(platform, { title: "Comic", contentType: "comic" });
    const [one, two] = await addChapters(platform, title.id, 2);
    await addChapters(platform, comic.id, 1);
    for (const finishes of [true, false]) {
      const reader = callerFor(platform, await readerAged(platform, 18));
      await reader.content.getEpisode({ contentId: title.id, number: 1 });
      await reader.library.recordProgress({ episodeId: one?.id ?? "", fraction: 1, isCompleted: finishes });
      await reader.content.likeContent({ contentId: title.id });
      await reader.library.followContent({ contentId: title.id });
      await reader.content.rateContent({ contentId: title.id, rating: finishes ? 5 : 3 });
    }
    const comicReader = callerFor(platform, await readerAged(platform, 18));
    await comicReader.content.getEpisode({ contentId: comic.id, number: 1 });
    // A view from three days ago, outside a range of the last two days.
    await comicReader.content.getEpisode({ contentId: title.id, number: 2 });
    await platform.deps.db
      .update(episodeViews)
      .set({ viewedAt: sql`now() - interval '3 days'` })
      .where(eq(episodeViews.episodeId, two?.id ?? ""));

    const superadmin = callerFor(platform, await createUser(platform, "superadmin"));
    const overview = await superadmin.contentMetrics.getOverview({ from: day(-1), to: day(0) });
    expect(overview.totals).toEqual({
      views: 3,
      readers: 3,
      completions: 1,
      likes: 2,
      follows: 2,
      ratings: 2,
      ratingAverage: 4,
    });
    expect(overview.daily.map((entry) => entry.day)).toEqual([day(-1), day(0)]);
    expect(overview.daily[1]).toMatchObject({ views: 3, readers: 3, completions: 1, likes: 2, follows: 2 });
    expect(overview.topContent.map((entry) => [entry.content.title, entry.views])).toEqual([
      ["Measured", 2],
      ["Comic", 1],
    ]);
    const books = await superadmin.contentMetrics.getOverview({
      from: day(-1),
      to: day(0),
      contentType: "comic",
    });
    expect(books.totals.views).toBe(1);

    const metrics = await superadmin.contentMetrics.getContentMetrics({
      contentId: title.id,
      from: day(-6),
      to: day(0),
    });
    expect(metrics.daily).toHaveLength(7);
    expect(metrics.totals.views).toBe(3);
    expect(metrics.episodes).toEqual([
      { number: 1, title: "Chapter 1", views: 2, readers: 2, completions: 1, completionRate: 0.5 },
      { number: 2, title: "Chapter 2", views: 1, readers: 1, completions: 0, completionRate: 0 },
    ]);
  });

  it("refuses ranges backwards or longer than a year, and admins who are not superadmins", async () => {
    const superadmin = callerFor(platform, await createUser(platform, "superadmin"));
    expect(await codeOf(superadmin.contentMetrics.getOverview({ from: day(0), to: day(-1) }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(superadmin.contentMetrics.getOverview({ from: day(-400), to: day(0) }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(superadmin.contentMetrics.getOverview({ from: "yesterday", to: day(0) }))).toBe(
      "BAD_REQUEST",
    );
    const admin = callerFor(platform, await createUser(platform, "admin"));
    expect(await codeOf(admin.contentMetrics.getOverview({ from: day(-1), to: day(0) }))).toBe("FORBIDDEN");
    expect(
      await codeOf(
        superadmin.contentMetrics.getContentMetrics({
          contentId: "00000000-0000-4000-8000-000000000000",
          from: day(-1),
          to: day(0),
        }),
      ),
    ).toBe("NOT_FOUND");
  });
});
