// What a settled subscription payment and a provider's subscription events do to our
// subscriptions. The payments module calls these (connect-modules.ts hands them over) once the
// provider has confirmed a payment or sent news of a subscription.
//
// Monthly bonus coins: each month of a subscription in force earns the plan's bonus once, keyed
// `plan-bonus:<subscription>:<month index>` (see periods.ts). A payment grants the bonus of the
// month its period starts with; for yearly plans, the following eleven months' bonuses are granted
// by grantDuePlanBonuses, a background job, as each month begins. The job also catches up any
// month a payment did not cover, and the keys make every grant happen once whoever gets there first.

import type { PaymentProviderId } from "@litverse/shared/coins";
import { and, eq, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { creditCoins } from "../coins/index.ts";
import { ledgerEntries } from "../coins/schema.ts";
import { entitlementsTopic } from "../content/topics.ts";
import { notify } from "../notifications/index.ts";
import type { PaymentRow, SubscriptionEvent, VerifiedPayment, WebhookEvent } from "../payments/index.ts";
import { PAYMENTS_TOPIC, settlePayment } from "../payments/index.ts";
import { payments } from "../payments/schema.ts";
import { bonusMonthIndex, monthStartsDue, periodEnd } from "./periods.ts";
import type { PlanRow } from "./plans.service.ts";
import { subscriptionPlans, subscriptions } from "./schema.ts";
import { SUBSCRIPTIONS_ADMIN_TOPIC, subscriptionTopic } from "./topics.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses that hold the user's one place (the database allows one such subscription per user). */
export const LIVE_STATUSES = ["active", "past_due"] as const;

/** Tells everything that shows a user's subscription or depends on their tiers. */
export function announceSubscriptionChange(deps: ServiceDeps, userId: string): void {
  deps.changes.changed(subscriptionTopic(userId), entitlementsTopic(userId), SUBSCRIPTIONS_ADMIN_TOPIC);
}

async function lockSubscription(tx: Transaction, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return row;
}

async function planOf(tx: Transaction, planId: string): Promise<PlanRow> {
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  // Stryker disable next-line StringLiteral: the foreign key (on delete restrict) keeps every subscription's plan
  if (!plan) throw new AppError("NOT_FOUND", "The subscription's plan no longer exists.");
  return plan;
}

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** What makes a month's bonus happen once: its ledger entry's idempotency key. */
export function planBonusKey(
  subscription: Pick<SubscriptionRow, "id" | "createdAt">,
  monthStart: Date,
): string {
  return `plan-bonus:${subscription.id}:${bonusMonthIndex(subscription.createdAt, monthStart)}`;
}

/** The plan's bonus for the month of the subscription that starts at `monthStart`, once. */
export async function grantMonthlyBonus(
  deps: ServiceDeps,
  tx: Transaction,
  subscription: SubscriptionRow,
  plan: PlanRow,
  monthStart: Date,
): Promise<boolean> {
  // Stryker disable next-line BooleanLiteral: the result counts only for plans with a bonus (the upkeep selects no others)
  if (plan.monthlyBonusCoins <= 0) return false;
  const entry = await creditCoins(deps, tx, subscription.userId, {
    kind: "grant",
    bonus: plan.monthlyBonusCoins,
    memo: `${plan.name}: ${plan.monthlyBonusCoins} bonus coins for ${monthName.format(monthStart)}`,
    idempotencyKey: planBonusKey(subscription, monthStart),
  });
  return entry !== null;
}

/**
 * A subscription's payment (first or renewal) was confirmed paid by the provider, inside the
 * transaction that marks it paid: start or extend the subscription and grant the plan's bonus.
 * The first payment starts a period now; a renewal's period follows the one paid before (or
 * starts now after a long lapse). A provider's renewal event then sets its own period dates.
 */
export async function onSubscriptionPaymentSettled(
  deps: ServiceDeps,
  tx: Transaction,
  payment: PaymentRow,
  verified: VerifiedPayment,
): Promise<void> {
  if (payment.purpose !== "subscription" || !payment.subscriptionId) {
    throw new AppError("BAD_REQUEST", "This payment is not for a subscription.");
  }
  const subscription = await lockSubscription(tx, payment.subscriptionId);
  if (!subscription) throw new AppError("NOT_FOUND", "The payment's subscription no longer exists.");
  const plan = await planOf(tx, subscription.planId);
  const now = new Date();
  const isFirstPayment = subscription.status === "incomplete" || !subscription.currentPeriodEnd;

  let start = now;
  if (isFirstPayment) {
    // A subscription whose period ran out without a renewal no longer holds the user's one place.
    await tx
      .update(subscriptions)
      .set({ status: "expired" })
      .where(
        and(
          eq(subscriptions.userId, subscription.userId),
          ne(subscriptions.id, subscription.id),
          inArray(subscriptions.status, LIVE_STATUSES),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      );
    const [other] = await tx
      // Stryker disable next-line ObjectLiteral: only whether a row exists matters
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, subscription.userId),
          ne(subscriptions.id, subscription.id),
          inArray(subscriptions.status, LIVE_STATUSES),
        ),
      );
    if (other) {
      // Two checkouts paid side by side. The payment stays unsettled, for an admin to refund.
      throw new AppError(
        "CONFLICT",
        "This account already has a subscription in force; the payment for the second one must be refunded.",
      );
    }
  } else if (subscription.currentPeriodEnd) {
    const previousEnd = subscription.currentPeriodEnd;
    const lapse = now.getTime() - previousEnd.getTime();
    start = lapse > 30 * DAY_MS ? now : previousEnd;
  }
  const end = periodEnd(start, plan.interval);
  const [updated] = await tx
    .update(subscriptions)
    .set({
      status: "active",
      currentPeriodStart: start,
      currentPeriodEnd: end,
      providerSubscriptionId: subscription.providerSubscriptionId ?? verified.subscriptionReference ?? null,
    })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  // Stryker disable next-line LogicalOperator: both rows have the same id, owner and creation time, all the bonus reads
  await grantMonthlyBonus(deps, tx, updated ?? subscription, plan, start);
  announceSubscriptionChange(deps, subscription.userId);
}

