// Book clubs through the real router: privacy, roles and membership, the schedule, and discussions
// whose spoilers follow each member's own reading, live.
import { CLUB_MEMBER_LIMIT_MAX } from "@litverse/shared/clubs";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import { befriend, phonePhoto, uploadFile } from "../../test/people.ts";
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
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { listClubPosts } from "./club-posts.service.ts";

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

const as = (user: TestUser) => callerFor(platform, user).clubs;

/** A title of `count` chapters, and the episodes' ids by number. */
async function book(count: number) {
  const title = await createTitle(platform);
  const chapters = await addChapters(platform, title.id, count);
  return { id: title.id, episodeIds: chapters.map((chapter) => chapter.id) };
}

async function finish(user: TestUser, episodeId: string) {
  await callerFor(platform, user).library.recordProgress({ episodeId, fraction: 1, isCompleted: true });
}

/** A club owned by `owner` reading a 6-chapter book in two milestones: 1–3 and 4–6. */
async function clubReading(owner: TestUser, privacy: "public" | "private" | "secret" = "private") {
  const title = await book(6);
  const { clubId } = await as(owner).createClub({ name: "Night Readers", privacy });
  await as(owner).setCurrentRead({
    clubId,
    contentId: title.id,
    milestones: [
      { title: "Part one", fromEpisode: 1, toEpisode: 3, dueOn: "2026-12-01" },
      { title: "Part two", fromEpisode: 4, toEpisode: 6, dueOn: "2026-12-15" },
    ],
  });
  const club = await as(owner).getClub({ clubId });
  expect(club.read?.content.episodeCount).toBe(6);
  const [first, second] = club.read?.milestones ?? [];
  if (!first || !second) throw new Error("no schedule");
  return { clubId, title, first, second };
}

async function member(clubId: string, owner: TestUser) {
  const user = await createUser(platform);
  await befriend(platform, owner, user);
  await as(owner).inviteToClub({ clubId, userId: user.id });
  expect(await as(user).joinClub({ clubId })).toBe("active");
  return user;
}

