// The coin ledger: the only code that writes entries and postings. Everything that moves coins
// (purchases, grants, unlocks, refunds, expiry) goes through creditCoins, spendCoins,
// reverseEntry or expireBonusCoins, inside the caller's transaction, so that the coins and what
// they pay for commit together or not at all.
//
// Concurrency: every write to a wallet first locks the wallet's purchased account row, so one
// wallet's movements happen one after another, while different wallets never wait on each other.
// The database refuses an overdraft in any case (CHECK on ledger_accounts.balance).
import { BONUS_COIN_LIFETIME_DAYS, type LedgerEntryKind } from "@litverse/shared/coins";
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client.ts";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerPostings,
  type SystemAccountKind,
} from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import type { ServiceDeps } from "../../rpc/context.ts";

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** This user's wallet: every entry that touches it. */
export const coinsTopic = (userId: string) => `user:${userId}:coins`;
/** Any wallet: for the revenue figures. */
export const LEDGER_TOPIC = "ledger";

const HOUR_MS = 60 * 60 * 1000;
/** The largest amount the integer columns hold. */
export const MAX_COIN_AMOUNT = 2_147_483_647;

export interface Posting {
  accountId: string;
  amount: number;
}

export interface EntryInput {
  kind: LedgerEntryKind;
  userId: string;
  memo: string;
  idempotencyKey?: string | null;
  createdBy?: string | null;
  reversesEntryId?: string | null;
  createdAt?: Date;
}

function assertCoinAmount(amount: number, what: string): void {
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX_COIN_AMOUNT) {
    throw new AppError(
      "BAD_REQUEST",
      `${what} must be a whole number of coins from 0 to ${MAX_COIN_AMOUNT}.`,
    );
  }
}

/** The platform's account of this kind, made on first use. */
export async function systemAccountId(tx: Executor, kind: SystemAccountKind): Promise<string> {
  const [found] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
  if (found) return found.id;
  await tx
    .insert(ledgerAccounts)
    .values({ kind })
    .onConflictDoNothing({ target: ledgerAccounts.kind, where: sql`${ledgerAccounts.userId} is null` });
  return systemAccountId(tx, kind);
}

/**
 * Locks the user's wallet for the rest of the transaction and returns its purchased account (made
 * on first use). Every write to a wallet starts here.
 */
export async function lockWallet(tx: Transaction, userId: string): Promise<string> {
  const lock = () =>
    tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, "purchased")))
      .for("update");
  const [existing] = await lock();
  if (existing) return existing.id;
  await tx
    .insert(ledgerAccounts)
    .values({ kind: "purchased", userId })
    .onConflictDoNothing({ target: ledgerAccounts.userId, where: sql`${ledgerAccounts.kind} = 'purchased'` });
  const [made] = await lock();
  if (!made) throw new AppError("CONFLICT", "Could not open the wallet.");
  return made.id;
}

/**
 * Writes one entry with its postings, which must sum to zero (the database checks it again at
 * commit). Returns null, writing nothing, when the user already has an entry with this
 * idempotency key.
 */
export async function postEntry(
  deps: ServiceDeps,
  tx: Transaction,
  entry: EntryInput,
  postings: Posting[],
): Promise<LedgerEntryRow | null> {
  const moving = postings.filter((posting) => posting.amount !== 0);
  if (moving.length === 0) throw new AppError("BAD_REQUEST", "An entry must move some coins.");
  if (moving.reduce((sum, posting) => sum + posting.amount, 0) !== 0) {
    throw new AppError("BAD_REQUEST", "An entry's postings must sum to zero.");
  }
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      kind: entry.kind,
      userId: entry.userId,
      memo: entry.memo,
      idempotencyKey: entry.idempotencyKey ?? null,
      createdBy: entry.createdBy ?? null,
      reversesEntryId: entry.reversesEntryId ?? null,
      ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
    })
    .onConflictDoNothing({ target: [ledgerEntries.userId, ledgerEntries.idempotencyKey] })
    .returning();
  if (!row) return null;
  await tx.insert(ledgerPostings).values(moving.map((posting) => ({ entryId: row.id, ...posting })));
  deps.changes.changed(coinsTopic(entry.userId), LEDGER_TOPIC);
  return row;
}

