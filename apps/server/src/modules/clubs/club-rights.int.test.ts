// The club rights table, cell by cell: every club function, called through the real router by a real
// person of each standing in a public, a private and a secret club, answers as the table says, and a
// refused call changes nothing. The clubs are set up once; after each call that went through, the
// club tables are put back as they were, in one statement.
import {
  CLUB_FUNCTIONS_FOR_EVERYONE,
  CLUB_RIGHTS,
  CLUB_STANDINGS,
  type ClubFunction,
  type ClubStanding,
} from "@litverse/shared/club-rights";
import type { ClubPrivacy } from "@litverse/shared/clubs";
import { getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalChangeBus } from "../../core/live/change-bus.ts";
import { ALL_TOPICS } from "../../core/live/topics.ts";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import { befriend } from "../../test/people.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { moderationItems } from "../reports/schema.ts";
import { clubsRouter } from "./clubs.router.ts";
import {
  clubMeetingRsvps,
  clubMeetings,
  clubMembers,
  clubMilestones,
  clubPollOptions,
  clubPolls,
  clubPollVotes,
  clubPostReactions,
  clubPosts,
  clubReadRatings,
  clubReads,
  clubSpoilerReveals,
  clubs,
} from "./schema.ts";

const PERSONAS = [
  "owner",
  "moderator",
  "member",
  "muted",
  "removed",
  "nonMember",
  "invited",
  "requested",
] as const;
type Persona = (typeof PERSONAS)[number];

/** The table's column for each person: a removed member keeps no row, like someone never in the club. */
const COLUMN: Record<Persona, ClubStanding> = {
  owner: "owner",
  moderator: "moderator",
  member: "member",
  muted: "muted",
  removed: "outsider",
  nonMember: "outsider",
  invited: "invited",
  requested: "requested",
};

/** Those a secret club shows itself to. */
const INSIDERS: readonly Persona[] = ["owner", "moderator", "member", "muted", "invited"];
const PRIVACIES: readonly ClubPrivacy[] = ["public", "private", "secret"];

/** The people with a post of their own in each club (the removed member wrote theirs before). */
const AUTHORS = ["owner", "moderator", "member", "muted", "removed"] as const;
type Author = (typeof AUTHORS)[number];

interface ClubWorld {
  privacy: ClubPrivacy;
  clubId: string;
  inviteCode: string;
  readId: string;
  titleId: string;
  milestones: { title: string; fromEpisode: number; toEpisode: number; dueOn: string }[];
  pollId: string;
  optionId: string;
  meetingId: string;
  posts: Record<Author, string>;
}

