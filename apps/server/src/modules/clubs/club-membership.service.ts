// Getting into and out of a book club: joining, asking, invitations, approving and declining
// requests, leaving. `member_count` moves with every change to or from an active member, in the
// same statement that checks the limit, so a full club stays full under concurrent joins.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { areFriends, isBlockedEitherWay } from "../friends/index.ts";
import { notify } from "../notifications/index.ts";
import { loadClubFor, may } from "./club-access.ts";
import { dropMember, memberChanged, nameOf } from "./club-member-changes.ts";
import { clubMembers, clubs } from "./schema.ts";

/** Takes one seat in the club; CONFLICT when it is full. */
async function takeSeat(tx: Transaction, clubId: string): Promise<void> {
  const rows = await tx
    .update(clubs)
    .set({ memberCount: sql`${clubs.memberCount} + 1` })
    .where(and(eq(clubs.id, clubId), sql`${clubs.memberCount} < ${clubs.memberLimit}`))
    .returning({ id: clubs.id });
  if (rows.length === 0) throw new AppError("CONFLICT", "This club is full.");
}

/** Makes `userId`'s row active (inserting it when there is none), in a seat. */
async function admit(
  deps: ServiceDeps,
  clubId: string,
  userId: string,
  invitedBy: string | null,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await takeSeat(tx, clubId);
    await tx
      .insert(clubMembers)
      .values({ clubId, userId, role: "member", status: "active", joinedAt: new Date(), invitedBy })
      .onConflictDoUpdate({
        target: [clubMembers.clubId, clubMembers.userId],
        set: { status: "active", joinedAt: new Date() },
        setWhere: sql`${clubMembers.status} <> 'active'`,
      });
    memberChanged(deps, clubId, userId);
  });
}

/** The club's owner and moderators. */
async function moderatorIds(db: Executor, clubId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: clubMembers.userId })
    .from(clubMembers)
    .where(
      and(
        eq(clubMembers.clubId, clubId),
        eq(clubMembers.status, "active"),
        inArray(clubMembers.role, ["owner", "moderator"]),
      ),
    );
  return rows.map((row) => row.userId);
}

/**
 * Joins a public club, accepts an invitation, or asks to join a private one. Returns where the
 * viewer stands afterwards.
 */
export async function joinClub(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
): Promise<"active" | "requested"> {
  const access = await loadClubFor(deps.db, clubId, viewer.id, "joinClub");
  const status = access.membership?.status;
  if (status === "active") return "active";
  if (status === "requested") return "requested";
  if (status === "invited" || access.club.privacy === "public") {
    await admit(deps, clubId, viewer.id, null);
    return "active";
  }
  // Private: ask the moderators.
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(clubMembers)
      .values({ clubId, userId: viewer.id, status: "requested" })
      .onConflictDoNothing();
    memberChanged(deps, clubId, viewer.id);
  });
  const name = await nameOf(deps.db, viewer.id);
  for (const moderatorId of await moderatorIds(deps.db, clubId)) {
    await notify(deps, moderatorId, {
      kind: "club",
      title: `${name} asked to join ${access.club.name}`,
      link: `/clubs/${clubId}?tab=members`,
      actorId: viewer.id,
    });
  }
  return "requested";
}

/** Joins the club whose invitation link this is, whatever its privacy. */
export async function joinByInviteCode(
  deps: ServiceDeps,
  viewer: SessionUser,
  code: string,
): Promise<{ clubId: string }> {
  const [club] = await deps.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.inviteCode, code));
  if (!club)
    throw new AppError("NOT_FOUND", "That invitation link is not valid any more. Ask for a new one.");
  const { membership } = await loadClubFor(deps.db, club.id, viewer.id, "joinClubByInvite");
  if (membership?.status !== "active") await admit(deps, club.id, viewer.id, null);
  return { clubId: club.id };
}

/** Leaves the club, cancels one's request or declines an invitation. The owner hands the club on first. */
export async function leaveClub(deps: ServiceDeps, viewer: SessionUser, clubId: string): Promise<void> {
  const access = await loadClubFor(deps.db, clubId, viewer.id, "leaveClub");
  if (!access.membership) return;
  await dropMember(deps, clubId, viewer.id);
}

/** A member invites a friend; CONFLICT when they are already in or asked. */
export async function inviteToClub(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
  userId: string,
): Promise<void> {
  const access = await loadClubFor(deps.db, clubId, viewer.id, "inviteToClub");
  if (userId === viewer.id) throw new AppError("BAD_REQUEST", "You are already in this club.");
  if (
    !(await areFriends(deps.db, viewer.id, userId)) ||
    (await isBlockedEitherWay(deps.db, viewer.id, userId))
  ) {
    throw new AppError("FORBIDDEN", "You can invite your friends.");
  }
  const [existing] = await deps.db
    .select({ status: clubMembers.status })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
  if (existing?.status === "requested" && may(access, "approveJoinRequest")) {
    await approveJoinRequest(deps, viewer, clubId, userId);
    return;
  }
  if (existing)
    throw new AppError("CONFLICT", "They are already in this club, or invited, or asked to join.");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(clubMembers)
      .values({ clubId, userId, status: "invited", invitedBy: viewer.id })
      .onConflictDoNothing();
    memberChanged(deps, clubId, userId);
  });
  await notify(deps, userId, {
    kind: "club",
    title: `${await nameOf(deps.db, viewer.id)} invited you to ${access.club.name}`,
    link: `/clubs/${clubId}`,
    actorId: viewer.id,
  });
}

async function requestRow(deps: ServiceDeps, clubId: string, userId: string) {
  const [row] = await deps.db
    .select({ status: clubMembers.status })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
  if (row?.status !== "requested") throw new AppError("NOT_FOUND", "There is no such request to join.");
}

export async function approveJoinRequest(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
  userId: string,
): Promise<void> {
  const { club } = await loadClubFor(deps.db, clubId, viewer.id, "approveJoinRequest");
  await requestRow(deps, clubId, userId);
  await admit(deps, clubId, userId, viewer.id);
  await notify(deps, userId, {
    kind: "club",
    title: `You are in ${club.name}`,
    body: "Your request to join was approved.",
    link: `/clubs/${clubId}`,
    actorId: viewer.id,
  });
}

export async function declineJoinRequest(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
  userId: string,
): Promise<void> {
  await loadClubFor(deps.db, clubId, viewer.id, "declineJoinRequest");
  await requestRow(deps, clubId, userId);
  await dropMember(deps, clubId, userId);
}
