import { timestamp, uuid } from "drizzle-orm/pg-core";

/** The columns every table carries. */
export const idColumn = () => uuid("id").primaryKey().defaultRandom();
export const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
