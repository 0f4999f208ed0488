import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn } from "../../core/db/columns.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/** VVIP access given by a superadmin, outside any plan. Rows are the audit trail: never deleted. */
export const vvipGrants = pgTable(
  "vvip_grants",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
    reason: text("reason").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    grantedBy: actorColumn("granted_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: actorColumn("revoked_by"),
    revokeReason: text("revoke_reason"),
  },
  (table) => [index("vvip_grants_user_idx").on(table.userId, table.endsAt)],
);
