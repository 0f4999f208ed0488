// The coin package form's values: prices typed in the currency's major unit ("4.99") and kept
// in minor units (499), checked with the same schema the server uses.
import { type CoinPackageView, currencyDigits } from "@litverse/shared/payments";
import { createCoinPackageInput } from "@litverse/shared/payments-inputs";
import type { z } from "zod";

export interface PackageFormValues {
  name: string;
  coins: string;
  bonusCoins: string;
  price: string;
  currency: string;
  sortOrder: string;
  isActive: boolean;
}

export type FieldErrors = Record<string, string[]>;

export const EMPTY_PACKAGE: PackageFormValues = {
  name: "",
  coins: "",
  bonusCoins: "0",
  price: "",
  currency: "USD",
  sortOrder: "0",
  isActive: true,
};

export function formValuesOf(pkg: CoinPackageView): PackageFormValues {
  const digits = currencyDigits(pkg.currency);
  return {
    name: pkg.name,
    coins: String(pkg.coins),
    bonusCoins: String(pkg.bonusCoins),
    price: (pkg.priceMinor / 10 ** digits).toFixed(digits),
    currency: pkg.currency,
    sortOrder: String(pkg.sortOrder),
    isActive: pkg.isActive,
  };
}

/** "4.99" in USD → 499; null when it is not a price with at most the currency's digits. */
export function parsePrice(text: string, currency: string): number | null {
  const digits = currencyDigits(currency.trim().toUpperCase() || "USD");
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

const toNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

export type PackageData = z.output<typeof createCoinPackageInput>["data"] & {
  isActive: boolean;
  sortOrder: number;
};

/** The values as the functions take them, or the messages per field. */
export function validatePackage(
  values: PackageFormValues,
): { data: PackageData; errors: null } | { data: null; errors: FieldErrors } {
  const priceMinor = parsePrice(values.price, values.currency);
  const parsed = createCoinPackageInput.safeParse({
    data: {
      name: values.name,
      coins: toNumber(values.coins),
      bonusCoins: toNumber(values.bonusCoins),
      priceMinor: priceMinor ?? Number.NaN,
      currency: values.currency,
      sortOrder: toNumber(values.sortOrder),
      isActive: values.isActive,
    },
  });
  const errors: FieldErrors = {};
  if (priceMinor === null) errors.price = ["Enter a price such as 4.99"];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[1] ?? "form");
      const field = key === "priceMinor" ? "price" : key;
      if (field === "price" && errors.price) continue;
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { data: null, errors };
  return { data: parsed.data.data as PackageData, errors: null };
}

/**
 * The sort orders after moving the package at `from` to `to`: 10, 20, 30… in the new order, only
 * for the packages whose order changes.
 */
export function reorderedSortOrders(
  packages: readonly Pick<CoinPackageView, "id" | "sortOrder">[],
  from: number,
  to: number,
): Array<{ id: string; sortOrder: number }> {
  if (to < 0 || to >= packages.length || from === to) return [];
  const order = [...packages];
  const [moved] = order.splice(from, 1);
  if (!moved) return [];
  order.splice(to, 0, moved);
  return order
    .map((pkg, index) => ({ id: pkg.id, sortOrder: (index + 1) * 10, before: pkg.sortOrder }))
    .filter((pkg) => pkg.sortOrder !== pkg.before)
    .map(({ id, sortOrder }) => ({ id, sortOrder }));
}
