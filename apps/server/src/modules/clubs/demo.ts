// The demo's book clubs: a public club the reader is in, reading a demo book on a weekly schedule,
// with posts on both sides of the reader's progress (some open, some hidden as spoilers), a poll on
// the next read and a meeting, and a
// private club of mystery listeners the reader can ask to join. Made through the club services; the
// members' reading positions are written as the readers would have left them.

import type { ClubRsvp } from "@litverse/shared/clubs";
import { eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "../../core/db/client.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { content, episodes } from "../content/schema.ts";
import { episodeProgress } from "../reading/schema.ts";
import { users } from "../users/schema.ts";
import { createClub } from "./club-lifecycle.service.ts";
import { answerMeeting, createMeeting } from "./club-meetings.service.ts";
import { approveJoinRequest, joinClub } from "./club-membership.service.ts";
import { createPoll, votePoll } from "./club-polls.service.ts";
import { createClubPost, setPostFlag } from "./club-posts.service.ts";
import { setCurrentRead } from "./club-reads.service.ts";
import { clubPollOptions, clubs } from "./schema.ts";

const asUser = (id: string): Viewer => ({ id, role: "user", age: 18 });
const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

interface DemoClub {
  name: string;
  description: string;
  rules: string;
  privacy: "public" | "private";
  owner: string;
  members: string[];
  title: string;
  /** Milestones: [first episode, last episode, due in days from today]. */
  schedule: Array<[from: number, to: number, dueInDays: number]>;
  /** Episodes each member has finished, from the first. */
  finished: Record<string, number>;
  /** Posts, oldest first: author, milestone (0: the general board), text, spoiler episode, replies. */
  posts: Array<{
    by: string;
    milestone: number;
    text: string;
    spoiler?: number;
    pinned?: boolean;
    replies?: Array<[by: string, text: string]>;
  }>;
  /** A ranked poll on the next read: its question, the titles, and members' ballots by title position. */
  poll?: { question: string; titles: string[]; ballots: Record<string, number[]> };
  meeting?: { title: string; inDays: number; place: string; answers: Record<string, ClubRsvp> };
}

const DEMO_CLUBS: DemoClub[] = [
  {
    name: "The Lantern Society",
    description: "Slow-burn romance, one part a week. Mark your spoilers and nobody gets hurt.",
    rules:
      "Be kind. Mark anything past the current part as a spoiler. Milestone threads are for that part only.",
    privacy: "public",
    owner: "ada_moreau",
    members: ["demo_reader", "bea_santos", "cyrus_farahani", "gus_herrera"],
    title: "The Lantern Keeper's Daughter",
    schedule: [
      [1, 4, -3],
      [5, 8, 4],
      [9, 12, 11],
    ],
    finished: { ada_moreau: 8, demo_reader: 4, bea_santos: 4, cyrus_farahani: 2, gus_herrera: 5 },
    poll: {
      question: "What do we read after this one?",
      titles: ["Thornmere", "The Salt Map", "Letters from the Pass"],
      ballots: { ada_moreau: [0, 2], bea_santos: [1, 0], gus_herrera: [2, 1, 0] },
    },
    meeting: {
      title: "Part 2 get-together",
      inDays: 5,
      place: "The reading room of the town library",
      answers: { ada_moreau: "going", bea_santos: "going", gus_herrera: "maybe" },
    },
    posts: [
      {
        by: "ada_moreau",
        milestone: 0,
        pinned: true,
        text: "Welcome! We read a part a week: the schedule is at the top. Talk about each part in its own thread, and it stays hidden from anyone who has not got there yet.",
      },
      {
        by: "cyrus_farahani",
        milestone: 0,
        text: "Started late, but chapter 2 has me hooked already. Is it me, or is the harbour town a character of its own?",
        replies: [["bea_santos", "Not just you. The fish market scenes are the best thing in it so far."]],
      },
      {
        by: "bea_santos",
        milestone: 1,
        text: "The storm at the end of chapter 4, and Nell rowing out anyway. I did not see that coming.",
        replies: [["ada_moreau", "And the look on his face when she brings the lamp back lit!"]],
      },
      {
        by: "ada_moreau",
        milestone: 2,
        text: "Chapter 7: the letter. I had to put the book down for a minute.",
        replies: [["gus_herrera", "Still on chapter 5, so I am not opening this one yet…"]],
      },
      {
        by: "gus_herrera",
        milestone: 0,
        spoiler: 5,
        text: "The dance in chapter 5 is the turning point. Everything after it reads differently.",
      },
    ],
  },
  {
    name: "Night Shift Listeners",
    description: "Mystery audiobooks for long walks and late shifts. A case a week.",
    rules: "Guesses welcome; solutions only in the thread of the part that reveals them.",
    privacy: "private",
    owner: "eli_lindqvist",
    members: ["hana_tanaka", "dina_haddad"],
    title: "The Casebook of Iris Vane",
    schedule: [
      [1, 3, 2],
      [4, 6, 9],
    ],
    finished: { eli_lindqvist: 3, hana_tanaka: 2, dina_haddad: 1 },
    posts: [
      {
        by: "eli_lindqvist",
        milestone: 0,
        text: "Who had the violin case solved before Iris did? I was sure it was the landlady.",
        replies: [["hana_tanaka", "The landlady! Same. The narration sells it."]],
      },
      {
        by: "eli_lindqvist",
        milestone: 1,
        text: "The painted door in case three: the clue was in the first minute all along.",
      },
    ],
  },
];

async function idsByHandle(deps: ServiceDeps, handles: string[]): Promise<Map<string, string>> {
  const rows = await deps.db
    .select({ id: users.id, handle: users.handle })
    .from(users)
    .where(inArray(users.handle, handles));
  return new Map(rows.flatMap((row) => (row.handle ? [[row.handle, row.id] as const] : [])));
}

/** Adds the demo clubs unless there are clubs already. Returns how many clubs, members and posts it made. */
export async function seedDemoClubs(deps: ServiceDeps): Promise<number> {
  const { db } = deps;
  if ((await db.select({ id: clubs.id }).from(clubs).limit(1)).length > 0) return 0;
  const handles = [...new Set(DEMO_CLUBS.flatMap((club) => [club.owner, ...club.members]))];
  const ids = await idsByHandle(deps, handles);
  let added = 0;
  for (const demo of DEMO_CLUBS) {
    const ownerId = ids.get(demo.owner);
    const [title] = await db.select({ id: content.id }).from(content).where(eq(content.title, demo.title));
    // Without the demo catalogue and its personas there is nothing to read together.
    if (!ownerId || !title) continue;
    const owner = asUser(ownerId);
    const { clubId } = await createClub(deps, owner, {
      name: demo.name,
      description: demo.description,
      rules: demo.rules,
      privacy: demo.privacy,
    });
    added++;
    for (const handle of demo.members) {
      const id = ids.get(handle);
      if (!id) continue;
      const status = await joinClub(deps, asUser(id), clubId);
      if (status === "requested") await approveJoinRequest(deps, owner, clubId, id);
      added++;
    }
    await setCurrentRead(deps, owner, {
      clubId,
      contentId: title.id,
      milestones: demo.schedule.map(([fromEpisode, toEpisode, dueInDays], index) => ({
        title: `Part ${index + 1}`,
        fromEpisode,
        toEpisode,
        dueOn: isoDay(dueInDays),
      })),
    });
    await markFinished(deps, title.id, demo.finished, ids);
    const milestoneIds = (
      await queryRows<{ id: string }>(
        db,
        sql`select m.id from club_milestones m join club_reads r on r.id = m.read_id
            where r.club_id = ${clubId} order by m.position`,
      )
    ).map((row) => row.id);
    for (const post of demo.posts) {
      const authorId = ids.get(post.by);
      if (!authorId) continue;
      const { postId } = await createClubPost(deps, asUser(authorId), {
        clubId,
        milestoneId: post.milestone > 0 ? (milestoneIds[post.milestone - 1] ?? null) : null,
        parentId: null,
        body: post.text,
        spoilerEpisode: post.spoiler ?? null,
      });
      added++;
      if (post.pinned) await setPostFlag(deps, owner, postId, "isPinned", true);
      for (const [by, text] of post.replies ?? []) {
        const replierId = ids.get(by);
        if (!replierId) continue;
        await createClubPost(deps, asUser(replierId), {
          clubId,
          milestoneId: null,
          parentId: postId,
          body: text,
          spoilerEpisode: null,
        });
        added++;
      }
    }
    if (demo.poll) await seedPoll(deps, owner, clubId, demo.poll, ids);
    if (demo.meeting) {
      const start = new Date(Date.now() + demo.meeting.inDays * DAY_MS);
      start.setUTCHours(18, 0, 0, 0);
      const { meetingId } = await createMeeting(deps, owner, {
        clubId,
        title: demo.meeting.title,
        startsAt: start.toISOString(),
        durationMinutes: 90,
        onlineUrl: null,
        place: demo.meeting.place,
      });
      for (const [handle, response] of Object.entries(demo.meeting.answers)) {
        const id = ids.get(handle);
        if (id) await answerMeeting(deps, asUser(id), { meetingId, response });
      }
      added++;
    }
    // The conversation took place over the last few days, oldest first.
    await db.execute(sql`
      update club_posts p set created_at = now() - interval '3 days' + (
        select count(*) from club_posts o where o.club_id = p.club_id and o.created_at < p.created_at
      ) * interval '5 hours'
      where p.club_id = ${clubId}`);
  }
  return added;
}

async function seedPoll(
  deps: ServiceDeps,
  owner: Viewer,
  clubId: string,
  poll: NonNullable<DemoClub["poll"]>,
  ids: Map<string, string>,
): Promise<void> {
  const titles = await deps.db
    .select({ id: content.id, title: content.title })
    .from(content)
    .where(inArray(content.title, poll.titles));
  const contentIds = poll.titles.flatMap((title) => titles.find((row) => row.title === title)?.id ?? []);
  if (contentIds.length !== poll.titles.length) return;
  const { pollId } = await createPoll(deps, owner, {
    clubId,
    question: poll.question,
    kind: "ranked",
    isAnonymous: false,
    closesAt: new Date(Date.now() + 6 * DAY_MS).toISOString(),
    options: contentIds.map((contentId) => ({ label: "", contentId })),
  });
  const options = await deps.db
    .select({ id: clubPollOptions.id, position: clubPollOptions.position })
    .from(clubPollOptions)
    .where(eq(clubPollOptions.pollId, pollId));
  const optionAt = (index: number) => options.find((option) => option.position === index + 1)?.id ?? "";
  for (const [handle, order] of Object.entries(poll.ballots)) {
    const id = ids.get(handle);
    if (id) await votePoll(deps, asUser(id), { pollId, choices: order.map(optionAt) });
  }
}

/** Each member's finished episodes, as their readers would have recorded them. */
async function markFinished(
  deps: ServiceDeps,
  contentId: string,
  finished: Record<string, number>,
  ids: Map<string, string>,
): Promise<void> {
  const rows = await deps.db
    .select({ id: episodes.id, number: episodes.number })
    .from(episodes)
    .where(eq(episodes.contentId, contentId));
  const values = Object.entries(finished).flatMap(([handle, count]) => {
    const userId = ids.get(handle);
    if (!userId) return [];
    return rows
      .filter((episode) => episode.number <= count)
      .map((episode) => ({
        userId,
        episodeId: episode.id,
        contentId,
        fraction: 1,
        completedAt: new Date(Date.now() - (count - episode.number + 1) * DAY_MS),
      }));
  });
  if (values.length === 0) return;
  await deps.db.insert(episodeProgress).values(values).onConflictDoNothing();
}
