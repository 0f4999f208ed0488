// Ads paid in coins: what can be promoted, where ads show, how campaigns move from review to
// running to ended, and the figures an advertiser sees. House ads are the team's own, with no
// coins and a priority against paid ones.
import type { PlanTier } from "./coins.ts";
import type { Age } from "./constants.ts";
import type { ContentType } from "./content.ts";

/** Where ads show: a card on home and on explore, a slot in the reels feed, a card after an episode ends. */
export const AD_PLACEMENTS = ["home", "explore", "reels", "episode-end"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const AD_PLACEMENT_LABELS: Record<AdPlacement, string> = {
  home: "Home",
  explore: "Explore",
  reels: "Reels feed",
  "episode-end": "After an episode",
};

export const AD_PLACEMENT_HINTS: Record<AdPlacement, string> = {
  home: "A card between the shelves of the home page",
  explore: "A card above the results on explore",
  reels: "A slot in the reels feed, every few reels",
  "episode-end":
    "A card under “Episode complete”, once an episode has ended; never inside a reader's text or a playing episode",
};

/** What an ad leads to. Plans and outside links are for the team's house ads only. */
export const AD_TARGET_KINDS = ["title", "club", "story", "reel", "plan", "link"] as const;
export type AdTargetKind = (typeof AD_TARGET_KINDS)[number];
export const ADVERTISER_TARGET_KINDS = [
  "title",
  "club",
  "story",
  "reel",
] as const satisfies readonly AdTargetKind[];
export type AdvertiserTargetKind = (typeof ADVERTISER_TARGET_KINDS)[number];

export const AD_TARGET_KIND_LABELS: Record<AdTargetKind, string> = {
  title: "Catalogue title",
  club: "Book club",
  story: "Interactive story",
  reel: "Reel",
  plan: "Subscription plans",
  link: "Outside link",
};

/** Per thousand viewable impressions, or per click. */
export const AD_PRICING_MODELS = ["cpm", "cpc"] as const;
export type AdPricing = (typeof AD_PRICING_MODELS)[number];

export const AD_PRICING_LABELS: Record<AdPricing, string> = {
  cpm: "Per 1,000 views",
  cpc: "Per click",
};

export const AD_CALLS_TO_ACTION = [
  "Read now",
  "Listen now",
  "Watch now",
  "Play now",
  "Join the club",
  "See plans",
  "Learn more",
] as const;
export type AdCallToAction = (typeof AD_CALLS_TO_ACTION)[number];

/**
 * in_review: waiting for the team (paid ads hold their budget meanwhile); rejected: refused with a
 * reason, budget released, editable; active: approved and serving within its schedule; paused:
 * by its owner; stopped: for good, by its owner; ended: its schedule or budget ran out.
 */
export const AD_STATUSES = ["in_review", "rejected", "active", "paused", "stopped", "ended"] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const AD_STATUS_LABELS: Record<AdStatus, string> = {
  in_review: "In review",
  rejected: "Rejected",
  active: "Running",
  paused: "Paused",
  stopped: "Stopped",
  ended: "Ended",
};

/** A house ad's place against paid ads: before them, with them, or only when none is left. */
export const HOUSE_AD_PRIORITIES = ["first", "equal", "fill"] as const;
export type HouseAdPriority = (typeof HOUSE_AD_PRIORITIES)[number];

export const HOUSE_AD_PRIORITY_LABELS: Record<HouseAdPriority, string> = {
  first: "Before paid ads",
  equal: "Alongside paid ads",
  fill: "Only when no paid ad fits",
};

/** What a page reports of an ad it showed: drawn, at least half visible for a second, clicked. */
export const AD_EVENT_KINDS = ["impression", "viewable", "click"] as const;
export type AdEventKind = (typeof AD_EVENT_KINDS)[number];
/**
 * Ad events one call may record: the client sends its queue in batches of this many. Here rather
 * than beside the input schema, so that pages with an ad slot do not bring the schema library.
 */
export const AD_EVENTS_AT_ONCE = 20;

/** The viewability rule: at least this share of the ad visible for at least this long. */
export const AD_VIEWABLE_SHARE = 0.5;
export const AD_VIEWABLE_MS = 1_000;

export const AD_NAME_MAX_LENGTH = 80;
export const AD_HEADLINE_MAX_LENGTH = 60;
export const AD_BODY_MAX_LENGTH = 150;
export const AD_MIN_BUDGET_COINS = 50;
export const AD_MAX_BUDGET_COINS = 1_000_000;
/** A campaign runs for at most this long. */
export const AD_MAX_DAYS = 180;
export const AD_MAX_AUDIENCE_ENTRIES = 12;
/** The label every ad carries. */
export const SPONSORED_LABEL = "Sponsored";

export interface AdPlacementSettings {
  placement: AdPlacement;
  enabled: boolean;
  /** At most this many ads here per person per hour, and per day. */
  perHour: number;
  perDay: number;
  /** Coins per 1,000 viewable impressions. */
  cpmCoins: number;
  /** Coins per click. */
  cpcCoins: number;
}

export interface AdSettings {
  placements: AdPlacementSettings[];
  /** The reels feed shows an ad after every this many reels. */
  reelsEvery: number;
  /** Members of these plans see no ads. */
  adFreeTiers: PlanTier[];
}

export interface AdTarget {
  kind: AdTargetKind;
  /** The title, club, story or reel; null for plans and links. */
  id: string | null;
  /** For an outside link: its https address. */
  url: string | null;
  /** The title's, club's, story's name, or a description of the link. */
  label: string;
  /** The target's own picture (cover, poster), used when the ad has none. */
  imageUrl: string | null;
  /** Where the ad leads in the app (or the outside address). */
  href: string;
}

export interface AdAudience {
  /** Empty: every kind of content. */
  contentTypes: ContentType[];
  /** Empty: every genre. */
  genres: string[];
  /** BCP 47 tags; empty: every language. */
  languages: string[];
}

export interface AdCreative {
  headline: string;
  body: string;
  cta: AdCallToAction;
  /** The ad's own picture, or the target's when it has none. */
  imageUrl: string | null;
  /** Whether the picture is the ad's own (false: the target's). */
  ownPicture: boolean;
}

export interface AdTotals {
  impressions: number;
  viewable: number;
  clicks: number;
  /** Coins spent so far, to the thousandth (a view at a price per thousand costs a fraction). */
  spentCoins: number;
}

export interface AdCampaign {
  id: string;
  name: string;
  /** The team's own ad: no coins, a priority instead. */
  house: boolean;
  advertiser: { id: string; name: string; handle: string | null } | null;
  target: AdTarget;
  creative: AdCreative;
  placements: AdPlacement[];
  audience: AdAudience;
  /** Only people at least this old see it: the target's own age rating, or the team's choice. */
  minAge: Age;
  startsAt: string;
  endsAt: string;
  /** Paid ads: the model and the price per placement agreed at submission. */
  pricing: AdPricing | null;
  rates: Partial<Record<AdPlacement, number>>;
  budgetCoins: number | null;
  priority: HouseAdPriority | null;
  status: AdStatus;
  /** Approved, running, but its start is still to come. */
  scheduled: boolean;
  rejectionReason: string | null;
  /** A moderator hid it after reports. */
  hidden: boolean;
  totals: AdTotals;
  createdAt: string;
  reviewedAt: string | null;
}

export interface AdDay extends AdTotals {
  day: string;
}

export interface AdReport {
  campaign: AdCampaign;
  days: AdDay[];
  totals: AdTotals & { ctr: number };
  /**
   * What people did after clicking, within ADS_FOLLOW_DAYS: for a title, how many opened one of
   * its episodes and how many episodes they unlocked. Null for other targets.
   */
  followed: { opened: number; unlocked: number } | null;
}

/** Clicks are followed this many days for the report's "what followed". */
export const ADS_FOLLOW_DAYS = 7;

export interface AdReviewEntry {
  campaign: AdCampaign;
  advertiserHistory: {
    campaigns: number;
    approved: number;
    rejected: number;
    spentCoins: number;
    memberSince: string;
  } | null;
}

/** An ad chosen for a placement, with the token its events are reported with. */
export interface ServedAd {
  token: string;
  campaignId: string;
  placement: AdPlacement;
  house: boolean;
  headline: string;
  body: string;
  cta: AdCallToAction;
  imageUrl: string | null;
  href: string;
  /** An outside address: open it in a new tab. */
  external: boolean;
}

/** What pages need to know to place ads: which placements are on, and the reels feed's interval. */
export interface AdLayout {
  placements: AdPlacement[];
  reelsEvery: number;
}

/** Something an advertiser may promote, found by name. */
export interface AdTargetOption {
  kind: AdvertiserTargetKind;
  id: string;
  label: string;
  imageUrl: string | null;
  ageRating: Age;
}

/** What the campaign form needs: the placements open to ads, their prices, the limits. */
export interface AdOptions {
  placements: AdPlacementSettings[];
  minBudgetCoins: number;
  maxBudgetCoins: number;
  maxDays: number;
  balance: number;
}
