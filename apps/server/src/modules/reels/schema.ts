import {
  REEL_EVENT_KINDS,
  REEL_RETENTION_STEPS,
  REEL_SHARE_METHODS,
  REEL_STATUSES,
  REEL_VISIBILITIES,
} from "@litverse/shared/reels";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
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
import { jobs } from "../../core/db/schema.ts";
import { content, episodes } from "../content/schema.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/**
 * A short video by a person (or an official one by the team) that may trail a title or one of its
 * episodes. Its files live under `reels/<id>/` in media storage (video.mp4, poster.jpg,
 * captions.vtt) once processed. The counters are kept with every like, comment and share, for the
 * feed's ranking and the lists; views are counted per day in reel_daily_stats.
 */
export const reels = pgTable(
  "reels",
  {
    id: idColumn(),
    creatorId: personColumn("creator_id"),
    status: text("status", { enum: REEL_STATUSES }).notNull().default("processing"),
    visibility: text("visibility", { enum: REEL_VISIBILITIES }).notNull().default("public"),
    caption: text("caption").notNull().default(""),
    /** The title the reel trails; a deleted title takes the link with it. */
    linkContentId: uuid("link_content_id").references(() => content.id, { onDelete: "set null" }),
    linkEpisodeId: uuid("link_episode_id").references(() => episodes.id, { onDelete: "set null" }),
    isOfficial: boolean("is_official").notNull().default(false),
    featuredAt: timestamp("featured_at", { withTimezone: true }),
    /** The file's name as the creator's device called it. */
    sourceName: text("source_name").notNull().default(""),
    durationMs: integer("duration_ms"),
    width: integer("width"),
    height: integer("height"),
    hasAudio: boolean("has_audio").notNull().default(false),
    hasPoster: boolean("has_poster").notNull().default(false),
    hasCaptions: boolean("has_captions").notNull().default(false),
    /** The processing job, for its progress while it runs. */
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    /** Why it failed, was rejected or was removed, in words the creator reads. */
    reason: text("reason"),
    reviewedBy: actorColumn("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    shareCount: integer("share_count").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    check("reels_status_check", oneOf(table.status, REEL_STATUSES)),
    check("reels_visibility_check", oneOf(table.visibility, REEL_VISIBILITIES)),
    check(
      "reels_counts_check",
      sql`${table.likeCount} >= 0 and ${table.commentCount} >= 0 and ${table.shareCount} >= 0`,
    ),
    check(
      "reels_episode_link_check",
      sql`${table.linkEpisodeId} is null or ${table.linkContentId} is not null`,
    ),
    index("reels_feed_idx").on(table.publishedAt).where(sql`${table.status} = 'published'`),
    index("reels_creator_idx").on(table.creatorId, table.createdAt),
    index("reels_status_idx").on(table.status, table.createdAt),
    index("reels_link_content_idx").on(table.linkContentId),
  ],
);

export const reelLikes = pgTable(
  "reel_likes",
  {
    reelId: uuid("reel_id")
      .notNull()
      .references(() => reels.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.reelId, table.userId] }),
    index("reel_likes_reel_created_idx").on(table.reelId, table.createdAt),
    index("reel_likes_user_idx").on(table.userId),
  ],
);

