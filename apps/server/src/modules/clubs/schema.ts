import {
  CLUB_MEMBER_STATUSES,
  CLUB_POLL_KINDS,
  CLUB_PRIVACIES,
  CLUB_REACTIONS,
  CLUB_ROLES,
  CLUB_RSVPS,
} from "@litverse/shared/clubs";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { content } from "../content/schema.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/** A book club. `memberCount` counts active members, kept with every join and leave for the limit and the Popular sort. */
export const clubs = pgTable(
  "clubs",
  {
    id: idColumn(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    rules: text("rules").notNull().default(""),
    /** The media key of the cover's folder (its sizes inside), or null for none. */
    coverKey: text("cover_key"),
    privacy: text("privacy", { enum: CLUB_PRIVACIES }).notNull().default("public"),
    ownerId: personColumn("owner_id"),
    memberLimit: integer("member_limit").notNull(),
    memberCount: integer("member_count").notNull().default(0),
    /** The code of the club's invitation link; a new one replaces it when the old one leaked. */
    inviteCode: text("invite_code").notNull(),
    ...timestamps(),
  },
  (table) => [
    check("clubs_privacy_check", oneOf(table.privacy, CLUB_PRIVACIES)),
    check("clubs_member_count_check", sql`${table.memberCount} between 0 and ${table.memberLimit}`),
    uniqueIndex("clubs_invite_code_key").on(table.inviteCode),
    index("clubs_discover_new_idx").on(table.createdAt).where(sql`${table.privacy} <> 'secret'`),
    index("clubs_discover_popular_idx").on(table.memberCount).where(sql`${table.privacy} <> 'secret'`),
  ],
);

/** A person in a club, or asking to be (`requested`), or asked by it (`invited`). */
export const clubMembers = pgTable(
  "club_members",
  {
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    role: text("role", { enum: CLUB_ROLES }).notNull().default("member"),
    status: text("status", { enum: CLUB_MEMBER_STATUSES }).notNull(),
    invitedBy: actorColumn("invited_by"),
    /** May read but not post until then. */
    mutedUntil: timestamp("muted_until", { withTimezone: true }),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.clubId, table.userId] }),
    check("club_members_role_check", oneOf(table.role, CLUB_ROLES)),
    check("club_members_status_check", oneOf(table.status, CLUB_MEMBER_STATUSES)),
    index("club_members_user_idx").on(table.userId, table.status),
    // One owner per club.
    uniqueIndex("club_members_owner_key").on(table.clubId).where(sql`${table.role} = 'owner'`),
  ],
);

/** A title a club reads together: the current one has no `finishedAt`; finished ones are the archive. */
export const clubReads = pgTable(
  "club_reads",
  {
    id: idColumn(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("club_reads_current_key").on(table.clubId).where(sql`${table.finishedAt} is null`),
    index("club_reads_club_idx").on(table.clubId, table.startedAt),
    index("club_reads_content_idx").on(table.contentId),
  ],
);

/** A stop on a read's schedule: a range of episodes to have read by a date. */
export const clubMilestones = pgTable(
  "club_milestones",
  {
    id: idColumn(),
    readId: uuid("read_id")
      .notNull()
      .references(() => clubReads.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    title: text("title").notNull().default(""),
    fromEpisode: integer("from_episode").notNull(),
    toEpisode: integer("to_episode").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
  },
  (table) => [
    uniqueIndex("club_milestones_read_position_key").on(table.readId, table.position),
    check("club_milestones_range_check", sql`${table.fromEpisode} between 1 and ${table.toEpisode}`),
  ],
);

/** A member's stars for a read, kept in the archive. */
export const clubReadRatings = pgTable(
  "club_read_ratings",
  {
    readId: uuid("read_id")
      .notNull()
      .references(() => clubReads.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    rating: smallint("rating").notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.readId, table.userId] }),
    check("club_read_ratings_rating_check", sql`${table.rating} between 1 and 5`),
  ],
);

/**
 * A post on a club's general board (`milestoneId` null) or in a milestone's thread, or a reply to one
 * (`parentId`). `spoilerEpisode` is the episode of the read it was written in (`readId`) that its
 * author marked it a spoiler for.
 */
