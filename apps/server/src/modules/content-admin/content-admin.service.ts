// Running the catalogue: every title whatever its state, editing, episodes (order, release times,
// prices), covers and deletion. Readers' pages follow every change live.
import type {
  AdminContentDetail,
  AdminContentRow,
  AdminEpisode,
  ContentPage,
  EpisodeState,
} from "@litverse/shared/content";
import type {
  adminListContentInput,
  contentFieldsInput,
  scheduleEpisodesInput,
  setEpisodePricesInput,
  updateContentInput,
  updateEpisodeInput,
} from "@litverse/shared/content-inputs";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import {
  contentSnapshot,
  createContent,
  decodeCursor,
  type EpisodeRow,
  episodeMediaKey,
  matterMediaKey,
  type StoredEpisodePayload,
  type SummaryRow,
  searchCondition,
  summaryColumns,
  toContentSummary,
  toPage,
  totalColumn,
  updateContent,
} from "../content/index.ts";
import { bookMatter, content, contentStats, episodes } from "../content/schema.ts";
import {
  CATALOGUE_TOPIC,
  CONTENT_ADMIN_TOPIC,
  contentEpisodesTopic,
  contentTopic,
} from "../content/topics.ts";
import { episodeViews } from "../library/schema.ts";
import { curatedListItems } from "./schema.ts";

const adminColumns = {
  ...summaryColumns,
  status: content.status,
  updatedAt: content.updatedAt,
  totalEpisodes: sql<number>`(select count(*) from ${episodes} where ${episodes.contentId} = ${content.id})::int`,
  scheduledEpisodes: sql<number>`(select count(*) from ${episodes} where ${episodes.contentId} = ${content.id} and ${episodes.publishAt} > now())::int`,
};

type AdminRow = SummaryRow & {
  status: AdminContentRow["status"];
  updatedAt: Date;
  totalEpisodes: number;
  scheduledEpisodes: number;
};

