// Club meetings: a time (stored as an instant, shown in each member's own time zone), an online link
// or a place, and who is coming. Moderators plan them; members answer going, maybe or not going.
import type { ClubMeeting, ClubRsvp } from "@litverse/shared/clubs";
import type { createMeetingInput } from "@litverse/shared/clubs-inputs";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { peopleByIds } from "../profiles/index.ts";
import { loadClubFor } from "./club-access.ts";
import { clubMeetingRsvps, clubMeetings } from "./schema.ts";

export const clubMeetingsTopic = (clubId: string) => `club:${clubId}:meetings`;

export async function createMeeting(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof createMeetingInput>,
): Promise<{ meetingId: string }> {
  await loadClubFor(deps.db, input.clubId, user.id, "createClubMeeting");
  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() <= Date.now()) throw new AppError("BAD_REQUEST", "Choose a time in the future.");
  const meetingId = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(clubMeetings)
      .values({
        clubId: input.clubId,
        createdBy: user.id,
        title: input.title,
        startsAt,
        durationMinutes: input.durationMinutes,
        onlineUrl: input.onlineUrl,
        place: input.place,
      })
      .returning({ id: clubMeetings.id });
    if (!row) throw new AppError("CONFLICT", "Could not plan the meeting.");
    deps.changes.changed(clubMeetingsTopic(input.clubId));
    return row.id;
  });
  return { meetingId };
}

async function meetingFor(deps: ServiceDeps, meetingId: string) {
  const [meeting] = await deps.db.select().from(clubMeetings).where(eq(clubMeetings.id, meetingId));
  if (!meeting) throw new AppError("NOT_FOUND", "That meeting is not here.");
  return meeting;
}

export async function answerMeeting(
  deps: ServiceDeps,
  user: SessionUser,
  input: { meetingId: string; response: ClubRsvp },
): Promise<void> {
  const meeting = await meetingFor(deps, input.meetingId);
  await loadClubFor(deps.db, meeting.clubId, user.id, "answerClubMeeting");
  const endsAt = meeting.startsAt.getTime() + meeting.durationMinutes * 60_000;
  if (endsAt <= Date.now()) throw new AppError("CONFLICT", "This meeting is over.");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(clubMeetingRsvps)
      .values({ meetingId: meeting.id, userId: user.id, response: input.response })
      .onConflictDoUpdate({
        target: [clubMeetingRsvps.meetingId, clubMeetingRsvps.userId],
        set: { response: input.response },
      });
    deps.changes.changed(clubMeetingsTopic(meeting.clubId));
  });
}

export async function deleteMeeting(deps: ServiceDeps, user: SessionUser, meetingId: string): Promise<void> {
  const meeting = await meetingFor(deps, meetingId);
  await loadClubFor(deps.db, meeting.clubId, user.id, "deleteClubMeeting");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.delete(clubMeetings).where(eq(clubMeetings.id, meeting.id));
    deps.changes.changed(clubMeetingsTopic(meeting.clubId));
  });
}

/** Meetings not over yet, soonest first, with the answers. */
export async function listMeetings(
  deps: ServiceDeps,
  user: SessionUser,
  clubId: string,
): Promise<ClubMeeting[]> {
  await loadClubFor(deps.db, clubId, user.id, "listClubMeetings");
  track(clubMeetingsTopic(clubId));
  const meetings = await deps.db
    .select()
    .from(clubMeetings)
    .where(
      and(
        eq(clubMeetings.clubId, clubId),
        gte(
          sql`${clubMeetings.startsAt} + make_interval(mins => ${clubMeetings.durationMinutes})`,
          sql`now()`,
        ),
      ),
    )
    .orderBy(asc(clubMeetings.startsAt))
    .limit(20);
  if (meetings.length === 0) return [];
  const answers = await deps.db
    .select()
    .from(clubMeetingRsvps)
    .where(
      inArray(
        clubMeetingRsvps.meetingId,
        meetings.map((meeting) => meeting.id),
      ),
    );
  const people = await peopleByIds(
    deps.db,
    answers.filter((answer) => answer.response === "going").map((answer) => answer.userId),
  );
  return meetings.map((meeting) => {
    const own = answers.filter((answer) => answer.meetingId === meeting.id);
    const count = (response: ClubRsvp) => own.filter((answer) => answer.response === response).length;
    return {
      _id: meeting.id,
      title: meeting.title,
      startsAt: meeting.startsAt.toISOString(),
      durationMinutes: meeting.durationMinutes,
      onlineUrl: meeting.onlineUrl,
      place: meeting.place,
      counts: { going: count("going"), maybe: count("maybe"), not_going: count("not_going") },
      going: own
        .filter((answer) => answer.response === "going")
        .flatMap((answer) => people.get(answer.userId) ?? []),
      myRsvp: own.find((answer) => answer.userId === user.id)?.response ?? null,
    };
  });
}