describe("privacy", () => {
  it("a secret club is invisible and unreadable to anyone outside it", async () => {
    const owner = await createUser(platform);
    const stranger = await createUser(platform);
    const { clubId } = await clubReading(owner, "secret");
    await as(owner).createClubPost({ clubId, body: "Welcome" });

    expect(await as(stranger).discoverClubs({ query: "Night" })).toEqual([]);
    // One call at a time: each refusal is awaited where it is made.
    for (const call of [
      () => as(stranger).getClub({ clubId }),
      () => as(stranger).listClubPosts({ clubId, milestoneId: null }),
      () => as(stranger).listClubMembers({ clubId }),
      () => as(stranger).joinClub({ clubId }),
    ]) {
      expect(await codeOf(call())).toBe("NOT_FOUND");
    }
    // The invitation link lets them in.
    const code = (await as(owner).getClub({ clubId })).inviteCode ?? "";
    expect(await as(stranger).joinClubByInvite({ code })).toEqual({ clubId });
    expect((await as(stranger).listClubPosts({ clubId, milestoneId: null })).items).toHaveLength(1);
    // A renewed link shuts the old one.
    await as(owner).renewInviteCode({ clubId });
    expect(await codeOf(as(await createUser(platform)).joinClubByInvite({ code }))).toBe("NOT_FOUND");
  });

  it("finds clubs by the genre and kind of their current read", async () => {
    const owner = await createUser(platform);
    const finder = await createUser(platform);
    const mystery = await createTitle(platform, { genres: ["mystery"], contentType: "audiobook" });
    const romance = await createTitle(platform, { genres: ["romance"] });
    await addChapters(platform, mystery.id, 1);
    await addChapters(platform, romance.id, 1);
    const clubs: Record<string, string> = {};
    for (const [name, contentId] of [
      ["Case Readers", mystery.id],
      ["Heart Readers", romance.id],
    ] as const) {
      const { clubId } = await as(owner).createClub({ name, privacy: "public" });
      await as(owner).setCurrentRead({
        clubId,
        contentId,
        milestones: [{ title: "All", fromEpisode: 1, toEpisode: 1, dueOn: "2026-12-31" }],
      });
      clubs[name] = clubId;
    }
    const found = async (input: { genre?: string; contentType?: "audiobook" | "book" }) =>
      (await as(finder).discoverClubs(input)).map((club) => club._id).sort();
    expect(await found({ genre: "Mystery" })).toEqual([clubs["Case Readers"]]);
    expect(await found({ genre: "romance", contentType: "book" })).toEqual([clubs["Heart Readers"]]);
    expect(await found({ genre: "romance", contentType: "audiobook" })).toEqual([]);
    expect(await found({})).toEqual(Object.values(clubs).sort());
  });

  it("a private club is found, asked to join and approved by a moderator", async () => {
    const owner = await createUser(platform);
    const asker = await createUser(platform);
    const { clubId } = await clubReading(owner, "private");
    const [found] = await as(asker).discoverClubs({ query: "night" });
    expect(found).toMatchObject({ _id: clubId, myStatus: null, memberCount: 1 });
    expect(await codeOf(as(asker).listClubPosts({ clubId, milestoneId: null }))).toBe("FORBIDDEN");

    expect(await as(asker).joinClub({ clubId })).toBe("requested");
    expect((await as(owner).getClub({ clubId })).pendingRequestCount).toBe(1);
    const notices = await callerFor(platform, owner).notifications.listNotifications({ limit: 5 });
    expect(notices.items[0]?.title).toMatch(/asked to join Night Readers$/);
    // Members who are not moderators cannot approve.
    const plain = await member(clubId, owner);
    expect(await codeOf(as(plain).approveJoinRequest({ clubId, userId: asker.id }))).toBe("FORBIDDEN");

    await as(owner).approveJoinRequest({ clubId, userId: asker.id });
    expect((await as(asker).getClub({ clubId })).myStatus).toBe("active");
    expect((await as(asker).getClub({ clubId })).memberCount).toBe(3);
  });

  it("a public club is joined at once, up to its member limit", async () => {
    const owner = await createUser(platform);
    const { clubId } = await as(owner).createClub({ name: "Small Room", privacy: "public", memberLimit: 2 });
    const first = await createUser(platform);
    const second = await createUser(platform);
    expect(await as(first).joinClub({ clubId })).toBe("active");
    expect(await codeOf(as(second).joinClub({ clubId }))).toBe("CONFLICT");
    // Anyone signed in reads a public club; only members post.
    expect(await codeOf(as(second).listClubPosts({ clubId, milestoneId: null }))).toBe("OK");
    expect(await codeOf(as(second).createClubPost({ clubId, body: "Hi" }))).toBe("FORBIDDEN");
    await as(first).leaveClub({ clubId });
    expect(await as(second).joinClub({ clubId })).toBe("active");
    expect(await codeOf(as(owner).updateClub({ clubId, memberLimit: 1 }))).toBe("BAD_REQUEST");
  });
});

