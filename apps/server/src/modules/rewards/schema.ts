import { CONTENT_TYPES } from "@litverse/shared/content";
import {
  BADGE_ICONS,
  BADGE_MEASURES,
  LEAGUE_GROUP_SIZE,
  LEAGUE_OUTCOMES,
  LEAGUE_TIERS,
  REWARD_RULE_KEYS,
  XP_SOURCES,
} from "@litverse/shared/rewards";
import { sql } from "drizzle-orm";
import {
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
import { idColumn, oneOf } from "../../core/db/columns.ts";
import { ledgerEntries } from "../coins/schema.ts";
import { content } from "../content/schema.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/**
 * Administrators' changes to what a rule is worth. A rule without a row is worth its default
 * (DEFAULT_REWARD_RULES), so a fresh platform needs no rows here.
 */
export const rewardRules = pgTable(
  "reward_rules",
  {
    key: text("key", { enum: REWARD_RULE_KEYS }).primaryKey(),
    amount: integer("amount").notNull(),
    dailyCap: integer("daily_cap"),
    updatedBy: actorColumn("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("reward_rules_key_check", oneOf(table.key, REWARD_RULE_KEYS)),
    check("reward_rules_amount_check", sql`${table.amount} >= 0`),
    check("reward_rules_daily_cap_check", sql`${table.dailyCap} is null or ${table.dailyCap} >= 0`),
  ],
);

/**
 * Coins granted by a reward rule, once per person, rule and period (the primary guard; the ledger's
 * idempotency key is the second). Revoking reverses the ledger entry and keeps the row.
 */
export const rewardGrants = pgTable(
  "reward_grants",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
    ruleKey: text("rule_key", { enum: REWARD_RULE_KEYS }).notNull(),
    /** The person's local date the grant is for, or what else makes it once-only ("streak-7:2026-11-26"). */
    period: text("period").notNull(),
    coins: integer("coins").notNull(),
    entryId: uuid("entry_id")
      .notNull()
      .unique()
      .references(() => ledgerEntries.id, { onDelete: "restrict" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: actorColumn("revoked_by"),
    revokeReason: text("revoke_reason"),
    reversalEntryId: uuid("reversal_entry_id").references(() => ledgerEntries.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reward_grants_once_idx").on(table.userId, table.ruleKey, table.period),
    index("reward_grants_created_idx").on(table.createdAt, table.id),
    index("reward_grants_user_created_idx").on(table.userId, table.createdAt),
    check("reward_grants_coins_check", sql`${table.coins} > 0`),
    check(
      "reward_grants_revoked_check",
      sql`(${table.revokedAt} is null) = (${table.reversalEntryId} is null)`,
    ),
  ],
);

/** One check-in per person and local day: the primary key is what makes 50 clicks grant once. */
export const checkIns = pgTable(
  "check_ins",
  {
    userId: personColumn("user_id"),
    localDate: date("local_date", { mode: "string" }).notNull(),
    cycleDay: smallint("cycle_day").notNull(),
    /** The streak this check-in made. */
    streak: integer("streak").notNull(),
    grantId: uuid("grant_id").references(() => rewardGrants.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.localDate] }),
    check("check_ins_cycle_day_check", sql`${table.cycleDay} between 1 and 7`),
    check("check_ins_streak_check", sql`${table.streak} >= 1`),
  ],
);

/** Consecutive local days checked in. */
export const streaks = pgTable(
  "streaks",
  {
    userId: personColumn("user_id").primaryKey(),
    current: integer("current").notNull(),
    best: integer("best").notNull(),
    lastDate: date("last_date", { mode: "string" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("streaks_lengths_check", sql`${table.current} >= 1 and ${table.best} >= ${table.current}`),
  ],
);

/**
 * XP as it is earned, never edited. A league's weekly total per person is a sum over
 * (user_id, occurred_at), which the index answers alone. One-off awards (an episode's first
 * completion, a title, a post) carry a key that makes them once-only, even when the day's cap left
 * them worth 0.
 */
export const xpEvents = pgTable(
  "xp_events",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
    source: text("source", { enum: XP_SOURCES }).notNull(),
    amount: integer("amount").notNull(),
    localDate: date("local_date", { mode: "string" }).notNull(),
    dedupeKey: text("dedupe_key"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("xp_events_source_check", oneOf(table.source, XP_SOURCES)),
    check("xp_events_amount_check", sql`${table.amount} >= 0`),
    uniqueIndex("xp_events_dedupe_idx").on(table.userId, table.dedupeKey),
    index("xp_events_user_occurred_idx").on(table.userId, table.occurredAt, table.amount),
  ],
);

/**
 * Each person's XP of all time, the sum of their `xp_events`, kept by `awardXp` in the award's
 * transaction (XP is never taken back), so that the all-time board reads the first rows of an index
 * instead of summing every event. `last_xp_at` is their latest event with XP: who reached a total
 * first ranks higher.
 */
export const xpTotals = pgTable(
  "xp_totals",
  {
    userId: personColumn("user_id").primaryKey(),
    xp: integer("xp").notNull().default(0),
    lastXpAt: timestamp("last_xp_at", { withTimezone: true }),
  },
  (table) => [
    check("xp_totals_xp_check", sql`${table.xp} >= 0`),
    /** The board's order: its top is the first rows, and people tied on XP are a range. */
    index("xp_totals_board_idx").on(table.xp.desc(), table.lastXpAt, table.userId),
  ],
);

/**
 * How many people have each all-time total above 0, kept by a trigger on `xp_totals` (migration
 * 0015) in the same transaction. A rank below the board's top is then a sum over the distinct
 * totals above it (hundreds of rows) rather than a count of everyone above (up to all people).
 */
export const xpTotalCounts = pgTable(
  "xp_total_counts",
  {
    xp: integer("xp").primaryKey(),
    people: integer("people").notNull().default(0),
  },
  (table) => [check("xp_total_counts_people_check", sql`${table.people} >= 0`)],
);

/**
 * What each source has given a person on one of their days: the units counted (seconds or
 * events) and the XP awarded, which never exceeds the cap. The row is locked while an award is
 * worked out, so awards for one person, day and source run one after another.
 */
export const xpDaily = pgTable(
  "xp_daily",
  {
    userId: personColumn("user_id"),
    localDate: date("local_date", { mode: "string" }).notNull(),
    source: text("source", { enum: XP_SOURCES }).notNull(),
    units: integer("units").notNull().default(0),
    xp: integer("xp").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.localDate, table.source] }),
    check("xp_daily_source_check", oneOf(table.source, XP_SOURCES)),
    check("xp_daily_counts_check", sql`${table.units} >= 0 and ${table.xp} >= 0`),
  ],
);

/** Titles a person has finished (every released episode completed), once each. */
export const titleCompletions = pgTable(
  "title_completions",
  {
    userId: personColumn("user_id"),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    contentType: text("content_type", { enum: CONTENT_TYPES }).notNull(),
    /** The person's local date, which decides the year it counts for. */
    localDate: date("local_date", { mode: "string" }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.contentId] }),
    index("title_completions_user_date_idx").on(table.userId, table.localDate),
  ],
);

