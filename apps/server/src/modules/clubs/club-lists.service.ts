// Book clubs as people see them: their own clubs, clubs to discover, a club's page, its members
// with how far each has read, members by handle (for mentions), and the clubs on a profile.
import type { ClubCard, ClubDetail, ClubMember, ClubRole } from "@litverse/shared/clubs";
import type { discoverClubsInput } from "@litverse/shared/clubs-inputs";
import type { ProfileClub } from "@litverse/shared/people";
import { and, asc, desc, eq, ilike, isNull, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { likePattern } from "../content/index.ts";
import { content } from "../content/schema.ts";
import { peopleByIds, personById } from "../profiles/index.ts";
import {
  type ClubRow,
  clubMembersTopic,
  DISCOVER_CLUBS_TOPIC,
  isActive,
  loadClubFor,
  may,
  myClubsTopic,
} from "./club-access.ts";
import { finishedEpisodes } from "./club-progress.ts";
import { currentReadOf, toClubRead } from "./club-reads.service.ts";
import { clubMembers, clubReads, clubs } from "./schema.ts";

const DISCOVER_LIMIT = 30;

export function clubCoverUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

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
