// The coin ledger: the only code that writes entries and postings (with ad-holds.ts, which uses
// it for ads' budgets). Everything that moves coins (purchases, grants, unlocks, refunds, expiry)
// goes through creditCoins (or creditCoinsMany, its set-based form), spendCoins, reverseEntry or
// expireBonusCoins, inside the caller's
// transaction, so that the coins and what they pay for commit together or not at all.
//
// Concurrency: every write to a wallet first locks the wallet's purchased account row (many
// wallets in id order), so one wallet's movements happen one after another, while different
// wallets never wait on each other. The database refuses an overdraft in any case (CHECK on
// ledger_accounts.balance).

import { BONUS_COIN_LIFETIME_DAYS, type LedgerEntryKind } from "@litverse/shared/coins";
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { countCohortCoins, reachMilestone } from "../../core/activity.ts";
import { countDaily } from "../../core/daily-counts.ts";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { ledgerAccounts, ledgerEntries, ledgerPostings, type SystemAccountKind } from "./schema.ts";

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
    .onConflictDoNothing(
      // Stryker disable next-line ObjectLiteral: with no target every conflict is ignored, and this index is the only one a new system account can meet
      { target: ledgerAccounts.kind, where: sql`${ledgerAccounts.userId} is null` },
    );
  return systemAccountId(tx, kind);
}

/**
 * Locks the user's wallet for the rest of the transaction and returns its purchased account (made
 * on first use). Every write to a wallet starts here.
 */
export async function lockWallet(tx: Transaction, userId: string): Promise<string> {
  const account = (await lockWallets(tx, [userId])).get(userId);
  // Stryker disable next-line StringLiteral,CallExpression: unreachable, lockWallets returns every wallet asked for or throws this same error
  if (!account) throw new AppError("CONFLICT", "Could not open the wallet.");
  return account;
}

/**
 * Locks these users' wallets, in id order so that two transactions locking overlapping sets queue
 * instead of deadlocking, and returns each one's purchased account (made on first use).
 */
export async function lockWallets(tx: Transaction, userIds: readonly string[]): Promise<Map<string, string>> {
  // Stryker disable next-line MethodExpression: the order only prevents deadlocks between concurrent transactions, which PGlite runs one at a time
  const ids = [...new Set(userIds)].sort();
  const lock = async (wanted: string[]) => {
    const rows = await tx
      .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.userId, wanted), eq(ledgerAccounts.kind, "purchased")))
      .orderBy(asc(ledgerAccounts.userId))
      .for("update");
    for (const row of rows) if (row.userId) accounts.set(row.userId, row.id);
  };
  const accounts = new Map<string, string>();
  if (ids.length === 0) return accounts;
  await lock(ids);
  // Stryker disable next-line MethodExpression: inserting an existing wallet again is ignored on conflict, so re-asking for all only costs work
  const missing = ids.filter((id) => !accounts.has(id));
  if (missing.length > 0) {
    await tx
      .insert(ledgerAccounts)
      .values(missing.map((userId) => ({ kind: "purchased" as const, userId })))
      .onConflictDoNothing(
        // Stryker disable next-line ObjectLiteral: with no target every conflict is ignored, and this index is the only one a new wallet can meet
        {
          target: ledgerAccounts.userId,
          where: sql`${ledgerAccounts.kind} = 'purchased'`,
        },
      );
    await lock(missing);
  }
  // Stryker disable next-line StringLiteral,CallExpression: unreachable, after the insert every wallet exists (a missing user fails the insert)
  if (accounts.size !== ids.length) throw new AppError("CONFLICT", "Could not open the wallet.");
  return accounts;
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
  const [row] = await postEntries(deps, tx, [{ entry, postings }]);
  return row ?? null;
}

export interface EntryPlan {
  entry: EntryInput;
  postings: Posting[];
}

/**
 * Writes entries with their postings in two statements, with postEntry's rules for each: the
 * result is in the order given, null for an entry whose idempotency key its user had used.
 */
