// A coin package paid for: its coins reach the buyer's wallet once, however often the payment is
// settled (the ledger's idempotency key is the payment's id).
import { countCohortCoins } from "../../core/activity.ts";
import { countDaily } from "../../core/daily-counts.ts";
import type { Transaction } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { creditCoins } from "./ledger.ts";

/** What a coin payment bought, as the ledger, receipts and support tickets word it. */
export function coinsDescription(coins: number, bonusCoins: number): string {
  return bonusCoins > 0 ? `${coins} coins + ${bonusCoins} bonus` : `${coins} coins`;
}

interface CoinPurchase {
  id: string;
  userId: string;
  coins: number;
  bonusCoins: number;
}

/** Credits a paid coin purchase; null when it was credited before. */
export async function creditCoinPurchase(
  deps: ServiceDeps,
  tx: Transaction,
  purchase: CoinPurchase,
): Promise<{ creditEntryId: string } | null> {
  const entry = await creditCoins(deps, tx, purchase.userId, {
    kind: "purchase",
    purchased: purchase.coins,
    bonus: purchase.bonusCoins,
    memo: `Bought ${coinsDescription(purchase.coins, purchase.bonusCoins)}`,
    idempotencyKey: `payment:${purchase.id}`,
  });
  if (!entry) return null;
  await countDaily(deps.changes, tx, "coins.bought", { by: purchase.coins + purchase.bonusCoins });
  await countCohortCoins(tx, purchase.userId, "bought", purchase.coins + purchase.bonusCoins);
  return { creditEntryId: entry.id };
}
