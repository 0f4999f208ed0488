// What moderators hide stays hidden everywhere people look, through the real router: club posts and
// polls, reels and their comments, messages, interactive stories, catalogue titles and profiles.
// Items are hidden as the moderation queue leaves them, by a row of moderation_items; hidden from
// everyone, an item is gone for every other reader; hidden from minors, for readers under 18 (and
// those who have not said their age) but not for an 18-year-old. Live lists re-run when it happens.
import type { HideAudience, ModerationKind } from "@litverse/shared/moderation";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import { befriend } from "../../test/people.ts";
import { storedReel } from "../../test/reels.ts";
import { caveStory, publishedStory } from "../../test/stories.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { createCuratedList } from "../content-admin/curation/content-curation.service.ts";
import { profiles } from "../profiles/schema.ts";
import { HIDDEN_ITEMS_TOPIC } from "./index.ts";
import { moderationItems } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const api = (user: TestUser | null = null) => callerFor(platform, user);

/** Hides (or shows again, with null) an item as moderators would, and says so to live queries. */
async function hide(kind: ModerationKind, targetId: string, hiddenFrom: HideAudience | null) {
  await platform.deps.db
    .insert(moderationItems)
    .values({ kind, targetId, label: `A ${kind}`, hiddenFrom })
    .onConflictDoUpdate({ target: [moderationItems.kind, moderationItems.targetId], set: { hiddenFrom } });
  platform.deps.changes.changed(HIDDEN_ITEMS_TOPIC);
}

/** Readers of 16 and 18, and one who has not said their age. */
async function readers() {
  return {
    teen: await readerAged(platform, 16),
    adult: await readerAged(platform, 18),
    unsaid: await readerAged(platform, null),
  };
}

