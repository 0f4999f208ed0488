// Who may see, read, post in and run a club. Every club function starts here: it loads the club and
// the caller's own member row in one query and follows both live, so that a removed member's open
// pages stop at once and a club turned secret disappears for those outside it.
import type { ClubMemberStatus, ClubPrivacy, ClubRole } from "@litverse/shared/clubs";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { clubMembers, clubs } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { track } from "../../live/topics.ts";

/** The club's own row: name, privacy, cover, limit, current read and schedule. */
export const clubTopic = (clubId: string) => `club:${clubId}`;
/** One person's place in one club. */
export const clubMemberTopic = (clubId: string, userId: string) => `club:${clubId}:member:${userId}`;
/** Anyone joined, left, asked, was invited, changed role or was muted. */
export const clubMembersTopic = (clubId: string) => `club:${clubId}:members`;
/** Posts, replies, reactions, pins and locks. */
export const clubPostsTopic = (clubId: string) => `club:${clubId}:posts`;
/** The clubs a person is in, asked to join or was invited to. */
export const myClubsTopic = (userId: string) => `user:${userId}:clubs`;
/** Clubs anyone can find: created, renamed, joined, deleted. */
export const DISCOVER_CLUBS_TOPIC = "clubs:discover";

export const NO_SUCH_CLUB = "That club is not here.";

export type ClubRow = typeof clubs.$inferSelect;

export interface Membership {
  role: ClubRole;
  status: ClubMemberStatus;
  mutedUntil: Date | null;
}

export interface ClubAccess {
  club: ClubRow;
  /** The caller's row, whatever its status; null when they have none. */
  membership: Membership | null;
}

export const isActive = (access: ClubAccess) => access.membership?.status === "active";

export function isModerator(access: ClubAccess): boolean {
  const role = access.membership?.role;
  return isActive(access) && (role === "owner" || role === "moderator");
}

/** Whether the person may know the club exists: secret clubs show only to those it asked or took in. */
export function canSee(privacy: ClubPrivacy, membership: Membership | null): boolean {
  return privacy !== "secret" || membership?.status === "active" || membership?.status === "invited";
}

/** Whether the person may read the discussions: members, and anyone in a public club. */
export function canRead(privacy: ClubPrivacy, membership: Membership | null): boolean {
  return membership?.status === "active" || privacy === "public";
}

/** The club and the caller's place in it; NOT_FOUND when it does not exist or is hidden from them. */
export async function loadClub(db: Executor, clubId: string, userId: string): Promise<ClubAccess> {
  track(clubTopic(clubId), clubMemberTopic(clubId, userId));
  const [row] = await db
    .select({
      club: clubs,
      role: clubMembers.role,
      status: clubMembers.status,
      mutedUntil: clubMembers.mutedUntil,
    })
    .from(clubs)
    .leftJoin(clubMembers, and(eq(clubMembers.clubId, clubs.id), eq(clubMembers.userId, userId)))
    .where(eq(clubs.id, clubId));
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_CLUB);
  const membership =
    row.role && row.status ? { role: row.role, status: row.status, mutedUntil: row.mutedUntil } : null;
  if (!canSee(row.club.privacy, membership)) throw new AppError("NOT_FOUND", NO_SUCH_CLUB);
  return { club: row.club, membership };
}

/** The club, for someone who may read its discussions. */
export async function loadReadableClub(db: Executor, clubId: string, userId: string): Promise<ClubAccess> {
  const access = await loadClub(db, clubId, userId);
  if (!canRead(access.club.privacy, access.membership)) {
    throw new AppError("FORBIDDEN", "Join this club to read its discussions.");
  }
  return access;
}

/** The club, for one of its members. */
export async function loadMemberClub(db: Executor, clubId: string, userId: string): Promise<ClubAccess> {
  const access = await loadClub(db, clubId, userId);
  if (!isActive(access)) throw new AppError("FORBIDDEN", "Only members of this club can do that.");
  return access;
}

/** The club, for its owner or one of its moderators. */
export async function loadModeratedClub(db: Executor, clubId: string, userId: string): Promise<ClubAccess> {
  const access = await loadClub(db, clubId, userId);
  if (!isModerator(access)) throw new AppError("FORBIDDEN", "Only the club's moderators can do that.");
  return access;
}

/** The club, for its owner. */
export async function loadOwnedClub(db: Executor, clubId: string, userId: string): Promise<ClubAccess> {
  const access = await loadClub(db, clubId, userId);
  if (!isActive(access) || access.membership?.role !== "owner") {
    throw new AppError("FORBIDDEN", "Only the club's owner can do that.");
  }
  return access;
}

/** A member may post unless muted. */
export function requireNotMuted(access: ClubAccess, now = new Date()): void {
  const until = access.membership?.mutedUntil;
  if (until && until > now) {
    throw new AppError(
      "FORBIDDEN",
      `A moderator muted you in this club until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    );
  }
}
