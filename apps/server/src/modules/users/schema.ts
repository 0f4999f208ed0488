import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "../../core/db/columns.ts";
import { handleSkeletonSql } from "../../core/db/handle-skeleton.ts";

export const userRole = pgEnum("user_role", ["user", "admin", "superadmin"]);

export const users = pgTable(
  "users",
  {
    id: idColumn(),
    /** Identity provider issuer and subject together identify a person. */
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    name: text("name"),
    picture: text("picture"),
    handle: text("handle"),
    role: userRole("role").notNull().default("user"),
    age: smallint("age"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("users_issuer_subject_key").on(table.issuer, table.subject),
    uniqueIndex("users_handle_key").on(sql`lower(${table.handle})`),
    /**
     * Handles that look alike (UTS #39 skeletons): a new handle may not look like another
     * person's. Not unique, as look-alikes taken before this was checked stay with their holders.
     */
    index("users_handle_skeleton_idx").on(handleSkeletonSql(table.handle)),
    check("users_age_check", sql`${table.age} is null or ${table.age} in (13, 16, 18)`),
  ],
);

/** A person's own row (a follow, a message, a wallet): it goes when their account does. */
export const personColumn = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Who did something (published, granted, reviewed): kept as nobody once their account goes. */
export const actorColumn = (name: string) => uuid(name).references(() => users.id, { onDelete: "set null" });
