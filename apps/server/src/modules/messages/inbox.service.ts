// The caller's inbox: their conversations, most recent first, and the unread count on the menu's
// badge.
import type { ConversationStatus, ConversationSummary, Inbox } from "@litverse/shared/messages";
import { sql } from "drizzle-orm";
import { queryRows } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { relationshipsTopic } from "../friends/index.ts";
import { peopleByIds } from "../profiles/index.ts";
import { type Onlooker, visibleItem } from "../reports/index.ts";
import { isRequestTo, REMOVED_BY_MODERATORS, statusSeenBy } from "./conversations.ts";
import { inboxTopic } from "./topics.ts";

/** Conversations listed at most. */
const INBOX_LIMIT = 100;

/**
 * The caller's unread messages in open conversations: the menu's badge. Requests wait in their own
 * tab and do not count until accepted.
 */
export async function getUnreadCount({ db }: ServiceDeps, user: SessionUser): Promise<number> {
  track(inboxTopic(user.id), relationshipsTopic(user.id));
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
        from messages m join conversations c on c.id = m.conversation_id
        where m.recipient_id = ${user.id} and m.read_at is null
          and c.status = 'active'
          and not exists (select 1 from blocks b where (b.blocker_id = ${user.id} and b.blocked_id = m.sender_id)
                                                   or (b.blocker_id = m.sender_id and b.blocked_id = ${user.id}))`,
  );
  // Stryker disable next-line OptionalChaining: count(*) always returns one row
  return row?.count ?? 0;
}

interface InboxRow {
  id: string;
  partner_id: string;
  status: ConversationStatus;
  requested_by: string | null;
  last_body: string | null;
  last_has_image: boolean | null;
  last_sender: string | null;
  last_at: Date | null;
  /** Moderators hid the last message from the caller, who did not send it. */
  last_removed: boolean | null;
  unread: number;
}

/**
 * The caller's conversations, most recent first: chats, and the requests waiting for an answer. A
 * last message moderators hid from the caller reads as removed, as in the conversation.
 */
export async function listConversations(
  deps: ServiceDeps,
  user: SessionUser & Partial<Onlooker>,
): Promise<Inbox> {
  track(inboxTopic(user.id), relationshipsTopic(user.id));
  const me = user.id;
  const rows = await queryRows<InboxRow>(
    deps.db,
    // The newest conversations first, then their last message and unread count: the per-conversation
    // work is done for the listed ones only. A conversation cleared since its last message has
    // nothing to show.
    sql`with mine as (
          select c.id, c.user_low_id, c.user_high_id, c.status, c.requested_by, c.last_message_id, c.last_message_at,
            cm.cleared_at
          from conversation_members cm
          join conversations c on c.id = cm.conversation_id
          where cm.user_id = ${me}
            and c.last_message_at > coalesce(cm.cleared_at, '-infinity')
            and not (c.status = 'declined' and c.requested_by <> ${me})
            and not exists (select 1 from blocks b
              where (b.blocker_id = ${me} and b.blocked_id in (c.user_low_id, c.user_high_id))
                 or (b.blocked_id = ${me} and b.blocker_id in (c.user_low_id, c.user_high_id)))
          order by c.last_message_at desc
          limit ${INBOX_LIMIT}
        )
        select c.id,
          case when c.user_low_id = ${me} then c.user_high_id else c.user_low_id end as partner_id,
          c.status, c.requested_by,
          last.body as last_body, last.attachment is not null as last_has_image,
          last.sender_id as last_sender, last.created_at as last_at,
          last.sender_id <> ${me} and not ${visibleItem("message", sql`last.id`, { age: user.age ?? null })} as last_removed,
          (select count(*) from messages u
            where u.recipient_id = ${me} and u.conversation_id = c.id and u.read_at is null
              and (c.cleared_at is null or u.created_at > c.cleared_at)
              and not exists (select 1 from message_hides h where h.message_id = u.id and h.user_id = ${me}))::int as unread
        from mine c
        join lateral (
          -- Usually the conversation's newest message, found by its id; the search only when the
          -- caller deleted that one for themselves.
          (select m.id, m.body, m.attachment, m.sender_id, m.created_at from messages m
            where m.id = c.last_message_id
              and not exists (select 1 from message_hides h where h.message_id = m.id and h.user_id = ${me}))
          union all
          (select m.id, m.body, m.attachment, m.sender_id, m.created_at from messages m
            where m.conversation_id = c.id and (c.cleared_at is null or m.created_at > c.cleared_at)
              and not exists (select 1 from message_hides h where h.message_id = m.id and h.user_id = ${me})
            order by m.created_at desc, m.id desc limit 1)
          limit 1
        ) last on true
        order by c.last_message_at desc`,
  );
  const people = await peopleByIds(
    deps.db,
    rows.map((row) => row.partner_id),
  );
  const inbox: Inbox = { chats: [], requests: [] };
  for (const row of rows) {
    const partner = people.get(row.partner_id);
    if (!partner) continue;
    const summary: ConversationSummary = {
      _id: row.id,
      partner,
      status: statusSeenBy({ status: row.status, requestedBy: row.requested_by }, me),
      isRequestToMe: isRequestTo({ status: row.status, requestedBy: row.requested_by }, me),
      lastMessage: row.last_at
        ? {
            body: row.last_removed ? REMOVED_BY_MODERATORS : (row.last_body ?? "").slice(0, 200),
            hasImage: !row.last_removed && Boolean(row.last_has_image),
            fromMe: row.last_sender === me,
            createdAt: new Date(row.last_at).toISOString(),
          }
        : null,
      unreadCount: row.unread,
    };
    (summary.isRequestToMe ? inbox.requests : inbox.chats).push(summary);
  }
  return inbox;
}
