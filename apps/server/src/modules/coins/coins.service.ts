// Coin wallets, read side: the balance, the history of entries and the bonus lots with their
// expiry. Writes go through ledger.ts.
import type { BonusLot, CoinBalance, WalletEntry, WalletPage } from "@litverse/shared/coins";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { olderThan } from "../../core/db/cursor.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { coinsTopic } from "./ledger.ts";
import { ledgerAccounts, ledgerEntries, ledgerPostings } from "./schema.ts";

export { coinsTopic };

/**
 * The caller's spendable coins. Expiry is decided by the database clock at the time of the query,
 * so bonus coins past their expiry never count, whether or not the expiry job has run yet.
 */
export async function getCoinBalance({ db }: ServiceDeps, user: SessionUser): Promise<CoinBalance> {
  track(coinsTopic(user.id));
  const [row] = await db
    .select({
      purchased: sql<number>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.kind} = 'purchased'), 0)::int`,
      bonus: sql<number>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.kind} = 'bonus'), 0)::int`,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, user.id),
        gt(ledgerAccounts.balance, 0),
        sql`(${ledgerAccounts.kind} = 'purchased' or ${ledgerAccounts.expiresAt} > now())`,
      ),
    );
  // Stryker disable next-line OptionalChaining: an aggregate without GROUP BY always returns one row
  const purchased = row?.purchased ?? 0;
  // Stryker disable next-line OptionalChaining: an aggregate without GROUP BY always returns one row
  const bonus = row?.bonus ?? 0;
  return { total: purchased + bonus, purchased, bonus };
}

export const WALLET_PAGE_SIZE = 30;

/**
 * The caller's wallet history, newest first, a page at a time (`cursor` is the last entry of the
 * page before), with every bonus lot that still holds coins or expired in the last 90 days.
 */
export async function getWallet(
  { db }: ServiceDeps,
  user: SessionUser,
  cursor: string | null,
): Promise<WalletPage> {
  track(coinsTopic(user.id));
  let before: { createdAt: Date; id: string } | undefined;
  if (cursor) {
    [before] = await db
      .select({ createdAt: ledgerEntries.createdAt, id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, cursor), eq(ledgerEntries.userId, user.id)));
  }
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      memo: ledgerEntries.memo,
      createdAt: ledgerEntries.createdAt,
      reversed: sql<boolean>`exists (select 1 from ${ledgerEntries} r where r.reverses_entry_id = ${ledgerEntries.id})`,
      purchased: sql<number>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerAccounts.kind} = 'purchased'), 0)::int`,
      bonus: sql<number>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerAccounts.kind} = 'bonus'), 0)::int`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, ledgerEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerEntries.userId, user.id),
        // An ad's spend moves coins from its hold to the platform, not out of the wallet: the
        // hold already showed them leaving.
        ne(ledgerEntries.kind, "ad_spend"),
        // Against the cursor row's stored time, not its copy rounded to the millisecond: entries
        // written in one transaction share one time, and the rounded copy would skip them.
        before ? olderThan(ledgerEntries, before) : undefined,
      ),
    )
    .groupBy(ledgerEntries.id)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(WALLET_PAGE_SIZE + 1);
  const entries: WalletEntry[] = rows.slice(0, WALLET_PAGE_SIZE).map((row) => ({
    id: row.id,
    kind: row.kind,
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
    purchased: row.purchased,
    bonus: row.bonus,
    reversed: row.reversed,
  }));

  const lots = await db
    .select({
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      expiresAt: ledgerAccounts.expiresAt,
      grantedAt: ledgerAccounts.createdAt,
      granted: sql<number>`(select coalesce(sum(p.amount) filter (where p.amount > 0), 0) from ${ledgerPostings} p where p.account_id = "ledger_accounts"."id")::int`,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, user.id),
        eq(ledgerAccounts.kind, "bonus"),
        sql`(${ledgerAccounts.balance} > 0 or ${ledgerAccounts.expiresAt} > now() - interval '90 days')`,
      ),
    )
    .orderBy(ledgerAccounts.expiresAt);
  const now = Date.now();
  const bonusLots: BonusLot[] = lots.map((lot) => ({
    id: lot.id,
    granted: lot.granted,
    remaining: lot.expiresAt && lot.expiresAt.getTime() <= now ? 0 : lot.balance,
    grantedAt: lot.grantedAt.toISOString(),
    // Stryker disable next-line OptionalChaining,StringLiteral: a check constraint gives every bonus account an expiry
    expiresAt: lot.expiresAt?.toISOString() ?? "",
    expired: !!lot.expiresAt && lot.expiresAt.getTime() <= now,
  }));

  return {
    entries,
    // Stryker disable next-line OptionalChaining: with more rows than a page, the page is full
    nextCursor: rows.length > WALLET_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null,
    bonusLots,
  };
}
