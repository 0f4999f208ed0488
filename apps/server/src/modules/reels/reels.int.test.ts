// Reels through the real router: who sees which reel, the feed's ranking on a scripted set of reels
// and viewers, likes, shares, follows, comments (live, with replies and reports), "Watch the
// series", the creator's own reels, and the administrators' review and management. Every function
// refuses who may not call it and bad input, changing nothing.
import { REEL_CAPTION_MAX_LENGTH, REEL_COMMENT_MAX_LENGTH } from "@litverse/shared/reels";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import { storedReel } from "../../test/reels.ts";
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
import { auditEvents } from "../audit/schema.ts";
import { reports } from "../reports/schema.ts";
import { adminListReels } from "./admin-reels.service.ts";
import { listComments } from "./comments.service.ts";
import { reelLinkClicks, reels, reelViews } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser | null) => callerFor(platform, user).reels;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const feedIds = async (user: TestUser, input = {}) =>
  (await as(user).listFeed(input)).items.map((item) => item.id);
const viewerOf = (user: TestUser) => ({ ...user, age: null });

describe("who may call", () => {
  it("refuses anonymous callers everything, and people the administrators' functions", async () => {
    const user = await createUser(platform);
    const reel = await storedReel(platform, user);
    const reelId = reel.id;
    const anonymous = [
      () => as(null).listFeed({}),
      () => as(null).getReel({ reelId }),
      () => as(null).likeReel({ reelId }),
      () => as(null).listComments({ reelId }),
      () => as(null).recordWatchEvents({ sessionId: crypto.randomUUID(), events: [] as never }),
      () => as(null).listMyReels(),
    ];
    for (const call of anonymous) expect(await codeOf(call())).toBe("UNAUTHORIZED");
    const adminOnly = [
      () => as(user).adminListReels({}),
      () => as(user).approveReel({ reelId }),
      () => as(user).rejectReel({ reelId, reason: "Not suitable" }),
      () => as(user).removeReel({ reelId, reason: "Not suitable" }),
      () => as(user).featureReel({ reelId, featured: true }),
      () => as(user).getReelSettings(),
      () => as(user).updateReelSettings({ requireReview: true }),
      () => as(user).getReelsAnalytics({ from: "2026-01-01", to: "2026-01-31" }),
    ];
    for (const call of adminOnly) expect(await codeOf(call())).toBe("FORBIDDEN");
    // Input that is not what each function takes: a clear refusal, whoever calls.
    const admin = await createUser(platform, "admin");
    const badInput = [
      () => as(user).getReel({ reelId: "x" }),
      () => as(user).unlikeReel({} as never),
      () => as(user).followCreator({ userId: "nobody" }),
      () => as(user).unfollowCreator({ userId: 42 as never }),
      () => as(user).listComments({ reelId, cursor: "x".repeat(300) }),
      () => as(user).deleteComment({ commentId: "x" }),
      () => as(user).reportComment({ commentId: reelId, reason: "spam", details: "x".repeat(1_001) }),
      () => as(user).openLinkedTitle({ reelId, extra: true } as never),
      () => as(user).createReel({ uploadId: "0".repeat(32), captionsUploadId: "x" }),
      () => as(user).updateReel({ id: reelId, data: { caption: 5 as never } }),
      () => as(user).deleteReel({ reelId: "" }),
      () => as(admin).adminListReels({ search: "x".repeat(101) }),
      () => as(admin).featureReel({ reelId, featured: "yes" as never }),
      () => as(admin).removeReel({ reelId, reason: "" }),
      () => as(admin).getReelsAnalytics({ from: "2026-01-01", to: "2026-01-01", reelId: "x" }),
    ];
    for (const call of badInput) expect(await codeOf(call())).toBe("BAD_REQUEST");
    // Nothing changed.
    const [row] = await platform.deps.db.select().from(reels).where(eq(reels.id, reelId));
    expect(row).toMatchObject({ status: "published", featuredAt: null, likeCount: 0 });
  });
});

