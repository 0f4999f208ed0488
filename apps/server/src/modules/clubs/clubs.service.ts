// Book clubs and who is in them: create and change a club, find clubs, join, ask, invite, approve,
// roles, ownership, muting, removal and leaving. `member_count` moves with every change to or from
// an active member, in the same statement that checks the limit, so a full club stays full under
// concurrent joins.
import { createHash, randomBytes } from "node:crypto";
import type { ClubCard, ClubDetail, ClubMember, ClubRole } from "@litverse/shared/clubs";
import { CLUB_MEMBER_LIMIT_DEFAULT } from "@litverse/shared/clubs";
import type {
  createClubInput,
  discoverClubsInput,
  muteMemberInput,
  updateClubInput,
} from "@litverse/shared/clubs-inputs";
import type { ProfileClub } from "@litverse/shared/people";
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Executor, queryRows, type Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import { likePattern } from "../content/index.ts";
import { content } from "../content/schema.ts";
import { areFriends, isBlockedEitherWay } from "../friends/index.ts";
import { notify } from "../notifications/index.ts";
import { peopleByIds, personById } from "../profiles/index.ts";
import { rewardClubFounded } from "../rewards/index.ts";
import {
  type ClubAccess,
  type ClubRow,
  clubMembersTopic,
  clubMemberTopic,
  clubTopic,
  DISCOVER_CLUBS_TOPIC,
  isActive,
  loadClubFor,
  may,
  myClubsTopic,
} from "./club-access.ts";
import { finishedEpisodes } from "./club-progress.ts";
import { currentReadOf, toClubRead } from "./club-reads.service.ts";
import { clubMembers, clubReads, clubs } from "./schema.ts";

const COVER_EDGE = 1200;
const DISCOVER_LIMIT = 30;

export function clubCoverUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

function newInviteCode(): string {
  return randomBytes(12).toString("base64url");
}

/** Stores an uploaded picture as the club's cover; returns its key. */
async function storeCover(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
  uploadId: string,
): Promise<string> {
  const image = await reencodeUploadedImage(deps, viewer.id, uploadId, { maxEdge: COVER_EDGE });
  const hash = createHash("sha256").update(image.data).digest("hex").slice(0, 12);
  const key = `club-covers/${clubId}/cover-${hash}.webp`;
  await deps.media.storage.writeFile(key, image.data);
  return key;
}

export async function createClub(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof createClubInput>,
): Promise<{ clubId: string }> {
  const club = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(clubs)
      .values({
        name: input.name,
        description: input.description,
        rules: input.rules,
        privacy: input.privacy,
        ownerId: viewer.id,
        memberLimit: input.memberLimit ?? CLUB_MEMBER_LIMIT_DEFAULT,
        memberCount: 1,
        inviteCode: newInviteCode(),
      })
      .returning();
    if (!row) throw new AppError("CONFLICT", "Could not create the club.");
    await tx
      .insert(clubMembers)
      .values({ clubId: row.id, userId: viewer.id, role: "owner", status: "active", joinedAt: new Date() });
    await rewardClubFounded(deps, tx, viewer.id, row.id);
    deps.changes.changed(DISCOVER_CLUBS_TOPIC, myClubsTopic(viewer.id));
    return row;
  });
  if (input.coverUploadId) {
    const key = await storeCover(deps, viewer, club.id, input.coverUploadId);
    await deps.changes.inTransaction(deps.db, async (tx) => {
      await tx.update(clubs).set({ coverKey: key }).where(eq(clubs.id, club.id));
      deps.changes.changed(clubTopic(club.id));
    });
  }
  return { clubId: club.id };
}