export const clubPosts = pgTable(
  "club_posts",
  {
    id: idColumn(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    readId: uuid("read_id").references(() => clubReads.id, { onDelete: "set null" }),
    /** A milestone taken off the schedule leaves its posts on the general board, their spoiler kept. */
    milestoneId: uuid("milestone_id").references(() => clubMilestones.id, { onDelete: "set null" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => clubPosts.id, { onDelete: "cascade" }),
    authorId: actorColumn("author_id"),
    body: text("body").notNull(),
    spoilerEpisode: integer("spoiler_episode"),
    /** The media key of the attached picture's folder. */
    imageKey: text("image_key"),
    isPinned: boolean("is_pinned").notNull().default(false),
    /** No more replies. */
    isLocked: boolean("is_locked").notNull().default(false),
    replyCount: integer("reply_count").notNull().default(0),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("club_posts_spoiler_check", sql`${table.spoilerEpisode} is null or ${table.spoilerEpisode} > 0`),
    // A board's or thread's page: its top-level posts, newest first.
    index("club_posts_thread_idx")
      .on(table.clubId, table.milestoneId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.parentId} is null`),
    index("club_posts_parent_idx").on(table.parentId, table.createdAt),
    index("club_posts_author_idx").on(table.authorId),
  ],
);

export const clubPostReactions = pgTable(
  "club_post_reactions",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => clubPosts.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    reaction: text("reaction", { enum: CLUB_REACTIONS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId, table.reaction] }),
    check("club_post_reactions_reaction_check", oneOf(table.reaction, CLUB_REACTIONS)),
  ],
);

/** Spoilers a member chose to see before reading that far. */
export const clubSpoilerReveals = pgTable(
  "club_spoiler_reveals",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => clubPosts.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

/** A poll in a club: on the next read (options naming titles), a meeting date, or anything. */
export const clubPolls = pgTable(
  "club_polls",
  {
    id: idColumn(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    authorId: actorColumn("author_id"),
    question: text("question").notNull(),
    kind: text("kind", { enum: CLUB_POLL_KINDS }).notNull(),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    /** Closed early by a moderator. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("club_polls_kind_check", oneOf(table.kind, CLUB_POLL_KINDS)),
    index("club_polls_club_idx").on(table.clubId, table.createdAt),
  ],
);

export const clubPollOptions = pgTable(
  "club_poll_options",
  {
    id: idColumn(),
    pollId: uuid("poll_id")
      .notNull()
      .references(() => clubPolls.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    label: text("label").notNull(),
    contentId: uuid("content_id").references(() => content.id, { onDelete: "set null" }),
  },
  (table) => [uniqueIndex("club_poll_options_position_key").on(table.pollId, table.position)],
);

/** A member's choices in a poll: one row per option chosen, `rank` 1 for the first preference. */
export const clubPollVotes = pgTable(
  "club_poll_votes",
  {
    pollId: uuid("poll_id")
      .notNull()
      .references(() => clubPolls.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    optionId: uuid("option_id")
      .notNull()
      .references(() => clubPollOptions.id, { onDelete: "cascade" }),
    rank: smallint("rank").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.pollId, table.userId, table.optionId] }),
    uniqueIndex("club_poll_votes_rank_key").on(table.pollId, table.userId, table.rank),
    check("club_poll_votes_rank_check", sql`${table.rank} > 0`),
  ],
);

/** A club meeting: online, in a place, or both. */
export const clubMeetings = pgTable(
  "club_meetings",
  {
    id: idColumn(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    createdBy: actorColumn("created_by"),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    onlineUrl: text("online_url"),
    place: text("place"),
    ...timestamps(),
  },
  (table) => [
    check("club_meetings_duration_check", sql`${table.durationMinutes} between 15 and 480`),
    index("club_meetings_club_idx").on(table.clubId, table.startsAt),
  ],
);

export const clubMeetingRsvps = pgTable(
  "club_meeting_rsvps",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => clubMeetings.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    response: text("response", { enum: CLUB_RSVPS }).notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.meetingId, table.userId] }),
    check("club_meeting_rsvps_response_check", oneOf(table.response, CLUB_RSVPS)),
  ],
);
