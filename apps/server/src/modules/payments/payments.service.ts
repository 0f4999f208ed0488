// Payments: starting a coin checkout, reading a payment, and settling it, once, whichever way the
// news arrives (the buyer's return to /subscription/verify, a verifyPayment call, a webhook).
// Nothing is credited on anyone's word but the provider's: settlePayment asks the provider for the
// payment's status, amount and currency, and only a match with what we asked for is credited.
// Exactly once is kept by the database, not only by this code: the pending → paid flip is a
// conditional UPDATE that only one transaction can win, the credit's idempotency key
// (`payment:<id>`) is unique per wallet, and payments.credit_entry_id is unique.

import type { PaymentProviderId } from "@litverse/shared/coins";
import type {
  AdminPaymentPage,
  AdminPaymentRow,
  CheckoutStart,
  PaymentStatus,
  PaymentView,
} from "@litverse/shared/payments";
import { ADMIN_PAYMENTS_PAGE_SIZE } from "@litverse/shared/payments";
import type { adminListPaymentsInput, startCoinCheckoutInput } from "@litverse/shared/payments-inputs";
import { and, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { reachMilestone } from "../../core/activity.ts";
import { noteChange } from "../../core/audit.ts";
import { countDaily } from "../../core/daily-counts.ts";
import type { Executor } from "../../core/db/client.ts";
import { olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { coinsDescription, creditCoins, reverseEntry } from "../coins/index.ts";
import { coinPackages } from "../coins/schema.ts";
import { subscriptionPlans, subscriptions } from "../subscriptions/schema.ts";
import { users } from "../users/schema.ts";
import type { VerifiedPayment } from "./provider.ts";
import { paymentProvider, paymentsLog, paymentsSettings } from "./providers/registry.ts";
import { type PaymentRow, paymentHandlers } from "./purposes.ts";
import { payments } from "./schema.ts";

/** One payment: its owner's result page follows it live. */
export const paymentTopic = (paymentId: string) => `payment:${paymentId}`;
/** Any payment: the admins' list of purchases and the revenue figures. */
export const PAYMENTS_TOPIC = "payments";

/** Where the provider sends the buyer back to, for every kind of payment. */
export function returnUrls(deps: ServiceDeps, paymentId: string) {
  const base = `${paymentsSettings(deps).publicUrl}/subscription/verify?payment=${encodeURIComponent(paymentId)}`;
  return { successUrl: base, cancelUrl: `${base}&canceled=1` };
}

const viewColumns = {
  payment: payments,
  planName: subscriptionPlans.name,
};

async function loadView(db: Executor, paymentId: string) {
  const [row] = await db
    .select(viewColumns)
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(payments.id, paymentId));
  return row ?? null;
}

export function toPaymentView(payment: PaymentRow, planName: string | null): PaymentView {
  return {
    id: payment.id,
    purpose: payment.purpose,
    status: payment.status,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    coins: payment.coins,
    bonusCoins: payment.bonusCoins,
    planName,
    returnTo: payment.returnTo,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

/** What the provider's page shows: "550 coins + 50 bonus". */
/**
 * Starts buying a coin package: records a pending payment with what the package gives and costs
 * now (later edits to the package never change it), creates the provider's checkout and returns
 * where to send the buyer.
 */
export async function startCoinCheckout(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof startCoinCheckoutInput>,
): Promise<CheckoutStart> {
  const { db } = deps;
  const [pkg] = await db
    .select()
    .from(coinPackages)
    .where(and(eq(coinPackages.id, input.packageId), eq(coinPackages.isActive, true)));
  if (!pkg) throw new AppError("NOT_FOUND", "This coin package is not on sale any more.");
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  const provider = await paymentProvider(deps);
  const [payment] = await db
    .insert(payments)
    .values({
      userId: user.id,
      purpose: "coins",
      packageId: pkg.id,
      provider: provider.id,
      amountMinor: pkg.priceMinor,
      currency: pkg.currency,
      coins: pkg.coins,
      bonusCoins: pkg.bonusCoins,
      returnTo: input.returnTo ?? null,
    })
    .returning();
  // Stryker disable next-line StringLiteral: an insert that succeeds always returns its row, so this message is never shown
  if (!payment) throw new AppError("CONFLICT", "Could not record the payment.");
  let checkout: Awaited<ReturnType<typeof provider.createCheckout>>;
  try {
    checkout = await provider.createCheckout({
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: coinsDescription(payment.coins, payment.bonusCoins),
      // Stryker disable next-line OptionalChaining: the caller was just read from the users table by the procedure, so the row is there
      customerEmail: buyer?.email ?? null,
      ...returnUrls(deps, payment.id),
    });
  } catch (error) {
    await db
      .update(payments)
      .set({ status: "failed", failureReason: "The checkout could not be started." })
      .where(eq(payments.id, payment.id));
    deps.changes.changed(PAYMENTS_TOPIC);
    if (error instanceof AppError) throw error;
    paymentsLog(deps)?.error({ err: error }, "checkout could not be started");
    throw new AppError("UNAVAILABLE", "The payment provider could not be reached. Please try again.");
  }
  await db.update(payments).set({ providerReference: checkout.reference }).where(eq(payments.id, payment.id));
  deps.changes.changed(PAYMENTS_TOPIC);
  return { paymentId: payment.id, checkoutUrl: checkout.url };
}

/** A payment of the caller's; someone else's reads as not found. */
async function ownView(db: Executor, user: SessionUser, paymentId: string) {
  const row = await loadView(db, paymentId);
  if (!row || row.payment.userId !== user.id) throw new AppError("NOT_FOUND", "There is no such payment.");
  return row;
}

export async function getPayment(
  { db }: ServiceDeps,
  user: SessionUser,
  paymentId: string,
): Promise<PaymentView> {
  track(paymentTopic(paymentId));
  const row = await ownView(db, user, paymentId);
  return toPaymentView(row.payment, row.planName);
}

/** Asks the provider about one of the caller's payments and settles it if it is paid. */
export async function verifyPayment(
  deps: ServiceDeps,
  user: SessionUser,
  paymentId: string,
): Promise<PaymentView> {
  await ownView(deps.db, user, paymentId);
  await settlePayment(deps, paymentId);
  const row = await ownView(deps.db, user, paymentId);
  return toPaymentView(row.payment, row.planName);
}

const SETTLEABLE: PaymentStatus[] = ["pending", "failed", "canceled"];

/**
 * The one way a payment gets settled. Asks the provider, then: paid with the amount and currency
 * we asked for → in one transaction, flip to paid (only one caller can) and credit the coins or
 * start the subscription; failed or canceled → record it; still pending → nothing. Safe to call
 * any number of times, concurrently, from any path. Returns the payment as it then stands.
 */
export async function settlePayment(deps: ServiceDeps, paymentId: string): Promise<PaymentRow> {
  const { db } = deps;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError("NOT_FOUND", "There is no such payment.");
  if (!SETTLEABLE.includes(payment.status) || !payment.providerReference) return payment;
  const provider = await paymentProvider(deps, payment.provider);
  const verified = await provider.verifyPayment(payment.providerReference);

  if (verified.status === "paid") {
    const mismatch = mismatchOf(payment, verified);
    if (mismatch) {
      paymentsLog(deps)?.warn({ paymentId, mismatch }, "provider reported a different payment; not credited");
      return recordOutcome(deps, payment, "failed", mismatch);
    }
    return deps.changes.inTransaction(db, async (tx) => {
      const [claimed] = await tx
        .update(payments)
        .set({ status: "paid", paidAt: new Date(), failureReason: null })
        .where(and(eq(payments.id, paymentId), inArray(payments.status, SETTLEABLE)))
        .returning();
      // Another path settled it first.
      if (!claimed) return payment;
      deps.changes.changed(paymentTopic(paymentId), PAYMENTS_TOPIC);
      await countDaily(deps.changes, tx, `money.paid:${claimed.currency}`, { by: claimed.amountMinor });
      await reachMilestone(tx, claimed.userId, "firstPaid");
      const credit = await paymentHandlers().purposes[claimed.purpose].settled(deps, tx, claimed, verified);
      if (!credit) return claimed;
      const [credited] = await tx
        .update(payments)
        .set({ creditEntryId: credit.creditEntryId })
        .where(eq(payments.id, claimed.id))
        .returning();
      return credited ?? claimed;
    });
  }
  if (verified.status === "failed" || verified.status === "canceled") {
    return recordOutcome(deps, payment, verified.status, null);
  }
  return payment;
}

function mismatchOf(payment: PaymentRow, verified: VerifiedPayment): string | null {
  if (verified.reference !== payment.providerReference) return "The provider answered about another payment.";
  if (verified.amountMinor !== payment.amountMinor || verified.currency.toUpperCase() !== payment.currency) {
    return `The provider reported ${verified.amountMinor} ${verified.currency.toUpperCase()}, not ${payment.amountMinor} ${payment.currency}.`;
  }
  return null;
}

/** Records a failure or cancellation, unless the payment has been settled meanwhile. */
async function recordOutcome(
  deps: ServiceDeps,
  payment: PaymentRow,
  status: "failed" | "canceled",
  reason: string | null,
): Promise<PaymentRow> {
  const [updated] = await deps.db
    .update(payments)
    .set({ status, failureReason: reason })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
    .returning();
  if (!updated) return payment;
  deps.changes.changed(paymentTopic(payment.id), PAYMENTS_TOPIC);
  return updated;
}

/** A payment by the provider's reference, for webhooks. */
export async function findPaymentByReference(
  db: Executor,
  provider: PaymentProviderId,
  reference: string,
): Promise<PaymentRow | null> {
  if (!reference) return null;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
  return payment ?? null;
}

/** Every payment, newest first, a page at a time; `cursor` is the last payment of the page before. */
export async function adminListPayments(
  { db }: ServiceDeps,
  input: z.output<typeof adminListPaymentsInput> & { userId?: string },
): Promise<AdminPaymentPage> {
  track(PAYMENTS_TOPIC);
  const conditions: SQL[] = [];
  if (input.userId) conditions.push(eq(payments.userId, input.userId));
  if (input.status) conditions.push(eq(payments.status, input.status));
  const query = input.query?.trim();
  if (query) {
    const pattern = `%${query.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;
    const matches = [
      ilike(users.email, pattern),
      ilike(users.name, pattern),
      eq(payments.providerReference, query),
    ];
    if (/^[0-9a-f-]{36}$/i.test(query)) matches.push(eq(payments.id, query));
    conditions.push(or(...matches) as SQL);
  }
  if (input.cursor) {
    const [before] = await db
      .select({ createdAt: payments.createdAt, id: payments.id })
      .from(payments)
      .where(
        eq(
          payments.id,
          input.cursor.match(/^[0-9a-f-]{36}$/i) ? input.cursor : "00000000-0000-0000-0000-000000000000",
        ),
      );
    if (before) {
      conditions.push(olderThan(payments, before));
    }
  }
  const rows = await db
    .select({
      ...viewColumns,
      packageName: coinPackages.name,
      user: { id: users.id, email: users.email, name: users.name },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(coinPackages, eq(coinPackages.id, payments.packageId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(ADMIN_PAYMENTS_PAGE_SIZE + 1);
  const items: AdminPaymentRow[] = rows.slice(0, ADMIN_PAYMENTS_PAGE_SIZE).map((row) => ({
    ...toPaymentView(row.payment, row.planName),
    provider: row.payment.provider,
    providerReference: row.payment.providerReference,
    packageName: row.packageName,
    failureReason: row.payment.failureReason,
    refundedAt: row.payment.refundedAt?.toISOString() ?? null,
    user: row.user,
  }));
  // Stryker disable next-line OptionalChaining: with more rows than a page, the page is never empty
  return { items, nextCursor: rows.length > ADMIN_PAYMENTS_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
}

const ALREADY_REFUNDED = "This payment has already been refunded.";

/**
 * Gives a coin purchase's money back: takes the coins back with a reversal entry (refused, with
 * nothing changed, when some were spent: refund what they paid for first) and marks the payment
 * refunded in one transaction, then asks the provider to refund. The provider is asked after the
 * commit (no transaction stays open across a network call); if it refuses, the coins are put back
 * with a new entry and the payment is paid again, so no coin is ever lost either way.
 */
export async function refundPayment(
  deps: ServiceDeps,
  admin: SessionUser,
  input: { paymentId: string; reason: string },
): Promise<PaymentView> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, input.paymentId));
  if (!payment) throw new AppError("NOT_FOUND", "There is no such payment.");
  // The same answer whether another refund finished before this read or during the claim below.
  if (payment.status === "refunded") throw new AppError("CONFLICT", ALREADY_REFUNDED);
  if (payment.status !== "paid") {
    throw new AppError("CONFLICT", `Only a paid payment can be refunded; this one is ${payment.status}.`);
  }
  if (payment.purpose !== "coins") {
    throw new AppError("BAD_REQUEST", "Subscription payments are refunded by cancelling the subscription.");
  }
  const reference = payment.providerReference;
  if (!reference) throw new AppError("CONFLICT", "This payment has no provider reference.");
  const provider = await paymentProvider(deps, payment.provider);
  const what = coinsDescription(payment.coins, payment.bonusCoins);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [claimed] = await tx
      .update(payments)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "paid")))
      .returning();
    if (!claimed) throw new AppError("CONFLICT", ALREADY_REFUNDED);
    // The claim only matched a paid payment: as it was read above.
    noteChange({
      objectType: "payment",
      objectId: payment.id,
      before: paymentSnapshot(payment),
      after: paymentSnapshot(claimed),
    });
    if (claimed.creditEntryId) {
      const reversal = await reverseEntry(deps, tx, claimed.creditEntryId, {
        memo: `Refund of ${what}: ${input.reason}`,
        createdBy: admin.id,
      });
      noteChange({
        objectType: "refund",
        objectId: reversal.id,
        before: null,
        after: {
          paymentId: payment.id,
          userId: reversal.userId,
          reversesEntryId: reversal.reversesEntryId,
          memo: reversal.memo,
        },
      });
    }
    deps.changes.changed(paymentTopic(payment.id), PAYMENTS_TOPIC);
  });
  try {
    await provider.refundPayment(reference, payment.amountMinor);
  } catch (error) {
    await restoreAfterFailedRefund(deps, admin, payment);
    const message = error instanceof AppError ? error.message : "The provider could not be reached.";
    throw new AppError(
      "UNAVAILABLE",
      `The refund did not go through, so the coins were put back. ${message}`,
    );
  }
  const row = await loadView(deps.db, payment.id);
  // Stryker disable next-line StringLiteral: the payment was just refunded and payments are never deleted, so this message is never shown
  if (!row) throw new AppError("NOT_FOUND", "There is no such payment.");
  return toPaymentView(row.payment, row.planName);
}

/** A payment as the audit trail keeps it. */
export function paymentSnapshot(row: PaymentRow) {
  return {
    userId: row.userId,
    purpose: row.purpose,
    amountMinor: row.amountMinor,
    currency: row.currency,
    coins: row.coins,
    bonusCoins: row.bonusCoins,
    status: row.status,
    failureReason: row.failureReason,
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

async function restoreAfterFailedRefund(deps: ServiceDeps, admin: SessionUser, payment: PaymentRow) {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const entry = payment.creditEntryId
      ? await creditCoins(deps, tx, payment.userId, {
          kind: "purchase",
          purchased: payment.coins,
          bonus: payment.bonusCoins,
          memo: `Refund undone: ${coinsDescription(payment.coins, payment.bonusCoins)}`,
          idempotencyKey: `payment:${payment.id}:restored:${Date.now()}`,
          createdBy: admin.id,
        })
      : null;
    await tx
      .update(payments)
      .set({ status: "paid", refundedAt: null, ...(entry ? { creditEntryId: entry.id } : {}) })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "refunded")));
    deps.changes.changed(paymentTopic(payment.id), PAYMENTS_TOPIC);
  });
}