interface Case {
  club: ClubWorld;
  persona: Persona;
  /** The post acted on: the caller's own, or someone else's. */
  postId: string;
  people: Record<Persona | "friend", TestUser>;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** How each function is called; the post is `Case.postId`, targets are the plain member and the asker. */
const CALLS: Record<ClubFunction, (clubsApi: ClubsApi, c: Case) => Promise<unknown>> = {
  getClub: (api, { club }) => api.getClub({ clubId: club.clubId }),
  listClubMembers: (api, { club }) => api.listClubMembers({ clubId: club.clubId }),
  listPastReads: (api, { club }) => api.listPastReads({ clubId: club.clubId }),
  listClubPosts: (api, { club }) => api.listClubPosts({ clubId: club.clubId, milestoneId: null }),
  listClubPolls: (api, { club }) => api.listClubPolls({ clubId: club.clubId }),
  listClubMeetings: (api, { club }) => api.listClubMeetings({ clubId: club.clubId }),
  revealClubSpoiler: (api, { postId }) => api.revealClubSpoiler({ postId }),
  reportClubPost: (api, { postId }) => api.reportClubPost({ postId, reason: "spam" }),
  joinClub: (api, { club }) => api.joinClub({ clubId: club.clubId }),
  joinClubByInvite: (api, { club }) => api.joinClubByInvite({ code: club.inviteCode }),
  leaveClub: (api, { club }) => api.leaveClub({ clubId: club.clubId }),
  inviteToClub: (api, { club, people }) =>
    api.inviteToClub({ clubId: club.clubId, userId: people.friend.id }),
  createClubPost: (api, { club }) => api.createClubPost({ clubId: club.clubId, body: "A word from me" }),
  reactToClubPost: (api, { postId }) => api.reactToClubPost({ postId, reaction: "❤️", isOn: true }),
  deleteClubPost: (api, { postId }) => api.deleteClubPost({ postId }),
  rateClubRead: (api, { club }) => api.rateClubRead({ clubId: club.clubId, readId: club.readId, rating: 4 }),
  voteClubPoll: (api, { club }) => api.voteClubPoll({ pollId: club.pollId, choices: [club.optionId] }),
  answerClubMeeting: (api, { club }) =>
    api.answerClubMeeting({ meetingId: club.meetingId, response: "going" }),
  pinClubPost: (api, { postId }) => api.pinClubPost({ postId, value: true }),
  lockClubPost: (api, { postId }) => api.lockClubPost({ postId, value: true }),
  approveJoinRequest: (api, { club, people }) =>
    api.approveJoinRequest({ clubId: club.clubId, userId: people.requested.id }),
  declineJoinRequest: (api, { club, people }) =>
    api.declineJoinRequest({ clubId: club.clubId, userId: people.requested.id }),
  removeClubMember: (api, { club, people }) =>
    api.removeClubMember({ clubId: club.clubId, userId: people.member.id }),
  muteClubMember: (api, { club, people }) =>
    api.muteClubMember({ clubId: club.clubId, userId: people.member.id, hours: 2 }),
  setCurrentRead: (api, { club }) =>
    api.setCurrentRead({ clubId: club.clubId, contentId: club.titleId, milestones: club.milestones }),
  finishCurrentRead: (api, { club }) => api.finishCurrentRead({ clubId: club.clubId }),
  createClubPoll: (api, { club }) =>
    api.createClubPoll({
      clubId: club.clubId,
      question: "Which next?",
      kind: "single",
      closesAt: inDays(2),
      options: [{ label: "This" }, { label: "That" }],
    }),
  closeClubPoll: (api, { club }) => api.closeClubPoll({ pollId: club.pollId }),
  deleteClubPoll: (api, { club }) => api.deleteClubPoll({ pollId: club.pollId }),
  createClubMeeting: (api, { club }) =>
    api.createClubMeeting({ clubId: club.clubId, title: "Chat", startsAt: inDays(3), place: "The café" }),
  deleteClubMeeting: (api, { club }) => api.deleteClubMeeting({ meetingId: club.meetingId }),
  // The report that started this: a moderator turning the owner's club secret.
  updateClub: (api, { club }) =>
    api.updateClub({
      clubId: club.clubId,
      name: "Taken over",
      privacy: club.privacy === "secret" ? "public" : "secret",
    }),
  renewInviteCode: (api, { club }) => api.renewInviteCode({ clubId: club.clubId }),
  deleteClub: (api, { club }) => api.deleteClub({ clubId: club.clubId }),
  setClubMemberRole: (api, { club, people }) =>
    api.setClubMemberRole({ clubId: club.clubId, userId: people.member.id, role: "moderator" }),
  transferClubOwnership: (api, { club, people }) =>
    api.transferClubOwnership({ clubId: club.clubId, userId: people.member.id }),
};

type ClubsApi = ReturnType<typeof callerFor>["clubs"];
type Outcome = "OK" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT";

/** What the table's cell means for this person, read independently of the server's own reading. */
function expectedOutcome(
  fn: ClubFunction,
  persona: Persona,
  privacy: ClubPrivacy,
  isAuthor: boolean,
): Outcome {
  const cell = CLUB_RIGHTS[fn][CLUB_STANDINGS.indexOf(COLUMN[persona])];
  const knowsOfClub = privacy !== "secret" || INSIDERS.includes(persona);
  if (cell === "yes") return "OK";
  if (!knowsOfClub) return "NOT_FOUND";
  if (cell === "seen") return "OK";
  if (cell === "public") return privacy === "public" ? "OK" : "FORBIDDEN";
  if (cell === "own") return isAuthor ? "OK" : "FORBIDDEN";
  // The owner may not leave: they hand the club on first.
  return fn === "leaveClub" ? "CONFLICT" : "FORBIDDEN";
}

async function outcomeOf(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
    return { code: "OK", message: "" };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { code: code ?? String(error), message: message ?? "" };
  }
}

// The club tables in an order their references allow.
const CLUB_TABLES = [
  clubs,
  clubMembers,
  clubReads,
  clubMilestones,
  clubReadRatings,
  clubPosts,
  clubPostReactions,
  clubSpoilerReveals,
  clubPolls,
  clubPollOptions,
  clubPollVotes,
  clubMeetings,
  clubMeetingRsvps,
].map((table) => getTableName(table));

let platform: TestPlatform;
let people: Record<Persona | "friend", TestUser>;
const worlds = new Map<ClubPrivacy, ClubWorld>();
let fingerprintAtStart = "";

async function execute(statement: string) {
  await platform.database.db.execute(sql.raw(statement));
}

/** Copies the club tables aside, to come back to after every call that changed them. */
async function keepSnapshot() {
  await execute("create schema if not exists club_rights_snapshot");
  for (const table of CLUB_TABLES) {
    await execute(`drop table if exists club_rights_snapshot."${table}"`);
    await execute(`create table club_rights_snapshot."${table}" as table "${table}"`);
  }
}