async function findByReference(
  deps: ServiceDeps,
  provider: PaymentProviderId,
  reference: string,
): Promise<SubscriptionRow> {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, reference)));
  // Possibly the first payment's confirmation is still on its way: the provider will send it again.
  if (!row) throw new AppError("NOT_FOUND", `No subscription has the ${provider} reference ${reference}.`);
  return row;
}

/** A provider's subscription.renewed / subscription.updated webhook, signature already checked. */
export async function handleSubscriptionEvent(
  deps: ServiceDeps,
  provider: PaymentProviderId,
  event: SubscriptionEvent,
): Promise<void> {
  const subscription = await findByReference(deps, provider, event.subscriptionReference);
  if (event.type === "subscription.renewed") await recordRenewal(deps, provider, subscription, event);
  else await recordUpdate(deps, subscription, event);
}

/**
 * The renewal's payment gets its payments row (made once, by its unique provider reference) and is
 * settled through the payments module, which asks the provider first and settles it once however
 * often the event comes. Then the period takes the provider's dates.
 */
async function recordRenewal(
  deps: ServiceDeps,
  provider: PaymentProviderId,
  subscription: SubscriptionRow,
  event: Extract<WebhookEvent, { type: "subscription.renewed" }>,
): Promise<void> {
  if (!Number.isInteger(event.amountMinor) || event.amountMinor <= 0) {
    throw new AppError("BAD_REQUEST", "A renewal must have a positive amount.");
  }
  const paymentId = await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(payments)
      .values({
        userId: subscription.userId,
        purpose: "subscription",
        subscriptionId: subscription.id,
        provider,
        providerReference: event.paymentReference,
        amountMinor: event.amountMinor,
        currency: event.currency.toUpperCase(),
      })
      // Stryker disable next-line ObjectLiteral: the provider reference is the only unique value this insert can repeat
      .onConflictDoNothing({ target: [payments.provider, payments.providerReference] });
    const [row] = await tx
      .select({ id: payments.id, subscriptionId: payments.subscriptionId })
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerReference, event.paymentReference)));
    if (!row || row.subscriptionId !== subscription.id) {
      throw new AppError("CONFLICT", "The renewal's payment belongs to something else.");
    }
    deps.changes.changed(PAYMENTS_TOPIC);
    return row.id;
  });

  await settlePayment(deps, paymentId);

  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [paid] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    // Stryker disable next-line OptionalChaining: the payment row was stored just before and is never deleted
    if (paid?.status !== "paid") return;
    const current = await lockSubscription(tx, subscription.id);
    // Stryker disable next-line OptionalChaining: the subscription was found just before and is never deleted
    if (!current?.currentPeriodStart) return;
    // An older renewal arriving late says nothing about the current period.
    if (event.periodEnd.getTime() <= current.currentPeriodStart.getTime() + DAY_MS) return;
    if (
      current.currentPeriodStart.getTime() === event.periodStart.getTime() &&
      // Stryker disable next-line OptionalChaining: a paid settlement always sets the period's end
      current.currentPeriodEnd?.getTime() === event.periodEnd.getTime()
    ) {
      return;
    }
    await tx
      .update(subscriptions)
      .set({ currentPeriodStart: event.periodStart, currentPeriodEnd: event.periodEnd })
      .where(eq(subscriptions.id, current.id));
    announceSubscriptionChange(deps, current.userId);
  });
  const [paid] = await deps.db
    // Stryker disable next-line ObjectLiteral: only the status is read
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, paymentId));
  // Stryker disable next-line OptionalChaining: the payment row was stored above and is never deleted
  if (paid?.status === "paid") {
    await notify(deps, subscription.userId, {
      kind: "subscription_renewed",
      title: "Your subscription renewed",
      body: `Your plan continues until ${formatDay(event.periodEnd)}.`,
      link: "/subscription/plans",
      dedupeKey: `renewal:${paymentId}`,
    });
  }
}

