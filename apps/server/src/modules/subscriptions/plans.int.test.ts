import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { auditEvents } from "../audit/schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const premiumMonthly = {
  name: "Premium monthly",
  priceMinor: 499,
  currency: "usd",
  interval: "month" as const,
  tier: "premium" as const,
  monthlyBonusCoins: 100,
  benefits: "Every premium title\n\n  Ad-free reading  \n",
};

async function superadmin() {
  return callerFor(platform, await createUser(platform, "superadmin"));
}

describe("subscriptions.createPlan and updatePlan", () => {
  it("stores a plan with its currency upper-cased and its benefits one per line", async () => {
    const caller = await superadmin();
    const plan = await caller.subscriptions.createPlan({
      data: { ...premiumMonthly, providerPlanIds: { stripe: "price_123", paystack: "" } },
    });
    expect(plan).toMatchObject({
      name: "Premium monthly",
      priceMinor: 499,
      currency: "USD",
      interval: "month",
      tier: "premium",
      monthlyBonusCoins: 100,
      benefits: ["Every premium title", "Ad-free reading"],
      isActive: true,
      sortOrder: 0,
      providerPlanIds: { stripe: "price_123" },
      subscribers: 0,
    });
    const updated = await caller.subscriptions.updatePlan({
      id: plan.id,
      data: { priceMinor: 599, isActive: false, sortOrder: 2 },
    });
    expect(updated).toMatchObject({
      priceMinor: 599,
      isActive: false,
      sortOrder: 2,
      name: "Premium monthly",
    });
    const [event] = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "subscriptions.updatePlan"));
    expect(event?.changes).toEqual([
      {
        objectType: "plan",
        objectId: plan.id,
        before: expect.objectContaining({ name: "Premium monthly", priceMinor: 499, isActive: true }),
        after: expect.objectContaining({ name: "Premium monthly", priceMinor: 599, isActive: false }),
      },
    ]);
  });

  it("refuses bad input with a message per field, storing nothing", async () => {
    const caller = await superadmin();
    const bad = [
      { ...premiumMonthly, name: "" },
      { ...premiumMonthly, priceMinor: 0 },
      { ...premiumMonthly, priceMinor: 4.99 },
      { ...premiumMonthly, currency: "dollars" },
      { ...premiumMonthly, interval: "week" },
      { ...premiumMonthly, tier: "gold" },
      { ...premiumMonthly, monthlyBonusCoins: -1 },
    ];
    for (const data of bad) {
      await expect(caller.subscriptions.createPlan({ data } as never)).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    }
    expect(await caller.subscriptions.adminListPlans()).toEqual([]);
    await expect(
      caller.subscriptions.updatePlan({ id: crypto.randomUUID(), data: { name: "Gone" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "There is no such plan." });
  });

  it("is for superadmins only", async () => {
    const plan = await (await superadmin()).subscriptions.createPlan({ data: premiumMonthly });
    for (const role of ["user", "admin"] as const) {
      const caller = callerFor(platform, await createUser(platform, role));
      await expect(caller.subscriptions.createPlan({ data: premiumMonthly })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(
        caller.subscriptions.updatePlan({ id: plan.id, data: { priceMinor: 1 } }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.subscriptions.adminListPlans()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(platform).subscriptions.adminListPlans()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("subscriptions.listPlans", () => {
  it("lists the active plans in their order, live, to signed-in readers only", async () => {
    const admin = await superadmin();
    const yearly = await admin.subscriptions.createPlan({
      data: { ...premiumMonthly, name: "Premium yearly", interval: "year", priceMinor: 4999, sortOrder: 2 },
    });
    await admin.subscriptions.createPlan({ data: { ...premiumMonthly, sortOrder: 1 } });
    await admin.subscriptions.createPlan({ data: { ...premiumMonthly, name: "Old plan", isActive: false } });
    const reader = callerFor(platform, await createUser(platform));
    const live = watchLiveRuns(platform, () => reader.subscriptions.listPlans());
    await live.waitForRuns(1);
    expect(live.latest?.map((plan) => plan.name)).toEqual(["Premium monthly", "Premium yearly"]);
    expect(live.latest?.[0]).not.toHaveProperty("providerPlanIds");

    await admin.subscriptions.updatePlan({ id: yearly.id, data: { isActive: false } });
    await live.waitForRuns(2);
    expect(live.latest?.map((plan) => plan.name)).toEqual(["Premium monthly"]);
    live.stop();

    await expect(callerFor(platform).subscriptions.listPlans()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});
