// What a reported item is now, as moderators see it: its text, picture and place in the app, and
// the entries around it (the messages before and after a reported one, the replies around a post).
// Moderators see everything, so this reads the areas' tables directly; only what the reports are
// about is shown in full, the context is cut short.
import type { ModerationContextEntry, ModerationKind, ModerationTarget } from "@litverse/shared/moderation";
import { and, asc, desc, eq, gt, inArray, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { isUuid } from "../../core/ids.ts";
import { adCampaigns } from "../ads/schema.ts";
import { clubPolls, clubPosts } from "../clubs/schema.ts";
import { content } from "../content/schema.ts";
import { messages } from "../messages/schema.ts";
import { peopleByIds } from "../profiles/index.ts";
import { profiles } from "../profiles/schema.ts";
import { reelComments, reels } from "../reels/schema.ts";
import type { moderationItems } from "../reports/schema.ts";
import { stories } from "../stories/schema.ts";
import { users } from "../users/schema.ts";

type ItemRow = Pick<typeof moderationItems.$inferSelect, "kind" | "targetId" | "label" | "snapshot">;

/** Entries of context on each side of the reported one. */
const CONTEXT_EACH_SIDE = 3;
/** Context is cut to this many characters: moderators see the reported entry in full. */
const CONTEXT_EXCERPT = 160;

const excerpt = (text: string) =>
  text.length > CONTEXT_EXCERPT ? `${text.slice(0, CONTEXT_EXCERPT - 1)}…` : text;

interface Found {
  text: string | null;
  pictureUrl?: string | null;
  link: string | null;
}

/** Each item's target as it is now; one query per kind present. */
export async function describeTargets(db: Executor, items: ItemRow[]): Promise<ModerationTarget[]> {
  const byKind = new Map<ModerationKind, string[]>();
  for (const item of items) {
    if (!isUuid(item.targetId)) continue;
    byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item.targetId]);
  }
  const found = new Map<string, Found>();
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      for (const [id, value] of await findKind(db, kind, ids)) found.set(`${kind}|${id}`, value);
    }),
  );
  return items.map((item) => {
    const now = found.get(`${item.kind}|${item.targetId}`);
    return {
      kind: item.kind,
      id: item.targetId,
      label: item.label,
      text: now?.text ?? item.snapshot,
      pictureUrl: now?.pictureUrl ?? null,
      link: now?.link ?? null,
      exists: Boolean(now),
    };
  });
}

async function findKind(db: Executor, kind: ModerationKind, ids: string[]): Promise<Map<string, Found>> {
  const result = new Map<string, Found>();
  switch (kind) {
    case "profile":
    case "profile_picture": {
      const rows = await db
        .select({ id: users.id, name: users.name, displayName: profiles.displayName, bio: profiles.bio })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
      const people = await peopleByIds(db, ids);
      for (const row of rows) {
        const name = row.displayName ?? row.name ?? "";
        result.set(row.id, {
          text: kind === "profile" ? [name, row.bio].filter(Boolean).join(" · ") : null,
          pictureUrl: people.get(row.id)?.avatarUrl ?? null,
          link: `/profile/${row.id}`,
        });
      }
      break;
    }
    case "message": {
      const rows = await db.select().from(messages).where(inArray(messages.id, ids));
      for (const row of rows) {
        result.set(row.id, { text: row.body || (row.attachment ? "[a picture]" : ""), link: null });
      }
      break;
    }
    case "club_post": {
      const rows = await db
        .select({ id: clubPosts.id, body: clubPosts.body, clubId: clubPosts.clubId })
        .from(clubPosts)
        .where(and(inArray(clubPosts.id, ids), isNull(clubPosts.deletedAt)));
      for (const row of rows) result.set(row.id, { text: row.body, link: `/clubs/${row.clubId}` });
      break;
    }
    case "club_poll": {
      const rows = await db.select().from(clubPolls).where(inArray(clubPolls.id, ids));
      for (const row of rows) result.set(row.id, { text: row.question, link: `/clubs/${row.clubId}` });
      break;
    }
    case "reel": {
      const rows = await db
        .select({ id: reels.id, caption: reels.caption })
        .from(reels)
        .where(inArray(reels.id, ids));
      for (const row of rows) result.set(row.id, { text: row.caption, link: `/reels?reel=${row.id}` });
      break;
    }
    case "reel_comment": {
      const rows = await db
        .select()
        .from(reelComments)
        .where(and(inArray(reelComments.id, ids), isNull(reelComments.deletedAt)));
      for (const row of rows) result.set(row.id, { text: row.text, link: `/reels?reel=${row.reelId}` });
      break;
    }
    case "story": {
      const rows = await db.select().from(stories).where(inArray(stories.id, ids));
      for (const row of rows) {
        result.set(row.id, {
          text: [row.title, row.description].filter(Boolean).join(" · "),
          link: `/interactive-stories/${row.id}`,
        });
      }
      break;
    }
    case "title": {
      const rows = await db.select().from(content).where(inArray(content.id, ids));
      for (const row of rows) {
        result.set(row.id, {
          text: [row.title, row.description].filter(Boolean).join(" · "),
          pictureUrl: row.coverImage,
          link: `/content/${row.id}`,
        });
      }
      break;
    }
    case "ad": {
      const rows = await db.select().from(adCampaigns).where(inArray(adCampaigns.id, ids));
      for (const row of rows) {
        result.set(row.id, {
          text: [row.headline, row.body].filter(Boolean).join(" · "),
          pictureUrl: row.imageKey ? `/media/${row.imageKey}` : null,
          link: row.isHouse ? "/admin/ads/platform-management" : "/admin/ads/user-ads",
        });
      }
      break;
    }
  }
  return result;
}

