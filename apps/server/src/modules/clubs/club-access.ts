// Who may see, read, post in and run a club. Every club function starts here: it loads the club and
// the caller's own member row in one query, follows both live (so that a removed member's open pages
// stop at once and a club turned secret disappears for those outside it), and lets the caller through
// only as far as the rights table says.
import {
  type ClubDecision,
  type ClubFunction,
  type ClubPlace,
  type ClubRefusal,
  decideClubRight,
} from "@litverse/shared/club-rights";
import type { ClubMemberStatus, ClubRole } from "@litverse/shared/clubs";
import type { AppErrorCode } from "@litverse/shared/errors";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import { clubMembers, clubs } from "./schema.ts";

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

function placeOf(membership: Membership | null, now: Date): ClubPlace | null {
  if (!membership) return null;
  const { role, status, mutedUntil } = membership;
  return { role, status, isMuted: mutedUntil !== null && mutedUntil > now };
}

function decide(access: ClubAccess, fn: ClubFunction, isAuthor: boolean, now: Date): ClubDecision {
  return decideClubRight(fn, access.club.privacy, placeOf(access.membership, now), { isAuthor });
}

/** Whether the caller may call `fn` here: for what a page shows them, never instead of `loadClubFor`. */
export function may(access: ClubAccess, fn: ClubFunction, now = new Date()): boolean {
  return decide(access, fn, false, now).allowed;
}

const REFUSALS: Record<Exclude<ClubRefusal, "hidden" | "muted" | "excluded">, string> = {
  read: "Join this club to read its discussions.",
  owner: "Only the club's owner can do that.",
  moderator: "Only the club's moderators can do that.",
  member: "Only members of this club can do that.",
  author: "Only its author or a moderator can do that.",
};

type Refusal = { code: AppErrorCode; message: string };

/** Where one function says more than the general refusal. */
const REFUSALS_BY_FUNCTION: Partial<Record<ClubFunction, Partial<Record<ClubRefusal, Refusal>>>> = {
  leaveClub: {
    excluded: {
      code: "CONFLICT",
      message: "Make someone else the owner before you leave, or delete the club.",
    },
  },
  listClubMembers: { read: { code: "FORBIDDEN", message: "Join this club to see its members." } },
  deleteClubPost: {
    author: { code: "FORBIDDEN", message: "Only its author or a moderator can delete a post." },
  },
};

function refusalError(access: ClubAccess, fn: ClubFunction, refusal: ClubRefusal): AppError {
  const special = REFUSALS_BY_FUNCTION[fn]?.[refusal];
  if (special) return new AppError(special.code, special.message);
  switch (refusal) {
    case "hidden":
      return new AppError("NOT_FOUND", NO_SUCH_CLUB);
    case "muted": {
      // Stryker disable next-line OptionalChaining: a mute is refused only to someone with a member row and a running mute
      const until = access.membership?.mutedUntil ?? new Date();
      return new AppError(
        "FORBIDDEN",
        `A moderator muted you in this club until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      );
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable, only leaveClub's row refuses "excluded" and REFUSALS_BY_FUNCTION words it
    case "excluded":
      // Stryker disable next-line StringLiteral: unreachable, see the case above
      return new AppError("FORBIDDEN", "You cannot do that in this club.");
    default:
      return new AppError("FORBIDDEN", REFUSALS[refusal]);
  }
}

/** The club and the caller's row, whoever they are; NOT_FOUND only when there is no such club. */
async function readClub(db: Executor, clubId: string, userId: string): Promise<ClubAccess> {
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
  return { club: row.club, membership };
}

/**
 * The club and the caller's place in it, for calling `fn`: refused as the rights table says, NOT_FOUND
 * where the club is secret to them. `authorId` is the author of the post acted on, if any.
 */
export async function loadClubFor(
  db: Executor,
  clubId: string,
  userId: string,
  fn: ClubFunction,
  { authorId }: { authorId?: string | null } = {},
): Promise<ClubAccess> {
  const access = await readClub(db, clubId, userId);
  const decision = decide(access, fn, authorId === userId, new Date());
  if (!decision.allowed) throw refusalError(access, fn, decision.refusal);
  return access;
}
