import { describe, expect, it } from "vitest";
import { type Entitlements, episodeLock, NO_ENTITLEMENTS } from "./episode-access.ts";

const reader = { role: "user" as const };
const admin = { role: "admin" as const };
const episode = (number: number, priceCoins = 0) => ({ id: `e${number}`, number, priceCoins });
const holding = (tiers: Array<"premium" | "vvip">, unlocked: string[] = []): Entitlements => ({
  tiers: new Set(tiers),
  unlockedEpisodeIds: new Set(unlocked),
});

describe("episodeLock", () => {
  it("opens free episodes of free titles to everyone", () => {
    expect(episodeLock(reader, { accessType: "free" }, episode(3), NO_ENTITLEMENTS)).toBeNull();
    expect(episodeLock(null, { accessType: "free" }, episode(3), NO_ENTITLEMENTS)).toBeNull();
  });

  it("locks priced episodes until unlocked", () => {
    expect(episodeLock(reader, { accessType: "free" }, episode(4, 30), NO_ENTITLEMENTS)).toEqual({
      reason: "price",
      priceCoins: 30,
    });
    expect(episodeLock(reader, { accessType: "free" }, episode(4, 30), holding([], ["e4"]))).toBeNull();
  });

  it("locks premium and VVIP titles past the first episode for readers without the plan", () => {
    expect(episodeLock(reader, { accessType: "premium" }, episode(1), NO_ENTITLEMENTS)).toBeNull();
    expect(episodeLock(reader, { accessType: "premium" }, episode(2), NO_ENTITLEMENTS)).toEqual({
      reason: "tier",
      accessType: "premium",
    });
    expect(episodeLock(reader, { accessType: "vvip" }, episode(2), holding(["premium"]))).toEqual({
      reason: "tier",
      accessType: "vvip",
    });
    expect(episodeLock(reader, { accessType: "premium" }, episode(2), holding(["vvip"]))).toBeNull();
    expect(episodeLock(reader, { accessType: "vvip" }, episode(2), holding(["vvip"]))).toBeNull();
  });

  it("asks for the plan before the price, and the price after the plan", () => {
    expect(episodeLock(reader, { accessType: "premium" }, episode(2, 10), NO_ENTITLEMENTS)?.reason).toBe(
      "tier",
    );
    expect(episodeLock(reader, { accessType: "premium" }, episode(2, 10), holding(["premium"]))).toEqual({
      reason: "price",
      priceCoins: 10,
    });
  });

  it("opens everything to admins, who check what they publish", () => {
    expect(episodeLock(admin, { accessType: "vvip" }, episode(9, 99), NO_ENTITLEMENTS)).toBeNull();
  });
});
