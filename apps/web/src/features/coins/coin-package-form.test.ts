import { describe, expect, it } from "vitest";
import {
  EMPTY_PACKAGE,
  formValuesOf,
  parsePrice,
  reorderedSortOrders,
  validatePackage,
} from "./coin-package-form.ts";

describe("parsePrice", () => {
  it("reads prices in major units into minor units with the currency's digits", () => {
    expect(parsePrice("4.99", "USD")).toBe(499);
    expect(parsePrice("4.9", "usd")).toBe(490);
    expect(parsePrice("19", "USD")).toBe(1900);
    expect(parsePrice("500", "JPY")).toBe(500);
    for (const bad of ["", "4.999", "-1", "abc", "4,99", "5.5"]) {
      expect(parsePrice(bad, bad === "5.5" ? "JPY" : "USD")).toBeNull();
    }
  });
});

describe("validatePackage", () => {
  it("gives the data the functions take", () => {
    const result = validatePackage({
      ...EMPTY_PACKAGE,
      name: "Popular",
      coins: "550",
      bonusCoins: "50",
      price: "4.99",
    });
    expect(result.data).toEqual({
      name: "Popular",
      coins: 550,
      bonusCoins: 50,
      priceMinor: 499,
      currency: "USD",
      sortOrder: 0,
      isActive: true,
    });
  });

  it("names each field that is wrong", () => {
    const result = validatePackage({
      ...EMPTY_PACKAGE,
      name: "",
      coins: "0",
      price: "free",
      currency: "dollars",
    });
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(["coins", "currency", "name", "price"]);
  });

  it("round-trips a stored package", () => {
    const values = formValuesOf({
      id: "a",
      name: "Binge",
      coins: 2500,
      bonusCoins: 500,
      priceMinor: 1999,
      currency: "USD",
      isActive: false,
      sortOrder: 40,
    });
    expect(values.price).toBe("19.99");
    expect(validatePackage(values).data).toMatchObject({ priceMinor: 1999, isActive: false, sortOrder: 40 });
  });
});

describe("reorderedSortOrders", () => {
  it("renumbers only the packages whose place changes", () => {
    const packages = [
      { id: "a", sortOrder: 10 },
      { id: "b", sortOrder: 20 },
      { id: "c", sortOrder: 30 },
    ];
    expect(reorderedSortOrders(packages, 2, 1)).toEqual([
      { id: "c", sortOrder: 20 },
      { id: "b", sortOrder: 30 },
    ]);
    expect(reorderedSortOrders(packages, 0, -1)).toEqual([]);
    expect(
      reorderedSortOrders(
        [
          { id: "x", sortOrder: 0 },
          { id: "y", sortOrder: 0 },
        ],
        1,
        0,
      ),
    ).toEqual([
      { id: "y", sortOrder: 10 },
      { id: "x", sortOrder: 20 },
    ]);
  });
});
