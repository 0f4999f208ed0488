// A month of demo coin sales for /admin/revenue-analytics: the demo personas buy the demo packages
// through the sandbox provider, a few purchases a day, and two are refunded. Each sale is made as a
// real one ends up: the sandbox's paid charge, the paid payment and its credit in the ledger (so the
// wallets, the ledger check and the refund action all agree with the figures).
import { randomUUID } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { creditCoins, reverseEntry } from "../coins/index.ts";
import { coinPackages } from "../coins/schema.ts";
import { DEMO_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { payments, sandboxCharges } from "./schema.ts";

const DAY_MS = 86_400_000;
const SALE_DAYS = 30;
/** Marks the demo's sandbox references, so that seeding again finds them. */
const REFERENCE_PREFIX = "sbx_demo_";
/** How often each package sells, by its place in the list: the second one sells most. */
const PACKAGE_WEIGHTS = [3, 5, 2, 1];

/** A small deterministic generator (mulberry32): the same demo every time. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const describeCoins = (coins: number, bonus: number) =>
  bonus > 0 ? `${coins} coins + ${bonus} bonus` : `${coins} coins`;

/** Adds the month of sales unless it is there already (or there are no personas or packages). */
export async function seedDemoRevenue(deps: ServiceDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const [done] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(like(payments.providerReference, `${REFERENCE_PREFIX}%`))
    .limit(1);
  if (done) return 0;
  const personas = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.issuer, DEMO_PERSONA_ISSUER))
    .orderBy(asc(users.subject));
  const packages = await db
    .select()
    .from(coinPackages)
    .where(eq(coinPackages.isActive, true))
    .orderBy(asc(coinPackages.sortOrder), asc(coinPackages.name));
  if (personas.length === 0 || packages.length === 0) return 0;

  const random = generator(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const weights = packages.map((_, index) => PACKAGE_WEIGHTS[index] ?? 1);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const pickPackage = () => {
    let roll = random() * totalWeight;
    for (const [index, weight] of weights.entries()) {
      roll -= weight;
      if (roll < 0) return packages[index] as (typeof packages)[number];
    }
    return packages[0] as (typeof packages)[number];
  };

  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  let added = 0;
  const sold: Array<{ paymentId: string; reference: string; entryId: string; daysAgo: number }> = [];
  await deps.changes.inTransaction(db, async (tx) => {
    for (let daysAgo = SALE_DAYS; daysAgo >= 1; daysAgo--) {
      // Busier at weekends, and growing over the month.
      const weekday = new Date(today - daysAgo * DAY_MS).getUTCDay();
      const sales =
        1 + Math.floor(random() * 3) + (weekday === 0 || weekday === 6 ? 2 : 0) + (daysAgo < 10 ? 1 : 0);
      for (let sale = 0; sale < sales; sale++) {
        const buyer = pick(personas);
        const pkg = pickPackage();
        const paidAt = new Date(today - daysAgo * DAY_MS + Math.floor(random() * DAY_MS));
        const paymentId = randomUUID();
        const reference = `${REFERENCE_PREFIX}${paymentId.slice(0, 8)}`;
        const what = describeCoins(pkg.coins, pkg.bonusCoins);
        await tx.insert(sandboxCharges).values({
          reference,
          amountMinor: pkg.priceMinor,
          currency: pkg.currency,
          description: `${pkg.name}: ${what}`,
          status: "paid",
          successUrl: `/subscription/verify?payment=${paymentId}`,
          cancelUrl: `/subscription/verify?payment=${paymentId}&canceled=1`,
          metadata: { paymentId },
          createdAt: paidAt,
          updatedAt: paidAt,
        });
        const entry = await creditCoins(deps, tx, buyer.id, {
          kind: "purchase",
          purchased: pkg.coins,
          bonus: pkg.bonusCoins,
          memo: `Bought ${what}`,
          idempotencyKey: `payment:${paymentId}`,
          grantedAt: paidAt,
        });
        await tx.insert(payments).values({
          id: paymentId,
          userId: buyer.id,
          purpose: "coins",
          packageId: pkg.id,
          provider: "sandbox",
          providerReference: reference,
          amountMinor: pkg.priceMinor,
          currency: pkg.currency,
          coins: pkg.coins,
          bonusCoins: pkg.bonusCoins,
          status: "paid",
          creditEntryId: entry?.id ?? null,
          paidAt,
          createdAt: paidAt,
          updatedAt: paidAt,
        });
        if (entry) sold.push({ paymentId, reference, entryId: entry.id, daysAgo });
        added++;
      }
    }
    // Two refunds, made now: the buyers had not spent those coins.
    for (const refund of sold.filter((item) => item.daysAgo === 12 || item.daysAgo === 5).slice(0, 2)) {
      await reverseEntry(deps, tx, refund.entryId, {
        memo: "Refund of a demo purchase: bought by mistake",
        createdBy: null,
      });
      await tx
        .update(payments)
        .set({ status: "refunded", refundedAt: now, updatedAt: now })
        .where(eq(payments.id, refund.paymentId));
      await tx
        .update(sandboxCharges)
        .set({ status: "refunded", updatedAt: now })
        .where(eq(sandboxCharges.reference, refund.reference));
    }
  });
  return added;
}