export const readingGoals = pgTable(
  "reading_goals",
  {
    userId: personColumn("user_id"),
    year: smallint("year").notNull(),
    target: integer("target").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.year] }),
    check("reading_goals_target_check", sql`${table.target} >= 1`),
  ],
);

/** Badges: what they count (one of a fixed set of measures) and the count each tier needs. */
export const badgeDefinitions = pgTable(
  "badge_definitions",
  {
    id: idColumn(),
    key: text("key").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    measure: text("measure", { enum: BADGE_MEASURES }).notNull(),
    thresholds: integer("thresholds").array().notNull(),
    icon: text("icon", { enum: BADGE_ICONS }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: actorColumn("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("badge_definitions_measure_check", oneOf(table.measure, BADGE_MEASURES)),
    check("badge_definitions_icon_check", oneOf(table.icon, BADGE_ICONS)),
    check("badge_definitions_thresholds_check", sql`cardinality(${table.thresholds}) between 1 and 5`),
    index("badge_definitions_measure_idx").on(table.measure),
  ],
);

/** A person's count for each measure, kept as it changes so that badges are evaluated cheaply. */
export const badgeMeasures = pgTable(
  "badge_measures",
  {
    userId: personColumn("user_id"),
    measure: text("measure", { enum: BADGE_MEASURES }).notNull(),
    value: integer("value").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.measure] }),
    check("badge_measures_measure_check", oneOf(table.measure, BADGE_MEASURES)),
    index("badge_measures_measure_value_idx").on(table.measure, table.value),
  ],
);

