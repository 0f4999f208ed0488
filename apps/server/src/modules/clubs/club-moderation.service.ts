// Moderating a book club's members: removing and muting them, their roles, and handing the club on.
import type { ClubRole } from "@litverse/shared/clubs";
import type { muteMemberInput } from "@litverse/shared/clubs-inputs";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { notify } from "../notifications/index.ts";
import { type ClubAccess, clubTopic, loadClubFor } from "./club-access.ts";
import { dropMember, memberChanged, nameOf } from "./club-member-changes.ts";
import { clubMembers, clubs } from "./schema.ts";

/** The active member `userId`, for someone acting on them. */
async function activeMember(db: Executor, clubId: string, userId: string) {
  const [row] = await db
    .select()
    .from(clubMembers)
    .where(
      and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId), eq(clubMembers.status, "active")),
    );
  if (!row) throw new AppError("NOT_FOUND", "That person is not a member of this club.");
  return row;
}

/** Whether the acting moderator outranks the member: the owner acts on anyone, moderators on members. */
function outranks(access: ClubAccess, targetRole: ClubRole): boolean {
  const role = access.membership?.role;
  if (targetRole === "owner") return false;
  return role === "owner" || (role === "moderator" && targetRole === "member");
}

/** Removes a member: they lose access at once, on every open page. */
export async function removeMember(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
  userId: string,
): Promise<void> {
  const access = await loadClubFor(deps.db, clubId, viewer.id, "removeClubMember");
  const target = await activeMember(deps.db, clubId, userId);
  if (!outranks(access, target.role)) {
    throw new AppError(
      "FORBIDDEN",
      "Only the owner can remove a moderator, and nobody can remove the owner.",
    );
  }
  await dropMember(deps, clubId, userId);
}

export async function muteMember(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof muteMemberInput>,
): Promise<void> {
  const access = await loadClubFor(deps.db, input.clubId, viewer.id, "muteClubMember");
  const target = await activeMember(deps.db, input.clubId, input.userId);
  if (!outranks(access, target.role)) {
    throw new AppError("FORBIDDEN", "Only the owner can mute a moderator, and nobody can mute the owner.");
  }
  const until = input.hours > 0 ? new Date(Date.now() + input.hours * 3_600_000) : null;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(clubMembers)
      .set({ mutedUntil: until })
      .where(and(eq(clubMembers.clubId, input.clubId), eq(clubMembers.userId, input.userId)));
    memberChanged(deps, input.clubId, input.userId);
  });
}

export async function setMemberRole(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
  userId: string,
  role: "moderator" | "member",
): Promise<void> {
  await loadClubFor(deps.db, clubId, viewer.id, "setClubMemberRole");
  const target = await activeMember(deps.db, clubId, userId);
  if (target.role === "owner") throw new AppError("BAD_REQUEST", "Hand the club on to change your own role.");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(clubMembers)
      .set({ role })
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
    memberChanged(deps, clubId, userId);
  });
}

/** The owner hands the club to another member and stays on as a moderator. */
export async function transferOwnership(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
  userId: string,
): Promise<void> {
  const { club } = await loadClubFor(deps.db, clubId, viewer.id, "transferClubOwnership");
  if (userId === viewer.id) throw new AppError("BAD_REQUEST", "You own this club already.");
  await activeMember(deps.db, clubId, userId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    // The old owner steps down first: one owner per club at every moment.
    await tx
      .update(clubMembers)
      .set({ role: "moderator" })
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, viewer.id)));
    await tx
      .update(clubMembers)
      .set({ role: "owner" })
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
    await tx.update(clubs).set({ ownerId: userId }).where(eq(clubs.id, clubId));
    memberChanged(deps, clubId, viewer.id);
    memberChanged(deps, clubId, userId);
    deps.changes.changed(clubTopic(clubId));
  });
  await notify(deps, userId, {
    kind: "club",
    title: `You now own ${club.name}`,
    body: `${await nameOf(deps.db, viewer.id)} handed the club on to you.`,
    link: `/clubs/${clubId}`,
    actorId: viewer.id,
  });
}
