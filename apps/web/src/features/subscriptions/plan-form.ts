// The plan form's values: what the fields hold (text, as typed) and the plan fields they make.
import type { PlanInterval, PlanTier } from "@litverse/shared/coins";
import { currencyDigits } from "@litverse/shared/payments";
import type { AdminPlanRow } from "@litverse/shared/subscriptions";
import type { PlanFields } from "@litverse/shared/subscriptions-inputs";

export interface PlanFormValues {
  name: string;
  /** In the currency's major unit, as typed: "4.99". */
  price: string;
  currency: string;
  interval: PlanInterval;
  tier: PlanTier;
  monthlyBonusCoins: string;
  benefits: string;
  sortOrder: string;
  isActive: boolean;
  stripePlanId: string;
  paystackPlanId: string;
}

export const EMPTY_PLAN_FORM: PlanFormValues = {
  name: "",
  price: "",
  currency: "USD",
  interval: "month",
  tier: "premium",
  monthlyBonusCoins: "0",
  benefits: "",
  sortOrder: "0",
  isActive: true,
  stripePlanId: "",
  paystackPlanId: "",
};

/** "4.99" for 499 USD, "500" for 500 JPY. */
export function majorUnits(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}

/**
 * The price typed in major units ("4.99", "5", "1,000.50") in minor units (499), or null when it
 * is not a plain amount with at most the currency's decimals.
 */
export function parseMajorUnits(text: string, currency: string): number | null {
  const digits = currencyDigits(currency.trim().toUpperCase() || "USD");
  const cleaned = text.trim().replaceAll(",", "");
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

export function formValuesOf(plan: AdminPlanRow): PlanFormValues {
  return {
    name: plan.name,
    price: majorUnits(plan.priceMinor, plan.currency),
    currency: plan.currency,
    interval: plan.interval,
    tier: plan.tier,
    monthlyBonusCoins: String(plan.monthlyBonusCoins),
    benefits: plan.benefits.join("\n"),
    sortOrder: String(plan.sortOrder),
    isActive: plan.isActive,
    stripePlanId: plan.providerPlanIds.stripe ?? "",
    paystackPlanId: plan.providerPlanIds.paystack ?? "",
  };
}

/** A whole number typed in a field, or NaN, which the shared schema then refuses with its message. */
function wholeNumber(text: string): number {
  const cleaned = text.trim().replaceAll(",", "");
  return /^-?\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The plan fields the form's values make; the shared schema checks them (and says what is wrong). */
export function planFieldsOf(values: PlanFormValues): PlanFields {
  const price = parseMajorUnits(values.price, values.currency);
  return {
    name: values.name,
    priceMinor: price ?? Number.NaN,
    currency: values.currency,
    interval: values.interval,
    tier: values.tier,
    monthlyBonusCoins: wholeNumber(values.monthlyBonusCoins),
    benefits: values.benefits,
    sortOrder: wholeNumber(values.sortOrder),
    isActive: values.isActive,
    providerPlanIds: { stripe: values.stripePlanId, paystack: values.paystackPlanId },
  };
}
