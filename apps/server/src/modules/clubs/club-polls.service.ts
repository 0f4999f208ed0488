// Polls in a club: single, multiple or ranked choice, named or anonymous, with a deadline. Nobody
// sees the results (not even how the vote leans) until the poll closes; ranked polls are counted by
// instant runoff. Moderators open and close polls; members vote and may change their vote until then.
import { CLUB_POLL_DAYS_MAX, type ClubPoll, type ClubPollKind, instantRunoff } from "@litverse/shared/clubs";
import type { createPollInput } from "@litverse/shared/clubs-inputs";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser, Viewer } from "../../core/service-deps.ts";
import { visibleTitle } from "../content/index.ts";
import { content } from "../content/schema.ts";
import { peopleByIds } from "../profiles/index.ts";
import { type Onlooker, visibleItem } from "../reports/index.ts";
import { loadClubFor } from "./club-access.ts";
import { clubPollOptions, clubPolls, clubPollVotes } from "./schema.ts";

/** Polls and votes in a club. */
export const clubPollsTopic = (clubId: string) => `club:${clubId}:polls`;

const DAY_MS = 86_400_000;
const POLLS_SHOWN = 20;

export async function createPoll(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof createPollInput>,
): Promise<{ pollId: string }> {
  await loadClubFor(deps.db, input.clubId, viewer.id, "createClubPoll");
  const closesAt = new Date(input.closesAt);
  if (closesAt.getTime() <= Date.now())
    throw new AppError("BAD_REQUEST", "Choose a closing time in the future.");
  if (closesAt.getTime() > Date.now() + CLUB_POLL_DAYS_MAX * DAY_MS) {
    throw new AppError("BAD_REQUEST", `A poll closes within ${CLUB_POLL_DAYS_MAX} days.`);
  }
  // Choices naming titles take the title's name, and only titles the author may see.
  const options: { label: string; contentId: string | null }[] = [];
  for (const option of input.options) {
    if (option.contentId) {
      const title = await visibleTitle(deps.db, viewer, option.contentId);
      options.push({ label: option.label || title.title, contentId: title.id });
    } else options.push({ label: option.label, contentId: null });
  }
  const pollId = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [poll] = await tx
      .insert(clubPolls)
      .values({
        clubId: input.clubId,
        authorId: viewer.id,
        question: input.question,
        kind: input.kind,
        isAnonymous: input.isAnonymous,
        closesAt,
      })
      .returning({ id: clubPolls.id });
    if (!poll) throw new AppError("CONFLICT", "Could not create the poll.");
    await tx
      .insert(clubPollOptions)
      .values(options.map((option, index) => ({ pollId: poll.id, position: index + 1, ...option })));
    deps.changes.changed(clubPollsTopic(input.clubId));
    return poll.id;
  });
  return { pollId };
}

/** Polls moderators have not hidden from this member (under 18 unless they said 18). */
const shownTo = (user: SessionUser & Partial<Onlooker>) =>
  visibleItem("club_poll", clubPolls.id, { age: user.age ?? null });

/** The poll; with `seenBy`, only if moderators have not hidden it from them. */
async function pollFor(deps: ServiceDeps, pollId: string, seenBy?: SessionUser & Partial<Onlooker>) {
  const [poll] = await deps.db
    .select()
    .from(clubPolls)
    .where(and(eq(clubPolls.id, pollId), seenBy ? shownTo(seenBy) : undefined));
  if (!poll) throw new AppError("NOT_FOUND", "That poll is not here.");
  return poll;
}

const isClosed = (poll: typeof clubPolls.$inferSelect, now = Date.now()) =>
  poll.closedAt !== null || poll.closesAt.getTime() <= now;

/** The caller's vote, replacing any earlier one. */
export async function votePoll(
  deps: ServiceDeps,
  user: SessionUser & Partial<Onlooker>,
  input: { pollId: string; choices: string[] },
): Promise<void> {
  const poll = await pollFor(deps, input.pollId, user);
  await loadClubFor(deps.db, poll.clubId, user.id, "voteClubPoll");
  if (isClosed(poll)) throw new AppError("CONFLICT", "This poll has closed.");
  if (poll.kind === "single" && input.choices.length !== 1) {
    throw new AppError("BAD_REQUEST", "Choose one option.");
  }
  const options = await deps.db
    .select({ id: clubPollOptions.id })
    .from(clubPollOptions)
    .where(eq(clubPollOptions.pollId, poll.id));
  const known = new Set(options.map((option) => option.id));
  if (input.choices.some((choice) => !known.has(choice))) {
    throw new AppError("BAD_REQUEST", "That is not one of the poll's options.");
  }
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .delete(clubPollVotes)
      .where(and(eq(clubPollVotes.pollId, poll.id), eq(clubPollVotes.userId, user.id)));
    await tx.insert(clubPollVotes).values(
      input.choices.map((optionId, index) => ({
        pollId: poll.id,
        userId: user.id,
        optionId,
        rank: index + 1,
      })),
    );
    deps.changes.changed(clubPollsTopic(poll.clubId));
  });
}

