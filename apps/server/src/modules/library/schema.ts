import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn } from "../../core/db/columns.ts";
import { content, episodes } from "../content/schema.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/** Titles a person follows: their library, and who hears about new episodes. */
export const contentFollows = pgTable(
  "content_follows",
  {
    userId: personColumn("user_id"),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.contentId] }),
    index("content_follows_content_id_idx").on(table.contentId, table.createdAt),
  ],
);

export const contentLikes = pgTable(
  "content_likes",
  {
    userId: personColumn("user_id"),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.contentId] }),
    index("content_likes_content_id_idx").on(table.contentId, table.createdAt),
  ],
);

/** One rating, 1 to 5 stars, per person and title; rating again replaces it. */
export const contentRatings = pgTable(
  "content_ratings",
  {
    userId: personColumn("user_id"),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.contentId] }),
    index("content_ratings_content_id_idx").on(table.contentId, table.updatedAt),
    check("content_ratings_rating_check", sql`${table.rating} between 1 and 5`),
  ],
);

/**
 * One clock per person for the active time their reports claim (reading, listening, watching),
 * shared by all their devices and tabs: time is credited only up to the server's clock, and only
 * once. Its row is locked while a report is credited, so two reports cannot credit the same time.
 */
export const activeTimeClocks = pgTable("active_time_clocks", {
  userId: personColumn("user_id").primaryKey(),
  /** The server's time up to which the person's active time has been credited (or passed over). */
  creditedUntil: timestamp("credited_until", { withTimezone: true }).notNull(),
});

/**
 * Each opening of an episode by a reader, at most one per person and episode in a half hour: the
 * source of view counts, trending shelves and content metrics.
 */
export const episodeViews = pgTable(
  "episode_views",
  {
    id: idColumn(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    userId: actorColumn("user_id"),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("episode_views_content_viewed_idx").on(table.contentId, table.viewedAt),
    index("episode_views_episode_id_idx").on(table.episodeId),
    index("episode_views_user_episode_idx").on(table.userId, table.episodeId, table.viewedAt),
  ],
);
