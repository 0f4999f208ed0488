// What the ads functions accept.
import { z } from "zod";
import {
  AD_BODY_MAX_LENGTH,
  AD_CALLS_TO_ACTION,
  AD_EVENT_KINDS,
  AD_EVENTS_AT_ONCE,
  AD_HEADLINE_MAX_LENGTH,
  AD_MAX_AUDIENCE_ENTRIES,
  AD_MAX_BUDGET_COINS,
  AD_MAX_DAYS,
  AD_MIN_BUDGET_COINS,
  AD_NAME_MAX_LENGTH,
  AD_PLACEMENTS,
  AD_PRICING_MODELS,
  AD_STATUSES,
  AD_TARGET_KINDS,
  ADVERTISER_TARGET_KINDS,
  HOUSE_AD_PRIORITIES,
} from "./ads.ts";
import { PLAN_TIERS } from "./coins.ts";
import { AGE_CHOICES } from "./constants.ts";
import { CONTENT_TYPES } from "./content.ts";
import { httpsUrl } from "./https-url.ts";
import { visibleString } from "./visible-text.ts";

const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text);
const line = (what: string, max: number) =>
  visibleString(what)
    .pipe(z.string().min(1, `${what} is required`).max(max, `${what} is at most ${max} characters`))
    .refine(noControlCharacters, "Use letters, digits, spaces and punctuation");

const campaignId = z.uuid("Not a valid campaign");
export const campaignIdInput = z.object({ campaignId }).strict();

export const adTargetInput = z
  .object({
    kind: z.enum(AD_TARGET_KINDS, "Choose what the ad promotes"),
    /** The title, club, story or reel. */
    id: z.uuid("Choose what the ad promotes").nullish(),
    /** For an outside link. */
    url: httpsUrl.nullish(),
  })
  .strict()
  .superRefine((target, context) => {
    const needsId = (ADVERTISER_TARGET_KINDS as readonly string[]).includes(target.kind);
    if (needsId && !target.id) context.addIssue({ code: "custom", message: "Choose what the ad promotes" });
    if (target.kind === "link" && !target.url)
      context.addIssue({ code: "custom", message: "Give the link's address" });
  });

const tags = (what: string, max: number) =>
  z
    .array(z.string().trim().min(1).max(max, `A ${what} is at most ${max} characters`))
    .max(AD_MAX_AUDIENCE_ENTRIES, `At most ${AD_MAX_AUDIENCE_ENTRIES} ${what}s`)
    .transform((values) => [...new Set(values)]);

export const adAudienceInput = z
  .object({
    contentTypes: z
      .array(z.enum(CONTENT_TYPES, "Not a kind of content"))
      .max(CONTENT_TYPES.length)
      .default([]),
    genres: tags("genre", 40).default([]),
    languages: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Not a language tag"),
      )
      .max(AD_MAX_AUDIENCE_ENTRIES, `At most ${AD_MAX_AUDIENCE_ENTRIES} languages`)
      .default([]),
  })
  .strict();

const isoDate = (what: string) =>
  z.iso.datetime({ offset: true, message: `${what} is not a valid date and time` });

/** The fields a paid campaign and a house ad share; their own checks are in `campaignChecks`. */
const campaignFields = {
  name: line("The campaign's name", AD_NAME_MAX_LENGTH),
  target: adTargetInput,
  headline: line("The headline", AD_HEADLINE_MAX_LENGTH),
  body: z
    .string()
    .trim()
    .max(AD_BODY_MAX_LENGTH, `The text is at most ${AD_BODY_MAX_LENGTH} characters`)
    .refine(noControlCharacters, "Use letters, digits, spaces and punctuation")
    .default(""),
  cta: z.enum(AD_CALLS_TO_ACTION, "Choose a call to action"),
  /** An uploaded picture (POST /api/uploads first); null removes the one the ad has; absent keeps it. */
  pictureUploadId: z.uuid("Not a valid upload").nullish(),
  placements: z
    .array(z.enum(AD_PLACEMENTS, "Not a placement"))
    .min(1, "Choose at least one placement")
    .max(AD_PLACEMENTS.length)
    .transform((values) => [...new Set(values)]),
  audience: adAudienceInput.default({ contentTypes: [], genres: [], languages: [] }),
  startsAt: isoDate("The start"),
  endsAt: isoDate("The end"),
};

const DAY_MS = 24 * 60 * 60 * 1000;

function checkSchedule(value: { startsAt: string; endsAt: string }, context: z.RefinementCtx): void {
  const starts = Date.parse(value.startsAt);
  const ends = Date.parse(value.endsAt);
  if (ends <= starts)
    context.addIssue({ code: "custom", path: ["endsAt"], message: "The end must come after the start" });
  else if (ends - starts > AD_MAX_DAYS * DAY_MS) {
    context.addIssue({
      code: "custom",
      path: ["endsAt"],
      message: `A campaign runs for at most ${AD_MAX_DAYS} days`,
    });
  }
}

