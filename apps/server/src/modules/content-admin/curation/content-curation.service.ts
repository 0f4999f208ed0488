// The home page's shelves. Editors' picks, must-watch and custom lists hold titles chosen by hand;
// trending, recently added, top reads, rising stars and hidden gems are filled by the server from
// engagement figures (jobs/content-stats.ts) and publication dates. Every shelf shows, in its
// order, published titles of its type that the viewer is old enough for and that moderators have
// not hidden from them.

import type { Age } from "@litverse/shared/constants";
import {
  type AdminCuratedList,
  type ContentCard,
  type CuratedList,
  type CuratedListContentType,
  type CuratedListType,
  isComputedListType,
  SHELF_ITEM_LIMIT,
} from "@litverse/shared/content";
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { noteChange } from "../../../core/audit.ts";
import type { Executor } from "../../../core/db/client.ts";
import { AppError } from "../../../core/errors.ts";
import { track } from "../../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../../core/service-deps.ts";
import { RISING_WINDOW_DAYS } from "../../../jobs/content-stats.ts";
import { toContentCard, viewerAge, visibleTitles } from "../../content/index.ts";
import { content, contentStats } from "../../content/schema.ts";
import { CATALOGUE_TOPIC, CONTENT_STATS_TOPIC, contentTopic } from "../../content/topics.ts";
import { type Onlooker, visibleItem } from "../../reports/index.ts";
import { curatedListItems, curatedLists } from "../schema.ts";

export type CuratedListRow = typeof curatedLists.$inferSelect;

/** Any change to a curated list or to which titles it holds, in which order. */
export const CURATED_LISTS_TOPIC = "curated-lists";

const cardColumns = {
  id: content.id,
  title: content.title,
  author: content.author,
  coverImage: content.coverImage,
  accessType: content.accessType,
  contentType: content.contentType,
};

/** How each computed shelf chooses and orders its titles. */
function computedOrder(listType: CuratedListType): { where?: SQL; orderBy: SQL[] } {
  switch (listType) {
    case "trending":
      return { where: gt(contentStats.trendingScore, 0), orderBy: [desc(contentStats.trendingScore)] };
    case "top_reads":
      return {
        where: gt(contentStats.readers, 0),
        orderBy: [desc(contentStats.readers), desc(contentStats.viewsTotal)],
      };
    case "rising_stars":
      return {
        where: and(
          gt(contentStats.risingScore, 0),
          sql`${content.publishedAt} > now() - make_interval(days => ${RISING_WINDOW_DAYS})`,
        ),
        orderBy: [desc(contentStats.risingScore)],
      };
    case "hidden_gems":
      return { where: gt(contentStats.hiddenGemScore, 0), orderBy: [desc(contentStats.hiddenGemScore)] };
    default:
      return { orderBy: [sql`${content.publishedAt} desc nulls last`] };
  }
}

/** What a computed shelf shows now, for a viewer of this age. */
async function computedItems(
  db: Executor,
  list: Pick<CuratedListRow, "listType" | "contentType">,
  maxAge: Age,
): Promise<ContentCard[]> {
  const { where, orderBy } = computedOrder(list.listType);
  const rows = await db
    .select(cardColumns)
    .from(content)
    .leftJoin(contentStats, eq(contentStats.contentId, content.id))
    .where(
      and(
        visibleTitles(maxAge),
        list.contentType === "all" ? undefined : eq(content.contentType, list.contentType),
        where,
      ),
    )
    .orderBy(...orderBy, asc(content.id))
    .limit(SHELF_ITEM_LIMIT);
  track(...rows.map((row) => contentTopic(row.id)));
  return rows.map(toContentCard);
}

/**
 * The hand-picked titles of these lists, each list's in its order; with `onlooker`, without those
 * moderators hid from them.
 */
async function pickedItems(db: Executor, listIds: string[], onlooker?: Onlooker) {
  if (listIds.length === 0) return [];
  return db
    .select({
      ...cardColumns,
      listId: curatedListItems.listId,
      ageRating: content.ageRating,
      status: content.status,
    })
    .from(curatedListItems)
    .innerJoin(content, eq(content.id, curatedListItems.contentId))
    .where(
      and(
        inArray(curatedListItems.listId, listIds),
        onlooker ? visibleItem("title", content.id, onlooker) : undefined,
      ),
    )
    .orderBy(asc(curatedListItems.position), asc(content.title), asc(content.id));
}

/**
 * The active lists in shelf order, each with at most SHELF_ITEM_LIMIT titles. Lists with nothing
 * to show are included; the web app hides them.
 */
