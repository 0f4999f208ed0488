// Random sequences of purchases, grants, spends, refunds and expiry, with the ledger checker and a
// simple model of the wallet compared after every step.
import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { creditCoins, expireBonusCoins, reverseEntry, spendCoins } from "./ledger.ts";
import { checkLedger } from "./ledger-check.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());

const DAY_MS = 24 * 60 * 60 * 1000;

type Step =
  | { op: "purchase"; coins: number; bonus: number }
  | { op: "grant"; bonus: number; ageDays: number }
  | { op: "spend"; amount: number }
  | { op: "refund"; pick: number }
  | { op: "expire" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("purchase" as const),
    coins: fc.integer({ min: 1, max: 500 }),
    bonus: fc.integer({ min: 0, max: 100 }),
  }),
  // Some grants are already past their expiry, some close to it.
  fc.record({
    op: fc.constant("grant" as const),
    bonus: fc.integer({ min: 1, max: 200 }),
    ageDays: fc.integer({ min: 0, max: BONUS_COIN_LIFETIME_DAYS + 5 }),
  }),
  fc.record({ op: fc.constant("spend" as const), amount: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ op: fc.constant("refund" as const), pick: fc.nat() }),
  fc.constant({ op: "expire" as const }),
);

interface Lot {
  remaining: number;
  expiresAt: number;
}

/** What the wallet should hold: purchased coins, and bonus lots spent soonest-to-expire first. */
class WalletModel {
  purchased = 0;
  lots: Lot[] = [];
  spendable(now = Date.now()) {
    return this.lots.filter((lot) => lot.expiresAt > now).reduce((sum, lot) => sum + lot.remaining, 0);
  }
}

describe("the ledger under random sequences", () => {
  it("keeps every invariant after every step", async () => {
    let keys = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const user: TestUser = await createUser(platform);
        const { deps } = platform;
        const model = new WalletModel();
        const refundable: string[] = [];
        const tx = <T>(fn: Parameters<typeof deps.changes.inTransaction<T>>[1]) =>
          deps.changes.inTransaction(deps.db, fn);

        for (const current of steps) {
          if (current.op === "purchase" || current.op === "grant") {
            const grantedAt =
              current.op === "grant" ? new Date(Date.now() - current.ageDays * DAY_MS) : undefined;
            const entry = await tx((t) =>
              creditCoins(deps, t, user.id, {
                kind: current.op,
                purchased: current.op === "purchase" ? current.coins : 0,
                bonus: current.bonus,
                memo: current.op,
                idempotencyKey: `p:${++keys}`,
                grantedAt,
              }),
            );
            if (entry && current.op === "purchase") refundable.push(entry.id);
            if (current.op === "purchase") model.purchased += current.coins;
            if (current.bonus > 0) {
              model.lots.push({
                remaining: current.bonus,
                expiresAt: (grantedAt?.getTime() ?? Date.now()) + BONUS_COIN_LIFETIME_DAYS * DAY_MS,
              });
            }
          } else if (current.op === "spend") {
            const before = model.spendable() + model.purchased;
            try {
              const entry = await tx((t) =>
                spendCoins(deps, t, user.id, { amount: current.amount, memo: "spend" }),
              );
              refundable.push(entry.id);
              expect(current.amount).toBeLessThanOrEqual(before);
              let owed = current.amount;
              const now = Date.now();
              for (const lot of [...model.lots].sort((a, b) => a.expiresAt - b.expiresAt)) {
                if (lot.expiresAt <= now || owed === 0) continue;
                const taken = Math.min(owed, lot.remaining);
                lot.remaining -= taken;
                owed -= taken;
              }
              model.purchased -= owed;
            } catch (error) {
              expect(error).toBeInstanceOf(AppError);
              expect((error as AppError).code).toBe("INSUFFICIENT_COINS");
              expect(current.amount).toBeGreaterThan(before);
            }
          } else if (current.op === "refund") {
            if (refundable.length === 0) continue;
            const [entryId] = refundable.splice(current.pick % refundable.length, 1);
            try {
              await tx((t) => reverseEntry(deps, t, entryId ?? "", { memo: "refund", createdBy: null }));
            } catch (error) {
              // A purchase whose coins are spent cannot be taken back: nothing may have changed.
              expect((error as AppError).code).toBe("CONFLICT");
            }
            // Refunds move coins between lots in ways the simple model does not follow: resync it
            // from the per-lot balances, which the checker has just vouched for.
            await resync(model, user);
          } else {
            await expireBonusCoins(deps);
          }

          const { violations } = await checkLedger(deps.db);
          expect(violations).toEqual([]);
          const balance = await callerFor(platform, user).coins.getCoinBalance();
          expect(balance).toEqual({
            total: model.purchased + model.spendable(),
            purchased: model.purchased,
            bonus: model.spendable(),
          });
          // Lot by lot, soonest to expire first: shows which lots each spend drew on.
          const wallet = await callerFor(platform, user).coins.getWallet({});
          const now = Date.now();
          expect(wallet.bonusLots.filter((lot) => !lot.expired).map((lot) => lot.remaining)).toEqual(
            model.lots
              .filter((lot) => lot.expiresAt > now)
              .sort((a, b) => a.expiresAt - b.expiresAt)
              .map((lot) => lot.remaining),
          );
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

async function resync(model: WalletModel, user: TestUser): Promise<void> {
  const wallet = await callerFor(platform, user).coins.getWallet({});
  const balance = await callerFor(platform, user).coins.getCoinBalance();
  model.purchased = balance.purchased;
  model.lots = wallet.bonusLots.map((lot) => ({
    remaining: lot.remaining,
    expiresAt: Date.parse(lot.expiresAt),
  }));
}