/**
 * What a counted measure has counted (a title, a language, a night, a club), so that counting the
 * same thing again changes nothing.
 */
export const badgeMeasureMarks = pgTable(
  "badge_measure_marks",
  {
    userId: personColumn("user_id"),
    measure: text("measure", { enum: BADGE_MEASURES }).notNull(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.measure, table.key] })],
);

export const earnedBadges = pgTable(
  "earned_badges",
  {
    userId: personColumn("user_id"),
    badgeId: uuid("badge_id")
      .notNull()
      .references(() => badgeDefinitions.id, { onDelete: "cascade" }),
    tier: smallint("tier").notNull(),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.badgeId, table.tier] }),
    check("earned_badges_tier_check", sql`${table.tier} between 1 and 5`),
  ],
);

/** A league week, from its Monday (UTC); closed once every group of it is. */
export const leagueWeeks = pgTable("league_weeks", {
  weekStart: date("week_start", { mode: "string" }).primaryKey(),
  closedAt: timestamp("closed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A group of one tier in one week, numbered in the order they were opened. People join the newest
 * of their tier until it is full; its row is locked while someone joins, so it never overfills.
 */
export const leagueGroups = pgTable(
  "league_groups",
  {
    id: idColumn(),
    weekStart: date("week_start", { mode: "string" })
      .notNull()
      .references(() => leagueWeeks.weekStart, { onDelete: "cascade" }),
    tier: text("tier", { enum: LEAGUE_TIERS }).notNull(),
    number: integer("number").notNull(),
    memberCount: integer("member_count").notNull().default(0),
    /** Set, with the results of its members, in the transaction that closes it. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("league_groups_number_idx").on(table.weekStart, table.tier, table.number),
    index("league_groups_open_idx").on(table.weekStart).where(sql`${table.closedAt} is null`),
    check("league_groups_tier_check", oneOf(table.tier, LEAGUE_TIERS)),
    check(
      "league_groups_member_count_check",
      sql`${table.memberCount} between 0 and ${sql.raw(String(LEAGUE_GROUP_SIZE))}`,
    ),
  ],
);

/** A person in a week's league; their XP of the week is summed from `xp_events` when asked. */
export const leagueMembers = pgTable(
  "league_members",
  {
    userId: personColumn("user_id"),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    tier: text("tier", { enum: LEAGUE_TIERS }).notNull(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => leagueGroups.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.weekStart] }),
    index("league_members_group_idx").on(table.groupId),
    check("league_members_tier_check", oneOf(table.tier, LEAGUE_TIERS)),
  ],
);

/** How a person's league week ended: written once, when their group closes. */
export const leagueResults = pgTable(
  "league_results",
  {
    userId: personColumn("user_id"),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => leagueGroups.id, { onDelete: "cascade" }),
    tier: text("tier", { enum: LEAGUE_TIERS }).notNull(),
    rank: integer("rank").notNull(),
    xp: integer("xp").notNull(),
    outcome: text("outcome", { enum: LEAGUE_OUTCOMES }).notNull(),
    /** The tier the person joins their next league in. */
    nextTier: text("next_tier", { enum: LEAGUE_TIERS }).notNull(),
    coins: integer("coins").notNull().default(0),
    grantId: uuid("grant_id").references(() => rewardGrants.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.weekStart] }),
    index("league_results_group_idx").on(table.groupId, table.rank),
    check("league_results_tier_check", oneOf(table.tier, LEAGUE_TIERS)),
    check("league_results_next_tier_check", oneOf(table.nextTier, LEAGUE_TIERS)),
    check("league_results_outcome_check", oneOf(table.outcome, LEAGUE_OUTCOMES)),
    check("league_results_rank_check", sql`${table.rank} >= 1`),
  ],
);
