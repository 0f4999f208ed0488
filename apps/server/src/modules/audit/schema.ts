import { check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn, oneOf } from "../../core/db/columns.ts";

/**
 * Every administrator's change and every command line command that changed data: who, what, the
 * object, the change itself, when and from where. Append-only: the migration that makes the table
 * gives it a trigger refusing updates and deletes. The actor is kept as an id and a label rather
 * than a reference, so that the record outlives the account it names.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: idColumn(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** "app" (a call to the server) or "cli" (the admin command line). */
    source: text("source", { enum: ["app", "cli"] }).notNull(),
    actorId: text("actor_id"),
    /** Who, as they were named then: "Ada Admin (@ada, superadmin)", or the command line's user. */
    actorLabel: text("actor_label").notNull(),
    /** The function (`contentAdmin.deleteContent`) or command (`cli role`) that was run. */
    action: text("action").notNull(),
    /** The admin section it belongs to, if any. */
    section: text("section"),
    /** The main object changed, when one is known. */
    objectType: text("object_type"),
    objectId: text("object_id"),
    /** What was asked, with secrets left out. */
    input: jsonb("input"),
    /** Each object changed, before and after, as the services noted them. */
    changes: jsonb("changes").notNull().default([]),
    address: text("address"),
    device: text("device"),
  },
  (table) => [
    index("audit_events_at_idx").on(table.at),
    index("audit_events_actor_at_idx").on(table.actorId, table.at),
    index("audit_events_object_idx").on(table.objectType, table.objectId),
    index("audit_events_action_at_idx").on(table.action, table.at),
    check("audit_events_source_check", oneOf(table.source, ["app", "cli"])),
  ],
);