const formatDay = (date: Date) =>
  date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** Tells the person a renewal did not go through, once per period. */
async function tellPastDue(
  deps: ServiceDeps,
  userId: string,
  subscriptionId: string,
  periodEnd: Date | null,
) {
  await notify(deps, userId, {
    kind: "subscription_failed",
    title: "We could not renew your subscription",
    body: "The payment for your plan did not go through. Check your payment details to keep your benefits.",
    link: "/subscription/plans",
    dedupeKey: `past-due:${subscriptionId}:${periodEnd?.toISOString() ?? "none"}`,
  });
}

/** The provider's word on status, cancellation at period end and the period's end. */
async function recordUpdate(
  deps: ServiceDeps,
  subscription: SubscriptionRow,
  event: Extract<WebhookEvent, { type: "subscription.updated" }>,
): Promise<void> {
  const becamePastDue = await deps.changes.inTransaction(deps.db, async (tx) => {
    const current = await lockSubscription(tx, subscription.id);
    if (!current) return null;
    // Only a settled payment makes a subscription active; the provider may say so first.
    const isLiveStatus = event.status === "active" || event.status === "past_due";
    const status = current.status === "incomplete" && isLiveStatus ? current.status : event.status;
    const isEnding = event.cancelAtPeriodEnd || status === "canceled" || status === "expired";
    // A period end older than the period's start comes from an earlier event delivered late.
    const periodEndAt =
      event.periodEnd && (!current.currentPeriodStart || event.periodEnd > current.currentPeriodStart)
        ? event.periodEnd
        : current.currentPeriodEnd;
    await tx
      .update(subscriptions)
      .set({
        status,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        canceledAt: isEnding ? (current.canceledAt ?? new Date()) : null,
        currentPeriodEnd: periodEndAt,
      })
      .where(eq(subscriptions.id, current.id));
    announceSubscriptionChange(deps, current.userId);
    return status === "past_due" && current.status !== "past_due" ? current : null;
  });
  if (becamePastDue)
    await tellPastDue(deps, becamePastDue.userId, becamePastDue.id, becamePastDue.currentPeriodEnd);
}

