import { sql } from "drizzle-orm";
import { check, pgEnum, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "./columns.ts";

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
    check("users_age_check", sql`${table.age} is null or ${table.age} in (13, 16, 18)`),
  ],
);