/** A comment on a reel, or a reply to one (`parentId`, one level). Deleted ones stay as markers while replied to. */
export const reelComments = pgTable(
  "reel_comments",
  {
    id: idColumn(),
    reelId: uuid("reel_id")
      .notNull()
      .references(() => reels.id, { onDelete: "cascade" }),
    authorId: personColumn("author_id"),
    parentId: uuid("parent_id").references((): AnyPgColumn => reelComments.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    replyCount: integer("reply_count").notNull().default(0),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("reel_comments_reply_count_check", sql`${table.replyCount} >= 0`),
    index("reel_comments_thread_idx").on(table.reelId, table.parentId, table.createdAt),
    index("reel_comments_parent_idx").on(table.parentId, table.createdAt),
    index("reel_comments_created_idx").on(table.createdAt),
  ],
);

export const reelShares = pgTable(
  "reel_shares",
  {
    id: idColumn(),
    reelId: uuid("reel_id")
      .notNull()
      .references(() => reels.id, { onDelete: "cascade" }),
    userId: actorColumn("user_id"),
    method: text("method", { enum: REEL_SHARE_METHODS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("reel_shares_method_check", oneOf(table.method, REEL_SHARE_METHODS)),
    index("reel_shares_reel_created_idx").on(table.reelId, table.createdAt),
  ],
);

/** People following a creator of reels. */
export const creatorFollows = pgTable(
  "creator_follows",
  {
    followerId: personColumn("follower_id"),
    creatorId: personColumn("creator_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.creatorId] }),
    index("creator_follows_creator_idx").on(table.creatorId),
    check("creator_follows_not_self_check", sql`${table.followerId} <> ${table.creatorId}`),
  ],
);

/**
 * One viewer's watching of one reel in one player session (a page of the feed): what the verified
 * events add up to. `playedMs` is never more than the time since the play started (the server's
 * clock) nor the reel's length times the loops that time allows; `reachMs` is the furthest point
 * played. `day` is the UTC day the play started, the day its figures count on.
 */
export const reelViews = pgTable(
  "reel_views",
  {
    id: idColumn(),
    sessionId: uuid("session_id").notNull(),
    reelId: uuid("reel_id")
      .notNull()
      .references(() => reels.id, { onDelete: "cascade" }),
    viewerId: personColumn("viewer_id"),
    day: date("day", { mode: "string" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull(),
    playedMs: integer("played_ms").notNull().default(0),
    reachMs: integer("reach_ms").notNull().default(0),
    isCounted: boolean("is_counted").notNull().default(false),
    isCompleted: boolean("is_completed").notNull().default(false),
    leftAt: timestamp("left_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("reel_views_session_reel_key").on(table.sessionId, table.reelId),
    index("reel_views_reel_day_idx").on(table.reelId, table.day),
    index("reel_views_day_idx").on(table.day),
    index("reel_views_viewer_completed_idx")
      .on(table.viewerId, table.startedAt)
      .where(sql`${table.isCompleted}`),
    check("reel_views_times_check", sql`${table.playedMs} >= 0 and ${table.reachMs} >= 0`),
  ],
);

/**
 * How much playback a viewer may still be credited with, across all their sessions: it grows with
 * real time (up to a ceiling) and every credited millisecond spends it, so that many sessions at
 * once, or sessions filled in long after they started, never add up to more than one person can watch.
 */
export const reelWatchAllowances = pgTable(
  "reel_watch_allowances",
  {
    viewerId: personColumn("viewer_id").primaryKey(),
    availableMs: integer("available_ms").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("reel_watch_allowances_available_check", sql`${table.availableMs} >= 0`)],
);

/** The events behind a view, once each by sequence number: a replayed request adds nothing. */
export const reelWatchEvents = pgTable(
  "reel_watch_events",
  {
    viewId: uuid("view_id")
      .notNull()
      .references(() => reelViews.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    kind: text("kind", { enum: REEL_EVENT_KINDS }).notNull(),
    positionMs: integer("position_ms").notNull(),
    playedMs: integer("played_ms").notNull(),
    clientAt: timestamp("client_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.viewId, table.seq] }),
    check("reel_watch_events_kind_check", oneOf(table.kind, REEL_EVENT_KINDS)),
  ],
);

/**
 * Each reel's watching per UTC day, kept in the transaction that records the events, so that the
 * analytics read one row per reel and day. `reach` counts plays by how far they got: element i
 * (1-based) holds the plays whose furthest point is in [(i−1)·5 %, i·5 %) of the length, the last
 * one the plays that reached the end.
 */
export const reelDailyStats = pgTable(
  "reel_daily_stats",
  {
    reelId: uuid("reel_id")
      .notNull()
      .references(() => reels.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    plays: integer("plays").notNull().default(0),
    views: integer("views").notNull().default(0),
    skips: integer("skips").notNull().default(0),
    completions: integer("completions").notNull().default(0),
    /** Playback of counted views, loops included. */
    watchMs: bigint("watch_ms", { mode: "number" }).notNull().default(0),
    reach: integer("reach")
      .array()
      .notNull()
      .default(sql.raw(`array_fill(0, array[${REEL_RETENTION_STEPS + 1}])`)),
  },
  (table) => [
    primaryKey({ columns: [table.reelId, table.day] }),
    index("reel_daily_stats_day_idx").on(table.day),
  ],
);

/** A "Watch the series" click, for the reel → title → unlock conversion. */
export const reelLinkClicks = pgTable(
  "reel_link_clicks",
  {
    id: idColumn(),
    reelId: uuid("reel_id")
      .notNull()
      .references(() => reels.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id").references(() => episodes.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reel_link_clicks_reel_created_idx").on(table.reelId, table.createdAt),
    index("reel_link_clicks_user_content_idx").on(table.userId, table.contentId, table.createdAt),
  ],
);

/** The reels settings, one row (id 1). */
export const reelSettings = pgTable(
  "reel_settings",
  {
    id: integer("id").primaryKey().default(1),
    requireReview: boolean("require_review").notNull().default(false),
    updatedBy: actorColumn("updated_by"),
    ...timestamps(),
  },
  (table) => [check("reel_settings_single_row", sql`${table.id} = 1`)],
);
