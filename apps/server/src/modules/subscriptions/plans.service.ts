// Subscription plans: what readers can subscribe to, and how superadmins set them up. A plan that
// people subscribe to is never deleted; it is switched off (no new subscribers) and edited at will,
// since a subscription's payments copy the price they were charged.
import type { AdminPlanRow, PlanView } from "@litverse/shared/subscriptions";
import type { createPlanInput, updatePlanInput } from "@litverse/shared/subscriptions-inputs";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { subscriptionPlans } from "./schema.ts";
import { PLANS_TOPIC, SUBSCRIPTIONS_ADMIN_TOPIC } from "./topics.ts";

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** The benefits text, one benefit per non-empty line. */
export function benefitLines(benefits: string): string[] {
  return benefits
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function toPlanView(row: PlanRow): PlanView {
  return {
    id: row.id,
    name: row.name,
    priceMinor: row.priceMinor,
    currency: row.currency,
    interval: row.interval,
    tier: row.tier,
    monthlyBonusCoins: row.monthlyBonusCoins,
    benefits: benefitLines(row.benefits),
  };
}

/** A plan as the audit trail keeps it. */
function planSnapshot(row: PlanRow) {
  return {
    name: row.name,
    priceMinor: row.priceMinor,
    currency: row.currency,
    interval: row.interval,
    tier: row.tier,
    monthlyBonusCoins: row.monthlyBonusCoins,
    benefits: row.benefits,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    providerPlanIds: row.providerPlanIds,
  };
}

const planOrder = [
  asc(subscriptionPlans.sortOrder),
  asc(subscriptionPlans.priceMinor),
  asc(subscriptionPlans.id),
];

/** The plans on offer, in their order. */
export async function listPlans({ db }: ServiceDeps): Promise<PlanView[]> {
  track(PLANS_TOPIC);
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(...planOrder);
  return rows.map(toPlanView);
}

/** Every plan, on offer or not, with how many subscriptions are in force on it. */
export async function adminListPlans({ db }: ServiceDeps): Promise<AdminPlanRow[]> {
  track(PLANS_TOPIC, SUBSCRIPTIONS_ADMIN_TOPIC);
  const rows = await db
    .select({
      plan: subscriptionPlans,
      // Spelled out: inside a select list, drizzle names the outer column without its table.
      subscribers: sql<number>`(select count(*) from subscriptions s where s.plan_id = "subscription_plans"."id"
        and s.status in ('active', 'past_due') and s.current_period_end > now())::int`,
    })
    .from(subscriptionPlans)
    .orderBy(...planOrder);
  return rows.map(({ plan, subscribers }) => ({
    ...toPlanView(plan),
    isActive: plan.isActive,
    sortOrder: plan.sortOrder,
    providerPlanIds: plan.providerPlanIds,
    subscribers: Number(subscribers),
    updatedAt: plan.updatedAt.toISOString(),
  }));
}

export async function findPlan(db: Executor, planId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  return row;
}

async function adminRowOf(deps: ServiceDeps, planId: string): Promise<AdminPlanRow> {
  const row = (await adminListPlans(deps)).find((plan) => plan.id === planId);
  if (!row) throw new AppError("NOT_FOUND", "There is no such plan.");
  return row;
}

export async function createPlan(
  deps: ServiceDeps,
  input: z.output<typeof createPlanInput>,
): Promise<AdminPlanRow> {
  const [row] = await deps.db.insert(subscriptionPlans).values(input.data).returning();
  if (!row) throw new AppError("CONFLICT", "Could not save the plan.");
  deps.changes.changed(PLANS_TOPIC);
  noteChange({ objectType: "plan", objectId: row.id, before: null, after: planSnapshot(row) });
  return adminRowOf(deps, row.id);
}

export async function updatePlan(
  deps: ServiceDeps,
  input: z.output<typeof updatePlanInput>,
): Promise<AdminPlanRow> {
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [before] = await tx
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, input.id))
      .for("update");
    const [updated] = await tx
      .update(subscriptionPlans)
      .set({ ...input.data, updatedAt: new Date() })
      .where(eq(subscriptionPlans.id, input.id))
      .returning();
    if (!updated || !before) throw new AppError("NOT_FOUND", "There is no such plan.");
    // Subscribers' pages show the plan's name and benefits.
    deps.changes.changed(PLANS_TOPIC, SUBSCRIPTIONS_ADMIN_TOPIC);
    noteChange({
      objectType: "plan",
      objectId: updated.id,
      before: planSnapshot(before),
      after: planSnapshot(updated),
    });
    return updated;
  });
  return adminRowOf(deps, row.id);
}
