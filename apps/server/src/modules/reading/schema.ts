import { MARK_COLORS, MARK_KINDS } from "@litverse/shared/content";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn } from "../../core/db/columns.ts";
import { content, episodes } from "../content/schema.ts";
import { personColumn } from "../users/schema.ts";

/**
 * Where a person is in an episode: how far (0 to 1), the exact place to resume at (a locator the
 * reader of the episode's kind understands), and when they finished it.
 */
export const episodeProgress = pgTable(
  "episode_progress",
  {
    userId: personColumn("user_id"),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    fraction: real("fraction").notNull().default(0),
    locator: jsonb("locator"),
    /** The tab that recorded the position, so that it can tell its own moves from others'. */
    clientId: text("client_id"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Active time credited in this episode so far: never more than the episode takes (reading-credit.ts). */
    creditedSeconds: integer("credited_seconds").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.episodeId] }),
    index("episode_progress_user_recent_idx").on(table.userId, table.updatedAt),
    index("episode_progress_content_id_idx").on(table.contentId),
    check("episode_progress_fraction_check", sql`${table.fraction} >= 0 and ${table.fraction} <= 1`),
    check("episode_progress_credited_seconds_check", sql`${table.creditedSeconds} >= 0`),
  ],
);

/** Bookmarks and highlights (with notes) a reader keeps in a title's episodes. */
export const readingMarks = pgTable(
  "reading_marks",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MARK_KINDS }).notNull(),
    locator: jsonb("locator").notNull(),
    quote: text("quote"),
    note: text("note"),
    color: text("color", { enum: MARK_COLORS }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("reading_marks_user_content_idx").on(table.userId, table.contentId),
    check("reading_marks_kind_check", sql`${table.kind} in ('bookmark', 'highlight')`),
  ],
);
