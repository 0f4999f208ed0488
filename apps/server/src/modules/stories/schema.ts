import type { StoryValue } from "@litverse/shared/stories/story-expressions";
import type { StoryScene, StoryStat } from "@litverse/shared/stories/story-model";
import { STORY_STATUSES } from "@litverse/shared/stories/story-model";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { ledgerEntries } from "../coins/schema.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/** A reusable set of stats (courage, gold, …) that stories attach; they may add their own. */
export const statPresets = pgTable(
  "stat_presets",
  {
    id: idColumn(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    stats: jsonb("stats").$type<StoryStat[]>().notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex("stat_presets_name_key").on(sql`lower(${table.name})`)],
);

/**
 * An interactive story: its details, the draft the editor changes (its scenes in
 * story_draft_scenes) and the newest published version. `revision` goes up with every save of
 * the draft, so that two editors cannot overwrite each other unknowingly.
 */
export const stories = pgTable(
  "stories",
  {
    id: idColumn(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    genre: text("genre"),
    ageRating: smallint("age_rating").notNull().default(13),
    /** The media key of the cover, or null. */
    coverKey: text("cover_key"),
    status: text("status", { enum: STORY_STATUSES }).notNull().default("draft"),
    authorId: actorColumn("author_id"),
    statPresetId: uuid("stat_preset_id").references(() => statPresets.id, { onDelete: "restrict" }),
    ownStats: jsonb("own_stats").$type<StoryStat[]>().notNull().default([]),
    startSceneId: text("start_scene_id"),
    revision: integer("revision").notNull().default(0),
    sceneCount: integer("scene_count").notNull().default(0),
    /** The newest published version; null until the first publication. */
    versionId: uuid("version_id"),
    versionNumber: integer("version_number"),
    hasUnpublishedChanges: boolean("has_unpublished_changes").notNull().default(true),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    check("stories_status_check", oneOf(table.status, STORY_STATUSES)),
    check("stories_age_rating_check", sql`${table.ageRating} in (13, 16, 18)`),
    index("stories_catalogue_idx").on(table.status, table.publishedAt),
    index("stories_preset_idx").on(table.statPresetId),
  ],
);

/** One scene of a story's draft: a save writes only the scenes that changed. */
export const storyDraftScenes = pgTable(
  "story_draft_scenes",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").notNull(),
    /** Keeps the scenes in the order they were made. */
    ordinal: integer("ordinal").notNull(),
    scene: jsonb("scene").$type<StoryScene>().notNull(),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.sceneId] })],
);

/** A published version: an immutable snapshot that plays keep to. */
export const storyVersions = pgTable(
  "story_versions",
  {
    id: idColumn(),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    startSceneId: text("start_scene_id").notNull(),
    /** The effective stats at publication: the preset's, then the story's own. */
    stats: jsonb("stats").$type<StoryStat[]>().notNull(),
    sceneCount: integer("scene_count").notNull(),
    /** Ending names, in scene order. */
    endings: jsonb("endings").$type<string[]>().notNull(),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    hasPremiumChoices: boolean("has_premium_choices").notNull(),
    publishedBy: actorColumn("published_by"),
    ...timestamps(),
  },
  (table) => [uniqueIndex("story_versions_number_key").on(table.storyId, table.number)],
);

/** A choice as a published version keeps it, with what arriving at its target does. */
export interface PublishedChoice {
  id: string;
  label: string;
  target: string;
  condition: string | null;
  effects: string[];
  priceCoins: number;
  /** The target scene's arrival effects and ending: taking the choice reads no other row. */
  arrival: { effects: string[]; ending: string | null };
}

export interface PublishedScene {
  title: string;
  text: string;
  image: string | null;
  ending: { name: string } | null;
  effects: string[];
  choices: PublishedChoice[];
}

/** One scene of a published version: a choice reads the one row of the scene it is made in. */
export const storyVersionScenes = pgTable(
  "story_version_scenes",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => storyVersions.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").notNull(),
    /** Breadth first from the start: the funnel's order. */
    ordinal: integer("ordinal").notNull(),
    scene: jsonb("scene").$type<PublishedScene>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.sceneId] })],
);

/**
 * A reader's play through a story. The current one (`isCurrent`) is the autosave, one per reader
 * and story; a restart keeps older plays for the figures.
 */
export const storyPlays = pgTable(
  "story_plays",
  {
    id: idColumn(),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    versionId: uuid("version_id")
      .notNull()
      .references(() => storyVersions.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").notNull(),
    values: jsonb("values").$type<Record<string, StoryValue>>().notNull(),
    isCurrent: boolean("is_current").notNull().default(true),
    /** The choice that led to the current scene, for "X% chose this" and a repeated click. */
    lastChoiceSceneId: text("last_choice_scene_id"),
    lastChoiceId: text("last_choice_id"),
    lastChoiceLabel: text("last_choice_label"),
    lastSharePercent: smallint("last_share_percent"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("story_plays_current_key").on(table.userId, table.storyId).where(sql`${table.isCurrent}`),
    index("story_plays_story_idx").on(table.storyId, table.createdAt),
    index("story_plays_created_idx").on(table.createdAt),
  ],
);

/** A reader's three save slots per story. */
export const storySaves = pgTable(
  "story_saves",
  {
    userId: personColumn("user_id"),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    slot: smallint("slot").notNull(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => storyVersions.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").notNull(),
    values: jsonb("values").$type<Record<string, StoryValue>>().notNull(),
    excerpt: text("excerpt").notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId, table.slot] }),
    check("story_saves_slot_check", sql`${table.slot} between 1 and 3`),
  ],
);

/** A reader of a story: their furthest point, for progress and the funnel's drop-off. */
export const storyReaders = pgTable(
  "story_readers",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    /** Where the reader's latest play stands. */
    lastSceneId: text("last_scene_id").notNull(),
    /** When the reader first reached an ending; null while they have reached none. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.storyId, table.userId] }),
    index("story_readers_user_idx").on(table.userId),
  ],
);

/** The endings a reader has reached in a story, by name, kept across restarts. */
export const storyEndingsFound = pgTable(
  "story_endings_found",
  {
    userId: personColumn("user_id"),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId, table.name] }),
    index("story_endings_found_created_idx").on(table.createdAt),
  ],
);

/** Scenes a reader has reached, once each: the funnel's readers per scene. */
export const storySceneVisits = pgTable(
  "story_scene_visits",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").notNull(),
    userId: personColumn("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.sceneId, table.userId] })],
);

/** A reader's first pick at a scene: later picks there (replays) do not count again. */
export const storyChoicePicks = pgTable(
  "story_choice_picks",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").notNull(),
    userId: personColumn("user_id"),
    choiceId: text("choice_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.sceneId, table.userId] })],
);

/** First picks counted per choice, kept with each pick, so a share is one indexed read. */
export const storyChoiceTallies = pgTable(
  "story_choice_tallies",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").notNull(),
    choiceId: text("choice_id").notNull(),
    picks: integer("picks").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.sceneId, table.choiceId] })],
);

/** A premium choice a reader paid for: once per reader, story and choice, whatever the version. */
export const storyChoicePurchases = pgTable(
  "story_choice_purchases",
  {
    userId: personColumn("user_id"),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    choiceId: text("choice_id").notNull(),
    priceCoins: integer("price_coins").notNull(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storyId, table.choiceId] })],
);

/** A reader's rating of a story, 1 to 5; the story keeps the sum and count. */
export const storyRatings = pgTable(
  "story_ratings",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    score: smallint("score").notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.storyId, table.userId] }),
    check("story_ratings_score_check", sql`${table.score} between 1 and 5`),
  ],
);
