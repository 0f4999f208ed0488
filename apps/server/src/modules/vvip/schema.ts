import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn } from "../../core/db/columns.ts";
import { users } from "../users/schema.ts";

/** VVIP access given by a superadmin, outside any plan. Rows are the audit trail: never deleted. */
export const vvipGrants = pgTable(
  "vvip_grants",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revokeReason: text("revoke_reason"),
  },
  (table) => [index("vvip_grants_user_idx").on(table.userId, table.endsAt)],
);