async function restoreSnapshot() {
  const copies = CLUB_TABLES.map(
    (table) => `insert into "${table}" select * from club_rights_snapshot."${table}";`,
  ).join("\n");
  // Every other club table hangs off a club: deleting the clubs empties them all, quicker than a truncate.
  // Reports made meanwhile go too (with their items): enough of them would hide a post from everyone.
  const reported = getTableName(moderationItems);
  await execute(
    `do $$ begin delete from "${getTableName(clubs)}"; delete from "${reported}"; ${copies} end $$`,
  );
  // Nothing read before the restore may be served after it.
  if (platform.bus instanceof LocalChangeBus) platform.bus.deliver([ALL_TOPICS]);
}

/** A digest of every row of every club table. */
async function fingerprint(): Promise<string> {
  const parts = CLUB_TABLES.map(
    (table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table}" t)`,
  ).join(" || ");
  const rows = await platform.database.db.execute(sql.raw(`select md5(${parts}) as digest`));
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { digest: string }[];
  return list[0]?.digest ?? "";
}

/** One club of `privacy` with the whole cast in place, made through the router as people make it. */
async function setUpClub(privacy: ClubPrivacy, titleId: string): Promise<ClubWorld> {
  const as = (persona: Persona) => callerFor(platform, people[persona]).clubs;
  // Requests need a club that is not public; the club takes its privacy once everyone is in place.
  const { clubId } = await as("owner").createClub({ name: `Rights ${privacy}`, privacy: "private" });
  const milestones = [
    { title: "Part one", fromEpisode: 1, toEpisode: 2, dueOn: "2026-12-01" },
    { title: "Part two", fromEpisode: 3, toEpisode: 4, dueOn: "2026-12-15" },
  ];
  await as("owner").setCurrentRead({ clubId, contentId: titleId, milestones });
  for (const persona of ["moderator", "member", "muted", "removed"] as const) {
    await as("owner").inviteToClub({ clubId, userId: people[persona].id });
    await as(persona).joinClub({ clubId });
  }
  await as("owner").setClubMemberRole({ clubId, userId: people.moderator.id, role: "moderator" });
  const posts = {} as Record<Author, string>;
  for (const author of AUTHORS) {
    posts[author] = (await as(author).createClubPost({ clubId, body: `Written by the ${author}` })).postId;
  }
  await as("owner").muteClubMember({ clubId, userId: people.muted.id, hours: 24 });
  await as("owner").removeClubMember({ clubId, userId: people.removed.id });
  await as("owner").inviteToClub({ clubId, userId: people.invited.id });
  expect(await as("requested").joinClub({ clubId })).toBe("requested");
  const { pollId } = await as("owner").createClubPoll({
    clubId,
    question: "Shall we go on?",
    kind: "single",
    closesAt: inDays(2),
    options: [{ label: "Yes" }, { label: "No" }],
  });
  const { meetingId } = await as("owner").createClubMeeting({
    clubId,
    title: "First chat",
    startsAt: inDays(3),
    place: "The library",
  });
  if (privacy !== "private") await as("owner").updateClub({ clubId, privacy });
  const club = await as("owner").getClub({ clubId });
  const [poll] = await as("owner").listClubPolls({ clubId });
  const optionId = poll?.options[0]?._id;
  if (!club.inviteCode || !club.read || !optionId) throw new Error("the club is not set up");
  return {
    privacy,
    clubId,
    inviteCode: club.inviteCode,
    readId: club.read._id,
    titleId,
    milestones,
    pollId,
    optionId,
    meetingId,
    posts,
  };
}

beforeAll(async () => {
  platform = await openTestPlatform();
  const users = await Promise.all([...PERSONAS, "friend" as const].map(() => createUser(platform)));
  people = Object.fromEntries(
    [...PERSONAS, "friend"].map((persona, index) => [persona, users[index]]),
  ) as Record<Persona | "friend", TestUser>;
  // The owner invites everyone in; members invite their friend.
  for (const persona of ["moderator", "member", "muted", "removed", "invited"] as const) {
    await befriend(platform, people.owner, people[persona]);
  }
  for (const persona of ["owner", "moderator", "member", "muted"] as const) {
    await befriend(platform, people[persona], people.friend);
  }
  const title = await createTitle(platform);
  await addChapters(platform, title.id, 4);
  for (const privacy of PRIVACIES) worlds.set(privacy, await setUpClub(privacy, title.id));
  await keepSnapshot();
  fingerprintAtStart = await fingerprint();
}, 120_000);

afterAll(async () => {
  await platform?.dispose();
});

type Procedure = { _def: { type: "query" | "mutation" | "subscription" } };
const procedures = clubsRouter._def.procedures as unknown as Record<string, Procedure>;

