// A reader's subscription: taking one out through the provider's checkout, what it is now
// (live), cancelling at the end of the paid period and changing one's mind; and the superadmins'
// list of subscribers. Payments settle through the payments module (subscription-payments.ts).
import type { CheckoutStart } from "@litverse/shared/payments";
import type {
  AdminSubscriptionPage,
  AdminSubscriptionRow,
  MySubscription,
  SubscriptionView,
} from "@litverse/shared/subscriptions";
import type {
  adminListSubscriptionsInput,
  startSubscriptionCheckoutInput,
} from "@litverse/shared/subscriptions-inputs";
import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { entitlementsTopic } from "../content/topics.ts";
import { PAYMENTS_TOPIC, paymentProvider, returnUrls } from "../payments/index.ts";
import { payments } from "../payments/schema.ts";
import { users } from "../users/schema.ts";
import { vvipGrantEndsAt } from "../vvip/index.ts";
import { findPlan, type PlanRow, toPlanView } from "./plans.service.ts";
import { subscriptionPlans, subscriptions } from "./schema.ts";
import { announceSubscriptionChange, LIVE_STATUSES, type SubscriptionRow } from "./subscription-payments.ts";
import { activeTiers } from "./tiers.ts";
import { PLANS_TOPIC, SUBSCRIPTIONS_ADMIN_TOPIC, subscriptionTopic } from "./topics.ts";

export const ADMIN_SUBSCRIPTIONS_PAGE_SIZE = 50;

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** Paid and inside its period: it gives access now. */
function isInForce(row: Pick<SubscriptionRow, "status" | "currentPeriodEnd">, now = Date.now()): boolean {
  return (
    (row.status === "active" || row.status === "past_due") &&
    !!row.currentPeriodEnd &&
    row.currentPeriodEnd.getTime() > now
  );
}

const inForceCondition = sql`(${inArray(subscriptions.status, LIVE_STATUSES)} and ${subscriptions.currentPeriodEnd} > now())`;

/** The user's subscription in force, with its plan, if any. */
async function findInForce(
  db: Executor,
  userId: string,
): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | undefined> {
  const [row] = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), inForceCondition))
    .limit(1);
  return row;
}

function toSubscriptionView(subscription: SubscriptionRow, plan: PlanRow): SubscriptionView {
  return {
    id: subscription.id,
    status: subscription.status,
    plan: toPlanView(plan),
    provider: subscription.provider,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodStart: subscription.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    canceledAt: subscription.canceledAt?.toISOString() ?? null,
    isInForce: isInForce(subscription),
  };
}

/**
 * The caller's subscription in force, or else the latest one that ever started (checkouts never
 * paid are left out), the tiers they hold and their VVIP grant's end. Live.
 */
export async function getMySubscription(deps: ServiceDeps, user: SessionUser): Promise<MySubscription> {
  track(subscriptionTopic(user.id), entitlementsTopic(user.id), PLANS_TOPIC);
  const [latest] = await deps.db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, user.id), ne(subscriptions.status, "incomplete")))
    .orderBy(
      sql`${inForceCondition} desc`,
      sql`${subscriptions.currentPeriodEnd} desc nulls last`,
      desc(subscriptions.createdAt),
    )
    .limit(1);
  const [tiers, vvipEndsAt] = await Promise.all([
    activeTiers(deps.db, user.id),
    vvipGrantEndsAt(deps, user.id),
  ]);
  return {
    subscription: latest ? toSubscriptionView(latest.subscription, latest.plan) : null,
    tiers: [...tiers].sort(),
    vvipGrantEndsAt: vvipEndsAt?.toISOString() ?? null,
  };
}

/**
 * Starts a subscription: an incomplete subscription and its first payment are stored, then the
 * provider opens a checkout for them. Nothing is active until the provider confirms the payment.
 * One subscription in force per person: switching plans means cancelling first and subscribing
 * again once the paid period ends (providers prorate switches each their own way; not offered).
 */
