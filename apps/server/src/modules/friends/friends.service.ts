// Friends: requests, accepting, declining, cancelling, unfriending; blocks; finding people by name
// or handle; and suggestions ranked by what people share: friends, clubs and titles.
import type { ContentType } from "@litverse/shared/content";
import {
  DEFAULT_VISIBILITY,
  type FriendRequests,
  type FriendState,
  type FriendSuggestion,
  type PersonSummary,
  type PersonWithState,
} from "@litverse/shared/people";
import { and, eq, or, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { myClubsTopic } from "../clubs/index.ts";
import { libraryTopic } from "../content/topics.ts";
import { conversations } from "../messages/schema.ts";
import { notify } from "../notifications/index.ts";
import {
  peopleByIds,
  personById,
  personColumns,
  personTopic,
  requireOtherPerson,
  toPersonSummary,
} from "../profiles/index.ts";
import { blocks, friendships, profiles } from "../profiles/schema.ts";
import { type Onlooker, visibleItem } from "../reports/index.ts";
import { byVisibleAuthor } from "../users/index.ts";
import { users } from "../users/schema.ts";
import {
  friendIdsOf,
  friendState,
  friendshipBetween,
  isBlockedEitherWay,
  relationshipsTopic,
} from "./relationships.ts";

const SUGGESTIONS = 12;
const SEARCH_RESULTS = 20;

/** Both people's relationships changed: their lists, buttons and conversations re-run. */
function announce(deps: ServiceDeps, a: string, b: string): void {
  deps.changes.changed(relationshipsTopic(a), relationshipsTopic(b));
}

const requireOther = (db: Executor, me: string, other: string) =>
  requireOtherPerson(db, me, other, "That is you.");

/** A request accepted, either way: a conversation waiting as a request between them opens. */
async function openWaitingConversation(tx: Executor, a: string, b: string): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await tx
    .update(conversations)
    .set({ status: "active" })
    .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
}

/**
 * Asks `targetId` to be friends. Asking someone who asked first accepts their request; asking
 * again changes nothing. Refused between people who blocked each other.
 */
export async function sendFriendRequest(
  deps: ServiceDeps,
  me: SessionUser,
  targetId: string,
): Promise<FriendState> {
  await requireOther(deps.db, me.id, targetId);
  let notice: "request" | "accepted" | null = null;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    if (await isBlockedEitherWay(tx, me.id, targetId)) {
      throw new AppError("FORBIDDEN", "You cannot send this person a friend request.");
    }
    const existing = await friendshipBetween(tx, me.id, targetId);
    if (existing?.status === "accepted") return;
    if (existing && existing.requesterId === targetId) {
      await tx
        .update(friendships)
        .set({ status: "accepted", respondedAt: new Date() })
        .where(eq(friendships.id, existing.id));
      await openWaitingConversation(tx, me.id, targetId);
      notice = "accepted";
    } else if (!existing) {
      // Two people asking each other at once: the unique pair index lets one insert through.
      const inserted = await tx
        .insert(friendships)
        .values({ requesterId: me.id, addresseeId: targetId })
        .onConflictDoNothing()
        .returning({ id: friendships.id });
      if (inserted.length > 0) notice = "request";
    }
    announce(deps, me.id, targetId);
  });
  if (notice) await notifyFriend(deps, me.id, targetId, notice);
  return friendState(deps.db, me.id, targetId);
}

async function notifyFriend(
  deps: ServiceDeps,
  actorId: string,
  userId: string,
  what: "request" | "accepted",
) {
  const actor = await personById(deps.db, actorId);
  const name = actor?.name ?? "Someone";
  const link = actor?.handle ? `/user/${actor.handle}` : `/profile/${actorId}`;
  if (what === "request") {
    await notify(deps, userId, {
      kind: "friend_request",
      title: `${name} sent you a friend request`,
      link: "/users?tab=requests",
      actorId,
    });
  } else {
    await notify(deps, userId, {
      kind: "friend_accepted",
      title: `${name} accepted your friend request`,
      link,
      actorId,
    });
  }
}

/** Accepts the request `requesterId` sent. */
export async function acceptFriendRequest(
  deps: ServiceDeps,
  me: SessionUser,
  requesterId: string,
): Promise<FriendState> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const accepted = await tx
      .update(friendships)
      .set({ status: "accepted", respondedAt: new Date() })
      .where(
        and(
          eq(friendships.requesterId, requesterId),
          eq(friendships.addresseeId, me.id),
          eq(friendships.status, "pending"),
        ),
      )
      .returning({ id: friendships.id });
    if (accepted.length === 0)
      throw new AppError("NOT_FOUND", "There is no request from that person to accept.");
    await openWaitingConversation(tx, me.id, requesterId);
    announce(deps, me.id, requesterId);
  });
  await notifyFriend(deps, me.id, requesterId, "accepted");
  return friendState(deps.db, me.id, requesterId);
}

