import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "./columns.ts";
import { content } from "./content.ts";

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