function toAdminRow(row: AdminRow): AdminContentRow {
  return {
    ...toContentSummary(row),
    status: row.status,
    totalEpisodes: Number(row.totalEpisodes),
    scheduledEpisodes: Number(row.scheduledEpisodes),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listContent(
  { db }: ServiceDeps,
  input: z.output<typeof adminListContentInput>,
): Promise<ContentPage<AdminContentRow>> {
  track(CONTENT_ADMIN_TOPIC);
  const offset = decodeCursor(input.cursor);
  const conditions: SQL[] = [];
  if (input.type) conditions.push(eq(content.contentType, input.type));
  if (input.status) conditions.push(eq(content.status, input.status));
  const search = input.query ? searchCondition(input.query) : null;
  if (search) conditions.push(search.where);
  const rows = await db
    .select({ ...adminColumns, total: totalColumn })
    .from(content)
    .leftJoin(contentStats, eq(contentStats.contentId, content.id))
    .where(and(...conditions))
    .orderBy(...(search ? [sql`${search.rank} desc`] : []), sql`${content.updatedAt} desc`, asc(content.id))
    .limit(input.limit + 1)
    .offset(offset);
  return toPage(rows, offset, input.limit, toAdminRow);
}

export function episodeState(publishAt: Date | null, now = Date.now()): EpisodeState {
  if (!publishAt) return "draft";
  return publishAt.getTime() > now ? "scheduled" : "published";
}

function toAdminEpisode(row: EpisodeRow, views: number): AdminEpisode {
  return {
    _id: row.id,
    number: row.number,
    title: row.title,
    state: episodeState(row.publishAt),
    publishAt: row.publishAt?.toISOString() ?? null,
    priceCoins: row.priceCoins,
    kind: (row.payload as StoredEpisodePayload).kind,
    durationMs: row.durationMs,
    wordCount: row.wordCount,
    pageCount: row.pageCount,
    views,
  };
}

export async function getContent({ db }: ServiceDeps, contentId: string): Promise<AdminContentDetail> {
  track(CONTENT_ADMIN_TOPIC);
  const [row] = await db
    .select({
      ...adminColumns,
      tags: content.tags,
      language: content.language,
      releaseSchedule: content.releaseSchedule,
      readingDirection: content.readingDirection,
      writingMode: content.writingMode,
      bulkDiscountPercent: content.bulkDiscountPercent,
      waitForFreeHours: content.waitForFreeHours,
      rentalPriceCoins: content.rentalPriceCoins,
      rentalHours: content.rentalHours,
    })
    .from(content)
    .leftJoin(contentStats, eq(contentStats.contentId, content.id))
    .where(eq(content.id, contentId));
  if (!row) throw new AppError("NOT_FOUND", "No such title.");
  const [episodeRows, viewRows, listRows] = await Promise.all([
    db.select().from(episodes).where(eq(episodes.contentId, contentId)).orderBy(asc(episodes.number)),
    db
      .select({ episodeId: episodeViews.episodeId, views: count() })
      .from(episodeViews)
      .where(eq(episodeViews.contentId, contentId))
      .groupBy(episodeViews.episodeId),
    db
      .select({ listId: curatedListItems.listId })
      .from(curatedListItems)
      .where(eq(curatedListItems.contentId, contentId)),
  ]);
  const viewsOf = new Map(viewRows.map((view) => [view.episodeId, Number(view.views)]));
  return {
    ...toAdminRow(row),
    tags: row.tags,
    language: row.language,
    releaseSchedule: row.releaseSchedule,
    readingDirection: row.readingDirection,
    writingMode: row.writingMode,
    bulkDiscountPercent: row.bulkDiscountPercent,
    waitForFreeHours: row.waitForFreeHours,
    rentalPriceCoins: row.rentalPriceCoins,
    rentalHours: row.rentalHours,
    episodes: episodeRows.map((episode) => toAdminEpisode(episode, viewsOf.get(episode.id) ?? 0)),
    curatedListIds: listRows.map((list) => list.listId),
  };
}

export async function createTitle(
  deps: ServiceDeps,
  user: SessionUser,
  data: z.output<typeof contentFieldsInput>,
): Promise<{ id: string }> {
  const row = await createContent(deps, { ...data, createdBy: user.id });
  deps.changes.changed(CONTENT_ADMIN_TOPIC);
  noteChange({ objectType: "content", objectId: row.id, before: null, after: contentSnapshot(row) });
  return { id: row.id };
}

export async function updateTitle(
  deps: ServiceDeps,
  input: z.output<typeof updateContentInput>,
): Promise<void> {
  // Unpublishing keeps the first publication date, which orders "new" titles.
  await updateContent(deps, input.id, input.data);
  deps.changes.changed(CONTENT_ADMIN_TOPIC);
}

/** Deletes the title, its episodes and everything about them, then their files. */
export async function deleteTitle(deps: ServiceDeps, contentId: string): Promise<void> {
  const removed = await deps.changes.inTransaction(deps.db, async (tx) => {
    const episodeIds = await tx
      .select({ id: episodes.id })
      .from(episodes)
      .where(eq(episodes.contentId, contentId));
    const matterIds = await tx
      .select({ id: bookMatter.id })
      .from(bookMatter)
      .where(eq(bookMatter.contentId, contentId));
    const [row] = await tx.delete(content).where(eq(content.id, contentId)).returning();
    if (!row) throw new AppError("NOT_FOUND", "No such title.");
    noteChange({
      objectType: "content",
      objectId: contentId,
      before: { ...contentSnapshot(row), episodeCount: episodeIds.length },
      after: null,
    });
    deps.changes.changed(
      contentTopic(contentId),
      contentEpisodesTopic(contentId),
      CATALOGUE_TOPIC,
      CONTENT_ADMIN_TOPIC,
    );
    return {
      episodeIds: episodeIds.map((episode) => episode.id),
      matterIds: matterIds.map((page) => page.id),
    };
  });
  // After the commit: files of a title that no longer exists are garbage either way.
  await Promise.all([
    deps.media.storage.remove(`covers/${contentId}`),
    ...removed.episodeIds.map((episodeId) => deps.media.storage.remove(episodeMediaKey(episodeId))),
    ...removed.matterIds.map((matterId) => deps.media.storage.remove(matterMediaKey(matterId))),
  ]);
}

// ---- Episodes ------------------------------------------------------------------------------

async function episodeOf(tx: Executor, episodeId: string): Promise<EpisodeRow> {
  const [row] = await tx.select().from(episodes).where(eq(episodes.id, episodeId));
  if (!row) throw new AppError("NOT_FOUND", "No such episode.");
  return row;
}

function announceEpisodes(deps: ServiceDeps, contentId: string): void {
  deps.changes.changed(contentEpisodesTopic(contentId), CONTENT_ADMIN_TOPIC);
}

/** What the audit trail keeps of an episode: not its payload. */
const auditedEpisodeColumns = {
  contentId: episodes.contentId,
  number: episodes.number,
  title: episodes.title,
  publishAt: episodes.publishAt,
  priceCoins: episodes.priceCoins,
};

function episodeSnapshot(row: Pick<EpisodeRow, keyof typeof auditedEpisodeColumns>) {
  return {
    contentId: row.contentId,
    number: row.number,
    title: row.title,
    publishAt: row.publishAt?.toISOString() ?? null,
    priceCoins: row.priceCoins,
  };
}

/** Notes each episode whose number a renumbering changed. */
function noteRenumbered(before: readonly { id: string; number: number }[], orderedIds: readonly string[]) {
  const numberOf = new Map(before.map((row) => [row.id, row.number]));
  for (const [index, id] of orderedIds.entries()) {
    const number = numberOf.get(id);
    if (number === undefined || number === index + 1) continue;
    noteChange({ objectType: "episode", objectId: id, before: { number }, after: { number: index + 1 } });
  }
}

export async function updateEpisode(
  deps: ServiceDeps,
  input: z.output<typeof updateEpisodeInput>,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const episode = await episodeOf(tx, input.id);
    const { publishAt, ...rest } = input.data;
    const [updated] = await tx
      .update(episodes)
      .set({
        ...rest,
        ...(publishAt !== undefined
          ? // A new release time is announced again when it comes.
            { publishAt: publishAt === null ? null : new Date(publishAt), releaseAnnouncedAt: null }
          : {}),
      })
      .where(eq(episodes.id, episode.id))
      .returning(auditedEpisodeColumns);
    announceEpisodes(deps, episode.contentId);
    noteChange({
      objectType: "episode",
      objectId: episode.id,
      before: episodeSnapshot(episode),
      after: updated ? episodeSnapshot(updated) : null,
    });
  });
}

