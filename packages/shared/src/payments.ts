// Coin packages and payments as the web app sees them, and the small rules both sides share
// (same-site return paths, prices in minor units, which package covers a shortfall).
import type { PaymentProviderId } from "./coins.ts";

export const PAYMENT_PURPOSES = ["coins", "subscription"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "canceled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A package on /coins/buy and in the admin's list. Prices are in the currency's minor unit. */
export interface CoinPackageView {
  id: string;
  name: string;
  coins: number;
  bonusCoins: number;
  priceMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  isActive: boolean;
  sortOrder: number;
}

/** One payment, as its owner sees it on /subscription/verify. */
export interface PaymentView {
  id: string;
  purpose: PaymentPurpose;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  coins: number;
  bonusCoins: number;
  /** For a subscription's payment: the plan's name. */
  planName: string | null;
  /** Where the buyer goes on: a path on this site. */
  returnTo: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** One payment in the admins' list of purchases. */
export interface AdminPaymentRow extends PaymentView {
  provider: PaymentProviderId;
  providerReference: string | null;
  packageName: string | null;
  failureReason: string | null;
  refundedAt: string | null;
  user: { id: string; email: string | null; name: string | null };
}

export interface AdminPaymentPage {
  items: AdminPaymentRow[];
  nextCursor: string | null;
}

export const ADMIN_PAYMENTS_PAGE_SIZE = 50;

/** What /subscription/verify answers a checkout with. */
export interface CheckoutStart {
  paymentId: string;
  checkoutUrl: string;
}

/**
 * A path on this site to go back to after paying: starts with one "/" (not "//", which browsers
 * read as another host) and holds no backslash or control character.
 */
export function isSameSitePath(value: string): boolean {
  return (
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.includes("\\") &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

/** `value` when it is a path on this site (at most 500 characters), otherwise null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  return value && value.length <= 500 && isSameSitePath(value) ? value : null;
}

/** How many digits a currency's minor unit has (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** "$4.99" from 499 and "USD". */
export function formatPrice(amountMinor: number, currency: string, locale = "en-US"): string {
  const digits = currencyDigits(currency);
  const amount = amountMinor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency}`;
  }
}

/**
 * The cheapest package whose coins (bonus included) cover `need`; when none does, the largest.
 * Null without packages or without a need.
 */
export function packageCovering<T extends Pick<CoinPackageView, "coins" | "bonusCoins" | "priceMinor">>(
  packages: readonly T[],
  need: number | null,
): T | null {
  if (!need || need <= 0 || packages.length === 0) return null;
  const total = (pkg: T) => pkg.coins + pkg.bonusCoins;
  const covering = packages.filter((pkg) => total(pkg) >= need);
  if (covering.length > 0) {
    return covering.reduce((best, pkg) =>
      total(pkg) < total(best) || (total(pkg) === total(best) && pkg.priceMinor < best.priceMinor)
        ? pkg
        : best,
    );
  }
  return packages.reduce((best, pkg) => (total(pkg) > total(best) ? pkg : best));
}

/** The sandbox provider's checkout page, as its buyer sees it. */
export interface SandboxCheckoutView {
  reference: string;
  amountMinor: number;
  currency: string;
  description: string;
  status: "open" | "paid" | "failed" | "canceled" | "refunded";
  /** Where "Back to Litverse" leads once the checkout is decided: a path on this site. */
  returnPath: string;
}