describe("roles", () => {
  it("only moderators moderate; only the owner appoints, and hands the club on", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const ada = await member(clubId, owner);
    const ben = await member(clubId, owner);
    const { postId } = await as(ben).createClubPost({ clubId, body: "A thought" });

    expect(await codeOf(as(ada).pinClubPost({ postId, value: true }))).toBe("FORBIDDEN");
    expect(await codeOf(as(ada).lockClubPost({ postId, value: true }))).toBe("FORBIDDEN");
    expect(await codeOf(as(ada).deleteClubPost({ postId }))).toBe("FORBIDDEN");
    expect(await codeOf(as(ada).removeClubMember({ clubId, userId: ben.id }))).toBe("FORBIDDEN");
    expect(await codeOf(as(ada).muteClubMember({ clubId, userId: ben.id, hours: 2 }))).toBe("FORBIDDEN");
    expect(await codeOf(as(ada).setClubMemberRole({ clubId, userId: ada.id, role: "moderator" }))).toBe(
      "FORBIDDEN",
    );

    await as(owner).setClubMemberRole({ clubId, userId: ada.id, role: "moderator" });
    await as(ada).lockClubPost({ postId, value: true });
    expect(await codeOf(as(owner).createClubPost({ clubId, parentId: postId, body: "Late" }))).toBe(
      "CONFLICT",
    );
    await as(ada).muteClubMember({ clubId, userId: ben.id, hours: 2 });
    expect(await codeOf(as(ben).createClubPost({ clubId, body: "Hello?" }))).toBe("FORBIDDEN");
    // A moderator cannot act on the owner or another moderator.
    expect(await codeOf(as(ada).removeClubMember({ clubId, userId: owner.id }))).toBe("FORBIDDEN");

    expect(await codeOf(as(owner).leaveClub({ clubId }))).toBe("CONFLICT");
    await as(owner).transferClubOwnership({ clubId, userId: ada.id });
    const roles = Object.fromEntries(
      (await as(ada).listClubMembers({ clubId })).map((row) => [row.person._id, row.role]),
    );
    expect(roles).toEqual({ [ada.id]: "owner", [owner.id]: "moderator", [ben.id]: "member" });
    await as(owner).leaveClub({ clubId });
    expect((await as(ada).getClub({ clubId })).memberCount).toBe(2);
  });

  it("a removed member loses access at once, also on an open subscription", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner, "private");
    const ben = await member(clubId, owner);
    const watch = watchLiveRuns(platform, () =>
      listClubPosts(platform.deps, ben, { clubId, milestoneId: null, limit: 20 }),
    );
    try {
      await watch.waitForRuns(1);
      await as(owner).removeClubMember({ clubId, userId: ben.id });
      await expect(watch.waitForRuns(2)).rejects.toMatchObject({ code: "FORBIDDEN" });
    } finally {
      watch.stop();
    }
    expect(await codeOf(as(ben).getClub({ clubId }))).toBe("OK");
    expect(await codeOf(as(ben).listClubPosts({ clubId, milestoneId: null }))).toBe("FORBIDDEN");
  });

  it("invites only friends, and never across a block", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const stranger = await createUser(platform);
    expect(await codeOf(as(owner).inviteToClub({ clubId, userId: stranger.id }))).toBe("FORBIDDEN");
    const friend = await createUser(platform);
    await befriend(platform, owner, friend);
    await callerFor(platform, friend).friends.blockUser({ userId: owner.id });
    expect(await codeOf(as(owner).inviteToClub({ clubId, userId: friend.id }))).toBe("FORBIDDEN");
  });
});

describe("the schedule", () => {
  it("refuses milestones past the title's end and titles nobody may read", async () => {
    const owner = await createUser(platform);
    const { clubId, title } = await clubReading(owner);
    const past = { fromEpisode: 5, toEpisode: 9, dueOn: "2026-12-30" };
    expect(await codeOf(as(owner).setCurrentRead({ clubId, contentId: title.id, milestones: [past] }))).toBe(
      "BAD_REQUEST",
    );
    const draft = await createTitle(platform, { status: "draft" });
    const milestones = [{ fromEpisode: 1, toEpisode: 1, dueOn: "2026-12-30" }];
    expect(await codeOf(as(owner).setCurrentRead({ clubId, contentId: draft.id, milestones }))).toBe(
      "NOT_FOUND",
    );
  });

  it("a new title archives the read with its ratings", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const read = (await as(owner).getClub({ clubId })).read;
    await as(owner).rateClubRead({ clubId, readId: read?._id ?? "", rating: 4 });
    const next = await book(2);
    await as(owner).setCurrentRead({
      clubId,
      contentId: next.id,
      milestones: [{ fromEpisode: 1, toEpisode: 2, dueOn: "2027-01-10" }],
    });
    const [archived] = await as(owner).listPastReads({ clubId });
    expect(archived).toMatchObject({ _id: read?._id, ratingAverage: 4, ratingCount: 1 });
    expect((await as(owner).getClub({ clubId })).read?.content._id).toBe(next.id);
  });
});