describe("the club rights table", () => {
  it("names every club function once", () => {
    expect(Object.keys(procedures).sort()).toEqual(
      [...Object.keys(CLUB_RIGHTS), ...CLUB_FUNCTIONS_FOR_EVERYONE].sort(),
    );
  });

  it.each(Object.keys(CLUB_RIGHTS) as ClubFunction[])(
    "%s answers every standing as the table says",
    async (fn) => {
      const isMutation = procedures[fn]?._def.type === "mutation";
      const wrong: string[] = [];
      for (const club of worlds.values()) {
        for (const persona of PERSONAS) {
          const othersPost = persona === "owner" ? club.posts.member : club.posts.owner;
          const ownPost = (AUTHORS as readonly string[]).includes(persona)
            ? club.posts[persona as Author]
            : null;
          // Acting on a post is tried on someone else's, and on one's own where the table says "own".
          const targets = [{ postId: othersPost, isAuthor: false }];
          if (ownPost && fn === "deleteClubPost") targets.push({ postId: ownPost, isAuthor: true });
          for (const { postId, isAuthor } of targets) {
            const expected = expectedOutcome(fn, persona, club.privacy, isAuthor);
            const api = callerFor(platform, people[persona]).clubs;
            const { code, message } = await outcomeOf(CALLS[fn](api, { club, persona, postId, people }));
            const where = `${persona}${isAuthor ? " (own post)" : ""} in the ${club.privacy} club`;
            if (code !== expected) wrong.push(`${where}: ${code} (${message}), the table says ${expected}`);
            if (code === "NOT_FOUND" && message !== "That club is not here.") {
              wrong.push(`${where}: not found, but saying "${message}"`);
            }
            if (!isMutation) continue;
            if (code === "OK") await restoreSnapshot();
            else if ((await fingerprint()) !== fingerprintAtStart) {
              wrong.push(`${where}: refused (${code}) but changed the club`);
              await restoreSnapshot();
            }
          }
        }
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );
});

describe("refusals", () => {
  const as = (persona: Persona) => callerFor(platform, people[persona]).clubs;
  const club = () => worlds.get("public") as ClubWorld;

  it("a moderator cannot change the owner's club: its settings, privacy, limit, link and existence", async () => {
    const { clubId, inviteCode } = club();
    for (const call of [
      () => as("moderator").updateClub({ clubId, privacy: "secret" }),
      () => as("moderator").updateClub({ clubId, name: "Mine now" }),
      () => as("moderator").updateClub({ clubId, memberLimit: 10 }),
      () => as("moderator").renewInviteCode({ clubId }),
      () => as("moderator").deleteClub({ clubId }),
    ]) {
      expect(await outcomeOf(call())).toEqual({
        code: "FORBIDDEN",
        message: "Only the club's owner can do that.",
      });
    }
    const after = await as("owner").getClub({ clubId });
    expect(after).toMatchObject({ name: "Rights public", privacy: "public", inviteCode });
    // Moderators keep moderating: they still see the link to share, and the requests to answer.
    expect(await as("moderator").getClub({ clubId })).toMatchObject({ inviteCode, pendingRequestCount: 1 });
  });

  it("say what is missing, in words", async () => {
    const { clubId, posts } = club();
    const expectations: [() => Promise<unknown>, string][] = [
      [
        () => as("member").pinClubPost({ postId: posts.owner, value: true }),
        "Only the club's moderators can do that.",
      ],
      [() => as("invited").createClubPost({ clubId, body: "Hi" }), "Only members of this club can do that."],
      [
        () => as("member").deleteClubPost({ postId: posts.owner }),
        "Only its author or a moderator can delete a post.",
      ],
      [() => as("muted").createClubPost({ clubId, body: "Hi" }), "A moderator muted you in this club until"],
    ];
    for (const [call, message] of expectations) {
      const outcome = await outcomeOf(call());
      expect(outcome.code).toBe("FORBIDDEN");
      expect(outcome.message.startsWith(message)).toBe(true);
    }
    const privateClub = worlds.get("private") as ClubWorld;
    expect(await outcomeOf(as("nonMember").listClubMembers({ clubId: privateClub.clubId }))).toEqual({
      code: "FORBIDDEN",
      message: "Join this club to see its members.",
    });
    expect(await outcomeOf(as("owner").leaveClub({ clubId }))).toEqual({
      code: "CONFLICT",
      message: "Make someone else the owner before you leave, or delete the club.",
    });
  });

  it("a muted moderator moderates but does not post", async () => {
    const { clubId, posts } = club();
    await as("owner").muteClubMember({ clubId, userId: people.moderator.id, hours: 1 });
    try {
      expect((await outcomeOf(as("moderator").createClubPost({ clubId, body: "Hi" }))).code).toBe(
        "FORBIDDEN",
      );
      expect((await outcomeOf(as("moderator").pinClubPost({ postId: posts.member, value: true }))).code).toBe(
        "OK",
      );
    } finally {
      await restoreSnapshot();
    }
  });
});
