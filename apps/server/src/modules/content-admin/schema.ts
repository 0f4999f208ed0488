import { CONTENT_TYPES, CURATED_LIST_TYPES, type CuratedListContentType } from "@litverse/shared/content";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { content } from "../content/schema.ts";

export const CURATED_LIST_CONTENT_TYPES = [
  "all",
  ...CONTENT_TYPES,
] as const satisfies readonly CuratedListContentType[];

/** The shelves of the home page, in `position` order, as the team curates them. */
export const curatedLists = pgTable(
  "curated_lists",
  {
    id: idColumn(),
    listType: text("list_type", { enum: CURATED_LIST_TYPES }).notNull(),
    /** The shelf's heading; custom lists need one, other types fall back to their own name. */
    customName: text("custom_name"),
    description: text("description"),
    /** Which titles the shelf shows: every type, or one. */
    contentType: text("content_type", { enum: CURATED_LIST_CONTENT_TYPES }).notNull().default("all"),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    check("curated_lists_list_type_check", oneOf(table.listType, CURATED_LIST_TYPES)),
    check("curated_lists_content_type_check", oneOf(table.contentType, CURATED_LIST_CONTENT_TYPES)),
    index("curated_lists_active_position_idx").on(table.position).where(sql`${table.isActive}`),
  ],
);

/** The titles of a curated list, in `position` order. */
export const curatedListItems = pgTable(
  "curated_list_items",
  {
    listId: uuid("list_id")
      .notNull()
      .references(() => curatedLists.id, { onDelete: "cascade" }),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.contentId] }),
    index("curated_list_items_list_position_idx").on(table.listId, table.position),
    index("curated_list_items_content_id_idx").on(table.contentId),
  ],
);