describe("spoilers", () => {
  it("a milestone's posts open by themselves once the member finishes its last episode", async () => {
    const owner = await createUser(platform);
    const { clubId, title, first } = await clubReading(owner);
    const ben = await member(clubId, owner);
    await as(owner).createClubPost({ clubId, milestoneId: first._id, body: "The captain dies!" });

    const watch = watchLiveRuns(platform, () =>
      listClubPosts(platform.deps, ben, { clubId, milestoneId: first._id, limit: 20 }),
    );
    try {
      await watch.waitForRuns(1);
      expect(watch.latest?.items[0]).toMatchObject({ isHidden: true, body: null, spoilerEpisode: 3 });
      await finish(ben, title.episodeIds[1] as string);
      await watch.settle();
      expect(watch.latest?.items[0]?.isHidden).toBe(true);
      await finish(ben, title.episodeIds[2] as string);
      await watch.settle();
      expect(watch.latest?.items[0]).toMatchObject({ isHidden: false, body: "The captain dies!" });
    } finally {
      watch.stop();
    }
  });

  it("a marked spoiler on the board hides until then, unless the member asks to see it", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const ben = await member(clubId, owner);
    const { postId } = await as(owner).createClubPost({
      clubId,
      body: "Chapter 5 twist!",
      spoilerEpisode: 5,
    });
    await as(ben).createClubPost({ clubId, parentId: postId, body: "No way" });
    const [post] = (await as(ben).listClubPosts({ clubId, milestoneId: null })).items;
    expect(post).toMatchObject({ isHidden: true, body: null });
    // Replies under a spoiler hide with it, except one's own.
    expect(post?.replies[0]).toMatchObject({ isHidden: false, body: "No way", isMine: true });
    await as(ben).revealClubSpoiler({ postId });
    const [shown] = (await as(ben).listClubPosts({ clubId, milestoneId: null })).items;
    expect(shown).toMatchObject({ isHidden: false, body: "Chapter 5 twist!" });
    // The author always sees their own post.
    expect((await as(owner).listClubPosts({ clubId, milestoneId: null })).items[0]?.isHidden).toBe(false);
  });

  it("hide exactly what a member has not read, for any progress and milestone", async () => {
    const owner = await createUser(platform);
    const { clubId, title, first, second } = await clubReading(owner);
    await as(owner).createClubPost({ clubId, body: "Marked", spoilerEpisode: 2 });
    await as(owner).createClubPost({ clubId, milestoneId: first._id, body: "In part one" });
    await as(owner).createClubPost({
      clubId,
      milestoneId: second._id,
      body: "In part two",
      spoilerEpisode: 5,
    });

    await fc.assert(
      fc.asyncProperty(fc.subarray([1, 2, 3, 4, 5, 6]), async (finishedNumbers) => {
        const reader = await member(clubId, owner);
        for (const number of finishedNumbers) await finish(reader, title.episodeIds[number - 1] as string);
        const finished = Math.max(0, ...finishedNumbers);
        // What each post gives away: its marked episode, or its milestone's last, whichever is later.
        const givesAway: Record<string, number> = { Marked: 2, "In part one": 3, "In part two": 6 };
        for (const milestoneId of [null, first._id, second._id]) {
          const { items } = await as(reader).listClubPosts({ clubId, milestoneId });
          for (const item of items) {
            const body = (await as(owner).listClubPosts({ clubId, milestoneId })).items.find(
              (own) => own._id === item._id,
            )?.body;
            const episode = givesAway[body ?? ""];
            expect(item.spoilerEpisode).toBe(episode);
            expect(item.isHidden).toBe(finished < (episode ?? 0));
            expect(item.body === null).toBe(item.isHidden);
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe("posts", () => {
  it("@mentions notify the member named, once", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const ben = await member(clubId, owner);
    await callerFor(platform, ben).profiles.updateProfile({ handle: "ben_reads" });
    await as(owner).createClubPost({ clubId, body: "What do you think, @Ben_Reads? And @nobody_here" });
    const notices = await callerFor(platform, ben).notifications.listNotifications({ limit: 5 });
    expect(notices.items.map((item) => item.title)).toContainEqual(
      expect.stringMatching(/mentioned you in Night Readers$/),
    );
  });

  it("reactions count per kind, and reports reach the shared queue once", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const ben = await member(clubId, owner);
    const { postId } = await as(owner).createClubPost({ clubId, body: "Loved it" });
    await as(ben).reactToClubPost({ postId, reaction: "❤️", isOn: true });
    await as(ben).reactToClubPost({ postId, reaction: "❤️", isOn: true });
    await as(owner).reactToClubPost({ postId, reaction: "❤️", isOn: true });
    const [post] = (await as(ben).listClubPosts({ clubId, milestoneId: null })).items;
    expect(post?.reactions).toEqual([{ reaction: "❤️", count: 2, mine: true }]);
    expect(await as(ben).reportClubPost({ postId, reason: "spam" })).toEqual({ isNew: true });
    expect(await as(ben).reportClubPost({ postId, reason: "spam" })).toEqual({ isNew: false });
    expect(await codeOf(as(owner).reportClubPost({ postId, reason: "spam" }))).toBe("BAD_REQUEST");
  });

  it("pages go back through a board without losing or repeating posts, pinned ones first", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const ids: string[] = [];
    for (let index = 0; index < 25; index++) {
      ids.push((await as(owner).createClubPost({ clubId, body: `Post ${index}` })).postId);
    }
    await as(owner).pinClubPost({ postId: ids[3] as string, value: true });
    const first = await as(owner).listClubPosts({ clubId, milestoneId: null, limit: 10 });
    expect(first.items[0]?._id).toBe(ids[3]);
    const seen = first.items.map((item) => item._id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await as(owner).listClubPosts({ clubId, milestoneId: null, limit: 10, cursor });
      seen.push(...page.items.map((item) => item._id));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it("bad input gets a clear error and changes nothing", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    expect(await codeOf(as(owner).createClubPost({ clubId, body: "   " }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(owner).createClubPost({ clubId, body: "x".repeat(4_001) }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(owner).createClub({ name: "ab" }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(owner).createClub({ name: "Fine", privacy: "hidden" as "public" }))).toBe(
      "BAD_REQUEST",
    );
    expect(
      await codeOf(as(owner).reactToClubPost({ postId: clubId, reaction: "🙃" as "👍", isOn: true })),
    ).toBe("BAD_REQUEST");
    expect((await as(owner).listClubPosts({ clubId, milestoneId: null })).items).toEqual([]);
  });
});

describe("polls", () => {
  const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

  it("keep results hidden until they close, then count ranked ballots by instant runoff", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const voters = [await member(clubId, owner), await member(clubId, owner), await member(clubId, owner)];
    const next = await book(1);
    expect(
      await codeOf(
        as(voters[0] as TestUser).createClubPoll({
          clubId,
          question: "Next?",
          kind: "single",
          closesAt: inAWeek(),
          options: [{ label: "A" }, { label: "B" }],
        }),
      ),
    ).toBe("FORBIDDEN");
    const { pollId } = await as(owner).createClubPoll({
      clubId,
      question: "What do we read next?",
      kind: "ranked",
      isAnonymous: true,
      closesAt: inAWeek(),
      options: [{ label: "", contentId: next.id }, { label: "Poems" }, { label: "Plays" }],
    });
    const [poll] = await as(owner).listClubPolls({ clubId });
    const [title, poems, plays] = (poll?.options ?? []).map((option) => option._id) as [
      string,
      string,
      string,
    ];
    expect(poll?.options[0]?.label).toMatch(/^Title \d+$/);
    // First choices: title 2, poems 1, plays 1; plays goes... then poems, and the title wins.
    await as(owner).voteClubPoll({ pollId, choices: [plays, poems] });
    await as(voters[0] as TestUser).voteClubPoll({ pollId, choices: [title] });
    await as(voters[1] as TestUser).voteClubPoll({ pollId, choices: [title, plays] });
    await as(voters[2] as TestUser).voteClubPoll({ pollId, choices: [poems, title] });
    expect(await codeOf(as(voters[2] as TestUser).voteClubPoll({ pollId, choices: [clubId] }))).toBe(
      "BAD_REQUEST",
    );

    const open = (await as(voters[0] as TestUser).listClubPolls({ clubId }))[0];
    expect(open).toMatchObject({ isClosed: false, voterCount: 4, myChoices: [title], runoff: null });
    expect(open?.options.map((option) => option.votes)).toEqual([null, null, null]);

    await as(owner).closeClubPoll({ pollId });
    expect(await codeOf(as(owner).voteClubPoll({ pollId, choices: [poems] }))).toBe("CONFLICT");
    const closed = (await as(voters[0] as TestUser).listClubPolls({ clubId }))[0];
    expect(closed?.options.map((option) => option.votes)).toEqual([2, 1, 1]);
    expect(closed?.options.every((option) => option.voters.length === 0)).toBe(true);
    expect(closed?.runoff?.winner).toBe(title);
  });

  it("named single-choice polls show who chose what once closed", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const ben = await member(clubId, owner);
    const { pollId } = await as(owner).createClubPoll({
      clubId,
      question: "Meet on Friday or Sunday?",
      kind: "single",
      closesAt: inAWeek(),
      options: [{ label: "Friday" }, { label: "Sunday" }],
    });
    const [poll] = await as(ben).listClubPolls({ clubId });
    const [friday, sunday] = (poll?.options ?? []).map((option) => option._id) as [string, string];
    expect(await codeOf(as(ben).voteClubPoll({ pollId, choices: [friday, sunday] }))).toBe("BAD_REQUEST");
    await as(ben).voteClubPoll({ pollId, choices: [sunday] });
    await as(ben).voteClubPoll({ pollId, choices: [friday] });
    await as(owner).closeClubPoll({ pollId });
    const [closed] = await as(owner).listClubPolls({ clubId });
    expect(
      closed?.options.map((option) => [option.votes, option.voters.map((person) => person._id)]),
    ).toEqual([
      [1, [ben.id]],
      [0, []],
    ]);
    const past = new Date(Date.now() - 60_000).toISOString();
    const options = [{ label: "A" }, { label: "B" }];
    expect(
      await codeOf(
        as(owner).createClubPoll({ clubId, question: "Late?", kind: "single", closesAt: past, options }),
      ),
    ).toBe("BAD_REQUEST");
  });
});

describe("meetings", () => {
  it("members answer; the count and who is going follow", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const ben = await member(clubId, owner);
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect(
      await codeOf(
        as(ben).createClubMeeting({ clubId, title: "Part one chat", startsAt, place: "Library café" }),
      ),
    ).toBe("FORBIDDEN");
    expect(await codeOf(as(owner).createClubMeeting({ clubId, title: "Nowhere", startsAt }))).toBe(
      "BAD_REQUEST",
    );
    expect(
      await codeOf(
        as(owner).createClubMeeting({ clubId, title: "Sneaky", startsAt, onlineUrl: "javascript:alert(1)" }),
      ),
    ).toBe("BAD_REQUEST");
    const { meetingId } = await as(owner).createClubMeeting({
      clubId,
      title: "Part one chat",
      startsAt,
      durationMinutes: 90,
      onlineUrl: "https://meet.example.org/lantern",
    });
    await as(ben).answerClubMeeting({ meetingId, response: "going" });
    await as(owner).answerClubMeeting({ meetingId, response: "maybe" });
    const [meeting] = await as(ben).listClubMeetings({ clubId });
    expect(meeting).toMatchObject({
      title: "Part one chat",
      durationMinutes: 90,
      counts: { going: 1, maybe: 1, not_going: 0 },
      myRsvp: "going",
    });
    expect(meeting?.going.map((person) => person._id)).toEqual([ben.id]);
  });
});

describe("profiles", () => {
  it("list the person's clubs, secret ones only to fellow members", async () => {
    const owner = await createUser(platform);
    const { clubId: open } = await as(owner).createClub({ name: "Open Shelf", privacy: "public" });
    const { clubId: hidden } = await as(owner).createClub({ name: "Hidden Shelf", privacy: "secret" });
    const fellow = await member(hidden, owner);
    const stranger = await createUser(platform);
    const clubsSeenBy = async (viewer: TestUser) =>
      ((await callerFor(platform, viewer).profiles.getProfile({ userId: owner.id })).clubs ?? []).map(
        (club) => club._id,
      );
    expect((await clubsSeenBy(stranger)).sort()).toEqual([open]);
    expect((await clubsSeenBy(fellow)).sort()).toEqual([hidden, open].sort());
  });
});

describe("pictures", () => {
  it("covers and post pictures are re-encoded without EXIF; a hidden post's picture is not sent", async () => {
    const owner = await createUser(platform);
    const { clubId } = await clubReading(owner);
    const ben = await member(clubId, owner);
    await as(owner).updateClub({
      clubId,
      coverUploadId: await uploadFile(platform, owner, await phonePhoto()),
    });
    const coverUrl = (await as(ben).getClub({ clubId })).coverUrl ?? "";
    expect(coverUrl).toMatch(new RegExp(`^/media/club-covers/${clubId}/cover-[0-9a-f]{12}\\.webp$`));
    const cover = await fetch(`${server.url}${coverUrl}`);
    expect(cover.status).toBe(200);
    expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).exif).toBeUndefined();

    const imageUploadId = await uploadFile(platform, owner, await phonePhoto());
    await as(owner).createClubPost({ clubId, body: "The map!", imageUploadId, spoilerEpisode: 2 });
    const [hidden] = (await as(ben).listClubPosts({ clubId, milestoneId: null })).items;
    expect(hidden).toMatchObject({ isHidden: true, imageUrl: null });
    const [shown] = (await as(owner).listClubPosts({ clubId, milestoneId: null })).items;
    const picture = await fetch(`${server.url}${shown?.imageUrl}`);
    expect(picture.status).toBe(200);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).exif).toBeUndefined();
  });
});

describe("the member limit", () => {
  const full = { code: "CONFLICT", message: "This club is full." };

  it("holds every way in: joining, an invitation, the link and an approval", async () => {
    const owner = await createUser(platform);
    const { clubId } = await as(owner).createClub({ name: "Two Seats", privacy: "private", memberLimit: 2 });
    const code = (await as(owner).getClub({ clubId })).inviteCode ?? "";
    const [invited, seated] = [await createUser(platform), await createUser(platform)];
    for (const friend of [invited, seated]) {
      await befriend(platform, owner, friend);
      await as(owner).inviteToClub({ clubId, userId: friend.id });
    }
    const asker = await createUser(platform);
    expect(await as(asker).joinClub({ clubId })).toBe("requested");
    expect(await as(seated).joinClub({ clubId })).toBe("active");

    expect(await refusalOf(as(invited).joinClub({ clubId }))).toEqual(full);
    expect(await refusalOf(as(await createUser(platform)).joinClubByInvite({ code }))).toEqual(full);
    expect(await refusalOf(as(owner).approveJoinRequest({ clubId, userId: asker.id }))).toEqual(full);
    expect((await as(owner).getClub({ clubId })).memberCount).toBe(2);

    // A seat given up is taken again.
    await as(seated).leaveClub({ clubId });
    await as(owner).approveJoinRequest({ clubId, userId: asker.id });
    expect((await as(owner).getClub({ clubId })).memberCount).toBe(2);

    const publicClub = await as(owner).createClub({ name: "Open Pair", privacy: "public", memberLimit: 2 });
    expect(await as(invited).joinClub({ clubId: publicClub.clubId })).toBe("active");
    expect(await refusalOf(as(asker).joinClub({ clubId: publicClub.clubId }))).toEqual(full);
  });

  it("is at most 1,000 members", async () => {
    const owner = await createUser(platform);
    expect(
      await refusalOf(
        as(owner).createClub({ name: "Stadium", privacy: "public", memberLimit: CLUB_MEMBER_LIMIT_MAX + 1 }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: "A club has room for at most 1000 members" });
    const { clubId } = await as(owner).createClub({
      name: "Hall",
      privacy: "public",
      memberLimit: CLUB_MEMBER_LIMIT_MAX,
    });
    expect(await refusalOf(as(owner).updateClub({ clubId, memberLimit: 1_001 }))).toEqual({
      code: "BAD_REQUEST",
      message: "A club has room for at most 1000 members",
    });
  });
});
