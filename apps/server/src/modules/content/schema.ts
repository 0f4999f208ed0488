import {
  ACCESS_TYPES,
  CONTENT_TYPES,
  READING_DIRECTIONS,
  RELEASE_STATUSES,
  WRITING_MODES,
} from "@litverse/shared/content";
import { sql } from "drizzle-orm";
import {
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { actorColumn } from "../users/schema.ts";

export const CONTENT_STATUSES = ["draft", "published"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Titles of every kind: books, audiobooks, comics and dramas. */
export const content = pgTable(
  "content",
  {
    id: idColumn(),
    contentType: text("content_type", { enum: CONTENT_TYPES }).notNull(),
    title: text("title").notNull(),
    /** The author(s) as shown: "Herman Melville", "A. Writer, B. Artist". */
    author: text("author").notNull(),
    description: text("description").notNull().default(""),
    /** URL of the cover image; null until one is uploaded. */
    coverImage: text("cover_image"),
    accessType: text("access_type", { enum: ACCESS_TYPES }).notNull().default("free"),
    /** The youngest age (13, 16 or 18) the title is for; viewers see titles rated at most their age. */
    ageRating: smallint("age_rating").notNull().default(13),
    /** Whether readers can see the title at all. */
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    /** When the title was first published; set together with status "published". */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Lowercase genre names ("romance", "fantasy"). */
    genres: text("genres").array().notNull().default(sql`'{}'::text[]`),
    /** Lowercase free tags ("whaling", "slow burn"). */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** BCP 47 language tag, when known. */
    language: text("language"),
    /** Whether new episodes are still coming. */
    releaseStatus: text("release_status", { enum: RELEASE_STATUSES }).notNull().default("ongoing"),
    /** How often episodes come, as shown to readers ("New episode every Friday"). */
    releaseSchedule: text("release_schedule"),
    readingDirection: text("reading_direction", { enum: READING_DIRECTIONS }).notNull().default("ltr"),
    writingMode: text("writing_mode", { enum: WRITING_MODES }).notNull().default("horizontal"),
    /** "Unlock all remaining": the sum of the remaining episodes' prices, less this percentage. */
    bulkDiscountPercent: smallint("bulk_discount_percent").notNull().default(0),
    /** When set, one priced episode opens free every this many hours ("wait for free"). */
    waitForFreeHours: integer("wait_for_free_hours"),
    /** When both are set, a priced episode can be rented for this many coins and hours. */
    rentalPriceCoins: integer("rental_price_coins"),
    rentalHours: integer("rental_hours"),
    createdBy: actorColumn("created_by"),
    /**
     * What search matches: title (weight A), author and tags (B), description (C). English
     * stemming everywhere, so that a query is stemmed the same way whichever field it meets.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(author, '')), 'B') || setweight(array_to_tsvector(tags), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    ...timestamps(),
  },
  (table) => [
    check("content_content_type_check", oneOf(table.contentType, CONTENT_TYPES)),
    check("content_access_type_check", oneOf(table.accessType, ACCESS_TYPES)),
    check("content_age_rating_check", sql`${table.ageRating} in (13, 16, 18)`),
    check("content_status_check", oneOf(table.status, CONTENT_STATUSES)),
    check(
      "content_published_at_check",
      sql`${table.status} <> 'published' or ${table.publishedAt} is not null`,
    ),
    check("content_release_status_check", oneOf(table.releaseStatus, RELEASE_STATUSES)),
    check("content_reading_direction_check", oneOf(table.readingDirection, READING_DIRECTIONS)),
    check("content_writing_mode_check", oneOf(table.writingMode, WRITING_MODES)),
    check(
      "content_bulk_discount_check",
      sql`${table.bulkDiscountPercent} >= 0 and ${table.bulkDiscountPercent} <= 90`,
    ),
    check(
      "content_wait_for_free_check",
      sql`${table.waitForFreeHours} is null or ${table.waitForFreeHours} between 1 and 720`,
    ),
    check(
      "content_rental_check",
      sql`(${table.rentalPriceCoins} is null) = (${table.rentalHours} is null) and (${table.rentalPriceCoins} is null or (${table.rentalPriceCoins} > 0 and ${table.rentalHours} between 1 and 720))`,
    ),
    index("content_search_vector_idx").using("gin", table.searchVector),
    index("content_genres_idx").using("gin", table.genres),
    index("content_published_idx").on(table.publishedAt).where(sql`${table.status} = 'published'`),
  ],
);

/**
 * The episodes of a title, in `number` order (1, 2, …). An episode is visible to readers once
 * `publish_at` has passed: null keeps it unpublished, a future time schedules it.
 */
export const episodes = pgTable(
  "episodes",
  {
    id: idColumn(),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Set once readers (and followers' notifications) have been told that the episode is out. */
    releaseAnnouncedAt: timestamp("release_announced_at", { withTimezone: true }),
    /** 0: free. Otherwise the coins that unlock the episode for good. */
    priceCoins: integer("price_coins").notNull().default(0),
    /** What the episode is made of; file paths are relative to its media folder (see media/import/types.ts). */
    payload: jsonb("payload").notNull(),
    /** Length of audio and video episodes. */
    durationMs: integer("duration_ms"),
    /** Length of book chapters. */
    wordCount: integer("word_count"),
    /** Pages of comic episodes. */
    pageCount: integer("page_count"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("episodes_content_id_number_key").on(table.contentId, table.number),
    index("episodes_release_due_idx")
      .on(table.publishAt)
      .where(sql`${table.releaseAnnouncedAt} is null and ${table.publishAt} is not null`),
    check("episodes_number_check", sql`${table.number} > 0`),
    check("episodes_price_coins_check", sql`${table.priceCoins} >= 0`),
  ],
);

/**
 * Engagement figures per title, refreshed in the background (see jobs/content-stats.ts): they
 * order explore results and fill the computed shelves (trending, top reads, rising stars, hidden
 * gems) without counting on every read.
 */
export const contentStats = pgTable("content_stats", {
  contentId: uuid("content_id")
    .primaryKey()
    .references(() => content.id, { onDelete: "cascade" }),
  viewsTotal: integer("views_total").notNull().default(0),
  /** Episode views in the last 7 days, and in the 7 days before. */
  viewsRecent: integer("views_recent").notNull().default(0),
  viewsPrevious: integer("views_previous").notNull().default(0),
  readers: integer("readers").notNull().default(0),
  followers: integer("followers").notNull().default(0),
  likes: integer("likes").notNull().default(0),
  ratingCount: integer("rating_count").notNull().default(0),
  /** Mean rating, 1 to 5; 0 without ratings. */
  ratingAverage: doublePrecision("rating_average").notNull().default(0),
  popularityScore: doublePrecision("popularity_score").notNull().default(0),
  trendingScore: doublePrecision("trending_score").notNull().default(0),
  risingScore: doublePrecision("rising_score").notNull().default(0),
  hiddenGemScore: doublePrecision("hidden_gem_score").notNull().default(0),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const MATTER_PLACEMENTS = ["front", "back"] as const;
export type MatterPlacement = (typeof MATTER_PLACEMENTS)[number];

/**
 * A book's pages that are not its story: front matter (title page, imprint, dedication,
 * epigraph, contents) read before episode 1, back matter (notes, colophon) after the last. Kept
 * apart from episodes so that they are never counted, priced, unlocked or tracked as progress.
 * `position` orders them within the title, front ones first; chapter links name them by it
 * (`?matter=2`). Their files live in media storage as an episode's do, under their own id.
 */
export const bookMatter = pgTable(
  "book_matter",
  {
    id: idColumn(),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    placement: text("placement", { enum: MATTER_PLACEMENTS }).notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** A book chapter's payload (see media/import/types.ts). */
    payload: jsonb("payload").notNull(),
    wordCount: integer("word_count").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("book_matter_content_id_position_key").on(table.contentId, table.position),
    check("book_matter_placement_check", oneOf(table.placement, MATTER_PLACEMENTS)),
    check("book_matter_position_check", sql`${table.position} > 0`),
  ],
);