export async function startSubscriptionCheckout(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof startSubscriptionCheckoutInput>,
): Promise<CheckoutStart> {
  const plan = await findPlan(deps.db, input.planId);
  if (!plan?.isActive) throw new AppError("NOT_FOUND", "This plan is not available.");
  const current = await findInForce(deps.db, user.id);
  if (current) {
    const ends = current.subscription.currentPeriodEnd as Date;
    if (current.plan.id === plan.id) {
      throw new AppError("CONFLICT", `You already subscribe to ${plan.name}.`);
    }
    throw new AppError(
      "CONFLICT",
      `You already subscribe to ${current.plan.name}. To change plans, cancel it; you can subscribe to ${plan.name} once it ends on ${dateFormat.format(ends)}.`,
    );
  }
  const provider = await paymentProvider(deps);
  // Stryker disable next-line ObjectLiteral: only the email is read
  const [buyer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));

  const { subscriptionId, paymentId } = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [subscription] = await tx
      .insert(subscriptions)
      .values({ userId: user.id, planId: plan.id, provider: provider.id, status: "incomplete" })
      .returning({ id: subscriptions.id });
    // Stryker disable next-line StringLiteral: an insert with returning always returns its row
    if (!subscription) throw new AppError("CONFLICT", "Could not start the subscription.");
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: user.id,
        purpose: "subscription",
        subscriptionId: subscription.id,
        provider: provider.id,
        amountMinor: plan.priceMinor,
        currency: plan.currency,
        coins: 0,
        bonusCoins: 0,
        returnTo: input.returnTo ?? null,
      })
      .returning({ id: payments.id });
    // Stryker disable next-line StringLiteral: an insert with returning always returns its row
    if (!payment) throw new AppError("CONFLICT", "Could not start the payment.");
    deps.changes.changed(PAYMENTS_TOPIC);
    return { subscriptionId: subscription.id, paymentId: payment.id };
  });

  try {
    const checkout = await provider.createSubscriptionCheckout({
      paymentId,
      subscriptionId,
      amountMinor: plan.priceMinor,
      currency: plan.currency,
      description: `${plan.name}, billed every ${plan.interval}`,
      // Stryker disable next-line OptionalChaining: the caller's own user row always exists
      customerEmail: buyer?.email ?? null,
      interval: plan.interval,
      providerPlanId: plan.providerPlanIds[provider.id] ?? null,
      ...returnUrls(deps, paymentId),
    });
    await deps.db
      .update(payments)
      .set({ providerReference: checkout.reference })
      .where(eq(payments.id, paymentId));
    return { paymentId, checkoutUrl: checkout.url };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(payments)
      .set({ status: "failed", failureReason: `The checkout could not be opened: ${reason}`.slice(0, 500) })
      .where(eq(payments.id, paymentId));
    await deps.db
      .update(subscriptions)
      .set({ status: "expired" })
      .where(eq(subscriptions.id, subscriptionId));
    deps.changes.changed(PAYMENTS_TOPIC);
    if (error instanceof AppError) throw error;
    throw new AppError("UNAVAILABLE", "The payment provider could not open the checkout. Please try again.");
  }
}

/**
 * Stops renewals: the provider stops charging, and access continues to the end of the period
 * already paid. Asking twice changes nothing.
 */
export async function cancelSubscription(deps: ServiceDeps, user: SessionUser): Promise<MySubscription> {
  const current = await findInForce(deps.db, user.id);
  if (!current) throw new AppError("NOT_FOUND", "You have no subscription to cancel.");
  const { subscription } = current;
  if (!subscription.cancelAtPeriodEnd) {
    if (subscription.providerSubscriptionId) {
      const provider = await paymentProvider(deps, subscription.provider);
      await provider.cancelSubscription(subscription.providerSubscriptionId, true);
    }
    await deps.changes.inTransaction(deps.db, async (tx) => {
      await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, canceledAt: new Date() })
        .where(eq(subscriptions.id, subscription.id));
      announceSubscriptionChange(deps, user.id);
    });
  }
  return getMySubscription(deps, user);
}

/** Undoes a cancellation before the paid period ends: renewals go on as before. */
export async function resumeSubscription(deps: ServiceDeps, user: SessionUser): Promise<MySubscription> {
  const current = await findInForce(deps.db, user.id);
  if (!current) {
    throw new AppError("NOT_FOUND", "You have no subscription to resume. Choose a plan to subscribe again.");
  }
  const { subscription } = current;
  if (!subscription.cancelAtPeriodEnd) {
    throw new AppError("CONFLICT", "Your subscription is not set to end, so there is nothing to resume.");
  }
  if (subscription.providerSubscriptionId) {
    const provider = await paymentProvider(deps, subscription.provider);
    await provider.resumeSubscription(subscription.providerSubscriptionId);
  }
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, canceledAt: null })
      .where(eq(subscriptions.id, subscription.id));
    announceSubscriptionChange(deps, user.id);
  });
  return getMySubscription(deps, user);
}

/**
 * Every subscription that ever started, newest first, a page at a time (`cursor`: the last row of
 * the page before); checkouts never paid are listed only when asked for by status.
 */
export async function adminListSubscriptions(
  { db }: ServiceDeps,
  input: z.output<typeof adminListSubscriptionsInput>,
): Promise<AdminSubscriptionPage> {
  track(SUBSCRIPTIONS_ADMIN_TOPIC, PLANS_TOPIC);
  const conditions: SQL[] = [
    input.status ? eq(subscriptions.status, input.status) : ne(subscriptions.status, "incomplete"),
  ];
  if (input.query) {
    const pattern = `%${input.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const match = or(ilike(users.email, pattern), ilike(users.name, pattern));
    if (match) conditions.push(match);
  }
  if (input.cursor) {
    const [before] = await db
      .select({ createdAt: subscriptions.createdAt, id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.id, input.cursor));
    if (before) {
      conditions.push(olderThan(subscriptions, before));
    }
  }
  const rows = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans, email: users.email, name: users.name })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(...conditions))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(ADMIN_SUBSCRIPTIONS_PAGE_SIZE + 1);
  const items: AdminSubscriptionRow[] = rows
    .slice(0, ADMIN_SUBSCRIPTIONS_PAGE_SIZE)
    .map(({ subscription, plan, email, name }) => ({
      id: subscription.id,
      userId: subscription.userId,
      userEmail: email,
      userName: name,
      planName: plan.name,
      tier: plan.tier,
      interval: plan.interval,
      status: subscription.status,
      provider: subscription.provider,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      isInForce: isInForce(subscription),
      createdAt: subscription.createdAt.toISOString(),
    }));
  return {
    items,
    // Stryker disable next-line OptionalChaining: a next page means a full page of items
    nextCursor: rows.length > ADMIN_SUBSCRIPTIONS_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null,
  };
}
