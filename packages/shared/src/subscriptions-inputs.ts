// What the subscription and VVIP functions accept: the server validates with these schemas and the
// forms check with the same ones first.
import { z } from "zod";
import { PLAN_INTERVALS, PLAN_TIERS } from "./coins.ts";
import { returnToSchema } from "./payments-inputs.ts";
import { SUBSCRIPTION_STATUSES, VVIP_MAX_YEARS } from "./subscriptions.ts";
import { visibleString } from "./visible-text.ts";

const idSchema = z.uuid("Not a valid id");

/** The largest price the integer column holds, far above any real plan. */
export const MAX_PLAN_PRICE_MINOR = 100_000_000;
export const MAX_PLAN_BONUS_COINS = 1_000_000;

const providerPlanIdsSchema = z
  .object({
    stripe: z.string().trim().max(200, "At most 200 characters").optional(),
    paystack: z.string().trim().max(200, "At most 200 characters").optional(),
  })
  .strict()
  // An emptied field means the plan has no id at that provider.
  .transform(
    (ids) => Object.fromEntries(Object.entries(ids).filter(([, id]) => !!id)) as Record<string, string>,
  );

export const planFieldsInput = z
  .object({
    name: visibleString("A plan's name")
      .min(2, "Give the plan a name")
      .max(80, "A plan's name is at most 80 characters"),
    /** In the currency's minor unit: 499 is $4.99. */
    priceMinor: z
      .number({ error: "Enter a price" })
      .int("The price is in cents: a whole number")
      .min(1, "The price must be more than zero")
      .max(MAX_PLAN_PRICE_MINOR, "That price is too high"),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "A three-letter currency code, like USD")
      .transform((code) => code.toUpperCase()),
    interval: z.enum(PLAN_INTERVALS, { error: "Billed every month or every year" }),
    tier: z.enum(PLAN_TIERS, { error: "Premium or VVIP" }),
    monthlyBonusCoins: z
      .number({ error: "Enter a number of coins (0 for none)" })
      .int("Whole coins only")
      .min(0, "Coins cannot be negative")
      .max(MAX_PLAN_BONUS_COINS, "That is too many coins"),
    /** One benefit per line. */
    benefits: z.string().max(2000, "At most 2,000 characters").default(""),
    isActive: z.boolean().default(true),
    sortOrder: z.number().int("A whole number").min(-1000).max(1000).default(0),
    providerPlanIds: providerPlanIdsSchema.default({}),
  })
  .strict();
export type PlanFields = z.input<typeof planFieldsInput>;

export const createPlanInput = z.object({ data: planFieldsInput }).strict();
export const updatePlanInput = z.object({ id: idSchema, data: planFieldsInput.partial() }).strict();

export const startSubscriptionCheckoutInput = z
  .object({ planId: idSchema, returnTo: returnToSchema.nullish() })
  .strict();

export const adminListSubscriptionsInput = z
  .object({
    /** Part of the subscriber's email or name. */
    query: z.string().trim().max(200).optional(),
    status: z.enum(SUBSCRIPTION_STATUSES).optional(),
    cursor: idSchema.nullish(),
  })
  .strict()
  .default({});

const reasonSchema = z.string().trim().min(3, "Say why, in a few words").max(500, "At most 500 characters");

export const grantVvipInput = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email("Enter the person's email address")),
    reason: reasonSchema,
    /** When the access ends: in the future, at most VVIP_MAX_YEARS years ahead (checked on the server). */
    endsAt: z.coerce.date({ error: "Choose an end date" }),
  })
  .strict();

export const revokeVvipInput = z.object({ grantId: idSchema, reason: reasonSchema }).strict();

export { VVIP_MAX_YEARS };