export interface Credit {
  kind: "purchase" | "grant";
  /** Coins that never expire. */
  purchased?: number;
  /** Coins that expire BONUS_COIN_LIFETIME_DAYS after `grantedAt`. */
  bonus?: number;
  memo: string;
  idempotencyKey: string;
  createdBy?: string | null;
  /** Default: now. */
  grantedAt?: Date;
}

/**
 * Puts coins in a wallet: purchased coins come from the sales account, bonus coins from the
 * promotions account into a new bonus account that expires on its own. Null when the idempotency
 * key was used before (nothing is credited twice).
 */
export async function creditCoins(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  credit: Credit,
): Promise<LedgerEntryRow | null> {
  const purchased = credit.purchased ?? 0;
  const bonus = credit.bonus ?? 0;
  assertCoinAmount(purchased, "Purchased coins");
  assertCoinAmount(bonus, "Bonus coins");
  if (purchased + bonus === 0) throw new AppError("BAD_REQUEST", "A credit must add at least one coin.");
  if (purchased + bonus > MAX_COIN_AMOUNT) throw new AppError("BAD_REQUEST", "That is too many coins.");
  if (!credit.memo.trim()) throw new AppError("BAD_REQUEST", "A credit needs a description.");
  if (!credit.idempotencyKey.trim()) throw new AppError("BAD_REQUEST", "A credit needs an idempotency key.");

  const purchasedAccount = await lockWallet(tx, userId);
  // With the wallet locked, no other credit with this key can be under way.
  const [repeated] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.idempotencyKey, credit.idempotencyKey)));
  if (repeated) return null;
  const postings: Posting[] = [];
  if (purchased > 0) {
    postings.push({ accountId: purchasedAccount, amount: purchased });
    postings.push({ accountId: await systemAccountId(tx, "sales"), amount: -purchased });
  }
  if (bonus > 0) {
    const grantedAt = credit.grantedAt ?? new Date();
    const [account] = await tx
      .insert(ledgerAccounts)
      .values({
        kind: "bonus",
        userId,
        expiresAt: new Date(grantedAt.getTime() + BONUS_COIN_LIFETIME_DAYS * 24 * HOUR_MS),
        createdAt: grantedAt,
      })
      .returning({ id: ledgerAccounts.id });
    if (!account) throw new AppError("CONFLICT", "Could not store the bonus coins.");
    postings.push({ accountId: account.id, amount: bonus });
    postings.push({ accountId: await systemAccountId(tx, "promotions"), amount: -bonus });
  }
  return postEntry(
    deps,
    tx,
    {
      kind: credit.kind,
      userId,
      memo: credit.memo.trim(),
      idempotencyKey: credit.idempotencyKey,
      createdBy: credit.createdBy,
      createdAt: credit.grantedAt,
    },
    postings,
  );
}

export interface SpendableAccount {
  id: string;
  kind: "purchased" | "bonus";
  balance: number;
  expiresAt: Date | null;
}

/** The wallet's accounts that hold spendable coins, in spending order: bonus soonest to expire first. */
export async function spendableAccounts(db: Executor, userId: string): Promise<SpendableAccount[]> {
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
      expiresAt: ledgerAccounts.expiresAt,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        gt(ledgerAccounts.balance, 0),
        sql`(${ledgerAccounts.kind} = 'purchased' or ${ledgerAccounts.expiresAt} > now())`,
      ),
    )
    .orderBy(
      sql`${ledgerAccounts.kind} = 'purchased'`,
      asc(ledgerAccounts.expiresAt),
      asc(ledgerAccounts.createdAt),
    );
  return rows as SpendableAccount[];
}

export interface Spend {
  amount: number;
  memo: string;
  idempotencyKey?: string | null;
}

/**
 * Takes `amount` coins from the wallet into the spending account, bonus coins first (soonest to
 * expire first), then purchased coins. Throws INSUFFICIENT_COINS, writing nothing, when the wallet
 * holds fewer. Call inside the transaction that records what the coins buy.
 */
