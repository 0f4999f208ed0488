import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Site-wide settings in a single row (id 1), one typed column per setting so that the database
 * itself rejects malformed values.
 */
export const systemSettings = pgTable(
  "system_settings",
  {
    id: integer("id").primaryKey().default(1),
    isComingSoonMode: boolean("is_coming_soon_mode").notNull().default(false),
    comingSoonTitle: text("coming_soon_title").notNull(),
    comingSoonDescription: text("coming_soon_description").notNull(),
    expectedLaunchDate: text("expected_launch_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [check("system_settings_single_row", sql`${table.id} = 1`)],
);
