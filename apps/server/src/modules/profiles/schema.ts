import { ACTIVITY_KINDS, VISIBILITIES } from "@litverse/shared/people";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { content } from "../content/schema.ts";
import { personColumn } from "../users/schema.ts";

/**
 * What a person tells others about themselves, beside the `users` row (whose name and picture come
 * from the sign-in provider). Made on first edit: a person without a row has the defaults.
 */
export const profiles = pgTable(
  "profiles",
  {
    userId: personColumn("user_id").primaryKey(),
    /** Null: the name the sign-in provider gave. */
    displayName: text("display_name"),
    bio: text("bio").notNull().default(""),
    /** The media key of the avatar's folder (its sizes inside), or null for none. */
    avatarKey: text("avatar_key"),
    favouriteGenres: text("favourite_genres").array().notNull().default(sql`'{}'::text[]`),
    /** An IANA zone such as "Europe/Paris"; null: the browser's. */
    timeZone: text("time_zone"),
    detailsVisibility: text("details_visibility", { enum: VISIBILITIES }).notNull().default("public"),
    activityVisibility: text("activity_visibility", { enum: VISIBILITIES }).notNull().default("public"),
    libraryVisibility: text("library_visibility", { enum: VISIBILITIES }).notNull().default("friends"),
    /** Last time the person had the app open, for presence; written at most once a minute. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** Left out of the leaderboards and of what others see of league groups; XP is still earned. */
    leaderboardOptOut: boolean("leaderboard_opt_out").notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    check("profiles_details_visibility_check", oneOf(table.detailsVisibility, VISIBILITIES)),
    check("profiles_activity_visibility_check", oneOf(table.activityVisibility, VISIBILITIES)),
    check("profiles_library_visibility_check", oneOf(table.libraryVisibility, VISIBILITIES)),
    // User management's search: a chosen name, by any part of it.
    index("profiles_display_name_trgm_idx").using("gin", sql`lower(${table.displayName}) gin_trgm_ops`),
    /** The few who left the boards, for the all-time board's ranks. */
    index("profiles_leaderboard_opt_out_idx").on(table.userId).where(sql`${table.leaderboardOptOut}`),
  ],
);

/** Handles people gave up: each keeps leading to its person for a while, and nobody else may take it meanwhile. */
export const handleHistory = pgTable(
  "handle_history",
  {
    /** Lowercase. */
    handle: text("handle").primaryKey(),
    userId: personColumn("user_id"),
    releasedAt: timestamp("released_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("handle_history_user_id_idx").on(table.userId)],
);

export const FRIENDSHIP_STATUSES = ["pending", "accepted"] as const;

/**
 * One row per pair of people who are friends or on the way: a request is `pending` until the
 * addressee accepts it; declining, cancelling and unfriending delete the row.
 */
export const friendships = pgTable(
  "friendships",
  {
    id: idColumn(),
    requesterId: personColumn("requester_id"),
    addresseeId: personColumn("addressee_id"),
    status: text("status", { enum: FRIENDSHIP_STATUSES }).notNull().default("pending"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("friendships_status_check", oneOf(table.status, FRIENDSHIP_STATUSES)),
    check("friendships_not_self_check", sql`${table.requesterId} <> ${table.addresseeId}`),
    // One row per pair, whoever asked.
    uniqueIndex("friendships_pair_key").on(
      sql`least(${table.requesterId}, ${table.addresseeId})`,
      sql`greatest(${table.requesterId}, ${table.addresseeId})`,
    ),
    index("friendships_requester_idx").on(table.requesterId, table.status),
    index("friendships_addressee_idx").on(table.addresseeId, table.status),
  ],
);

/** Who blocked whom. A block ends any friendship or request between the two. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: personColumn("blocker_id"),
    blockedId: personColumn("blocked_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    check("blocks_not_self_check", sql`${table.blockerId} <> ${table.blockedId}`),
    index("blocks_blocked_id_idx").on(table.blockedId),
  ],
);

/**
 * Time spent reading, listening and watching, per person, UTC day, title and kind, in seconds, as
 * the readers and players report it (capped by the time that really passed).
 */
export const activityTime = pgTable(
  "activity_time",
  {
    userId: personColumn("user_id"),
    day: date("day", { mode: "string" }).notNull(),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    seconds: integer("seconds").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day, table.contentId, table.kind] }),
    check("activity_time_kind_check", oneOf(table.kind, ACTIVITY_KINDS)),
    check("activity_time_seconds_check", sql`${table.seconds} >= 0`),
    index("activity_time_content_idx").on(table.contentId),
  ],
);
