// Notices of illegal content from anyone, signed in or not: the sender names the exact address,
// explains, and names the law; they get a reference to follow the notice by, and the decision
// when there is one. A notice joins the queue as a report of what its address leads to, or, when
// it leads to nothing the platform knows, as an item of its own for a moderator to look into.
import { randomBytes } from "node:crypto";
import type { NoticeReceipt } from "@litverse/shared/moderation";
import type { noticeInput } from "@litverse/shared/moderation-inputs";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { isUuid, UUID_SOURCE } from "../../core/ids.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { clubPosts } from "../clubs/schema.ts";
import { content } from "../content/schema.ts";
import { reelComments, reels } from "../reels/schema.ts";
import { createReport, type ReportTarget } from "../reports/index.ts";
import { stories } from "../stories/schema.ts";
import { users } from "../users/schema.ts";
import { illegalContentNotices } from "./schema.ts";

/** The app's addresses that name one item, and how to find it. */
const ADDRESSES: { pattern: RegExp; find: (db: Executor, id: string) => Promise<ReportTarget | null> }[] = [
  {
    pattern: new RegExp(`^/profile/(${UUID_SOURCE})$`),
    find: (db, id) => personTarget(db, eq(users.id, id)),
  },
  {
    pattern: /^\/user\/([A-Za-z0-9_.]{1,40})$/,
    find: (db, handle) => personTarget(db, eq(users.handle, handle.toLowerCase())),
  },
  { pattern: new RegExp(`^/content/(${UUID_SOURCE})$`), find: titleTarget },
  { pattern: new RegExp(`^/interactive-stories/(${UUID_SOURCE})(?:/play)?$`), find: storyTarget },
];
/** Addresses whose item is in the query: a reel, a club post, a reel comment. */
const QUERY_ITEMS: {
  path: RegExp;
  param: string;
  find: (db: Executor, id: string) => Promise<ReportTarget | null>;
}[] = [
  { path: /^\/reels$/, param: "reel", find: reelTarget },
  { path: new RegExp(`^/clubs/${UUID_SOURCE}$`), param: "post", find: clubPostTarget },
  { path: /^\/reels$/, param: "comment", find: reelCommentTarget },
];

async function personTarget(db: Executor, where: ReturnType<typeof eq>): Promise<ReportTarget | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(where);
  if (!row || row.deletedAt) return null;
  return { kind: "profile", id: row.id, userId: row.id, label: row.name ?? "A person" };
}
async function titleTarget(db: Executor, id: string): Promise<ReportTarget | null> {
  const [row] = await db.select().from(content).where(eq(content.id, id));
  return row
    ? { kind: "title", id, userId: null, snapshot: row.title, label: `The title “${row.title}”` }
    : null;
}
async function storyTarget(db: Executor, id: string): Promise<ReportTarget | null> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id));
  return row
    ? { kind: "story", id, userId: row.authorId, snapshot: row.title, label: `The story “${row.title}”` }
    : null;
}
async function reelTarget(db: Executor, id: string): Promise<ReportTarget | null> {
  const [row] = await db.select().from(reels).where(eq(reels.id, id));
  return row ? { kind: "reel", id, userId: row.creatorId, snapshot: row.caption, label: "A reel" } : null;
}
async function clubPostTarget(db: Executor, id: string): Promise<ReportTarget | null> {
  const [row] = await db.select().from(clubPosts).where(eq(clubPosts.id, id));
  return row
    ? { kind: "club_post", id, userId: row.authorId, snapshot: row.body, label: "A club post" }
    : null;
}
async function reelCommentTarget(db: Executor, id: string): Promise<ReportTarget | null> {
  const [row] = await db.select().from(reelComments).where(eq(reelComments.id, id));
  return row
    ? { kind: "reel_comment", id, userId: row.authorId, snapshot: row.text, label: "A comment on a reel" }
    : null;
}

/** What a notice's address leads to, if it is one of the app's addresses for an item. */
export async function targetAtAddress(db: Executor, address: string): Promise<ReportTarget | null> {
  const url = new URL(address);
  const path = url.pathname.replace(/\/+$/, "") || "/";
  for (const { pattern, find } of ADDRESSES) {
    const id = pattern.exec(path)?.[1];
    if (id) return find(db, id);
  }
  for (const { path: pattern, param, find } of QUERY_ITEMS) {
    const id = url.searchParams.get(param);
    if (pattern.test(path) && id && isUuid(id)) {
      const found = await find(db, id);
      if (found) return found;
    }
  }
  return null;
}

export async function submitNotice(
  deps: ServiceDeps,
  sender: SessionUser | null,
  input: z.output<typeof noticeInput>,
): Promise<{ reference: string }> {
  const reference = randomBytes(18).toString("base64url");
  const [notice] = await deps.db
    .insert(illegalContentNotices)
    .values({
      reference,
      url: input.url,
      explanation: input.explanation,
      legalGround: input.legalGround,
      senderName: input.name,
      senderEmail: input.email,
      senderId: sender?.id ?? null,
    })
    .returning({ id: illegalContentNotices.id });
  if (!notice) throw new Error("A notice was not stored");
  const target = (await targetAtAddress(deps.db, input.url)) ?? {
    kind: "address" as const,
    id: notice.id,
    userId: null,
    snapshot: input.url,
    label: `An address given in a notice: ${input.url.slice(0, 120)}`,
  };
  const details = `${input.explanation}\n\nLaw or ground: ${input.legalGround}`;
  // Notices are weighed alike, whoever sends them; the sender is recorded on the notice itself.
  const { itemId } = await createReport(deps, null, target, "illegal_content", details, {
    noticeId: notice.id,
  });
  await deps.db.update(illegalContentNotices).set({ itemId }).where(eq(illegalContentNotices.id, notice.id));
  return { reference };
}

export async function getNotice(deps: ServiceDeps, reference: string): Promise<NoticeReceipt> {
  const [row] = await deps.db
    .select()
    .from(illegalContentNotices)
    .where(eq(illegalContentNotices.reference, reference));
  if (!row) throw new AppError("NOT_FOUND", "No notice has this reference.");
  return {
    reference: row.reference,
    receivedAt: row.createdAt.toISOString(),
    url: row.url,
    status: row.decidedAt ? "decided" : "received",
    outcome: row.outcome,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
