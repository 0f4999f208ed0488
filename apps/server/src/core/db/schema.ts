import { JOB_STATUSES } from "@litverse/shared/jobs";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { actorColumn, users } from "../../modules/users/schema.ts";
import { idColumn, oneOf, timestamps } from "./columns.ts";

/**
 * Background work (imports, …), claimed by whichever server process is free: a process takes a
 * queued job by locking its row, and keeps `locked_until` in the future while it works, so that a
 * job whose process died can be taken up again.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: idColumn(),
    kind: text("kind").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    /** 0 to 1. */
    progress: real("progress").notNull().default(0),
    /** What the job is doing now, or how it ended, in plain words. */
    message: text("message").notNull().default(""),
    input: jsonb("input").notNull(),
    result: jsonb("result"),
    error: text("error"),
    createdBy: actorColumn("created_by"),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("jobs_status_check", oneOf(table.status, JOB_STATUSES)),
    check("jobs_progress_check", sql`${table.progress} >= 0 and ${table.progress} <= 1`),
    index("jobs_queued_idx").on(table.createdAt).where(sql`${table.status} = 'queued'`),
    index("jobs_kind_created_idx").on(table.kind, table.createdAt),
  ],
);

/** Secrets the server makes for itself once and every process shares (URL signing keys, …). */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  ...timestamps(),
});

/**
 * What happened on the platform each day (UTC), counted as it happens (daily-counts.ts): the
 * dashboard's and analytics' figures read these few rows instead of the raw events. A busy count
 * is spread over a few rows (shards) so that writers rarely wait for each other; a day's figure is
 * their sum.
 */
export const dailyCounts = pgTable(
  "daily_counts",
  {
    day: date("day").notNull(),
    metric: text("metric").notNull(),
    shard: smallint("shard").notNull().default(0),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.shard] })],
);

/** Who used the app on each day (UTC), once per person and day: the active-people figures. */
export const dailyActivePeople = pgTable(
  "daily_active_people",
  {
    day: date("day").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.day, table.userId] })],
);