/** The title's episodes, checking that `episodeIds` are all of them or some of them. */
async function titleEpisodes(tx: Executor, contentId: string, episodeIds: readonly string[], isAll: boolean) {
  const rows = await tx
    .select({ id: episodes.id, ...auditedEpisodeColumns })
    .from(episodes)
    .where(eq(episodes.contentId, contentId))
    .orderBy(asc(episodes.number));
  const known = new Set(rows.map((row) => row.id));
  if (new Set(episodeIds).size !== episodeIds.length) {
    throw new AppError("BAD_REQUEST", "An episode is listed twice.");
  }
  if (episodeIds.some((id) => !known.has(id))) {
    throw new AppError("BAD_REQUEST", "An episode does not belong to this title.");
  }
  if (isAll && episodeIds.length !== rows.length) {
    throw new AppError("BAD_REQUEST", "List every episode of the title, in the new order.");
  }
  return rows;
}

/** Gives the episodes numbers 1, 2, … in the order given (which must name every episode). */
export async function reorderEpisodes(deps: ServiceDeps, contentId: string, episodeIds: readonly string[]) {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const before = await titleEpisodes(tx, contentId, episodeIds, true);
    await renumber(tx, contentId, episodeIds);
    announceEpisodes(deps, contentId);
    noteRenumbered(before, episodeIds);
  });
}