const paidFields = {
  ...campaignFields,
  target: adTargetInput.refine(
    (target) => (ADVERTISER_TARGET_KINDS as readonly string[]).includes(target.kind),
    "Ads can promote a title, a club, a story or a reel",
  ),
  pricing: z.enum(AD_PRICING_MODELS, "Choose how you pay"),
  budgetCoins: z
    .number("The budget is a number of coins")
    .int("The budget is a whole number of coins")
    .min(AD_MIN_BUDGET_COINS, `The budget is at least ${AD_MIN_BUDGET_COINS} coins`)
    .max(AD_MAX_BUDGET_COINS, `The budget is at most ${AD_MAX_BUDGET_COINS.toLocaleString("en")} coins`),
};

export const createCampaignInput = z.object(paidFields).strict().superRefine(checkSchedule);
export const updateCampaignInput = z
  .object({ campaignId, ...paidFields })
  .strict()
  .superRefine(checkSchedule);

const houseFields = {
  ...campaignFields,
  priority: z.enum(HOUSE_AD_PRIORITIES, "Choose a priority"),
  /** For plans and links, whose audience has no rating of its own; others use the target's. */
  minAge: z
    .union(
      AGE_CHOICES.map((age) => z.literal(age)),
      "Choose 13, 16 or 18",
    )
    .default(13),
};

export const createHouseAdInput = z.object(houseFields).strict().superRefine(checkSchedule);
export const updateHouseAdInput = z
  .object({ campaignId, ...houseFields })
  .strict()
  .superRefine(checkSchedule);

/** A house ad is run, paused or stopped by the team; stopped is for good. */
export const houseAdStateInput = z
  .object({ campaignId, state: z.enum(["active", "paused", "stopped"], "Not a state") })
  .strict();

export const listCampaignsInput = z
  .object({ status: z.enum(AD_STATUSES, "Not a status").nullish() })
  .strict()
  .default({});

export const reviewQueueInput = z
  .object({ status: z.enum(["in_review", "rejected", "active"], "Not a status").default("in_review") })
  .strict()
  .default({ status: "in_review" });

export const AD_REJECTION_MAX_LENGTH = 500;
export const rejectCampaignInput = z
  .object({
    campaignId,
    reason: z
      .string("Say why the ad is rejected")
      .trim()
      .min(5, "Say why the ad is rejected")
      .max(AD_REJECTION_MAX_LENGTH, `At most ${AD_REJECTION_MAX_LENGTH} characters`)
      .refine(
        (text) => noControlCharacters(text.replace(/[\n\r\t]/g, "")),
        "Use letters, digits, spaces and punctuation",
      ),
  })
  .strict();

export const searchAdTargetsInput = z
  .object({
    kind: z.enum(ADVERTISER_TARGET_KINDS, "Choose what the ad promotes"),
    query: z.string().trim().max(100, "At most 100 characters").default(""),
  })
  .strict();

const whole = (what: string, min: number, max: number) =>
  z
    .number(`${what} is a number`)
    .int(`${what} is a whole number`)
    .min(min, `${what} is at least ${min}`)
    .max(max, `${what} is at most ${max.toLocaleString("en")}`);

export const adSettingsInput = z
  .object({
    placements: z
      .array(
        z
          .object({
            placement: z.enum(AD_PLACEMENTS, "Not a placement"),
            enabled: z.boolean(),
            perHour: whole("Ads per hour", 0, 60),
            perDay: whole("Ads per day", 0, 500),
            cpmCoins: whole("The price per 1,000 views", 1, 100_000),
            cpcCoins: whole("The price per click", 1, 10_000),
          })
          .strict()
          .refine((row) => row.perDay >= row.perHour, {
            message: "A day's cap cannot be below the hour's",
            path: ["perDay"],
          }),
      )
      .max(AD_PLACEMENTS.length),
    reelsEvery: whole("Reels between ads", 2, 50),
    adFreeTiers: z
      .array(z.enum(PLAN_TIERS, "Not a plan"))
      .max(PLAN_TIERS.length)
      .transform((values) => [...new Set(values)]),
  })
  .strict()
  .refine(
    (settings) =>
      new Set(settings.placements.map((row) => row.placement)).size === settings.placements.length,
    "Each placement once",
  );

export const serveAdInput = z
  .object({
    placement: z.enum(AD_PLACEMENTS, "Not a placement"),
    /** The title being read, for the card after an episode: its kind and genres choose the ad. */
    contentId: z.uuid("Not a valid title").nullish(),
  })
  .strict();

/** A token as serveAd gives it: base64url, bounded. */
const adToken = z.string().regex(/^[A-Za-z0-9_-]{20,400}$/, "Not a valid ad token");

export const recordAdEventsInput = z
  .object({
    events: z
      .array(z.object({ token: adToken, kind: z.enum(AD_EVENT_KINDS, "Not an ad event") }).strict())
      .min(1, "Send at least one event")
      .max(AD_EVENTS_AT_ONCE, `At most ${AD_EVENTS_AT_ONCE} events at once`),
  })
  .strict();
