// Writing titles: creating and changing them, for the admin functions, imports and the demo seed.
import type { Age } from "@litverse/shared/constants";
import type { AccessType, ContentType, ReleaseStatus } from "@litverse/shared/content";
import { eq, sql } from "drizzle-orm";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { type ContentStatus, content } from "./schema.ts";
import type { ContentRow } from "./title-visibility.ts";
import { CATALOGUE_TOPIC, contentTopic } from "./topics.ts";

export interface ContentFields {
  contentType: ContentType;
  title: string;
  author: string;
  description?: string;
  coverImage?: string | null;
  accessType?: AccessType;
  ageRating?: Age;
  status?: ContentStatus;
  /** Defaults to now when the title is published. */
  publishedAt?: Date | null;
  genres?: string[];
  tags?: string[];
  language?: string | null;
  releaseStatus?: ReleaseStatus;
  releaseSchedule?: string | null;
  readingDirection?: ContentRow["readingDirection"];
  writingMode?: ContentRow["writingMode"];
  /** The unlock ladder's per-title settings (see modules/unlocks). */
  bulkDiscountPercent?: number;
  waitForFreeHours?: number | null;
  rentalPriceCoins?: number | null;
  rentalHours?: number | null;
  createdBy?: string | null;
}

export async function createContent(
  deps: ServiceDeps,
  fields: ContentFields,
  id?: string,
): Promise<ContentRow> {
  return deps.changes.inTransaction(deps.db, (tx) => insertContent(deps, tx, fields, id));
}

/** Inserts a title inside an open transaction (imports add its episodes in the same one). */
export async function insertContent(
  deps: ServiceDeps,
  tx: Executor,
  fields: ContentFields,
  id?: string,
): Promise<ContentRow> {
  const publishedAt = fields.publishedAt ?? (fields.status === "published" ? new Date() : null);
  const [row] = await tx
    .insert(content)
    .values({ ...fields, ...(id ? { id } : {}), publishedAt })
    .returning();
  if (!row) throw new AppError("CONFLICT", "Could not store the title.");
  deps.changes.changed(contentTopic(row.id), CATALOGUE_TOPIC);
  return row;
}

export async function updateContent(
  deps: ServiceDeps,
  contentId: string,
  changes: Partial<ContentFields>,
): Promise<ContentRow> {
  // Publishing keeps the first publication date, or sets it now.
  const publishedAt =
    changes.status === "published" && changes.publishedAt === undefined
      ? { publishedAt: sql`coalesce(${content.publishedAt}, now())` }
      : {};
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(content).where(eq(content.id, contentId)).for("update");
    const [row] = await tx
      .update(content)
      .set({ ...changes, ...publishedAt })
      .where(eq(content.id, contentId))
      .returning();
    if (!row || !before) throw new AppError("NOT_FOUND", "No such title.");
    deps.changes.changed(contentTopic(row.id), CATALOGUE_TOPIC);
    noteChange({
      objectType: "content",
      objectId: row.id,
      before: contentSnapshot(before),
      after: contentSnapshot(row),
    });
    return row;
  });
}

/** A title as the audit trail keeps it: what administrators set, without search data or stamps. */
export function contentSnapshot(row: ContentRow) {
  return {
    contentType: row.contentType,
    title: row.title,
    author: row.author,
    description: row.description,
    coverImage: row.coverImage,
    accessType: row.accessType,
    ageRating: row.ageRating,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    genres: row.genres,
    tags: row.tags,
    language: row.language,
    releaseStatus: row.releaseStatus,
    releaseSchedule: row.releaseSchedule,
    readingDirection: row.readingDirection,
    writingMode: row.writingMode,
    bulkDiscountPercent: row.bulkDiscountPercent,
    waitForFreeHours: row.waitForFreeHours,
    rentalPriceCoins: row.rentalPriceCoins,
    rentalHours: row.rentalHours,
  };
}