describe("who sees which reel", () => {
  it("public for everyone, followers for followers, private for the creator; never across a block", async () => {
    const creator = await createUser(platform);
    const fan = await createUser(platform);
    const stranger = await createUser(platform);
    const everyone = await storedReel(platform, creator, { visibility: "public" });
    const followers = await storedReel(platform, creator, { visibility: "followers" });
    const mine = await storedReel(platform, creator, { visibility: "private" });
    await as(fan).followCreator({ userId: creator.id });

    expect(await feedIds(stranger)).toEqual([everyone.id]);
    expect((await feedIds(fan)).sort()).toEqual([everyone.id, followers.id].sort());
    expect(await codeOf(as(stranger).getReel({ reelId: followers.id }))).toBe("NOT_FOUND");
    expect(await codeOf(as(fan).getReel({ reelId: mine.id }))).toBe("NOT_FOUND");
    // A private reel opens for its creator by its link, and stays out of feeds.
    expect((await as(creator).getReel({ reelId: mine.id })).id).toBe(mine.id);
    expect(await feedIds(creator)).not.toContain(mine.id);

    await callerFor(platform, stranger).friends.blockUser({ userId: creator.id });
    expect(await feedIds(stranger)).toEqual([]);
    expect(await codeOf(as(stranger).likeReel({ reelId: everyone.id }))).toBe("NOT_FOUND");
    expect(await codeOf(as(stranger).followCreator({ userId: creator.id }))).toBe("FORBIDDEN");
  });

  it("hides reels trailing a title the viewer may not see, and reels not published", async () => {
    const creator = await createUser(platform);
    const adult = await createTitle(platform, { ageRating: 18 });
    const young = await readerAged(platform, 13);
    const grown = await readerAged(platform, 18);
    const rated = await storedReel(platform, creator, { linkContentId: adult.id });
    await storedReel(platform, creator, { status: "pending_review" });
    await storedReel(platform, creator, { status: "rejected" });
    expect(await feedIds(young)).toEqual([]);
    expect(await feedIds(grown)).toEqual([rated.id]);
  });

  it("opens a deep link's reel first, and ignores one that is gone", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const older = await storedReel(platform, creator, { publishedAt: ago(5 * DAY) });
    const newer = await storedReel(platform, creator, { publishedAt: ago(3_600_000) });
    expect(await feedIds(viewer)).toEqual([newer.id, older.id]);
    expect(await feedIds(viewer, { firstReelId: older.id })).toEqual([older.id, newer.id]);
    expect(await feedIds(viewer, { firstReelId: crypto.randomUUID() })).toEqual([newer.id, older.id]);
    expect(await codeOf(as(viewer).listFeed({ firstReelId: "nope" }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(viewer).listFeed({ cursor: "garbage" }))).toBe("BAD_REQUEST");
  });

  it("pages through the feed without repeats, as ranked when it was first asked for", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const made = [];
    for (let index = 0; index < 13; index++) {
      made.push(await storedReel(platform, creator, { publishedAt: ago(index * 3_600_000) }));
    }
    const first = await as(viewer).listFeed({});
    expect(first.items).toHaveLength(10);
    expect(first.watchToken).toMatch(/^[0-9a-f-]{36}\.\d+\./);
    // A reel published meanwhile does not push the next page along.
    await storedReel(platform, creator);
    const second = await as(viewer).listFeed({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(made.map((reel) => reel.id));
  });
});

describe("ranking", () => {
  it("mixes freshness and popularity, lifts the viewer's titles and creators, and drops what they finished", async () => {
    const somebody = await createUser(platform);
    const followedCreator = await createUser(platform);
    const viewer = await createUser(platform);
    const plain = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const title = await createTitle(platform);
    await callerFor(platform, viewer).library.followContent({ contentId: title.id });
    await as(viewer).followCreator({ userId: followedCreator.id });

    const old = await storedReel(platform, somebody, { publishedAt: ago(10 * DAY) });
    const fresh = await storedReel(platform, somebody, { publishedAt: ago(3_600_000) });
    const popular = await storedReel(platform, somebody, { publishedAt: ago(3 * DAY), likeCount: 50 });
    const ofTitle = await storedReel(platform, somebody, {
      publishedAt: ago(5 * DAY),
      linkContentId: title.id,
    });
    const ofCreator = await storedReel(platform, followedCreator, { publishedAt: ago(5.5 * DAY) });
    const featured = await storedReel(platform, somebody, { publishedAt: ago(8 * DAY) });
    await as(admin).featureReel({ reelId: featured.id, featured: true });

    // Scores (see RANKING): popular 1 + ln 151 ≈ 6.0; fresh ≈ 2.9; featured 0.47 + 2; five days
    // old ≈ 0.7, 0.64 at five and a half; the viewer's title +2.5, their creator +2; old ≈ 0.39.
    expect(await feedIds(viewer)).toEqual([
      popular.id,
      ofTitle.id,
      fresh.id,
      ofCreator.id,
      featured.id,
      old.id,
    ]);
    expect(await feedIds(plain)).toEqual([
      popular.id,
      fresh.id,
      featured.id,
      ofTitle.id,
      ofCreator.id,
      old.id,
    ]);

    // Watched to the end this week: out of the feed (but a deep link still opens it).
    await platform.deps.db.insert(reelViews).values({
      sessionId: crypto.randomUUID(),
      reelId: popular.id,
      viewerId: viewer.id,
      day: new Date().toISOString().slice(0, 10),
      startedAt: ago(60_000),
      lastEventAt: new Date(),
      playedMs: 10_000,
      reachMs: 10_000,
      isCounted: true,
      isCompleted: true,
    });
    expect(await feedIds(viewer)).toEqual([ofTitle.id, fresh.id, ofCreator.id, featured.id, old.id]);
    expect((await feedIds(viewer, { firstReelId: popular.id }))[0]).toBe(popular.id);
  });
});

describe("likes, shares and follows", () => {
  it("counts each like once, takes it back, and says so on the card", async () => {
    const creator = await createUser(platform);
    const fan = await createUser(platform);
    const reel = await storedReel(platform, creator);
    expect(await as(fan).likeReel({ reelId: reel.id })).toEqual({ likeCount: 1, isLiked: true });
    expect(await as(fan).likeReel({ reelId: reel.id })).toEqual({ likeCount: 1, isLiked: true });
    expect(await as(fan).getReel({ reelId: reel.id })).toMatchObject({ likeCount: 1, isLiked: true });
    expect(await as(fan).unlikeReel({ reelId: reel.id })).toEqual({ likeCount: 0, isLiked: false });
    expect(await as(fan).unlikeReel({ reelId: reel.id })).toEqual({ likeCount: 0, isLiked: false });
    expect(await codeOf(as(fan).likeReel({ reelId: crypto.randomUUID() }))).toBe("NOT_FOUND");
    expect(await codeOf(as(fan).likeReel({ reelId: "x" }))).toBe("BAD_REQUEST");
  });

  it("counts every share, by how it was shared", async () => {
    const creator = await createUser(platform);
    const fan = await createUser(platform);
    const reel = await storedReel(platform, creator);
    expect(await as(fan).shareReel({ reelId: reel.id, method: "copy" })).toEqual({ shareCount: 1 });
    expect(await as(fan).shareReel({ reelId: reel.id, method: "native" })).toEqual({ shareCount: 2 });
    expect(await codeOf(as(fan).shareReel({ reelId: reel.id, method: "fax" as never }))).toBe("BAD_REQUEST");
    expect((await as(fan).getReel({ reelId: reel.id })).shareCount).toBe(2);
  });

  it("follows and unfollows creators, not oneself nor nobody", async () => {
    const creator = await createUser(platform);
    const fan = await createUser(platform);
    const reel = await storedReel(platform, creator);
    expect(await as(fan).followCreator({ userId: creator.id })).toEqual({ isFollowed: true });
    expect((await as(fan).getReel({ reelId: reel.id })).creator).toMatchObject({
      id: creator.id,
      isFollowed: true,
      isOfficial: false,
    });
    expect(await as(fan).unfollowCreator({ userId: creator.id })).toEqual({ isFollowed: false });
    expect(await codeOf(as(fan).followCreator({ userId: fan.id }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(fan).followCreator({ userId: crypto.randomUUID() }))).toBe("NOT_FOUND");
  });
});

describe("comments", () => {
  it("adds comments and replies one level deep, live, and counts them", async () => {
    const creator = await createUser(platform);
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const reel = await storedReel(platform, creator);
    const live = watchLiveRuns(platform, () =>
      listComments(platform.deps, viewerOf(ben), { reelId: reel.id }),
    );
    await live.waitForRuns(1);
    expect(live.latest).toEqual({ items: [], nextCursor: null, total: 0 });

    const { commentId } = await as(ada).addComment({ reelId: reel.id, text: "  What a twist!  " });
    const reply = await as(ben).addComment({ reelId: reel.id, text: "Right?", parentId: commentId });
    // A reply to a reply joins the thread.
    await as(ada).addComment({ reelId: reel.id, text: "Episode 3 explains it", parentId: reply.commentId });
    await live.waitForRuns(2);
    await live.settle();
    const [comment] = live.latest?.items ?? [];
    expect(live.latest?.total).toBe(3);
    expect(comment).toMatchObject({
      id: commentId,
      text: "What a twist!",
      author: { _id: ada.id },
      replyCount: 2,
      canDelete: false,
      isMine: false,
    });
    expect(comment?.replies.map((item) => [item.text, item.parentId])).toEqual([
      ["Right?", commentId],
      ["Episode 3 explains it", commentId],
    ]);
    live.stop();
    expect((await as(ada).getReel({ reelId: reel.id })).commentCount).toBe(3);

    for (const input of [
      { reelId: reel.id, text: "   " },
      { reelId: reel.id, text: "x".repeat(501) },
      { reelId: reel.id, text: "bell\u0007" },
    ]) {
      expect(await codeOf(as(ada).addComment(input))).toBe("BAD_REQUEST");
    }
    expect(
      await codeOf(as(ada).addComment({ reelId: reel.id, text: "Hi", parentId: crypto.randomUUID() })),
    ).toBe("NOT_FOUND");
  });

  it("lets authors and administrators delete, keeping a marker while replies hang on it", async () => {
    const creator = await createUser(platform);
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const reel = await storedReel(platform, creator);
    const { commentId } = await as(ada).addComment({ reelId: reel.id, text: "First!" });
    const reply = await as(ben).addComment({ reelId: reel.id, text: "Second", parentId: commentId });
    expect(await codeOf(as(ben).deleteComment({ commentId }))).toBe("FORBIDDEN");
    await as(ada).deleteComment({ commentId });
    const page = await as(ben).listComments({ reelId: reel.id });
    expect(page.items[0]).toMatchObject({ isDeleted: true, text: "", canDelete: false, replyCount: 1 });
    expect(page.total).toBe(1);
    await as(admin).deleteComment({ commentId: reply.commentId });
    expect((await as(ben).listComments({ reelId: reel.id })).items).toEqual([]);
    expect(await codeOf(as(ada).deleteComment({ commentId }))).toBe("NOT_FOUND");
  });

  it("reports a comment once into the shared reports, not one's own", async () => {
    const creator = await createUser(platform);
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const reel = await storedReel(platform, creator);
    const { commentId } = await as(ada).addComment({
      reelId: reel.id,
      text: "Buy followers at spam.example",
    });
    expect(await as(ben).reportComment({ commentId, reason: "spam", details: "" })).toEqual({ isNew: true });
    expect(await as(ben).reportComment({ commentId, reason: "spam", details: "again" })).toEqual({
      isNew: false,
    });
    expect(await codeOf(as(ada).reportComment({ commentId, reason: "spam", details: "" }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(as(ben).reportComment({ commentId, reason: "boring" as never, details: "" }))).toBe(
      "BAD_REQUEST",
    );
    const filed = await platform.deps.db.select().from(reports);
    expect(filed).toMatchObject([
      {
        targetKind: "reel_comment",
        targetId: commentId,
        targetUserId: ada.id,
        reporterId: ben.id,
        category: "spam",
      },
    ]);
    expect(filed[0]?.snapshot).toBe("Buy followers at spam.example");
  });

  it("hides the comments of people on the other side of a block", async () => {
    const creator = await createUser(platform);
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const reel = await storedReel(platform, creator);
    await as(ada).addComment({ reelId: reel.id, text: "Hello" });
    await callerFor(platform, ben).friends.blockUser({ userId: ada.id });
    expect((await as(ben).listComments({ reelId: reel.id })).items).toEqual([]);
  });
});

describe("Watch the series", () => {
  it("goes to the title's page with the episode to open next, or to a linked episode with its lock", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const title = await createTitle(platform, { contentType: "book" });
    const chapters = await addChapters(platform, title.id, 3, { 2: { priceCoins: 15 } });
    const toTitle = await storedReel(platform, creator, { linkContentId: title.id });
    const toEpisode = await storedReel(platform, creator, {
      linkContentId: title.id,
      linkEpisodeId: chapters[2]?.id ?? null,
    });

    expect(await as(viewer).openLinkedTitle({ reelId: toTitle.id })).toMatchObject({
      path: `/content/${title.id}`,
      contentId: title.id,
      episode: { number: 1, lock: null },
    });
    const card = await as(viewer).getReel({ reelId: toEpisode.id });
    expect(card.link).toMatchObject({
      contentId: title.id,
      episodeNumber: 3,
      isLocked: true,
      contentType: "book",
    });
    expect(await as(viewer).openLinkedTitle({ reelId: toEpisode.id })).toMatchObject({
      path: `/read/${title.id}?episode=3`,
      episode: { number: 3, lock: { reason: "price", priceCoins: 15 } },
    });
    // The creator's own clicks are not counted.
    await as(creator).openLinkedTitle({ reelId: toTitle.id });
    const clicks = await platform.deps.db.select().from(reelLinkClicks);
    expect(clicks.map((click) => [click.reelId, click.userId])).toEqual([
      [toTitle.id, viewer.id],
      [toEpisode.id, viewer.id],
    ]);
    const unlinked = await storedReel(platform, creator);
    expect(await codeOf(as(viewer).openLinkedTitle({ reelId: unlinked.id }))).toBe("NOT_FOUND");
  });
});

describe("my reels", () => {
  it("edits caption, visibility and link, and lists reasons; nobody else's", async () => {
    const creator = await createUser(platform);
    const other = await createUser(platform);
    const title = await createTitle(platform);
    const [chapter] = await addChapters(platform, title.id, 1);
    const reel = await storedReel(platform, creator);
    await as(creator).updateReel({
      id: reel.id,
      data: {
        caption: "New words",
        visibility: "followers",
        link: { contentId: title.id, episodeId: chapter?.id },
      },
    });
    const [mine] = await as(creator).listMyReels();
    expect(mine).toMatchObject({
      caption: "New words",
      visibility: "followers",
      link: { contentId: title.id, episodeId: chapter?.id, episodeNumber: 1 },
      figures: { views: 0, likes: 0, comments: 0, shares: 0 },
    });
    await as(creator).updateReel({ id: reel.id, data: { link: null } });
    expect((await as(creator).listMyReels())[0]?.link).toBeNull();

    expect(await codeOf(as(other).updateReel({ id: reel.id, data: { caption: "Mine now" } }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(as(other).deleteReel({ reelId: reel.id }))).toBe("NOT_FOUND");
    expect(
      await codeOf(
        as(creator).updateReel({ id: reel.id, data: { link: { contentId: crypto.randomUUID() } } }),
      ),
    ).toBe("NOT_FOUND");
    const otherTitle = await createTitle(platform);
    expect(
      await codeOf(
        as(creator).updateReel({
          id: reel.id,
          data: { link: { contentId: otherTitle.id, episodeId: chapter?.id } },
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await codeOf(as(creator).updateReel({ id: reel.id, data: { visibility: "secret" as never } })),
    ).toBe("BAD_REQUEST");
    expect((await as(creator).listMyReels())[0]?.caption).toBe("New words");
  });

  it("follows likes and comments live", async () => {
    const creator = await createUser(platform);
    const fan = await createUser(platform);
    const reel = await storedReel(platform, creator);
    const live = watchLiveRuns(platform, () =>
      import("./my-reels.service.ts").then((service) =>
        service.listMyReels(platform.deps, viewerOf(creator)),
      ),
    );
    await live.waitForRuns(1);
    await as(fan).likeReel({ reelId: reel.id });
    await as(fan).addComment({ reelId: reel.id, text: "Nice" });
    await live.waitForRuns(2);
    await live.settle();
    expect(live.latest?.[0]?.figures).toMatchObject({ likes: 1, comments: 1 });
    live.stop();
  });
});

describe("administrators", () => {
  it("review, reject with a reason, remove and feature, with the list following live", async () => {
    const admin = await createUser(platform, "admin");
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const waiting = await storedReel(platform, creator, {
      status: "pending_review",
      caption: "Harbour at dawn",
    });
    const published = await storedReel(platform, creator, { caption: "Storm" });
    const live = watchLiveRuns(platform, () => adminListReels(platform.deps, { status: "pending_review" }));
    await live.waitForRuns(1);
    expect(live.latest?.items.map((item) => item.id)).toEqual([waiting.id]);
    expect(live.latest?.pendingCount).toBe(1);

    await as(admin).approveReel({ reelId: waiting.id });
    await live.waitForRuns(2);
    expect(live.latest?.items).toEqual([]);
    live.stop();
    expect(await feedIds(viewer)).toContain(waiting.id);
    expect(await codeOf(as(admin).approveReel({ reelId: waiting.id }))).toBe("CONFLICT");

    expect(await codeOf(as(admin).rejectReel({ reelId: published.id, reason: "x" }))).toBe("BAD_REQUEST");
    await as(admin).rejectReel({ reelId: published.id, reason: "Shows a phone number" });
    const mine = await as(creator).listMyReels();
    expect(mine.find((reel) => reel.id === published.id)).toMatchObject({
      status: "rejected",
      reason: "Shows a phone number",
    });
    const [rejection] = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "reels.rejectReel"));
    expect(rejection?.changes).toEqual([
      {
        objectType: "reel",
        objectId: published.id,
        before: expect.objectContaining({ creatorId: creator.id, status: "published", reason: null }),
        after: expect.objectContaining({
          creatorId: creator.id,
          status: "rejected",
          reason: "Shows a phone number",
          reviewedBy: admin.id,
        }),
      },
    ]);
    const notices = await callerFor(platform, creator).notifications.listNotifications({ limit: 5 });
    expect(notices.items.map((item) => item.title)).toEqual([
      "Your reel was not approved",
      "Your reel is published",
    ]);

    expect(await codeOf(as(admin).featureReel({ reelId: published.id, featured: true }))).toBe("CONFLICT");
    await as(admin).featureReel({ reelId: waiting.id, featured: true });
    const featured = await as(admin).adminListReels({ featured: true });
    expect(featured.items.map((item) => [item.id, item.isFeatured])).toEqual([[waiting.id, true]]);

    await as(admin).removeReel({ reelId: waiting.id, reason: "Copyrighted music" });
    expect(await feedIds(viewer)).toEqual([]);
    const [removed] = await platform.deps.db.select().from(reels).where(eq(reels.id, waiting.id));
    expect(removed).toMatchObject({ status: "removed", reason: "Copyrighted music", featuredAt: null });
    expect(await codeOf(as(admin).removeReel({ reelId: waiting.id, reason: "Again and again" }))).toBe(
      "CONFLICT",
    );
    expect(await codeOf(as(admin).approveReel({ reelId: crypto.randomUUID() }))).toBe("NOT_FOUND");
  });

  it("filters the list by status, creator, official and words", async () => {
    const admin = await createUser(platform, "admin");
    const creator = await createUser(platform);
    const other = await createUser(platform);
    const title = await createTitle(platform, { title: "The Salt Map" });
    const a = await storedReel(platform, creator, { caption: "Sea shanty", linkContentId: title.id });
    const b = await storedReel(platform, other, { caption: "Lighthouse", isOfficial: true });
    const c = await storedReel(platform, other, { caption: "Fog", status: "pending_review" });
    const ids = async (input: Parameters<ReturnType<typeof as>["adminListReels"]>[0]) =>
      (await as(admin).adminListReels(input)).items.map((item) => item.id).sort();
    expect(await ids({})).toEqual([a.id, b.id, c.id].sort());
    expect(await ids({ creator: other.id })).toEqual([b.id, c.id].sort());
    expect(await ids({ official: true })).toEqual([b.id]);
    expect(await ids({ status: "pending_review" })).toEqual([c.id]);
    expect(await ids({ search: "salt" })).toEqual([a.id]);
    expect(await ids({ search: "light" })).toEqual([b.id]);
    expect(await codeOf(as(admin).adminListReels({ status: "lost" as never }))).toBe("BAD_REQUEST");
  });

  it("keeps the review setting, for administrators only", async () => {
    const admin = await createUser(platform, "admin");
    expect(await as(admin).getReelSettings()).toEqual({ requireReview: false });
    await as(admin).updateReelSettings({ requireReview: true });
    expect(await as(admin).getReelSettings()).toEqual({ requireReview: true });
    expect(await codeOf(as(admin).updateReelSettings({ requireReview: "yes" as never }))).toBe("BAD_REQUEST");
    expect(await as(admin).getReelSettings()).toEqual({ requireReview: true });
  });
});

describe("limits", () => {
  it("a caption and a comment are 500 characters at most", async () => {
    const creator = await createUser(platform);
    const viewer = await createUser(platform);
    const reel = await storedReel(platform, creator);

    await as(creator).updateReel({ id: reel.id, data: { caption: "c".repeat(REEL_CAPTION_MAX_LENGTH) } });
    expect(
      await refusalOf(as(creator).updateReel({ id: reel.id, data: { caption: "c".repeat(501) } })),
    ).toEqual({ code: "BAD_REQUEST", message: "A caption is at most 500 characters" });
    expect((await as(creator).listMyReels())[0]?.caption).toHaveLength(500);

    await as(viewer).addComment({ reelId: reel.id, text: "w".repeat(REEL_COMMENT_MAX_LENGTH) });
    expect(await refusalOf(as(viewer).addComment({ reelId: reel.id, text: "w".repeat(501) }))).toEqual({
      code: "BAD_REQUEST",
      message: "A comment is at most 500 characters",
    });
    expect((await as(viewer).getReel({ reelId: reel.id })).commentCount).toBe(1);
  });
});