export async function updateClub(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof updateClubInput>,
): Promise<void> {
  const { club } = await loadClubFor(deps.db, input.clubId, viewer.id, "updateClub");
  if (input.memberLimit !== undefined && input.memberLimit < club.memberCount) {
    throw new AppError(
      "BAD_REQUEST",
      `The club has ${club.memberCount} members: the limit cannot be lower than that.`,
    );
  }
  let coverKey: string | null | undefined;
  if (input.coverUploadId) coverKey = await storeCover(deps, viewer, club.id, input.coverUploadId);
  else if (input.coverUploadId === null) coverKey = null;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(clubs)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.rules !== undefined ? { rules: input.rules } : {}),
        ...(input.privacy !== undefined ? { privacy: input.privacy } : {}),
        ...(input.memberLimit !== undefined ? { memberLimit: input.memberLimit } : {}),
        ...(coverKey !== undefined ? { coverKey } : {}),
      })
      .where(eq(clubs.id, club.id));
    deps.changes.changed(clubTopic(club.id), DISCOVER_CLUBS_TOPIC);
  });
  if (coverKey !== undefined && club.coverKey && club.coverKey !== coverKey) {
    await deps.media.storage.remove(club.coverKey);
  }
}

/** A new invitation link; the old one stops working. */
export async function renewInviteCode(deps: ServiceDeps, viewer: SessionUser, clubId: string): Promise<void> {
  await loadClubFor(deps.db, clubId, viewer.id, "renewInviteCode");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.update(clubs).set({ inviteCode: newInviteCode() }).where(eq(clubs.id, clubId));
    deps.changes.changed(clubTopic(clubId));
  });
}

export async function deleteClub(deps: ServiceDeps, viewer: SessionUser, clubId: string): Promise<void> {
  const { club } = await loadClubFor(deps.db, clubId, viewer.id, "deleteClub");
  const members = await deps.db
    .select({ userId: clubMembers.userId })
    .from(clubMembers)
    .where(eq(clubMembers.clubId, clubId));
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.delete(clubs).where(eq(clubs.id, clubId));
    deps.changes.changed(
      clubTopic(clubId),
      clubMembersTopic(clubId),
      DISCOVER_CLUBS_TOPIC,
      ...members.map((member) => myClubsTopic(member.userId)),
      ...members.map((member) => clubMemberTopic(clubId, member.userId)),
    );
  });
  if (club.coverKey) await deps.media.storage.remove(club.coverKey);
}

// ---------------------------------------------------------------------------------------------
// Lists

const cardColumns = {
  club: clubs,
  readId: clubReads.id,
  contentId: content.id,
  contentTitle: content.title,
  contentCover: content.coverImage,
  contentType: content.contentType,
  myRole: clubMembers.role,
  myStatus: clubMembers.status,
};

type CardRow = {
  club: ClubRow;
  contentId: string | null;
  contentTitle: string | null;
  contentCover: string | null;
  contentType: string | null;
  myRole: ClubRole | null;
  myStatus: ClubCard["myStatus"];
};

function toClubCard(row: CardRow): ClubCard {
  const { club } = row;
  return {
    _id: club.id,
    name: club.name,
    description: club.description,
    privacy: club.privacy,
    coverUrl: clubCoverUrl(club.coverKey),
    memberCount: club.memberCount,
    memberLimit: club.memberLimit,
    currentRead:
      row.contentId && row.contentTitle && row.contentType
        ? {
            _id: row.contentId,
            title: row.contentTitle,
            coverUrl: row.contentCover,
            contentType: row.contentType,
          }
        : null,
    myRole: row.myStatus ? row.myRole : null,
    myStatus: row.myStatus,
    createdAt: club.createdAt.toISOString(),
  };
}

/** Cards of clubs with their current read and the viewer's place, filtered by `where`. */
function selectCards(db: Executor, viewerId: string) {
  return db
    .select(cardColumns)
    .from(clubs)
    .leftJoin(clubReads, and(eq(clubReads.clubId, clubs.id), isNull(clubReads.finishedAt)))
    .leftJoin(content, eq(content.id, clubReads.contentId))
    .leftJoin(clubMembers, and(eq(clubMembers.clubId, clubs.id), eq(clubMembers.userId, viewerId)));
}

