import type { BonusLot, WalletEntry } from "@litverse/shared/coins";
import { describe, expect, it } from "vitest";
import {
  describeSplit,
  expiresIn,
  formatSignedCoins,
  lotState,
  mergeEntries,
  orderLots,
} from "./wallet-values.ts";

const entry = (id: string, createdAt: string, values: Partial<WalletEntry> = {}): WalletEntry => ({
  id,
  kind: "purchase",
  memo: id,
  createdAt,
  purchased: 0,
  bonus: 0,
  reversed: false,
  ...values,
});
const lot = (id: string, values: Partial<BonusLot>): BonusLot => ({
  id,
  granted: 40,
  remaining: 40,
  grantedAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2026-01-31T00:00:00.000Z",
  expired: false,
  ...values,
});

describe("signed amounts", () => {
  it("writes coins in with a plus and coins out with a minus sign", () => {
    expect(formatSignedCoins(1200)).toBe("+1,200");
    expect(formatSignedCoins(-15)).toBe("\u221215");
    expect(formatSignedCoins(0)).toBe("0");
  });
  it("names only the parts that moved", () => {
    expect(describeSplit({ purchased: 120, bonus: 40 })).toBe("+120 purchased · +40 bonus");
    expect(describeSplit({ purchased: 0, bonus: -10 })).toBe("\u221210 bonus");
  });
});

describe("bonus lots", () => {
  it("says when a lot expires in days, then hours and minutes on its last day", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(expiresIn("2026-01-31T00:00:00Z", now)).toBe("in 30 days");
    expect(expiresIn("2026-01-02T01:00:00Z", now)).toBe("tomorrow");
    expect(expiresIn("2026-01-01T05:00:00Z", now)).toBe("in 5 hours");
    expect(expiresIn("2026-01-01T00:10:00Z", now)).toBe("in 10 minutes");
  });
  it("tells spendable, spent and expired lots apart", () => {
    expect(lotState(lot("a", {}))).toBe("active");
    expect(lotState(lot("a", { remaining: 0 }))).toBe("used");
    expect(lotState(lot("a", { remaining: 0, expired: true }))).toBe("expired");
  });
  it("lists spendable lots soonest to expire first, then the rest, latest first", () => {
    const lots = [
      lot("old", { expired: true, remaining: 0, expiresAt: "2026-01-01T00:00:00.000Z" }),
      lot("later", { expiresAt: "2026-03-01T00:00:00.000Z" }),
      lot("used", { remaining: 0, expiresAt: "2026-02-15T00:00:00.000Z" }),
      lot("soon", { expiresAt: "2026-02-01T00:00:00.000Z" }),
    ];
    expect(orderLots(lots).map((item) => item.id)).toEqual(["soon", "later", "used", "old"]);
  });
});

describe("mergeEntries", () => {
  it("keeps each entry once, the first page's copy first, newest first", () => {
    const live = [entry("c", "2026-01-03T00:00:00.000Z", { reversed: true })];
    const seen = [entry("c", "2026-01-03T00:00:00.000Z"), entry("b", "2026-01-02T00:00:00.000Z")];
    const older = [entry("a", "2026-01-01T00:00:00.000Z"), entry("b", "2026-01-02T00:00:00.000Z")];
    const merged = mergeEntries([live, seen, older]);
    expect(merged.map((item) => item.id)).toEqual(["c", "b", "a"]);
    expect(merged[0]?.reversed).toBe(true);
  });
});