/** The entries around a reported message, post or comment, oldest first. */
export async function contextOf(db: Executor, item: ItemRow): Promise<ModerationContextEntry[]> {
  if (!isUuid(item.targetId)) return [];
  const entries = await contextRows(db, item.kind, item.targetId);
  const people = await peopleByIds(db, [
    ...new Set(entries.flatMap((entry) => (entry.authorId ? [entry.authorId] : []))),
  ]);
  return entries.map((entry) => {
    const isReported = entry.id === item.targetId;
    return {
      id: entry.id,
      author: entry.authorId ? (people.get(entry.authorId) ?? null) : null,
      text: isReported ? entry.text : excerpt(entry.text),
      createdAt: entry.createdAt.toISOString(),
      isReported,
    };
  });
}

interface ContextRow {
  id: string;
  authorId: string | null;
  text: string;
  createdAt: Date;
}

async function contextRows(db: Executor, kind: ModerationKind, id: string): Promise<ContextRow[]> {
  if (kind === "message") {
    const [target] = await db.select().from(messages).where(eq(messages.id, id));
    if (!target) return [];
    const around = (before: boolean) =>
      db
        .select({
          id: messages.id,
          authorId: messages.senderId,
          text: messages.body,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, target.conversationId),
            before ? lt(messages.createdAt, target.createdAt) : gt(messages.createdAt, target.createdAt),
          ),
        )
        .orderBy(before ? desc(messages.createdAt) : asc(messages.createdAt))
        .limit(CONTEXT_EACH_SIDE);
    const [before, after] = await Promise.all([around(true), around(false)]);
    const self = { id: target.id, authorId: target.senderId, text: target.body, createdAt: target.createdAt };
    return [...before.reverse(), self, ...after];
  }
  if (kind === "club_post") {
    const [target] = await db.select().from(clubPosts).where(eq(clubPosts.id, id));
    if (!target) return [];
    // The thread: its first post and the replies, or the post and the posts around it in the club.
    const threadId = target.parentId ?? target.id;
    const rows = await db
      .select({
        id: clubPosts.id,
        authorId: clubPosts.authorId,
        text: clubPosts.body,
        createdAt: clubPosts.createdAt,
      })
      .from(clubPosts)
      .where(
        and(or(eq(clubPosts.id, threadId), eq(clubPosts.parentId, threadId)), isNull(clubPosts.deletedAt)),
      )
      .orderBy(asc(clubPosts.createdAt))
      .limit(40);
    return nearby(rows, id);
  }
  if (kind === "reel_comment") {
    const [target] = await db.select().from(reelComments).where(eq(reelComments.id, id));
    if (!target) return [];
    const rows = await db
      .select({
        id: reelComments.id,
        authorId: reelComments.authorId,
        text: reelComments.text,
        createdAt: reelComments.createdAt,
      })
      .from(reelComments)
      .where(and(eq(reelComments.reelId, target.reelId), isNull(reelComments.deletedAt)))
      .orderBy(asc(reelComments.createdAt))
      .limit(200);
    return nearby(rows, id);
  }
  return [];
}

/** The reported row and a few on each side of it. */
function nearby(rows: ContextRow[], id: string): ContextRow[] {
  const at = rows.findIndex((row) => row.id === id);
  if (at < 0) return rows.slice(0, CONTEXT_EACH_SIDE * 2 + 1);
  return rows.slice(Math.max(0, at - CONTEXT_EACH_SIDE), at + CONTEXT_EACH_SIDE + 1);
}