describe("club posts and polls", () => {
  /** A public club with a post and a poll by its owner, and the readers in it. */
  async function club() {
    const owner = await readerAged(platform, 18);
    const people = await readers();
    const { clubId } = await api(owner).clubs.createClub({ name: "Night Readers", privacy: "public" });
    for (const person of Object.values(people)) await api(person).clubs.joinClub({ clubId });
    const { postId } = await api(owner).clubs.createClubPost({ clubId, body: "Chapter two was wild" });
    const { pollId } = await api(owner).clubs.createClubPoll({
      clubId,
      question: "Which next?",
      kind: "single",
      closesAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      options: [{ label: "This" }, { label: "That" }],
    });
    return { owner, ...people, clubId, postId, pollId };
  }

  const postIds = async (user: TestUser, clubId: string) =>
    (await api(user).clubs.listClubPosts({ clubId, milestoneId: null })).items.map((post) => post._id);
  const pollIds = async (user: TestUser, clubId: string) =>
    (await api(user).clubs.listClubPolls({ clubId })).map((poll) => poll._id);

  it("hidden from everyone: gone from the board and the polls, and cannot be reacted to or voted on", async () => {
    const { adult, clubId, postId, pollId } = await club();
    const [poll] = await api(adult).clubs.listClubPolls({ clubId });
    expect(await postIds(adult, clubId)).toEqual([postId]);
    await hide("club_post", postId, "everyone");
    await hide("club_poll", pollId, "everyone");
    expect(await postIds(adult, clubId)).toEqual([]);
    expect(await pollIds(adult, clubId)).toEqual([]);
    expect(await codeOf(api(adult).clubs.reactToClubPost({ postId, reaction: "🔥", isOn: true }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(api(adult).clubs.createClubPost({ clubId, parentId: postId, body: "Agreed" }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await codeOf(api(adult).clubs.voteClubPoll({ pollId, choices: [poll?.options[0]?._id ?? ""] })),
    ).toBe("NOT_FOUND");
    // Shown again, it is back.
    await hide("club_post", postId, null);
    expect(await postIds(adult, clubId)).toEqual([postId]);
  });

  it("a hidden reply leaves its thread, the post stays", async () => {
    const { owner, adult, clubId, postId } = await club();
    const { postId: replyId } = await api(adult).clubs.createClubPost({
      clubId,
      parentId: postId,
      body: "Yes!",
    });
    const repliesOf = async (user: TestUser) =>
      (await api(user).clubs.listClubPosts({ clubId, milestoneId: null })).items[0]?.replies.map(
        (r) => r._id,
      );
    expect(await repliesOf(owner)).toEqual([replyId]);
    await hide("club_post", replyId, "everyone");
    expect(await repliesOf(owner)).toEqual([]);
  });

  it("hidden from minors: gone for a 16-year-old and one who has not said, shown to an 18-year-old", async () => {
    const { teen, adult, unsaid, clubId, postId, pollId } = await club();
    await hide("club_post", postId, "minors");
    await hide("club_poll", pollId, "minors");
    expect(await postIds(teen, clubId)).toEqual([]);
    expect(await postIds(unsaid, clubId)).toEqual([]);
    expect(await pollIds(teen, clubId)).toEqual([]);
    expect(await postIds(adult, clubId)).toEqual([postId]);
    expect(await pollIds(adult, clubId)).toEqual([pollId]);
    expect(await codeOf(api(teen).clubs.reactToClubPost({ postId, reaction: "🔥", isOn: true }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(api(adult).clubs.reactToClubPost({ postId, reaction: "🔥", isOn: true }))).toBe("OK");
  });

  it("the live board re-runs when a post is hidden", async () => {
    const { adult, clubId, postId } = await club();
    const live = watchLiveRuns(platform, () => api(adult).clubs.listClubPosts({ clubId, milestoneId: null }));
    try {
      await live.waitForRuns(1);
      expect(live.latest?.items.map((post) => post._id)).toEqual([postId]);
      await hide("club_post", postId, "everyone");
      await live.waitForRuns(2);
      expect(live.latest?.items).toEqual([]);
    } finally {
      live.stop();
    }
  });
});

describe("reels and their comments", () => {
  const feedIds = async (user: TestUser) => (await api(user).reels.listFeed({})).items.map((reel) => reel.id);

  it("a reel hidden from everyone leaves the feed and is NOT_FOUND for others; its creator still has it", async () => {
    const creator = await readerAged(platform, 18);
    const { adult } = await readers();
    const reel = await storedReel(platform, creator);
    expect(await feedIds(adult)).toEqual([reel.id]);
    await hide("reel", reel.id, "everyone");
    expect(await feedIds(adult)).toEqual([]);
    expect(await codeOf(api(adult).reels.getReel({ reelId: reel.id }))).toBe("NOT_FOUND");
    expect(await codeOf(api(adult).reels.listComments({ reelId: reel.id }))).toBe("NOT_FOUND");
    expect(await codeOf(api(adult).reels.likeReel({ reelId: reel.id }))).toBe("NOT_FOUND");
    // A deep link to it opens the feed as usual, without it.
    expect((await api(adult).reels.listFeed({ firstReelId: reel.id })).items).toEqual([]);
    // Its creator opens it, and My Reels shows it as a removed reel is shown, with why.
    expect((await api(creator).reels.getReel({ reelId: reel.id })).id).toBe(reel.id);
    const [mine] = await api(creator).reels.listMyReels();
    expect(mine).toMatchObject({ id: reel.id, status: "removed" });
    expect(mine?.reason).toMatch(/moderators/);
    await hide("reel", reel.id, null);
    expect((await api(creator).reels.listMyReels())[0]?.status).toBe("published");
    expect(await feedIds(adult)).toEqual([reel.id]);
  });

  it("a reel hidden from minors is gone for a 16-year-old, shown to an 18-year-old", async () => {
    const creator = await readerAged(platform, 18);
    const { teen, adult, unsaid } = await readers();
    const reel = await storedReel(platform, creator);
    await hide("reel", reel.id, "minors");
    expect(await feedIds(teen)).toEqual([]);
    expect(await feedIds(unsaid)).toEqual([]);
    expect(await codeOf(api(teen).reels.getReel({ reelId: reel.id }))).toBe("NOT_FOUND");
    expect(await feedIds(adult)).toEqual([reel.id]);
    expect((await api(adult).reels.getReel({ reelId: reel.id })).id).toBe(reel.id);
    // Not hidden from everyone: My Reels shows it published.
    expect((await api(creator).reels.listMyReels())[0]?.status).toBe("published");
  });

  it("hidden comments leave the lists and the counts", async () => {
    const creator = await readerAged(platform, 18);
    const { teen, adult } = await readers();
    const reel = await storedReel(platform, creator);
    const reelId = reel.id;
    const { commentId: kept } = await api(creator).reels.addComment({ reelId, text: "Thanks for watching" });
    const { commentId: rude } = await api(creator).reels.addComment({ reelId, text: "Something rude" });
    await api(creator).reels.addComment({ reelId, parentId: rude, text: "A reply to it" });
    const { commentId: reply } = await api(creator).reels.addComment({
      reelId,
      parentId: kept,
      text: "Rude too",
    });
    const comments = (user: TestUser) => api(user).reels.listComments({ reelId });
    expect((await comments(adult)).total).toBe(4);

    // The rude comment goes with its reply; the rude reply leaves its thread.
    await hide("reel_comment", rude, "everyone");
    await hide("reel_comment", reply, "minors");
    const forAdult = await comments(adult);
    expect(forAdult.items.map((comment) => comment.id)).toEqual([kept]);
    expect(forAdult.items[0]?.replies.map((comment) => comment.id)).toEqual([reply]);
    expect(forAdult.items[0]?.replyCount).toBe(1);
    expect(forAdult.total).toBe(2);
    const forTeen = await comments(teen);
    expect(forTeen.items[0]?.replies).toEqual([]);
    expect(forTeen.items[0]?.replyCount).toBe(0);
    expect(forTeen.total).toBe(1);
    expect((await api(teen).reels.listComments({ reelId, parentId: kept })).items).toEqual([]);
    // The feed's cards count the same way.
    expect((await api(adult).reels.getReel({ reelId })).commentCount).toBe(2);
    expect((await api(teen).reels.listFeed({})).items[0]?.commentCount).toBe(1);
    // A hidden comment cannot be replied to.
    expect(await codeOf(api(adult).reels.addComment({ reelId, parentId: rude, text: "Hm" }))).toBe(
      "NOT_FOUND",
    );
  });

  it("the live comment list re-runs when a comment is hidden", async () => {
    const creator = await readerAged(platform, 18);
    const { adult } = await readers();
    const reel = await storedReel(platform, creator);
    const { commentId } = await api(creator).reels.addComment({ reelId: reel.id, text: "First" });
    const live = watchLiveRuns(platform, () => api(adult).reels.listComments({ reelId: reel.id }));
    try {
      await live.waitForRuns(1);
      expect(live.latest?.total).toBe(1);
      await hide("reel_comment", commentId, "everyone");
      await live.waitForRuns(2);
      expect(live.latest).toMatchObject({ items: [], total: 0 });
    } finally {
      live.stop();
    }
  });
});

describe("messages", () => {
  const REMOVED = "This message was removed by moderators.";

  /** `sender` writes to their friend `recipient`; the message's id. */
  async function message(sender: TestUser, recipient: TestUser, body: string) {
    await befriend(platform, sender, recipient);
    return (await api(sender).messages.sendMessage({ partnerId: recipient.id, body }))._id;
  }
  const bodies = async (user: TestUser, partner: TestUser) =>
    (await api(user).messages.listMessages({ partnerId: partner.id, limit: 10 })).items.map(
      (item) => item.body,
    );
  const lastMessage = async (user: TestUser) =>
    (await api(user).messages.listConversations()).chats[0]?.lastMessage?.body;

  it("hidden from everyone: reads as removed to its recipient, as written to its sender", async () => {
    const sender = await readerAged(platform, 18);
    const recipient = await readerAged(platform, 18);
    const messageId = await message(sender, recipient, "Something nasty");
    await hide("message", messageId, "everyone");
    expect(await bodies(recipient, sender)).toEqual([REMOVED]);
    expect(await lastMessage(recipient)).toBe(REMOVED);
    expect(await bodies(sender, recipient)).toEqual(["Something nasty"]);
    expect(await lastMessage(sender)).toBe("Something nasty");
  });

  it("hidden from minors: removed for a 16-year-old recipient, as written for an 18-year-old", async () => {
    const sender = await readerAged(platform, 18);
    const { teen, adult } = await readers();
    await hide("message", await message(sender, teen, "Not for you"), "minors");
    await hide("message", await message(sender, adult, "Not for minors"), "minors");
    expect(await bodies(teen, sender)).toEqual([REMOVED]);
    expect(await bodies(adult, sender)).toEqual(["Not for minors"]);
  });

  it("an open conversation re-runs when a message is hidden", async () => {
    const sender = await readerAged(platform, 18);
    const recipient = await readerAged(platform, 18);
    const messageId = await message(sender, recipient, "Rude");
    const live = watchLiveRuns(platform, () =>
      api(recipient).messages.listMessages({ partnerId: sender.id, limit: 10 }),
    );
    try {
      await live.waitForRuns(1);
      await hide("message", messageId, "everyone");
      await live.waitForRuns(2);
      expect(live.latest?.items.map((item) => item.body)).toEqual([REMOVED]);
    } finally {
      live.stop();
    }
  });
});

describe("interactive stories", () => {
  const storyIds = async (user: TestUser, search?: string) =>
    (await api(user).stories.listStories(search ? { search } : {})).items.map((story) => story.id);

  it("hidden from everyone: gone from the list and search, NOT_FOUND to open or play; editors still see it", async () => {
    const admin = await createUser(platform, "admin");
    const { adult } = await readers();
    const storyId = await publishedStory(platform, admin, caveStory());
    const { playId } = await api(adult).stories.startPlay({ storyId });
    expect(await storyIds(adult)).toEqual([storyId]);
    await hide("story", storyId, "everyone");
    expect(await storyIds(adult)).toEqual([]);
    expect(await storyIds(adult, "Cave")).toEqual([]);
    expect(await codeOf(api(adult).stories.getStory({ storyId }))).toBe("NOT_FOUND");
    expect(await codeOf(api(adult).stories.getPlay({ storyId }))).toBe("NOT_FOUND");
    expect(await codeOf(api(adult).stories.startPlay({ storyId }))).toBe("NOT_FOUND");
    expect(
      await codeOf(api(adult).stories.chooseChoice({ storyId, playId, sceneId: "gate", choiceId: "leave" })),
    ).toBe("NOT_FOUND");
    expect((await api(admin).stories.getStoryDraft({ storyId })).id).toBe(storyId);
    expect((await api(admin).stories.getStory({ storyId })).id).toBe(storyId);
  });

  it("hidden from minors: gone for a 16-year-old, there for an 18-year-old", async () => {
    const admin = await createUser(platform, "admin");
    const { teen, adult, unsaid } = await readers();
    const storyId = await publishedStory(platform, admin, caveStory());
    await hide("story", storyId, "minors");
    expect(await storyIds(teen)).toEqual([]);
    expect(await storyIds(unsaid)).toEqual([]);
    expect(await codeOf(api(teen).stories.getStory({ storyId }))).toBe("NOT_FOUND");
    expect(await storyIds(adult)).toEqual([storyId]);
    expect((await api(adult).stories.getStory({ storyId })).id).toBe(storyId);
  });
});

describe("catalogue titles", () => {
  /** A published book with two chapters. */
  async function book(title: string) {
    const row = await createTitle(platform, { title });
    const [first] = await addChapters(platform, row.id, 2);
    return { id: row.id, firstEpisodeId: first?.id ?? "" };
  }
  const catalogueIds = async (user: TestUser | null, query?: string) =>
    (await api(user).content.listContent(query ? { query } : {})).items.map((item) => item._id);
  const shelfIds = async (user: TestUser | null) =>
    (await api(user).contentCuration.getActiveCuratedLists()).map((list) =>
      list.content.map((item) => item._id),
    );

  it("hidden from everyone: gone from the catalogue, search and home, NOT_FOUND to open; admins still see it", async () => {
    const admin = await createUser(platform, "admin");
    const { adult } = await readers();
    const hidden = await book("The Lighthouse Keeper");
    const other = await book("Harbour Lights");
    await createCuratedList(platform.deps, { listType: "editors_picks" }, [hidden.id, other.id]);
    await createCuratedList(platform.deps, { listType: "recently_added" });
    await api(adult).library.followContent({ contentId: hidden.id });
    expect(await catalogueIds(adult, "Lighthouse")).toEqual([hidden.id]);

    await hide("title", hidden.id, "everyone");
    expect(await catalogueIds(adult)).toEqual([other.id]);
    expect(await catalogueIds(null)).toEqual([other.id]);
    expect(await catalogueIds(adult, "Lighthouse")).toEqual([]);
    expect(await shelfIds(adult)).toEqual([[other.id], [other.id]]);
    expect((await api(adult).library.getMyLibrary()).following).toEqual([]);
    expect(await codeOf(api(adult).content.getContent({ contentId: hidden.id }))).toBe("NOT_FOUND");
    expect(await codeOf(api(null).content.getContent({ contentId: hidden.id }))).toBe("NOT_FOUND");
    expect(await codeOf(api(adult).content.getEpisode({ contentId: hidden.id, number: 1 }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(api(adult).unlocks.getUnlockOptions({ episodeId: hidden.firstEpisodeId }))).toBe(
      "NOT_FOUND",
    );
    // The team's content management, and the title page for admins, still have it.
    expect((await api(admin).content.getContent({ contentId: hidden.id }))._id).toBe(hidden.id);
    expect(await codeOf(api(admin).contentAdmin.getContent({ contentId: hidden.id }))).toBe("OK");
  });

  it("hidden from minors: gone for a 16-year-old and the signed-out, there for an 18-year-old", async () => {
    const { teen, adult, unsaid } = await readers();
    const hidden = await book("Night Tides");
    await hide("title", hidden.id, "minors");
    expect(await catalogueIds(teen)).toEqual([]);
    expect(await catalogueIds(unsaid)).toEqual([]);
    expect(await catalogueIds(null)).toEqual([]);
    expect(await codeOf(api(teen).content.getContent({ contentId: hidden.id }))).toBe("NOT_FOUND");
    expect(await catalogueIds(adult)).toEqual([hidden.id]);
    expect((await api(adult).content.getEpisode({ contentId: hidden.id, number: 1 })).episode.number).toBe(1);
  });

  it("the live catalogue re-runs when a title is hidden", async () => {
    const { adult } = await readers();
    const hidden = await book("Gone Soon");
    const live = watchLiveRuns(platform, () => api(adult).content.listContent({}));
    try {
      await live.waitForRuns(1);
      expect(live.latest?.items.map((item) => item._id)).toEqual([hidden.id]);
      await hide("title", hidden.id, "everyone");
      await live.waitForRuns(2);
      expect(live.latest?.items).toEqual([]);
    } finally {
      live.stop();
    }
  });
});

describe("profiles and pictures", () => {
  /** Someone with a handle, a display name, a bio and a picture. */
  async function person() {
    const user = await readerAged(platform, 18);
    await api(user).profiles.updateProfile({
      handle: `shown_${user.id.slice(0, 8)}`,
      displayName: "Shiny Name",
    });
    await platform.deps.db
      .update(profiles)
      .set({ bio: "About me", avatarKey: "avatars/picture.webp" })
      .where(eq(profiles.userId, user.id));
    return user;
  }

  it("a profile hidden from everyone is not available to others, not found, and its display name not shown", async () => {
    const admin = await createUser(platform, "admin");
    const { adult } = await readers();
    const user = await person();
    await befriend(platform, user, adult);
    expect((await api(adult).profiles.getProfile({ userId: user.id })).details?.bio).toBe("About me");
    await hide("profile", user.id, "everyone");
    expect(await codeOf(api(adult).profiles.getProfile({ userId: user.id }))).toBe("NOT_FOUND");
    expect(await api(adult).friends.searchPeople({ query: "shown_" })).toEqual([]);
    const [friend] = await api(adult).friends.listFriends();
    expect(friend?.name).not.toBe("Shiny Name");
    // Its owner and the team still open it.
    expect((await api(user).profiles.getProfile({ userId: user.id })).details?.bio).toBe("About me");
    expect(await codeOf(api(admin).profiles.getProfile({ userId: user.id }))).toBe("OK");
  });

  it("a profile hidden from minors is not available to a 16-year-old, but is to an 18-year-old", async () => {
    const { teen, adult } = await readers();
    const user = await person();
    await hide("profile", user.id, "minors");
    expect(await codeOf(api(teen).profiles.getProfile({ userId: user.id }))).toBe("NOT_FOUND");
    expect(await api(teen).friends.searchPeople({ query: "shown_" })).toEqual([]);
    expect((await api(adult).profiles.getProfile({ userId: user.id })).details?.bio).toBe("About me");
    expect(await api(adult).friends.searchPeople({ query: "shown_" })).toHaveLength(1);
  });

  it("a hidden picture is not shown wherever the person is", async () => {
    const { adult } = await readers();
    const user = await person();
    await befriend(platform, user, adult);
    const pictureOf = async () =>
      (await api(adult).profiles.getProfile({ userId: user.id })).person.avatarUrl;
    expect(await pictureOf()).toBe("/media/avatars/picture.webp");
    await hide("profile_picture", user.id, "minors");
    expect(await pictureOf()).toBeNull();
    expect((await api(adult).friends.listFriends())[0]?.avatarUrl).toBeNull();
    // The rest of the profile stays.
    expect((await api(adult).profiles.getProfile({ userId: user.id })).person.name).toBe("Shiny Name");
  });
});