/** The clubs the viewer is in, has asked to join or was invited to: invitations first. */
export async function listMyClubs(deps: ServiceDeps, viewer: SessionUser): Promise<ClubCard[]> {
  track(myClubsTopic(viewer.id), DISCOVER_CLUBS_TOPIC);
  const rows = await selectCards(deps.db, viewer.id)
    .where(sql`${clubMembers.userId} is not null`)
    .orderBy(
      sql`case ${clubMembers.status} when 'invited' then 0 when 'active' then 1 else 2 end`,
      asc(clubs.name),
    );
  return rows.map(toClubCard);
}

/** Public and private clubs to find, by name or words in the description, genre and kind of current read. */
export async function discoverClubs(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof discoverClubsInput>,
): Promise<ClubCard[]> {
  track(DISCOVER_CLUBS_TOPIC);
  const pattern = input.query ? likePattern(input.query) : null;
  const rows = await selectCards(deps.db, viewer.id)
    .where(
      and(
        ne(clubs.privacy, "secret"),
        pattern ? or(ilike(clubs.name, pattern), ilike(clubs.description, pattern)) : undefined,
        input.genre ? sql`${input.genre.toLowerCase()} = any(${content.genres})` : undefined,
        input.contentType ? eq(content.contentType, input.contentType) : undefined,
      ),
    )
    .orderBy(
      ...(input.sort === "popular" ? [desc(clubs.memberCount)] : []),
      desc(clubs.createdAt),
      desc(clubs.id),
    )
    .limit(DISCOVER_LIMIT);
  return rows.map(toClubCard);
}

/** The club's page: everything about it the viewer may see. */
export async function getClub(deps: ServiceDeps, viewer: SessionUser, clubId: string): Promise<ClubDetail> {
  const access = await loadClubFor(deps.db, clubId, viewer.id, "getClub");
  const { club, membership } = access;
  const moderator = may(access, "approveJoinRequest");
  if (moderator) track(clubMembersTopic(clubId));
  // The card is made of what is read here already: the club's row, the caller's row, the read.
  const [owner, read, [pending]] = await Promise.all([
    personById(deps.db, club.ownerId),
    currentReadOf(deps.db, clubId),
    moderator
      ? deps.db
          .select({ count: sql<number>`count(*)::int` })
          .from(clubMembers)
          .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, "requested")))
      : Promise.resolve([{ count: 0 }]),
  ]);
  const member = isActive(access);
  const finished = read && member ? await finishedEpisodes(deps.db, read.content._id, [viewer.id]) : null;
  const myRating = read && member ? (read.ratings.get(viewer.id) ?? null) : null;
  const card = toClubCard({
    club,
    contentId: read?.content._id ?? null,
    contentTitle: read?.content.title ?? null,
    contentCover: read?.content.coverUrl ?? null,
    contentType: read?.content.contentType ?? null,
    myRole: membership?.role ?? null,
    myStatus: membership?.status ?? null,
  });
  return {
    ...card,
    rules: club.rules,
    owner,
    inviteCode: may(access, "inviteToClub") ? club.inviteCode : null,
    read: read ? toClubRead(read) : null,
    myFinishedEpisode: finished?.get(viewer.id) ?? 0,
    myRating,
    canRead: may(access, "listClubPosts"),
    mutedUntil:
      membership?.mutedUntil && membership.mutedUntil > new Date()
        ? membership.mutedUntil.toISOString()
        : null,
    pendingRequestCount: pending?.count ?? 0,
  };
}

/**
 * The members, owner and moderators first, each with how far they have read the current read (the
 * pace chart). Moderators also see who asked to join and who was invited.
 */