/** Numbers above every real one, which episodes pass through while they are renumbered. */
const RENUMBER_OFFSET = 1_000_000;

/**
 * Numbers the episodes in this order. Numbers are unique per title, so they move out of the way
 * first.
 */
async function renumber(tx: Executor, contentId: string, orderedIds: readonly string[]) {
  if (orderedIds.length === 0) return;
  await tx
    .update(episodes)
    .set({ number: sql`${episodes.number} + ${RENUMBER_OFFSET}` })
    .where(eq(episodes.contentId, contentId));
  const cases = sql.join(
    orderedIds.map((id, index) => sql`when ${id}::uuid then ${index + 1}::int`),
    sql` `,
  );
  await tx
    .update(episodes)
    .set({ number: sql`case ${episodes.id} ${cases} end` })
    .where(eq(episodes.contentId, contentId));
}

export async function deleteEpisode(deps: ServiceDeps, episodeId: string): Promise<void> {
  const episode = await deps.changes.inTransaction(deps.db, async (tx) => {
    const row = await episodeOf(tx, episodeId);
    await tx.delete(episodes).where(eq(episodes.id, episodeId));
    const rest = await tx
      .select({ id: episodes.id, number: episodes.number })
      .from(episodes)
      .where(eq(episodes.contentId, row.contentId))
      .orderBy(asc(episodes.number));
    const restIds = rest.map((episode) => episode.id);
    await renumber(tx, row.contentId, restIds);
    announceEpisodes(deps, row.contentId);
    noteChange({ objectType: "episode", objectId: row.id, before: episodeSnapshot(row), after: null });
    // The episodes after it move up one.
    noteRenumbered(rest, restIds);
    return row;
  });
  await deps.media.storage.remove(episodeMediaKey(episode.id));
}

/** Releases the episodes one after another: the first at `startAt`, each next `intervalHours` later. */
export async function scheduleEpisodes(deps: ServiceDeps, input: z.output<typeof scheduleEpisodesInput>) {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const rows = await titleEpisodes(tx, input.contentId, input.episodeIds, false);
    const chosen = new Set(input.episodeIds);
    // In reading order, whatever order they were ticked in.
    const ordered = rows.filter((row) => chosen.has(row.id));
    const start = Date.parse(input.startAt);
    for (const [index, row] of ordered.entries()) {
      const publishAt = new Date(start + index * input.intervalHours * 3_600_000);
      await tx.update(episodes).set({ publishAt, releaseAnnouncedAt: null }).where(eq(episodes.id, row.id));
      noteChange({
        objectType: "episode",
        objectId: row.id,
        before: episodeSnapshot(row),
        after: episodeSnapshot({ ...row, publishAt }),
      });
    }
    announceEpisodes(deps, input.contentId);
  });
}

export async function setEpisodePrices(deps: ServiceDeps, input: z.output<typeof setEpisodePricesInput>) {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const rows = await titleEpisodes(tx, input.contentId, input.episodeIds, false);
    await tx
      .update(episodes)
      .set({ priceCoins: input.priceCoins })
      .where(and(eq(episodes.contentId, input.contentId), inArray(episodes.id, [...input.episodeIds])));
    announceEpisodes(deps, input.contentId);
    const chosen = new Set(input.episodeIds);
    for (const row of rows.filter((each) => chosen.has(each.id))) {
      noteChange({
        objectType: "episode",
        objectId: row.id,
        before: episodeSnapshot(row),
        after: episodeSnapshot({ ...row, priceCoins: input.priceCoins }),
      });
    }
  });
}