/** Removes the friendship row between the two matching `where`; NOT_FOUND with `missing` if none. */
async function removeFriendship(
  deps: ServiceDeps,
  me: string,
  other: string,
  where: ReturnType<typeof and>,
  missing: string,
): Promise<FriendState> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const removed = await tx.delete(friendships).where(where).returning({ id: friendships.id });
    if (removed.length === 0) throw new AppError("NOT_FOUND", missing);
    announce(deps, me, other);
  });
  return friendState(deps.db, me, other);
}

export function declineFriendRequest(deps: ServiceDeps, me: SessionUser, requesterId: string) {
  return removeFriendship(
    deps,
    me.id,
    requesterId,
    and(
      eq(friendships.requesterId, requesterId),
      eq(friendships.addresseeId, me.id),
      eq(friendships.status, "pending"),
    ),
    "There is no request from that person to decline.",
  );
}

export function cancelFriendRequest(deps: ServiceDeps, me: SessionUser, addresseeId: string) {
  return removeFriendship(
    deps,
    me.id,
    addresseeId,
    and(
      eq(friendships.requesterId, me.id),
      eq(friendships.addresseeId, addresseeId),
      eq(friendships.status, "pending"),
    ),
    "There is no request to that person to cancel.",
  );
}

export function unfriend(deps: ServiceDeps, me: SessionUser, friendId: string) {
  return removeFriendship(
    deps,
    me.id,
    friendId,
    and(
      eq(friendships.status, "accepted"),
      or(
        and(eq(friendships.requesterId, me.id), eq(friendships.addresseeId, friendId)),
        and(eq(friendships.requesterId, friendId), eq(friendships.addresseeId, me.id)),
      ),
    ),
    "You are not friends with that person.",
  );
}

/** Blocks `targetId`: any friendship or request between the two ends, and neither reaches the other. */
export async function blockUser(deps: ServiceDeps, me: SessionUser, targetId: string): Promise<FriendState> {
  await requireOther(deps.db, me.id, targetId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.insert(blocks).values({ blockerId: me.id, blockedId: targetId }).onConflictDoNothing();
    await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.requesterId, me.id), eq(friendships.addresseeId, targetId)),
          and(eq(friendships.requesterId, targetId), eq(friendships.addresseeId, me.id)),
        ),
      );
    announce(deps, me.id, targetId);
  });
  return friendState(deps.db, me.id, targetId);
}

export async function unblockUser(
  deps: ServiceDeps,
  me: SessionUser,
  targetId: string,
): Promise<FriendState> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.delete(blocks).where(and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, targetId)));
    announce(deps, me.id, targetId);
  });
  return friendState(deps.db, me.id, targetId);
}

/** The caller's friends, by name. */
export async function listFriends(deps: ServiceDeps, me: SessionUser): Promise<PersonSummary[]> {
  track(relationshipsTopic(me.id));
  const rows = await queryRows<{ id: string }>(deps.db, sql`select id from ${friendIdsOf(me.id)} as f(id)`);
  const people = await peopleByIds(
    deps.db,
    rows.map((row) => row.id),
  );
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Requests the caller has received and sent, newest first. */
export async function listFriendRequests(deps: ServiceDeps, me: SessionUser): Promise<FriendRequests> {
  track(relationshipsTopic(me.id));
  const rows = await deps.db
    .select({
      requesterId: friendships.requesterId,
      addresseeId: friendships.addresseeId,
      createdAt: friendships.createdAt,
    })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, "pending"),
        or(eq(friendships.requesterId, me.id), eq(friendships.addresseeId, me.id)),
      ),
    )
    .orderBy(sql`${friendships.createdAt} desc`);
  const others = rows.map((row) => (row.requesterId === me.id ? row.addresseeId : row.requesterId));
  const people = await peopleByIds(deps.db, others);
  const result: FriendRequests = { incoming: [], outgoing: [] };
  for (const row of rows) {
    const isOutgoing = row.requesterId === me.id;
    const person = people.get(isOutgoing ? row.addresseeId : row.requesterId);
    if (!person) continue;
    (isOutgoing ? result.outgoing : result.incoming).push({ person, sentAt: row.createdAt.toISOString() });
  }
  return result;
}

