// What the payments and coin-package functions accept. Updates take `{ id, data: { … } }`.
import { z } from "zod";
import { isSameSitePath, PAYMENT_STATUSES } from "./payments.ts";
import { visibleString } from "./visible-text.ts";

const idSchema = z.uuid("Not a valid id");

/** A path on this site to come back to after paying ("/content/…"), never another site. */
export const returnToSchema = z
  .string()
  .trim()
  .max(500, "At most 500 characters")
  .refine(isSameSitePath, "Must be a path on this site, starting with a single /");

export const startCoinCheckoutInput = z
  .object({ packageId: idSchema, returnTo: returnToSchema.nullish() })
  .strict();

export const paymentIdInput = z.object({ paymentId: idSchema }).strict();

export const adminListPaymentsInput = z
  .object({
    cursor: z.string().max(200).nullish(),
    status: z.enum(PAYMENT_STATUSES).optional(),
    /** An email, a name, a payment id or a provider reference. */
    query: z.string().trim().max(200).optional(),
  })
  .strict()
  .default({});

export const refundPaymentInput = z
  .object({
    paymentId: idSchema,
    reason: z.string().trim().min(3, "Say why, in a few words").max(500, "At most 500 characters"),
  })
  .strict();

const MAX_COINS = 1_000_000;
/** The largest price, in minor units: 100,000.00 in a two-digit currency. */
const MAX_PRICE_MINOR = 10_000_000;

export const coinPackageFields = z.object({
  name: visibleString("A package's name")
    .min(1, "Give the package a name")
    .max(80, "A package's name is at most 80 characters"),
  coins: z
    .number({ error: "Enter a number of coins" })
    .int("Whole coins only")
    .min(1, "At least 1 coin")
    .max(MAX_COINS, `At most ${MAX_COINS.toLocaleString("en-US")} coins`),
  bonusCoins: z
    .number({ error: "Enter a number of coins" })
    .int("Whole coins only")
    .min(0, "Cannot be negative")
    .max(MAX_COINS, `At most ${MAX_COINS.toLocaleString("en-US")} coins`),
  priceMinor: z
    .number({ error: "Enter a price" })
    .int("In the smallest unit (cents), a whole number")
    .min(1, "The price must be above zero")
    .max(MAX_PRICE_MINOR, "That price is too high"),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "A three-letter currency code, such as USD"),
  isActive: z.boolean(),
  sortOrder: z.number().int("A whole number").min(0, "Cannot be negative").max(100_000, "At most 100,000"),
});

export const createCoinPackageInput = z
  .object({
    data: coinPackageFields
      .extend({ bonusCoins: coinPackageFields.shape.bonusCoins.default(0) })
      .partial({ isActive: true, sortOrder: true })
      .strict(),
  })
  .strict();

export const updateCoinPackageInput = z
  .object({
    id: idSchema,
    data: coinPackageFields
      .partial()
      .strict()
      .refine((data) => Object.keys(data).length > 0, "Nothing to change"),
  })
  .strict();

/** A sandbox checkout's reference, as the sandbox provider makes them. */
const sandboxReference = z.string().regex(/^sbx_ch_[0-9a-f]{24}$/, "Not a sandbox checkout");

export const sandboxCheckoutInput = z.object({ reference: sandboxReference }).strict();

export const completeSandboxCheckoutInput = z
  .object({ reference: sandboxReference, outcome: z.enum(["pay", "pay_lost", "fail", "cancel"]) })
  .strict();