export async function spendCoins(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  spend: Spend,
): Promise<LedgerEntryRow> {
  assertCoinAmount(spend.amount, "A price");
  if (spend.amount === 0) throw new AppError("BAD_REQUEST", "Nothing to pay.");
  await lockWallet(tx, userId);
  const accounts = await spendableAccounts(tx, userId);
  const available = accounts.reduce((sum, account) => sum + account.balance, 0);
  if (available < spend.amount) {
    throw new AppError(
      "INSUFFICIENT_COINS",
      `You need ${spend.amount} coins and have ${available}. Buy ${spend.amount - available} more to continue.`,
    );
  }
  const postings: Posting[] = [];
  let owed = spend.amount;
  for (const account of accounts) {
    if (owed === 0) break;
    const taken = Math.min(owed, account.balance);
    postings.push({ accountId: account.id, amount: -taken });
    owed -= taken;
  }
  postings.push({ accountId: await systemAccountId(tx, "spending"), amount: spend.amount });
  const entry = await postEntry(
    deps,
    tx,
    { kind: "unlock", userId, memo: spend.memo, idempotencyKey: spend.idempotencyKey },
    postings,
  );
  if (!entry) throw new AppError("CONFLICT", "This was already paid for.");
  return entry;
}

/**
 * Undoes an entry with a new one that posts the opposite of each of its postings. Refuses an entry
 * already reversed, a reversal, an expiry, and a credit whose coins have since been spent (the
 * wallet would go below zero).
 */
export async function reverseEntry(
  deps: ServiceDeps,
  tx: Transaction,
  entryId: string,
  options: { memo: string; createdBy: string | null },
): Promise<LedgerEntryRow> {
  const [original] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, entryId));
  if (!original) throw new AppError("NOT_FOUND", "There is no such ledger entry.");
  if (original.kind === "reversal" || original.kind === "expiry") {
    throw new AppError("BAD_REQUEST", `A ${original.kind} entry cannot be reversed.`);
  }
  await lockWallet(tx, original.userId);
  const [already] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reversesEntryId, entryId));
  if (already) throw new AppError("CONFLICT", "This has already been refunded.");
  const postings = await tx
    .select({ accountId: ledgerPostings.accountId, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entryId));
  // Coins still in the wallet: the reversal may take back only what is there.
  const walletAccounts = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, original.userId));
  const balanceOf = new Map(walletAccounts.map((account) => [account.id, account.balance]));
  for (const posting of postings) {
    const balance = balanceOf.get(posting.accountId);
    if (balance !== undefined && balance - posting.amount < 0) {
      throw new AppError(
        "CONFLICT",
        "Some of these coins have already been spent, so this cannot be refunded. Refund what they paid for first.",
      );
    }
  }
  const entry = await postEntry(
    deps,
    tx,
    {
      kind: "reversal",
      userId: original.userId,
      memo: options.memo,
      createdBy: options.createdBy,
      reversesEntryId: entryId,
      idempotencyKey: `reversal:${entryId}`,
    },
    postings.map((posting) => ({ accountId: posting.accountId, amount: -posting.amount })),
  );
  if (!entry) throw new AppError("CONFLICT", "This has already been refunded.");
  return entry;
}

/**
 * Moves the coins left in bonus accounts past their expiry to the expired account, one entry per
 * account, so that the wallet history shows them going. Returns how many accounts it emptied.
 * Balances never count expired coins anyway; this makes the ledger say so too.
 */
export async function expireBonusCoins(deps: ServiceDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, "bonus"),
        gt(ledgerAccounts.balance, 0),
        lte(ledgerAccounts.expiresAt, now),
      ),
    )
    .limit(500);
  let expired = 0;
  for (const account of due) {
    const userId = account.userId;
    if (!userId) continue;
    const done = await deps.changes.inTransaction(deps.db, async (tx) => {
      await lockWallet(tx, userId);
      const [fresh] = await tx
        .select({ balance: ledgerAccounts.balance, expiresAt: ledgerAccounts.expiresAt })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, account.id));
      if (!fresh || fresh.balance <= 0) return false;
      const expiredAccount = await systemAccountId(tx, "expired");
      const date = fresh.expiresAt?.toISOString().slice(0, 10) ?? "";
      await postEntry(
        deps,
        tx,
        {
          kind: "expiry",
          userId,
          memo: `${fresh.balance} bonus coins expired (${date})`,
          idempotencyKey: `expiry:${account.id}:${crypto.randomUUID()}`,
        },
        [
          { accountId: account.id, amount: -fresh.balance },
          { accountId: expiredAccount, amount: fresh.balance },
        ],
      );
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
