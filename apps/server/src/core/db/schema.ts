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

/**
 * Budgets counted for every server process at once (core/limits/limiter-store.ts), in the shape
 * rate-limiter-flexible's PostgreSQL store reads and writes: the budget's key, the points spent in
 * the current window, and when the window ends (milliseconds since the epoch). Keys are text
 * rather than the library's varchar(255): an address typed into a form can be longer. The
 * migration makes the table UNLOGGED (which Drizzle cannot declare): budgets need no durability.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

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

/** Who used the app in each week (starting Monday, UTC), once per person and week: weekly actives and cohorts. */
export const weeklyActivePeople = pgTable(
  "weekly_active_people",
  {
    week: date("week").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.week, table.userId] })],
);

/** Who used the app in each calendar month (UTC), once per person and month: monthly actives. */
export const monthlyActivePeople = pgTable(
  "monthly_active_people",
  {
    month: date("month").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.month, table.userId] })],
);

/**
 * Who was active in a segment on each day, once per person, segment and day: the installed app or
 * the browser (`platform:app`), or a kind of content (`type:book`). Its counts are daily counts
 * (`people.active:platform:app`).
 */
export const dailyActiveSegments = pgTable(
  "daily_active_segments",
  {
    day: date("day").notNull(),
    segment: text("segment").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.day, table.segment, table.userId] })],
);

/**
 * Sign-up cohorts (the week people signed up) by the week of their activity: how many were active,
 * and the coins they bought and spent. Kept as activity and purchases happen, spread over shards.
 */
export const cohortWeeks = pgTable(
  "cohort_weeks",
  {
    cohortWeek: date("cohort_week").notNull(),
    week: date("week").notNull(),
    shard: smallint("shard").notNull().default(0),
    activePeople: integer("active_people").notNull().default(0),
    coinsBought: bigint("coins_bought", { mode: "number" }).notNull().default(0),
    coinsSpent: bigint("coins_spent", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.cohortWeek, table.week, table.shard] })],
);

/**
 * The first time each person reached each step of the funnels, once: the funnels count people by
 * these instead of searching the events. One row per person, made at their first step.
 */
export const personMilestones = pgTable(
  "person_milestones",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    signedUpAt: timestamp("signed_up_at", { withTimezone: true }).notNull(),
    firstEpisodeAt: timestamp("first_episode_at", { withTimezone: true }),
    firstFinishedAt: timestamp("first_finished_at", { withTimezone: true }),
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }),
    firstReelAt: timestamp("first_reel_at", { withTimezone: true }),
    reelClickAt: timestamp("reel_click_at", { withTimezone: true }),
    unlockAfterReelAt: timestamp("unlock_after_reel_at", { withTimezone: true }),
    storyStartedAt: timestamp("story_started_at", { withTimezone: true }),
    storyFinishedAt: timestamp("story_finished_at", { withTimezone: true }),
  },
  (table) => [index("person_milestones_signed_up_idx").on(table.signedUpAt)],
);

/** Each title's day: readers who started it, readers who finished it, coins it earned. */
export const titleDaily = pgTable(
  "title_daily",
  {
    day: date("day").notNull(),
    contentId: uuid("content_id").notNull(),
    shard: smallint("shard").notNull().default(0),
    newReaders: integer("new_readers").notNull().default(0),
    completions: integer("completions").notNull().default(0),
    coinsEarned: bigint("coins_earned", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.contentId, table.shard] }),
    index("title_daily_content_idx").on(table.contentId, table.day),
  ],
);

/** Each episode's day: readers who opened it for the first time (drop-off along a title). */
export const episodeDaily = pgTable(
  "episode_daily",
  {
    day: date("day").notNull(),
    episodeId: uuid("episode_id").notNull(),
    contentId: uuid("content_id").notNull(),
    newReaders: integer("new_readers").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.episodeId] }),
    index("episode_daily_content_idx").on(table.contentId, table.day),
  ],
);