export async function listClubMembers(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
): Promise<ClubMember[]> {
  const access = await loadClubFor(deps.db, clubId, viewer.id, "listClubMembers");
  track(clubMembersTopic(clubId));
  const rows = await deps.db
    .select()
    .from(clubMembers)
    .where(
      and(
        eq(clubMembers.clubId, clubId),
        may(access, "approveJoinRequest") ? undefined : eq(clubMembers.status, "active"),
      ),
    )
    .orderBy(
      sql`case ${clubMembers.status} when 'active' then 0 when 'requested' then 1 else 2 end`,
      sql`case ${clubMembers.role} when 'owner' then 0 when 'moderator' then 1 else 2 end`,
      asc(clubMembers.joinedAt),
    );
  const read = await currentReadOf(deps.db, clubId);
  const activeIds = rows.filter((row) => row.status === "active").map((row) => row.userId);
  const [people, finished] = await Promise.all([
    peopleByIds(
      deps.db,
      rows.map((row) => row.userId),
    ),
    read
      ? finishedEpisodes(deps.db, read.content._id, activeIds)
      : Promise.resolve(new Map<string, number>()),
  ]);
  return rows.flatMap((row) => {
    const person = people.get(row.userId);
    if (!person) return [];
    return [
      {
        person,
        role: row.role,
        status: row.status,
        joinedAt: row.joinedAt?.toISOString() ?? null,
        mutedUntil: row.mutedUntil && row.mutedUntil > new Date() ? row.mutedUntil.toISOString() : null,
        finishedEpisode: finished.get(row.userId) ?? 0,
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// Joining and leaving

/** Announces a change to `userId`'s place in the club. */
function memberChanged(deps: ServiceDeps, clubId: string, userId: string): void {
  deps.changes.changed(
    clubMemberTopic(clubId, userId),
    clubMembersTopic(clubId),
    myClubsTopic(userId),
    DISCOVER_CLUBS_TOPIC,
  );
}

/** Takes one seat in the club; CONFLICT when it is full. */
async function takeSeat(tx: Transaction, clubId: string): Promise<void> {
  const rows = await tx
    .update(clubs)
    .set({ memberCount: sql`${clubs.memberCount} + 1` })
    .where(and(eq(clubs.id, clubId), sql`${clubs.memberCount} < ${clubs.memberLimit}`))
    .returning({ id: clubs.id });
  if (rows.length === 0) throw new AppError("CONFLICT", "This club is full.");
}

async function freeSeat(tx: Transaction, clubId: string): Promise<void> {
  await tx
    .update(clubs)
    .set({ memberCount: sql`${clubs.memberCount} - 1` })
    .where(eq(clubs.id, clubId));
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

async function nameOf(db: Executor, userId: string): Promise<string> {
  return (await personById(db, userId))?.name ?? "Someone";
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

async function dropMember(deps: ServiceDeps, clubId: string, userId: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [removed] = await tx
      .delete(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)))
      .returning({ status: clubMembers.status });
    if (removed?.status === "active") await freeSeat(tx, clubId);
    memberChanged(deps, clubId, userId);
  });
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

/** Active members with these handles (lowercase), for mentions. */
export async function membersByHandle(db: Executor, clubId: string, handles: string[]): Promise<string[]> {
  if (handles.length === 0) return [];
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select m.user_id from club_members m join users u on u.id = m.user_id
        where m.club_id = ${clubId} and m.status = 'active'
          and lower(u.handle) in (select value from jsonb_array_elements_text(${JSON.stringify(handles)}::jsonb))`,
  );
  return rows.map((row) => row.user_id);
}

/** The clubs `userId` is in, as `viewerId` may know of them: secret ones only when the viewer is in them too. */
export async function clubsOnProfile(db: Executor, userId: string, viewerId: string): Promise<ProfileClub[]> {
  track(myClubsTopic(userId), myClubsTopic(viewerId));
  const rows = await queryRows<{
    id: string;
    name: string;
    member_count: number;
    cover_key: string | null;
    role: ClubRole;
  }>(
    db,
    sql`select c.id, c.name, c.member_count, c.cover_key, m.role
        from club_members m join clubs c on c.id = m.club_id
        where m.user_id = ${userId} and m.status = 'active'
          and (c.privacy <> 'secret' or exists (
            select 1 from club_members v where v.club_id = c.id and v.user_id = ${viewerId} and v.status = 'active'))
        order by c.member_count desc, c.name
        limit 20`,
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    memberCount: row.member_count,
    coverUrl: clubCoverUrl(row.cover_key),
    role: row.role,
  }));
}