export async function getActiveCuratedLists(
  { db }: ServiceDeps,
  viewer: Viewer | null,
): Promise<CuratedList[]> {
  track(CURATED_LISTS_TOPIC);
  const lists = await db
    .select()
    .from(curatedLists)
    .where(eq(curatedLists.isActive, true))
    .orderBy(asc(curatedLists.position), asc(curatedLists.createdAt), asc(curatedLists.id));
  if (lists.length === 0) return [];

  const maxAge = viewerAge(viewer);
  const picked = lists.filter((list) => !isComputedListType(list.listType));
  const rows = await pickedItems(
    db,
    picked.map((list) => list.id),
    { age: maxAge },
  );
  // Every title on a hand-picked list is tracked, shown or not: publishing a draft, or
  // unpublishing a shown title (which brings the next one in), changes the shelf.
  track(...rows.map((row) => contentTopic(row.id)));
  if (picked.length < lists.length) track(CONTENT_STATS_TOPIC, CATALOGUE_TOPIC);

  return Promise.all(
    lists.map(async (list) => ({
      _id: list.id,
      listType: list.listType,
      customName: list.customName,
      description: list.description,
      contentType: list.contentType,
      content: isComputedListType(list.listType)
        ? await computedItems(db, list, maxAge)
        : rows
            .filter(
              (row) =>
                row.listId === list.id &&
                row.status === "published" &&
                row.ageRating <= maxAge &&
                (list.contentType === "all" || row.contentType === list.contentType),
            )
            .slice(0, SHELF_ITEM_LIMIT)
            .map(toContentCard),
    })),
  );
}

/** Every list, active or not, for the curation page: hand-picked titles, or what computed shelves show. */
export async function listCuratedLists({ db }: ServiceDeps): Promise<AdminCuratedList[]> {
  track(CURATED_LISTS_TOPIC, CONTENT_STATS_TOPIC, CATALOGUE_TOPIC);
  const lists = await db
    .select()
    .from(curatedLists)
    .orderBy(asc(curatedLists.position), asc(curatedLists.createdAt), asc(curatedLists.id));
  const rows = await pickedItems(
    db,
    lists.map((list) => list.id),
  );
  track(...rows.map((row) => contentTopic(row.id)));
  return Promise.all(
    lists.map(async (list) => {
      const isComputed = isComputedListType(list.listType);
      return {
        _id: list.id,
        listType: list.listType,
        customName: list.customName,
        description: list.description,
        contentType: list.contentType,
        isActive: list.isActive,
        position: list.position,
        isComputed,
        // Computed shelves as an adult reader sees them; hand-picked lists with every title.
        items: isComputed
          ? await computedItems(db, list, 18)
          : rows.filter((row) => row.listId === list.id).map(toContentCard),
      };
    }),
  );
}

export interface CuratedListFields {
  listType: CuratedListType;
  customName?: string | null;
  description?: string | null;
  contentType?: CuratedListContentType;
  /** Shelf order, ascending. */
  position?: number;
  isActive?: boolean;
}

/** A list as the audit trail keeps it. */
function listSnapshot(row: CuratedListRow) {
  return {
    listType: row.listType,
    customName: row.customName,
    description: row.description,
    contentType: row.contentType,
    position: row.position,
    isActive: row.isActive,
  };
}

/** Replaces the list's titles; returns the ones it held before, in their order. */
async function replaceItems(tx: Executor, listId: string, contentIds: readonly string[]): Promise<string[]> {
  if (new Set(contentIds).size !== contentIds.length) {
    throw new AppError("BAD_REQUEST", "A title can be on a list only once.");
  }
  if (contentIds.length > 0) {
    const found = await tx
      .select({ id: content.id })
      .from(content)
      .where(inArray(content.id, [...contentIds]));
    if (found.length !== contentIds.length)
      throw new AppError("BAD_REQUEST", "A title on the list does not exist.");
  }
  const removed = await tx
    .delete(curatedListItems)
    .where(eq(curatedListItems.listId, listId))
    .returning({ contentId: curatedListItems.contentId, position: curatedListItems.position });
  const before = removed.sort((a, b) => a.position - b.position).map((item) => item.contentId);
  if (contentIds.length === 0) return before;
  await tx
    .insert(curatedListItems)
    .values(contentIds.map((contentId, position) => ({ listId, contentId, position })));
  return before;
}

