// Ads' budgets on the ledger. A budget is taken from the wallet into the platform's ad holds
// account when the campaign is submitted (bonus coins soonest to expire first, as any spend), what
// the ad spends moves from the hold to ad revenue, and what is left goes back to the very accounts
// it came from: purchased coins as purchased, bonus coins to their own bonus account, which keeps
// its expiry (coins held past it come back expired, as they would have been in the wallet).
//
// Every entry of one campaign carries an idempotency key starting with the campaign's own prefix,
// which is how the release finds what the holds took, and how `ledger:check` ties the hold
// account to the campaigns.

import { and, eq, like, sql } from "drizzle-orm";
import { countDaily } from "../../core/daily-counts.ts";
import type { Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import {
  type LedgerEntryRow,
  lockWallet,
  type Posting,
  postEntry,
  spendableAccounts,
  systemAccountId,
} from "./ledger.ts";
import { ledgerAccounts, ledgerEntries, ledgerPostings } from "./schema.ts";

/** Every ledger entry of the campaign starts with this key. */
export const adKeyPrefix = (campaignId: string) => `ad:${campaignId}:`;

interface AdMovement {
  campaignId: string;
  amount: number;
  memo: string;
  /** Unique within the campaign: a repeated call with the same key moves nothing. */
  key: string;
}

function assertAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new AppError("BAD_REQUEST", "An ad's coins are a whole positive number.");
}

/**
 * Takes `amount` coins from the wallet into the hold. INSUFFICIENT_COINS, writing nothing, when
 * the wallet holds fewer. Null when this key was used before.
 */
export async function holdAdBudget(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  movement: AdMovement,
): Promise<LedgerEntryRow | null> {
  assertAmount(movement.amount);
  await lockWallet(tx, userId);
  const accounts = await spendableAccounts(tx, userId);
  const available = accounts.reduce((sum, account) => sum + account.balance, 0);
  if (available < movement.amount) {
    throw new AppError(
      "INSUFFICIENT_COINS",
      `This budget needs ${movement.amount} coins and you have ${available}. Buy ${movement.amount - available} more, or lower the budget.`,
    );
  }
  const postings: Posting[] = [];
  let owed = movement.amount;
  for (const account of accounts) {
    if (owed === 0) break;
    const taken = Math.min(owed, account.balance);
    postings.push({ accountId: account.id, amount: -taken });
    owed -= taken;
  }
  postings.push({ accountId: await systemAccountId(tx, "ad_holds"), amount: movement.amount });
  return postEntry(
    deps,
    tx,
    {
      kind: "ad_hold",
      userId,
      memo: movement.memo,
      idempotencyKey: `${adKeyPrefix(movement.campaignId)}${movement.key}`,
    },
    postings,
  );
}

/** Moves `amount` spent coins from the hold to ad revenue. Null when this key was used before. */
export async function settleAdSpend(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  movement: AdMovement,
): Promise<LedgerEntryRow | null> {
  assertAmount(movement.amount);
  await lockWallet(tx, userId);
  const entry = await postEntry(
    deps,
    tx,
    {
      kind: "ad_spend",
      userId,
      memo: movement.memo,
      idempotencyKey: `${adKeyPrefix(movement.campaignId)}${movement.key}`,
    },
    [
      { accountId: await systemAccountId(tx, "ad_holds"), amount: -movement.amount },
      { accountId: await systemAccountId(tx, "ad_revenue"), amount: movement.amount },
    ],
  );
  if (entry) await countDaily(deps.changes, tx, "coins.spent", { by: movement.amount });
  return entry;
}

/**
 * Gives `amount` coins of the hold back to the wallet accounts the campaign's holds took them
 * from. What the ad spent is counted as taken from the front of the spending order (bonus coins
 * soonest to expire), so what comes back is the purchased coins first, then the latest bonus.
 */
export async function releaseAdHold(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  movement: AdMovement,
): Promise<LedgerEntryRow | null> {
  assertAmount(movement.amount);
  await lockWallet(tx, userId);
  // Net coins each wallet account gave this campaign's holds, less what releases returned.
  const given = await tx
    .select({
      accountId: ledgerPostings.accountId,
      kind: ledgerAccounts.kind,
      expiresAt: ledgerAccounts.expiresAt,
      net: sql<number>`(-sum(${ledgerPostings.amount}))::int`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        like(ledgerEntries.idempotencyKey, `${adKeyPrefix(movement.campaignId)}%`),
        sql`${ledgerAccounts.kind} in ('purchased', 'bonus')`,
      ),
    )
    .groupBy(ledgerPostings.accountId, ledgerAccounts.kind, ledgerAccounts.expiresAt)
    // The spending order reversed: purchased first, then bonus latest to expire first.
    .orderBy(sql`${ledgerAccounts.kind} = 'purchased' desc`, sql`${ledgerAccounts.expiresAt} desc`);
  const outstanding = given.reduce((sum, row) => sum + Math.max(0, row.net), 0);
  if (outstanding < movement.amount) {
    throw new AppError("CONFLICT", "The hold has fewer coins than that to give back.");
  }
  const postings: Posting[] = [];
  let owed = movement.amount;
  for (const row of given) {
    if (owed === 0) break;
    const back = Math.min(owed, Math.max(0, row.net));
    if (back > 0) postings.push({ accountId: row.accountId, amount: back });
    owed -= back;
  }
  postings.push({ accountId: await systemAccountId(tx, "ad_holds"), amount: -movement.amount });
  return postEntry(
    deps,
    tx,
    {
      kind: "ad_release",
      userId,
      memo: movement.memo,
      idempotencyKey: `${adKeyPrefix(movement.campaignId)}${movement.key}`,
    },
    postings,
  );
}