export async function postEntries(
  deps: ServiceDeps,
  tx: Transaction,
  plans: readonly EntryPlan[],
): Promise<(LedgerEntryRow | null)[]> {
  const moving = plans.map(({ postings }) => {
    const nonZero = postings.filter((posting) => posting.amount !== 0);
    if (nonZero.length === 0) throw new AppError("BAD_REQUEST", "An entry must move some coins.");
    // Stryker disable next-line ArithmeticOperator: subtracting every amount gives minus the sum, which is zero exactly when the sum is
    if (nonZero.reduce((sum, posting) => sum + posting.amount, 0) !== 0) {
      throw new AppError("BAD_REQUEST", "An entry's postings must sum to zero.");
    }
    return nonZero;
  });
  if (plans.length === 0) return [];
  // Ids chosen here tie each posting to its entry without relying on the order rows come back in.
  const ids = plans.map(() => crypto.randomUUID());
  const rows = await tx
    .insert(ledgerEntries)
    .values(
      plans.map(({ entry }, index) => ({
        id: ids[index],
        kind: entry.kind,
        userId: entry.userId,
        memo: entry.memo,
        idempotencyKey: entry.idempotencyKey ?? null,
        createdBy: entry.createdBy ?? null,
        reversesEntryId: entry.reversesEntryId ?? null,
        ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
      })),
    )
    .onConflictDoNothing(
      // Stryker disable next-line ObjectLiteral: with no target every conflict is ignored; the other unique column, reverses_entry_id, is checked under the wallet lock before a reversal posts
      { target: [ledgerEntries.userId, ledgerEntries.idempotencyKey] },
    )
    .returning();
  if (rows.length === 0) return plans.map(() => null);
  const written = new Map(rows.map((row) => [row.id, row]));
  const postings = ids.flatMap((entryId, index) => {
    if (!written.has(entryId)) return [];
    // Stryker disable next-line ArrayDeclaration: moving has one list for each id
    return (moving[index] ?? []).map((posting) => ({ entryId, ...posting }));
  });
  await tx.insert(ledgerPostings).values(postings);
  deps.changes.changed(...rows.map((row) => coinsTopic(row.userId)), LEDGER_TOPIC);
  return ids.map((id) => written.get(id) ?? null);
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

/** One credit of many, for creditCoinsMany: the wallet it goes to and what it puts there. */
export interface WalletCredit extends Credit {
  userId: string;
}

/**
 * At most this many credits at once: each writes a few rows of a few columns each, and a
 * statement takes at most 65,535 parameters.
 */
export const MAX_CREDITS_AT_ONCE = 2_000;

function checkCredit(credit: Credit): void {
  const purchased = credit.purchased ?? 0;
  const bonus = credit.bonus ?? 0;
  assertCoinAmount(purchased, "Purchased coins");
  assertCoinAmount(bonus, "Bonus coins");
  if (purchased + bonus === 0) throw new AppError("BAD_REQUEST", "A credit must add at least one coin.");
  if (purchased + bonus > MAX_COIN_AMOUNT) throw new AppError("BAD_REQUEST", "That is too many coins.");
  if (!credit.memo.trim()) throw new AppError("BAD_REQUEST", "A credit needs a description.");
  if (!credit.idempotencyKey.trim()) throw new AppError("BAD_REQUEST", "A credit needs an idempotency key.");
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
  const [entry] = await creditCoinsMany(deps, tx, [{ ...credit, userId }]);
  return entry ?? null;
}

/**
 * creditCoins for many credits at once, in a handful of statements whatever their number (the
 * week close of the leagues pays thousands of prizes): the same checks, accounts, entries and
 * postings, in the order given. A credit whose key its user has used, before or earlier in the
 * list, credits nothing and gives null. All or nothing: any invalid credit throws first.
 */
export async function creditCoinsMany(
  deps: ServiceDeps,
  tx: Transaction,
  credits: readonly WalletCredit[],
): Promise<(LedgerEntryRow | null)[]> {
  if (credits.length > MAX_CREDITS_AT_ONCE) {
    throw new AppError("BAD_REQUEST", `At most ${MAX_CREDITS_AT_ONCE} credits at once.`);
  }
  for (const credit of credits) checkCredit(credit);
  if (credits.length === 0) return [];
  const wallets = await lockWallets(
    tx,
    credits.map((credit) => credit.userId),
  );
  // With the wallets locked, no other credit with these keys can be under way.
  const used = await tx
    .select({ userId: ledgerEntries.userId, key: ledgerEntries.idempotencyKey })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.userId, [...wallets.keys()]),
        inArray(ledgerEntries.idempotencyKey, [...new Set(credits.map((credit) => credit.idempotencyKey))]),
      ),
    );
  const taken = new Set(used.map((row) => `${row.userId} ${row.key}`));
  const fresh = credits.map((credit) => {
    const key = `${credit.userId} ${credit.idempotencyKey}`;
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  });
  const paying = credits.filter((_, index) => fresh[index]);
  const sales = paying.some((credit) => (credit.purchased ?? 0) > 0)
    ? await systemAccountId(tx, "sales")
    : null;
  const promotions = paying.some((credit) => (credit.bonus ?? 0) > 0)
    ? await systemAccountId(tx, "promotions")
    : null;
  const bonusAccounts: (typeof ledgerAccounts.$inferInsert)[] = [];
  const plans = paying.map((credit): EntryPlan => {
    const purchased = credit.purchased ?? 0;
    const bonus = credit.bonus ?? 0;
    const postings: Posting[] = [];
    // Stryker disable next-line LogicalOperator: sales is set whenever a credit has purchased coins
    if (purchased > 0 && sales) {
      postings.push({ accountId: wallets.get(credit.userId) as string, amount: purchased });
      postings.push({ accountId: sales, amount: -purchased });
    }
    if (bonus > 0 && promotions) {
      const grantedAt = credit.grantedAt ?? new Date();
      const account = {
        id: crypto.randomUUID(),
        kind: "bonus" as const,
        userId: credit.userId,
        expiresAt: new Date(grantedAt.getTime() + BONUS_COIN_LIFETIME_DAYS * 24 * HOUR_MS),
        createdAt: grantedAt,
      };
      bonusAccounts.push(account);
      postings.push({ accountId: account.id, amount: bonus });
      postings.push({ accountId: promotions, amount: -bonus });
    }
    const entry: EntryInput = {
      kind: credit.kind,
      userId: credit.userId,
      memo: credit.memo.trim(),
      idempotencyKey: credit.idempotencyKey,
      createdBy: credit.createdBy,
      createdAt: credit.grantedAt,
    };
    return { entry, postings };
  });
  if (bonusAccounts.length > 0) await tx.insert(ledgerAccounts).values(bonusAccounts);
  const written = await postEntries(deps, tx, plans);
  let next = 0;
  return fresh.map((isFresh) => (isFresh ? (written[next++] ?? null) : null));
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
  await countDaily(deps.changes, tx, "coins.spent", { by: spend.amount });
  await countCohortCoins(tx, userId, "spent", spend.amount);
  await reachMilestone(tx, userId, "firstPaid");
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
  if (original.kind === "ad_hold" || original.kind === "ad_spend" || original.kind === "ad_release") {
    throw new AppError(
      "BAD_REQUEST",
      "An ad's coins come back when the campaign is stopped, not by a refund.",
    );
  }
  await lockWallet(tx, original.userId);
  const [already] = await tx
    .select(
      // Stryker disable next-line ObjectLiteral: selecting every column finds the same row
      { id: ledgerEntries.id },
    )
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
  // Stryker disable next-line StringLiteral,CallExpression: unreachable, this key is used only by a reversal of this entry, refused above under the wallet lock
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
      // Stryker disable next-line OptionalChaining,StringLiteral: a check constraint gives every bonus account an expiry
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