/** Creates a list holding `contentIds` in that order, after the existing shelves unless placed. */
export async function createCuratedList(
  deps: ServiceDeps,
  fields: CuratedListFields,
  contentIds: readonly string[] = [],
): Promise<CuratedListRow> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${curatedLists.position}), -1)::int` })
      .from(curatedLists);
    const [row] = await tx
      .insert(curatedLists)
      .values({ position: (last?.position ?? -1) + 1, ...fields })
      .returning();
    if (!row) throw new AppError("CONFLICT", "Could not store the list.");
    if (contentIds.length > 0) {
      if (isComputedListType(row.listType)) {
        throw new AppError("BAD_REQUEST", "This kind of shelf is filled automatically.");
      }
      await replaceItems(tx, row.id, contentIds);
    }
    deps.changes.changed(CURATED_LISTS_TOPIC);
    noteChange({
      objectType: "curated-list",
      objectId: row.id,
      before: null,
      after: { ...listSnapshot(row), contentIds: [...contentIds] },
    });
    return row;
  });
}

export async function updateCuratedList(
  deps: ServiceDeps,
  listId: string,
  changes: Partial<CuratedListFields>,
): Promise<CuratedListRow> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(curatedLists).where(eq(curatedLists.id, listId)).for("update");
    const [row] = await tx.update(curatedLists).set(changes).where(eq(curatedLists.id, listId)).returning();
    if (!row || !before) throw new AppError("NOT_FOUND", "No such list.");
    if (row.listType === "custom" && !row.customName?.trim()) {
      throw new AppError("BAD_REQUEST", "A custom list needs a name.");
    }
    deps.changes.changed(CURATED_LISTS_TOPIC);
    noteChange({
      objectType: "curated-list",
      objectId: row.id,
      before: listSnapshot(before),
      after: listSnapshot(row),
    });
    return row;
  });
}

/** Makes the list hold exactly `contentIds`, in that order. */
export async function setCuratedListItems(
  deps: ServiceDeps,
  listId: string,
  contentIds: readonly string[],
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [list] = await tx
      .select({ id: curatedLists.id, listType: curatedLists.listType })
      .from(curatedLists)
      .where(eq(curatedLists.id, listId));
    if (!list) throw new AppError("NOT_FOUND", "No such list.");
    if (isComputedListType(list.listType)) {
      throw new AppError("BAD_REQUEST", "This kind of shelf is filled automatically.");
    }
    const before = await replaceItems(tx, listId, contentIds);
    // The list's row changes too, so that its updated_at says when it was last curated.
    await tx.update(curatedLists).set({ updatedAt: new Date() }).where(eq(curatedLists.id, listId));
    deps.changes.changed(CURATED_LISTS_TOPIC);
    noteChange({
      objectType: "curated-list",
      objectId: listId,
      before: { contentIds: before },
      after: { contentIds: [...contentIds] },
    });
  });
}

export async function deleteCuratedList(deps: ServiceDeps, listId: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const items = await tx
      .select({ contentId: curatedListItems.contentId })
      .from(curatedListItems)
      .where(eq(curatedListItems.listId, listId))
      .orderBy(asc(curatedListItems.position));
    const [row] = await tx.delete(curatedLists).where(eq(curatedLists.id, listId)).returning();
    if (!row) throw new AppError("NOT_FOUND", "No such list.");
    deps.changes.changed(CURATED_LISTS_TOPIC);
    noteChange({
      objectType: "curated-list",
      objectId: listId,
      before: { ...listSnapshot(row), contentIds: items.map((item) => item.contentId) },
      after: null,
    });
  });
}

/** Puts the shelves in this order (which must name every list). */
export async function reorderCuratedLists(deps: ServiceDeps, listIds: readonly string[]): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const all = await tx.select({ id: curatedLists.id, position: curatedLists.position }).from(curatedLists);
    const known = new Set(all.map((row) => row.id));
    if (
      new Set(listIds).size !== listIds.length ||
      listIds.length !== all.length ||
      listIds.some((id) => !known.has(id))
    ) {
      throw new AppError("BAD_REQUEST", "List every shelf once, in the new order.");
    }
    const positionOf = new Map(all.map((row) => [row.id, row.position]));
    for (const [position, id] of listIds.entries()) {
      await tx.update(curatedLists).set({ position }).where(eq(curatedLists.id, id));
      const before = positionOf.get(id);
      if (before !== position) {
        noteChange({
          objectType: "curated-list",
          objectId: id,
          before: { position: before },
          after: { position },
        });
      }
    }
    deps.changes.changed(CURATED_LISTS_TOPIC);
  });
}
