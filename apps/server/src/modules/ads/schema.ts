// Ads: campaigns (paid ones and the team's house ads), the events pages report of them, their
// figures by day, and the settings of the placements.
//
// Money: a paid campaign's budget is held on the ledger when it is submitted (wallet → ad holds),
// spend is counted in thousandths of a coin as events arrive (never past the budget: the database
// caps it), settled to the ledger in whole coins (ad holds → ad revenue) every minute, and what is
// left goes back to the wallet when the campaign is rejected, stopped or ends. held − settled −
// released is what the ad holds account holds for the campaign; `ledger:check` verifies it.
import {
  AD_CALLS_TO_ACTION,
  AD_EVENT_KINDS,
  AD_PLACEMENTS,
  AD_PRICING_MODELS,
  AD_STATUSES,
  AD_TARGET_KINDS,
  type AdPlacement,
  type AdSettings,
  HOUSE_AD_PRIORITIES,
} from "@litverse/shared/ads";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { actorColumn, users } from "../users/schema.ts";

export const adCampaigns = pgTable(
  "ad_campaigns",
  {
    id: idColumn(),
    /** The advertiser; null for a house ad (the team's). Their campaigns stay when they go. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    isHouse: boolean("is_house").notNull().default(false),
    name: text("name").notNull(),
    targetKind: text("target_kind", { enum: AD_TARGET_KINDS }).notNull(),
    targetId: uuid("target_id"),
    targetUrl: text("target_url"),
    headline: text("headline").notNull(),
    body: text("body").notNull().default(""),
    cta: text("cta", { enum: AD_CALLS_TO_ACTION }).notNull(),
    /** The ad's own picture (ad-images/…), re-encoded on the server; null: the target's. */
    imageKey: text("image_key"),
    placements: text("placements", { enum: AD_PLACEMENTS }).array().notNull(),
    contentTypes: text("content_types").array().notNull().default(sql`'{}'::text[]`),
    genres: text("genres").array().notNull().default(sql`'{}'::text[]`),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    /** The youngest viewer it may reach: the target's age rating (an 18+ title: 18). */
    minAge: smallint("min_age").notNull().default(13),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: AD_STATUSES }).notNull().default("in_review"),
    /** House ads: their place against paid ads. */
    priority: text("priority", { enum: HOUSE_AD_PRIORITIES }),
    /** Paid ads: the model and the prices per placement agreed at submission. */
    pricing: text("pricing", { enum: AD_PRICING_MODELS }),
    /** Thousandths of a coin per charged event (a view for cpm, a click for cpc), per placement. */
    ratesMilli: jsonb("rates_milli").$type<Partial<Record<AdPlacement, number>>>().notNull().default({}),
    budgetCoins: integer("budget_coins"),
    /** Counted as events arrive, capped at the budget. */
    spentMilli: bigint("spent_milli", { mode: "number" }).notNull().default(0),
    /** Coins taken from the wallet into the hold, moved on to revenue, and given back. */
    heldCoins: integer("held_coins").notNull().default(0),
    settledCoins: integer("settled_coins").notNull().default(0),
    releasedCoins: integer("released_coins").notNull().default(0),
    /** Running totals, for lists; the days are in ad_daily. */
    impressions: bigint("impressions", { mode: "number" }).notNull().default(0),
    viewable: bigint("viewable", { mode: "number" }).notNull().default(0),
    clicks: bigint("clicks", { mode: "number" }).notNull().default(0),
    rejectionReason: text("rejection_reason"),
    reviewedBy: actorColumn("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("ad_campaigns_target_kind_check", oneOf(table.targetKind, AD_TARGET_KINDS)),
    check("ad_campaigns_status_check", oneOf(table.status, AD_STATUSES)),
    check("ad_campaigns_cta_check", oneOf(table.cta, AD_CALLS_TO_ACTION)),
    check(
      "ad_campaigns_kind_check",
      sql`(${table.isHouse} and ${table.priority} is not null and ${table.pricing} is null and ${table.budgetCoins} is null)
        or (not ${table.isHouse} and ${table.priority} is null and ${table.pricing} is not null and ${table.budgetCoins} > 0)`,
    ),
    check("ad_campaigns_schedule_check", sql`${table.endsAt} > ${table.startsAt}`),
    check("ad_campaigns_min_age_check", sql`${table.minAge} in (13, 16, 18)`),
    check(
      "ad_campaigns_money_check",
      sql`${table.spentMilli} >= 0 and ${table.settledCoins} >= 0 and ${table.releasedCoins} >= 0
        and ${table.settledCoins} + ${table.releasedCoins} <= ${table.heldCoins}
        and (${table.budgetCoins} is null or ${table.spentMilli} <= ${table.budgetCoins}::bigint * 1000)
        and ${table.settledCoins}::bigint * 1000 <= ${table.spentMilli}`,
    ),
    index("ad_campaigns_owner_idx").on(table.ownerId, table.createdAt),
    index("ad_campaigns_status_idx").on(table.status, table.submittedAt),
  ],
);

/**
 * What pages reported, one row per shown ad and kind of event: the key makes a retried or
 * repeated report count once. Views are kept two days (long enough to refuse a replay of any
 * token still valid); clicks stay, to follow what clickers did next.
 */
export const adEvents = pgTable(
  "ad_events",
  {
    /** The random part of the token the ad was served with: one showing of one ad. */
    impressionId: text("impression_id").notNull(),
    kind: text("kind", { enum: AD_EVENT_KINDS }).notNull(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    placement: text("placement", { enum: AD_PLACEMENTS }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Thousandths of a coin this event cost. */
    chargedMilli: integer("charged_milli").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.impressionId, table.kind] }),
    check("ad_events_kind_check", oneOf(table.kind, AD_EVENT_KINDS)),
    index("ad_events_clicks_idx").on(table.campaignId, table.createdAt).where(sql`${table.kind} = 'click'`),
    index("ad_events_created_idx").on(table.createdAt),
  ],
);

/** A campaign's figures by day (UTC), added to as events arrive. */
export const adDaily = pgTable(
  "ad_daily",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    impressions: integer("impressions").notNull().default(0),
    viewable: integer("viewable").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    spentMilli: bigint("spent_milli", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day] })],
);

/** One row: the placements' settings, the reels interval, the plans that see no ads. */
export const adSettings = pgTable("ad_settings", {
  id: integer("id").primaryKey().default(1),
  settings: jsonb("settings").$type<AdSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