/** A moderator closes a poll before its deadline; the results show at once. */
export async function closePoll(deps: ServiceDeps, user: SessionUser, pollId: string): Promise<void> {
  const poll = await pollFor(deps, pollId);
  await loadClubFor(deps.db, poll.clubId, user.id, "closeClubPoll");
  if (isClosed(poll)) return;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.update(clubPolls).set({ closedAt: new Date() }).where(eq(clubPolls.id, poll.id));
    deps.changes.changed(clubPollsTopic(poll.clubId));
  });
}

export async function deletePoll(deps: ServiceDeps, user: SessionUser, pollId: string): Promise<void> {
  const poll = await pollFor(deps, pollId);
  await loadClubFor(deps.db, poll.clubId, user.id, "deleteClubPoll");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.delete(clubPolls).where(eq(clubPolls.id, poll.id));
    deps.changes.changed(clubPollsTopic(poll.clubId));
  });
}

/** The club's newest polls (but those moderators hid from the member); results of closed ones. */
export async function listPolls(
  deps: ServiceDeps,
  user: SessionUser & Partial<Onlooker>,
  clubId: string,
): Promise<ClubPoll[]> {
  await loadClubFor(deps.db, clubId, user.id, "listClubPolls");
  track(clubPollsTopic(clubId));
  const polls = await deps.db
    .select()
    .from(clubPolls)
    .where(and(eq(clubPolls.clubId, clubId), shownTo(user)))
    .orderBy(desc(clubPolls.createdAt))
    .limit(POLLS_SHOWN);
  if (polls.length === 0) return [];
  const pollIds = polls.map((poll) => poll.id);
  const [options, votes] = await Promise.all([
    deps.db
      .select({
        id: clubPollOptions.id,
        pollId: clubPollOptions.pollId,
        label: clubPollOptions.label,
        contentId: clubPollOptions.contentId,
        contentTitle: content.title,
      })
      .from(clubPollOptions)
      .leftJoin(content, eq(content.id, clubPollOptions.contentId))
      .where(inArray(clubPollOptions.pollId, pollIds))
      .orderBy(asc(clubPollOptions.position)),
    deps.db
      .select()
      .from(clubPollVotes)
      .where(inArray(clubPollVotes.pollId, pollIds))
      .orderBy(asc(clubPollVotes.rank)),
  ]);
  const now = Date.now();
  const namedVoters = polls
    .filter((poll) => isClosed(poll, now) && !poll.isAnonymous)
    .flatMap((poll) => votes.filter((vote) => vote.pollId === poll.id).map((vote) => vote.userId));
  const people = await peopleByIds(deps.db, [
    ...namedVoters,
    ...polls.flatMap((poll) => (poll.authorId ? [poll.authorId] : [])),
  ]);

  return polls.map((poll) => {
    const closed = isClosed(poll, now);
    const own = votes.filter((vote) => vote.pollId === poll.id);
    const ballots = ballotsOf(own);
    const pollOptions = options.filter((option) => option.pollId === poll.id);
    // What counts for each option: any choice (single, multiple), the first preference (ranked).
    const counted = own.filter((vote) => poll.kind !== "ranked" || vote.rank === 1);
    return {
      _id: poll.id,
      question: poll.question,
      kind: poll.kind as ClubPollKind,
      isAnonymous: poll.isAnonymous,
      closesAt: (poll.closedAt ?? poll.closesAt).toISOString(),
      isClosed: closed,
      author: poll.authorId ? (people.get(poll.authorId) ?? null) : null,
      options: pollOptions.map((option) => {
        const chose = counted.filter((vote) => vote.optionId === option.id);
        return {
          _id: option.id,
          label: option.contentTitle ?? option.label,
          contentId: option.contentId,
          votes: closed ? chose.length : null,
          voters: closed && !poll.isAnonymous ? chose.flatMap((vote) => people.get(vote.userId) ?? []) : [],
        };
      }),
      voterCount: ballots.size,
      myChoices: ballots.get(user.id) ?? [],
      runoff:
        closed && poll.kind === "ranked"
          ? instantRunoff(
              pollOptions.map((option) => option.id),
              [...ballots.values()],
            )
          : null,
      createdAt: poll.createdAt.toISOString(),
    };
  });
}

/** Each voter's choices in order of preference (votes come sorted by rank). */
function ballotsOf(votes: (typeof clubPollVotes.$inferSelect)[]): Map<string, string[]> {
  const ballots = new Map<string, string[]>();
  for (const vote of votes) ballots.set(vote.userId, [...(ballots.get(vote.userId) ?? []), vote.optionId]);
  return ballots;
}