/** Whom the caller blocked. */
export async function listBlocked(deps: ServiceDeps, me: SessionUser): Promise<PersonSummary[]> {
  track(relationshipsTopic(me.id));
  const rows = await deps.db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, me.id));
  const people = await peopleByIds(
    deps.db,
    rows.map((row) => row.id),
  );
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Ids to leave out of what the caller finds: themselves and everyone on either side of a block. */
function hiddenFrom(me: string) {
  return sql`(select ${me}::uuid
    union select blocked_id from blocks where blocker_id = ${me}
    union select blocker_id from blocks where blocked_id = ${me})`;
}

/**
 * People whose handle starts with, or whose name contains, the query; not those whose profile
 * moderators hid from the caller.
 */
export async function searchPeople(
  deps: ServiceDeps,
  me: SessionUser & Partial<Onlooker>,
  query: string,
): Promise<PersonWithState[]> {
  track(relationshipsTopic(me.id));
  const text = query.trim().toLowerCase().replace(/^@/, "");
  if (!text) return [];
  const like = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const prefix = `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const name = sql`lower(coalesce(${profiles.displayName}, ${users.name}, ''))`;
  const rows = await deps.db
    .select(personColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        sql`${users.id} not in ${hiddenFrom(me.id)}`,
        byVisibleAuthor(users.id),
        visibleItem("profile", users.id, { age: me.age ?? null }),
        or(sql`lower(${users.handle}) like ${prefix}`, sql`${name} like ${like}`),
      ),
    )
    // Exact handles first, then handles that start so, then names.
    .orderBy(
      sql`case when lower(${users.handle}) = ${text} then 0 when lower(${users.handle}) like ${prefix} then 1 else 2 end`,
      sql`${name}`,
    )
    .limit(SEARCH_RESULTS);
  track(...rows.map((row) => personTopic(row.id)));
  return Promise.all(
    rows.map(async (row) => ({
      person: toPersonSummary(row),
      friendState: await friendState(deps.db, me.id, row.id),
    })),
  );
}

/** A candidate, with their most specific tie to the caller: a club or a title, none when friends in common are all. */
interface SuggestionRow {
  id: string;
  shared_titles: number;
  shared_clubs: number;
  mutual_friends: number;
  tie_kind: "club" | "title" | null;
  tie_label: string | null;
  tie_content_type: ContentType | null;
  tie_both_reading: boolean | null;
}

/** A shared club or title, in words. */
interface Tie {
  kind: "club" | "title";
  label: string;
  contentType: ContentType | null;
  bothReading: boolean;
}

/**
 * People the caller may know: those with the most ties to them first (friends in common, clubs
 * both are in, titles both read or follow), then those whose ties are the most specific (a small
 * club or a little-read title says more than a bestseller); never friends, people with a request
 * pending either way, or anyone on either side of a block. Someone's reading counts only if their
 * profile shows it to people who are not their friends, and so do the titles they follow. Each
 * with the reason, in words.
 */
export async function getFriendSuggestions(deps: ServiceDeps, me: SessionUser): Promise<FriendSuggestion[]> {
  track(relationshipsTopic(me.id), libraryTopic(me.id), myClubsTopic(me.id));
  const rows = await queryRows<SuggestionRow>(
    deps.db,
    sql`
    with my_titles as (
      select content_id, bool_or(reading) as reading
      from (
        select content_id, false as reading from content_follows where user_id = ${me.id}
        union all select content_id, true from episode_progress where user_id = ${me.id}
      ) mine
      group by content_id
    ),
    excluded as (
      select id from ${hiddenFrom(me.id)} as h(id)
      union select case when requester_id = ${me.id} then addressee_id else requester_id end
        from friendships where requester_id = ${me.id} or addressee_id = ${me.id}
    ),
    -- How many people a title brings together: the fewer, the more sharing it says.
    audience as (
      select content_id, count(distinct user_id)::int as people
      from (
        select user_id, content_id from episode_progress where content_id in (select content_id from my_titles)
        union select user_id, content_id from content_follows where content_id in (select content_id from my_titles)
      ) everyone
      group by content_id
    ),
    -- What others let people who are not their friends see: their reading, the titles they follow.
    shown as (
      select p.user_id, p.content_id, true as reading
      from episode_progress p left join profiles pr on pr.user_id = p.user_id
      where p.content_id in (select content_id from my_titles)
        and coalesce(pr.activity_visibility, ${DEFAULT_VISIBILITY.activity}) = 'public'
      union
      select f.user_id, f.content_id, false
      from content_follows f left join profiles pr on pr.user_id = f.user_id
      where f.content_id in (select content_id from my_titles)
        and coalesce(pr.library_visibility, ${DEFAULT_VISIBILITY.library}) = 'public'
    ),
    ties as (
      select s.user_id, 'title' as kind, ct.title as label, ct.content_type,
             bool_or(s.reading) and m.reading as both_reading, a.people
      from shown s
      join my_titles m on m.content_id = s.content_id
      join content ct on ct.id = s.content_id and ct.status = 'published'
      join audience a on a.content_id = s.content_id
      where s.user_id not in (select id from excluded)
      group by s.user_id, s.content_id, ct.title, ct.content_type, m.reading, a.people
      union all
      select cm.user_id, 'club', c.name, null, null,
             (select count(*)::int from club_members x where x.club_id = c.id and x.status = 'active')
      from club_members cm
      join clubs c on c.id = cm.club_id
      where cm.status = 'active' and cm.user_id not in (select id from excluded)
        and cm.club_id in (select club_id from club_members where user_id = ${me.id} and status = 'active')
    ),
    shared as (
      select user_id,
             (count(*) filter (where kind = 'title'))::int as shared_titles,
             (count(*) filter (where kind = 'club'))::int as shared_clubs,
             sum(1.0 / greatest(people, 1)) as specificity
      from ties group by user_id
    ),
    mutual as (
      select f2.other as user_id, count(*)::int as mutual_friends
      from ${friendIdsOf(me.id)} as mine(id)
      join lateral (
        select case when requester_id = mine.id then addressee_id else requester_id end as other
        from friendships where status = 'accepted' and (requester_id = mine.id or addressee_id = mine.id)
      ) f2 on true
      where f2.other not in (select id from excluded)
      group by f2.other
    ),
    ranked as (
      select coalesce(s.user_id, m.user_id) as id,
             coalesce(s.shared_titles, 0) as shared_titles,
             coalesce(s.shared_clubs, 0) as shared_clubs,
             coalesce(m.mutual_friends, 0) as mutual_friends,
             row_number() over (
               order by coalesce(s.shared_titles, 0) + coalesce(s.shared_clubs, 0) + coalesce(m.mutual_friends, 0) desc,
                 coalesce(s.specificity, 0) desc, u.created_at desc, u.id
             ) as position
      from shared s
      full join mutual m on m.user_id = s.user_id
      join users u on u.id = coalesce(s.user_id, m.user_id)
    )
    select r.id, r.shared_titles, r.shared_clubs, r.mutual_friends, t.kind as tie_kind,
           t.label as tie_label, t.content_type as tie_content_type, t.both_reading as tie_both_reading
    from ranked r
    -- The candidate's most specific tie: the smallest club or the least-read title.
    left join lateral (
      select kind, label, content_type, both_reading from ties
      where ties.user_id = r.id
      order by people, kind = 'title', both_reading desc nulls last, label
      limit 1
    ) t on true
    where r.position <= ${SUGGESTIONS}
    order by r.position`,
  );
  const people = await peopleByIds(
    deps.db,
    rows.map((row) => row.id),
  );
  const suggestions: FriendSuggestion[] = [];
  for (const row of rows) {
    const person = people.get(row.id);
    if (!person) continue;
    const tie: Tie | null =
      row.tie_kind && row.tie_label
        ? {
            kind: row.tie_kind,
            label: row.tie_label,
            contentType: row.tie_content_type,
            bothReading: row.tie_both_reading === true,
          }
        : null;
    suggestions.push({
      person,
      reason: reasonFor(row.mutual_friends, tie),
      sharedTitles: row.shared_titles,
      mutualFriends: row.mutual_friends,
    });
  }
  return suggestions;
}

/** What both doing a title is called, by its type. */
const BOTH_READING: Record<ContentType, string> = {
  book: "Both reading",
  comic: "Both reading",
  audiobook: "Both listening to",
  drama: "Both watching",
};

/**
 * One line: the most specific thing the two share, then how many friends they have in common, so
 * that two people who read the same bestseller read differently from two in the same small club,
 * and a narrow card that cuts the line short still shows the thing they share.
 */
function reasonFor(mutualFriends: number, tie: Tie | null): string {
  const parts: string[] = [];
  if (tie?.kind === "club") parts.push(`Both in ${tie.label}`);
  else if (tie?.kind === "title") {
    const doing = tie.bothReading && tie.contentType ? BOTH_READING[tie.contentType] : "Both into";
    parts.push(`${doing} ${tie.label}`);
  }
  if (mutualFriends > 0) parts.push(`${mutualFriends} friend${mutualFriends === 1 ? "" : "s"} in common`);
  return parts.join(" · ");
}