/**
 * The background upkeep of subscriptions, run every few minutes by every server process (each step
 * is safe to run twice at once):
 * - grants the bonus of each month that has begun in a period in force (the later months of
 *   yearly plans; anything a payment missed);
 * - closes subscriptions whose period has ended: cancelled ones end, others wait as past due for
 *   the renewal's payment. Access ends at the period's end either way (activeTiers); this makes
 *   the pages that show the status and the episodes follow at once.
 */
export async function runSubscriptionUpkeep(deps: ServiceDeps, now = new Date()): Promise<number> {
  return (await grantDuePlanBonuses(deps, now)) + (await closeEndedPeriods(deps, now));
}

export async function grantDuePlanBonuses(deps: ServiceDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        isNotNull(subscriptions.currentPeriodStart),
        sql`${subscriptions.currentPeriodEnd} > ${now}`,
        sql`${subscriptionPlans.monthlyBonusCoins} > 0`,
      ),
    );
  const months = due.flatMap(({ subscription, plan }) => {
    const { currentPeriodStart: start, currentPeriodEnd: end } = subscription;
    // Stryker disable next-line LogicalOperator,ArrayDeclaration: the query selects only subscriptions with both dates
    if (!start || !end) return [];
    return monthStartsDue(start, end, now).map((monthStart) => ({
      subscription,
      plan,
      monthStart,
      key: planBonusKey(subscription, monthStart),
    }));
  });
  // One read finds the months already granted, so that a quiet run writes nothing.
  const granted = new Set<string>();
  for (let offset = 0; offset < months.length; offset += 1000) {
    const batch = months.slice(offset, offset + 1000);
    const rows = await deps.db
      .select({ userId: ledgerEntries.userId, key: ledgerEntries.idempotencyKey })
      .from(ledgerEntries)
      .where(
        and(
          inArray(ledgerEntries.userId, [...new Set(batch.map((month) => month.subscription.userId))]),
          inArray(
            ledgerEntries.idempotencyKey,
            batch.map((month) => month.key),
          ),
        ),
      );
    for (const row of rows) granted.add(`${row.userId} ${row.key}`);
  }
  let added = 0;
  for (const { subscription, plan, monthStart, key } of months) {
    if (granted.has(`${subscription.userId} ${key}`)) continue;
    const isNew = await deps.changes.inTransaction(deps.db, (tx) =>
      grantMonthlyBonus(deps, tx, subscription, plan, monthStart),
    );
    if (isNew) added++;
  }
  return added;
}

async function closeEndedPeriods(deps: ServiceDeps, now: Date): Promise<number> {
  const ended = await deps.changes.inTransaction(deps.db, async (tx) => {
    const ended = await tx
      .update(subscriptions)
      .set({
        status: sql`case when ${subscriptions.cancelAtPeriodEnd} then 'canceled' else 'past_due' end`,
        canceledAt: sql`case when ${subscriptions.cancelAtPeriodEnd} then coalesce(${subscriptions.canceledAt}, ${now}) else ${subscriptions.canceledAt} end`,
      })
      .where(
        and(
          eq(subscriptions.status, "active"),
          isNotNull(subscriptions.currentPeriodEnd),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      )
      .returning({
        id: subscriptions.id,
        userId: subscriptions.userId,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      });
    for (const row of ended) announceSubscriptionChange(deps, row.userId);
    return ended;
  });
  // A period that ended without its renewal being paid.
  for (const row of ended.filter((subscription) => subscription.status === "past_due")) {
    await tellPastDue(deps, row.userId, row.id, row.currentPeriodEnd);
  }
  return ended.length;
}
