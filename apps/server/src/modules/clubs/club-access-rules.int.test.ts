// The edges of club access that the rights table's cell-by-cell test does not reach: when a mute
// ends to the millisecond and what its refusal says, which words a muted member hears for what
// needs a moderator, what the club page shows only to members, a club that is not there, and which
// live queries a change wakes (one club's board, one person's clubs).
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import { befriend } from "../../test/people.ts";
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
import { loadClubFor, may } from "./club-access.ts";
import { clubsOnProfile, listClubMembers } from "./club-lists.service.ts";
import { listClubPosts } from "./club-posts.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(async () => {
  await platform.dispose();
});
beforeEach(() => platform.reset());
afterEach(() => {
  vi.useRealTimers();
});

const as = (user: TestUser) => callerFor(platform, user).clubs;

/** The same person signed in again at the clock's present time: a session lasts an hour. */
const signedInNow = (user: TestUser): TestUser => ({
  ...user,
  identity: { ...user.identity, expiresAt: Date.now() + 3_600_000 },
});

/** A club of `privacy` owned by `owner`, with a plain member brought in by invitation. */
async function clubWithMember(owner: TestUser, privacy: "public" | "private" | "secret" = "private") {
  const { clubId } = await as(owner).createClub({ name: "Edge Readers", privacy });
  const member = await createUser(platform);
  await befriend(platform, owner, member);
  await as(owner).inviteToClub({ clubId, userId: member.id });
  expect(await as(member).joinClub({ clubId })).toBe("active");
  return { clubId, member };
}

