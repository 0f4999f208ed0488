import { formatPrice, isSameSitePath, packageCovering } from "@litverse/shared/payments";
import { describe, expect, it } from "vitest";
import { parseNeed, parseReturnTo } from "./coins-buy-values.ts";

const packages = [
  { id: "a", coins: 100, bonusCoins: 0, priceMinor: 99 },
  { id: "b", coins: 550, bonusCoins: 50, priceMinor: 499 },
  { id: "c", coins: 1200, bonusCoins: 200, priceMinor: 999 },
];

describe("packageCovering", () => {
  it("picks the smallest package whose coins, bonus included, cover the need", () => {
    expect(packageCovering(packages, 1)?.id).toBe("a");
    expect(packageCovering(packages, 100)?.id).toBe("a");
    expect(packageCovering(packages, 101)?.id).toBe("b");
    expect(packageCovering(packages, 600)?.id).toBe("b");
    expect(packageCovering(packages, 601)?.id).toBe("c");
  });

  it("falls back to the largest when none covers it, and picks nothing without a need", () => {
    expect(packageCovering(packages, 5000)?.id).toBe("c");
    expect(packageCovering(packages, null)).toBeNull();
    expect(packageCovering([], 10)).toBeNull();
  });
});

describe("the buy page's address", () => {
  it("reads the need as a positive whole number", () => {
    expect(parseNeed("40")).toBe(40);
    for (const bad of [null, "", "0", "-3", "2.5", "abc", "1e3", "9999999999"])
      expect(parseNeed(bad)).toBeNull();
  });

  it("keeps only return paths on this site", () => {
    expect(parseReturnTo("/content/1?episode=2")).toBe("/content/1?episode=2");
    for (const bad of ["//evil.example", "https://evil.example", "javascript:alert(1)", "/\\evil", "x"]) {
      expect(parseReturnTo(bad)).toBeNull();
      expect(isSameSitePath(bad)).toBe(false);
    }
  });
});

describe("formatPrice", () => {
  it("formats minor units in the currency's own digits", () => {
    expect(formatPrice(499, "USD")).toBe("$4.99");
    expect(formatPrice(1999, "USD")).toBe("$19.99");
    expect(formatPrice(500, "JPY")).toBe("¥500");
    expect(formatPrice(250000, "NGN").replace(/\s/g, " ")).toBe("NGN 2,500.00");
  });
});
