// Coin packages: what readers see on /coins/buy, and how superadmins run them.
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
import { seedDemoCoinPackages } from "./demo.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const fields = { name: "Popular", coins: 550, bonusCoins: 50, priceMinor: 499, currency: "usd" };

describe("coins.createCoinPackage and coins.updateCoinPackage", () => {
  it("let superadmins add and change packages, with the currency in upper case", async () => {
    const boss = callerFor(platform, await createUser(platform, "superadmin"));
    const created = await boss.coins.createCoinPackage({ data: fields });
    expect(created).toMatchObject({ ...fields, currency: "USD", isActive: true, sortOrder: 0 });
    const updated = await boss.coins.updateCoinPackage({
      id: created.id,
      data: { isActive: false, sortOrder: 5, name: "  Popular pack " },
    });
    expect(updated).toMatchObject({ isActive: false, sortOrder: 5, name: "Popular pack", coins: 550 });
    const [event] = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "coins.updateCoinPackage"));
    expect(event?.changes).toEqual([
      {
        objectType: "coin-package",
        objectId: created.id,
        before: { ...fields, currency: "USD", isActive: true, sortOrder: 0 },
        after: { ...fields, currency: "USD", isActive: false, sortOrder: 5, name: "Popular pack" },
      },
    ]);
  });

  it("refuse bad values and change nothing", async () => {
    const boss = callerFor(platform, await createUser(platform, "superadmin"));
    const bad = [
      { ...fields, name: " " },
      { ...fields, coins: 0 },
      { ...fields, coins: 1.5 },
      { ...fields, bonusCoins: -1 },
      { ...fields, priceMinor: 0 },
      { ...fields, currency: "dollars" },
    ];
    for (const data of bad) {
      await expect(boss.coins.createCoinPackage({ data })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    const created = await boss.coins.createCoinPackage({ data: fields });
    await expect(boss.coins.updateCoinPackage({ id: created.id, data: {} })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      boss.coins.updateCoinPackage({ id: created.id, data: { priceMinor: -5 } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      boss.coins.updateCoinPackage({ id: "00000000-0000-0000-0000-000000000000", data: { coins: 5 } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await boss.coins.adminListCoinPackages()).toEqual([created]);
  });

  it("are for superadmins only", async () => {
    const boss = callerFor(platform, await createUser(platform, "superadmin"));
    const created = await boss.coins.createCoinPackage({ data: fields });
    for (const caller of [
      callerFor(platform, await createUser(platform, "admin")),
      callerFor(platform, await createUser(platform)),
    ]) {
      await expect(caller.coins.createCoinPackage({ data: fields })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(
        caller.coins.updateCoinPackage({ id: created.id, data: { coins: 1 } }),
      ).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(caller.coins.adminListCoinPackages()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(platform).coins.createCoinPackage({ data: fields })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("coins.listCoinPackages", () => {
  it("lists the packages on sale in order, live, to signed-in people", async () => {
    expect(await seedDemoCoinPackages(platform.deps)).toBe(4);
    expect(await seedDemoCoinPackages(platform.deps)).toBe(0);
    const reader = callerFor(platform, await createUser(platform));
    const boss = callerFor(platform, await createUser(platform, "superadmin"));
    const listed = await reader.coins.listCoinPackages();
    expect(listed.map((pkg) => [pkg.coins, pkg.bonusCoins, pkg.priceMinor])).toEqual([
      [100, 0, 99],
      [550, 50, 499],
      [1200, 200, 999],
      [2500, 500, 1999],
    ]);
    const live = watchLiveRuns(platform, () => reader.coins.listCoinPackages());
    await live.waitForRuns(1);
    const first = listed[0];
    if (!first) throw new Error("no package");
    await boss.coins.updateCoinPackage({ id: first.id, data: { isActive: false } });
    await live.waitForRuns(2);
    expect(live.latest?.map((pkg) => pkg.coins)).toEqual([550, 1200, 2500]);
    await boss.coins.updateCoinPackage({ id: first.id, data: { isActive: true, sortOrder: 99 } });
    await live.waitForRuns(3);
    expect(live.latest?.map((pkg) => pkg.coins)).toEqual([550, 1200, 2500, 100]);
    live.stop();
    expect(await boss.coins.adminListCoinPackages()).toHaveLength(4);
    await expect(callerFor(platform).coins.listCoinPackages()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});