describe("a mute", () => {
  const mutedAt = Date.parse("2030-05-06T07:08:09.000Z");
  const oneHour = 3_600_000;

  it("blocks posting until the very millisecond it ends, and says when that is", async () => {
    const owner = await createUser(platform);
    const { clubId, member } = await clubWithMember(owner);
    // Only the clock the server reads is stopped; timers keep running for the database.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(mutedAt);
    await as(signedInNow(owner)).muteClubMember({ clubId, userId: member.id, hours: 1 });

    // The refusal names the mute's end, not the time it is asked.
    vi.setSystemTime(mutedAt + oneHour / 2);
    expect(await refusalOf(as(signedInNow(member)).createClubPost({ clubId, body: "Still here?" }))).toEqual({
      code: "FORBIDDEN",
      message: "A moderator muted you in this club until 2030-05-06 08:08 UTC.",
    });
    vi.setSystemTime(mutedAt + oneHour - 1);
    const later = signedInNow(member);
    expect(await codeOf(as(later).createClubPost({ clubId, body: "Still here?" }))).toBe("FORBIDDEN");
    expect((await as(later).getClub({ clubId })).mutedUntil).toBe("2030-05-06T08:08:09.000Z");

    vi.setSystemTime(mutedAt + oneHour);
    const { postId } = await as(later).createClubPost({ clubId, body: "Back again" });
    expect(postId).toEqual(expect.any(String));
    expect((await as(later).getClub({ clubId })).mutedUntil).toBeNull();
  });

  it("keeps a muted moderator from posting in the same words, and ends for them too", async () => {
    const owner = await createUser(platform);
    const { clubId, member: moderator } = await clubWithMember(owner);
    await as(owner).setClubMemberRole({ clubId, userId: moderator.id, role: "moderator" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(mutedAt);
    await as(signedInNow(owner)).muteClubMember({ clubId, userId: moderator.id, hours: 2 });

    vi.setSystemTime(mutedAt + 2 * oneHour - 1);
    const later = signedInNow(moderator);
    expect(await refusalOf(as(later).createClubPost({ clubId, body: "Hello" }))).toEqual({
      code: "FORBIDDEN",
      message: "A moderator muted you in this club until 2030-05-06 09:08 UTC.",
    });
    vi.setSystemTime(mutedAt + 2 * oneHour);
    expect(await codeOf(as(later).createClubPost({ clubId, body: "Hello" }))).toBe("OK");
  });

  it("leaves a muted member the same refusal for what needs a moderator or the owner", async () => {
    const owner = await createUser(platform);
    const { clubId, member } = await clubWithMember(owner);
    const { postId } = await as(owner).createClubPost({ clubId, body: "Pin me" });
    await as(owner).muteClubMember({ clubId, userId: member.id, hours: 3 });
    expect(await refusalOf(as(member).pinClubPost({ postId, value: true }))).toEqual({
      code: "FORBIDDEN",
      message: "Only the club's moderators can do that.",
    });
    expect(await refusalOf(as(member).renewInviteCode({ clubId }))).toEqual({
      code: "FORBIDDEN",
      message: "Only the club's owner can do that.",
    });
  });
});

describe("the club page", () => {
  it("shows a person's progress and rating of the current read only while they are a member", async () => {
    const owner = await createUser(platform);
    const { clubId, member } = await clubWithMember(owner, "public");
    const title = await createTitle(platform);
    const chapters = await addChapters(platform, title.id, 4);
    await as(owner).setCurrentRead({
      clubId,
      contentId: title.id,
      milestones: [{ title: "All of it", fromEpisode: 1, toEpisode: 4, dueOn: "2026-12-20" }],
    });
    const reader = await createUser(platform);
    for (const person of [member, reader]) {
      for (const chapter of chapters.slice(0, 2)) {
        await callerFor(platform, person).library.recordProgress({
          episodeId: chapter.id,
          fraction: 1,
          isCompleted: true,
        });
      }
    }
    const readId = (await as(member).getClub({ clubId })).read?._id ?? "";
    await as(member).rateClubRead({ clubId, readId, rating: 4 });

    expect(await as(member).getClub({ clubId })).toMatchObject({ myFinishedEpisode: 2, myRating: 4 });
    // Someone outside a public club reads it, but the club does not follow their reading.
    expect(await as(reader).getClub({ clubId })).toMatchObject({ myFinishedEpisode: 0, myRating: null });
    await as(owner).removeClubMember({ clubId, userId: member.id });
    expect(await as(member).getClub({ clubId })).toMatchObject({
      myStatus: null,
      myFinishedEpisode: 0,
      myRating: null,
    });
  });

  it("of a club that is not there, or no longer, is not found", async () => {
    const owner = await createUser(platform);
    const { clubId, member } = await clubWithMember(owner);
    const notHere = { code: "NOT_FOUND", message: "That club is not here." };
    expect(await refusalOf(as(member).getClub({ clubId: randomUUID() }))).toEqual(notHere);
    await as(owner).deleteClub({ clubId });
    expect(await refusalOf(as(member).getClub({ clubId }))).toEqual(notHere);
    expect(await refusalOf(as(member).createClubPost({ clubId, body: "Anyone?" }))).toEqual(notHere);
  });
});

describe("may", () => {
  it("answers as for someone else's post: deleting any post is for moderators", async () => {
    const owner = await createUser(platform);
    const { clubId, member } = await clubWithMember(owner);
    const access = async (user: TestUser) => loadClubFor(platform.deps.db, clubId, user.id, "getClub");
    expect(may(await access(member), "deleteClubPost")).toBe(false);
    expect(may(await access(owner), "deleteClubPost")).toBe(true);
  });
});

describe("live", () => {
  it("a post re-runs its own club's board and no other's", async () => {
    const owner = await createUser(platform);
    const { clubId, member } = await clubWithMember(owner);
    const other = await as(owner).createClub({ name: "Other Room", privacy: "public" });
    const board = watchLiveRuns(platform, () =>
      listClubPosts(platform.deps, member, { clubId, milestoneId: null, limit: 20 }),
    );
    try {
      await board.waitForRuns(1);
      await as(owner).createClubPost({ clubId: other.clubId, body: "Elsewhere" });
      await board.settle();
      expect(board.runs).toBe(1);
      await as(owner).createClubPost({ clubId, body: "Here" });
      await board.waitForRuns(2);
      expect(board.latest?.items.map((post) => post.body)).toEqual(["Here"]);
    } finally {
      board.stop();
    }
  });

  it("a new club re-runs the clubs on its founder's profile and nobody else's", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const profile = watchLiveRuns(platform, () => clubsOnProfile(platform.deps.db, ada.id, ada.id));
    try {
      await profile.waitForRuns(1);
      expect(profile.latest).toEqual([]);
      await as(ben).createClub({ name: "Ben's Room", privacy: "public" });
      await profile.settle();
      expect(profile.runs).toBe(1);
      const { clubId } = await as(ada).createClub({ name: "Ada's Room", privacy: "public" });
      await profile.waitForRuns(2);
      expect(profile.latest?.map((club) => club._id)).toEqual([clubId]);
    } finally {
      profile.stop();
    }
  });

  it("a club's member list re-runs for its own club's changes and not for another club's", async () => {
    const owner = await createUser(platform);
    const { clubId, member } = await clubWithMember(owner, "public");
    const other = await as(owner).createClub({ name: "Other Room", privacy: "public" });
    const members = watchLiveRuns(platform, () => listClubMembers(platform.deps, member, clubId));
    try {
      await members.waitForRuns(1);
      // The other club's own row, and a newcomer's place in it, are other topics.
      await as(owner).updateClub({ clubId: other.clubId, description: "Somewhere else" });
      const newcomer = await createUser(platform);
      expect(await as(newcomer).joinClub({ clubId: other.clubId })).toBe("active");
      await members.settle();
      expect(members.runs).toBe(1);
      expect(await as(newcomer).joinClub({ clubId })).toBe("active");
      await members.waitForRuns(2);
      expect(members.latest?.map((row) => row.person._id)).toContain(newcomer.id);
    } finally {
      members.stop();
    }
  });
});
