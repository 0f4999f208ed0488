import type { SubscriptionView } from "@litverse/shared/subscriptions";
import { describe, expect, it } from "vitest";
import { dateInputValue, endOfDay } from "../vvip/vvip-dates.ts";
import { majorUnits, parseMajorUnits } from "./plan-form.ts";
import { priceLabel, subscriptionStatusLine, tierParam } from "./plan-values.ts";

const plan = {
  id: "p",
  name: "Premium monthly",
  priceMinor: 499,
  currency: "USD",
  interval: "month" as const,
  tier: "premium" as const,
  monthlyBonusCoins: 100,
  benefits: [],
};
const subscription: SubscriptionView = {
  id: "s",
  status: "active",
  plan,
  provider: "sandbox",
  cancelAtPeriodEnd: false,
  currentPeriodStart: "2026-11-23T10:00:00.000Z",
  currentPeriodEnd: "2026-12-23T10:00:00.000Z",
  canceledAt: null,
  isInForce: true,
};

describe("plan values", () => {
  it("reads prices per interval in the plan's currency", () => {
    expect(priceLabel(plan)).toBe("$4.99 / month");
    expect(priceLabel({ priceMinor: 4999, currency: "USD", interval: "year" })).toBe("$49.99 / year");
    expect(priceLabel({ priceMinor: 500000, currency: "NGN", interval: "month" })).toMatch(
      /^NGN\s5,000.00 \/ month$/,
    );
  });

  it("says where a subscription stands", () => {
    expect(subscriptionStatusLine(subscription, "UTC")).toBe("Renews on Dec 23, 2026.");
    expect(subscriptionStatusLine({ ...subscription, cancelAtPeriodEnd: true }, "UTC")).toBe(
      "Canceled: access until Dec 23, 2026, then it ends.",
    );
    expect(subscriptionStatusLine({ ...subscription, status: "canceled", isInForce: false }, "UTC")).toBe(
      "Ended on Dec 23, 2026.",
    );
  });

  it("takes only known tiers from the address", () => {
    expect(tierParam("vvip")).toBe("vvip");
    expect(tierParam("premium")).toBe("premium");
    expect(tierParam("gold")).toBeNull();
    expect(tierParam(null)).toBeNull();
  });
});

describe("the plan form's price", () => {
  it("turns major units into minor units and back", () => {
    expect(parseMajorUnits("4.99", "USD")).toBe(499);
    expect(parseMajorUnits(" 5 ", "USD")).toBe(500);
    expect(parseMajorUnits("1,000.5", "USD")).toBe(100050);
    expect(parseMajorUnits("500", "JPY")).toBe(500);
    expect(majorUnits(499, "USD")).toBe("4.99");
    expect(majorUnits(500, "JPY")).toBe("500");
  });
  it("refuses what is not a plain amount", () => {
    for (const text of ["", "-1", "4.999", "abc", "1e3", "4.5.0"])
      expect(parseMajorUnits(text, "USD")).toBeNull();
    expect(parseMajorUnits("5.5", "JPY")).toBeNull();
  });
});

describe("VVIP dates", () => {
  it("reads a date input as the end of that local day", () => {
    const end = endOfDay("2027-02-28");
    expect(end && dateInputValue(end)).toBe("2027-02-28");
    expect(end?.getHours()).toBe(23);
    expect(endOfDay("2027-02-30")).toBeNull();
    expect(endOfDay("tomorrow")).toBeNull();
  });
});
