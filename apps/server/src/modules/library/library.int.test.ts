import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { updateContent } from "../content/content-writing.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

describe("library", () => {
  it("keeps followed titles, where the reader is, and what they opened last", async () => {
    const serial = await createTitle(platform, { title: "Serial" });
    const [one, two, three] = await addChapters(platform, serial.id, 3);
    const other = await createTitle(platform, { title: "Other" });
    await addChapters(platform, other.id, 2);
    const reader = await readerAged(platform, 18);
    const caller = callerFor(platform, reader);

    await caller.library.followContent({ contentId: other.id });
    await caller.library.recordProgress({ episodeId: one?.id ?? "", fraction: 1, isCompleted: true });
    await caller.library.recordProgress({
      episodeId: two?.id ?? "",
      fraction: 0.4,
      locator: { offset: 1200 },
    });

    const library = await caller.library.getMyLibrary();
    expect(library.continue.map((entry) => [entry.content.title, entry.next])).toEqual([
      ["Serial", { number: 2, title: "Chapter 2", fraction: expect.closeTo(0.4, 5) }],
    ]);
    expect(library.continue[0]?.unfinishedEpisodes).toBe(2);
    expect(library.following.map((entry) => [entry.content.title, entry.next?.number])).toEqual([
      ["Other", 1],
    ]);
    expect(library.history.map((entry) => entry.episodeNumber)).toEqual([2, 1]);

    // Finishing chapter 2 moves "continue" on to chapter 3; finishing everything takes the title off.
    await caller.library.recordProgress({ episodeId: two?.id ?? "", fraction: 1, isCompleted: true });
    expect((await caller.library.getMyLibrary()).continue[0]?.next?.number).toBe(3);
    await caller.library.recordProgress({ episodeId: three?.id ?? "", fraction: 1, isCompleted: true });
    expect((await caller.library.getMyLibrary()).continue).toEqual([]);
    // Reading a finished episode again keeps it finished.
    await caller.library.recordProgress({ episodeId: one?.id ?? "", fraction: 0.1 });
    const detail = await caller.content.getContent({ contentId: serial.id });
    expect(detail.episodes[0]?.progress).toEqual({ fraction: expect.closeTo(0.1, 5), isCompleted: true });

    await caller.library.unfollowContent({ contentId: other.id });
    expect((await caller.library.getMyLibrary()).following).toEqual([]);
  });

  it("follows the reader's progress live, and leaves titles out once unpublished", async () => {
    const title = await createTitle(platform);
    const [episode] = await addChapters(platform, title.id, 2);
    const reader = await readerAged(platform, 18);
    const caller = callerFor(platform, reader);
    await caller.library.followContent({ contentId: title.id });
    const probe = watchLiveRuns(platform, () => caller.library.getMyLibrary());
    await probe.waitForRuns(1);
    await caller.library.recordProgress({ episodeId: episode?.id ?? "", fraction: 0.5 });
    await probe.waitForRuns(2);
    expect(probe.latest?.continue[0]?.next?.fraction).toBeCloseTo(0.5);
    probe.stop();

    await updateContent(platform.deps, title.id, { status: "draft" });
    const library = await caller.library.getMyLibrary();
    expect([library.continue, library.following, library.history]).toEqual([[], [], []]);
  });

  it("refuses progress on locked or unknown episodes, and oversized positions", async () => {
    const title = await createTitle(platform);
    const [, paid] = await addChapters(platform, title.id, 2, { 1: { priceCoins: 10 } });
    const caller = callerFor(platform, await readerAged(platform, 18));
    expect(await codeOf(caller.library.recordProgress({ episodeId: paid?.id ?? "", fraction: 0.2 }))).toBe(
      "FORBIDDEN",
    );
    expect(
      await codeOf(
        caller.library.recordProgress({ episodeId: "00000000-0000-4000-8000-000000000000", fraction: 0 }),
      ),
    ).toBe("NOT_FOUND");
    expect(await codeOf(caller.library.recordProgress({ episodeId: paid?.id ?? "", fraction: 2 }))).toBe(
      "BAD_REQUEST",
    );
    const [free] = await addChapters(platform, title.id, 1);
    const locator = Object.fromEntries(
      Array.from({ length: 30 }, (_, index) => [`k${index}`, "x".repeat(100)]),
    );
    expect(
      await codeOf(caller.library.recordProgress({ episodeId: free?.id ?? "", fraction: 0.1, locator })),
    ).toBe("BAD_REQUEST");
  });

  it("cannot follow a title the reader may not see", async () => {
    const mature = await createTitle(platform, { ageRating: 18 });
    const caller = callerFor(platform, await readerAged(platform, 13));
    expect(await codeOf(caller.library.followContent({ contentId: mature.id }))).toBe("FORBIDDEN");
  });
});
