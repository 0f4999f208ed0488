// Coin wallets. Coins arrive in lots (see the coin_lots table): purchased lots never expire, bonus
// lots expire BONUS_COIN_LIFETIME_DAYS after they are granted. The balance counts the unspent
// coins of lots that have not expired.
import { BONUS_COIN_LIFETIME_DAYS, type CoinBalance } from "@litverse/shared/coins";
import { and, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { type CoinLotKind, coinLots } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { track } from "../../live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../rpc/context.ts";

export type CoinLotRow = typeof coinLots.$inferSelect;

/** This user's coin lots: grants, spending, expiry clean-ups. */
export const coinsTopic = (userId: string) => `user:${userId}:coins`;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The largest lot the integer columns hold. */
const MAX_LOT_AMOUNT = 2_147_483_647;

/**
 * The caller's spendable coins. Expiry is decided by the database clock at the time of the query.
 * (A live balance re-runs when the wallet's lots change; a bonus lot running out meanwhile shows
 * at the next change or reconnection.)
 */
export async function getCoinBalance({ db }: ServiceDeps, user: SessionUser): Promise<CoinBalance> {
  track(coinsTopic(user.id));
  const [row] = await db
    .select({
      purchased: sql<number>`coalesce(sum(${coinLots.remaining}) filter (where ${coinLots.kind} = 'purchased'), 0)::int`,
      bonus: sql<number>`coalesce(sum(${coinLots.remaining}) filter (where ${coinLots.kind} = 'bonus'), 0)::int`,
    })
    .from(coinLots)
    .where(
      and(
        eq(coinLots.userId, user.id),
        gt(coinLots.remaining, 0),
        or(isNull(coinLots.expiresAt), gt(coinLots.expiresAt, sql`now()`)),
      ),
    );
  const purchased = row?.purchased ?? 0;
  const bonus = row?.bonus ?? 0;
  return { total: purchased + bonus, purchased, bonus };
}

/**
 * Adds a lot of `amount` coins to the user's wallet. Bonus coins expire BONUS_COIN_LIFETIME_DAYS
 * after `grantedAt` (default: now, by the database clock); purchased coins never do. `source`
 * says where they came from ("purchase:<order>", "signup-bonus", …).
 */
export async function grantCoins(
  deps: ServiceDeps,
  userId: string,
  kind: CoinLotKind,
  amount: number,
  source: string,
  options: { grantedAt?: Date } = {},
): Promise<CoinLotRow> {
  if (!Number.isInteger(amount) || amount <= 0 || amount > MAX_LOT_AMOUNT) {
    throw new AppError("BAD_REQUEST", "A coin grant must be a positive whole number of coins.");
  }
  if (!source.trim()) throw new AppError("BAD_REQUEST", "A coin grant needs a source.");
  const { grantedAt } = options;
  const createdAt = grantedAt ?? sql`now()`;
  let expiresAt: Date | SQL | null = null;
  if (kind === "bonus" && grantedAt) {
    expiresAt = new Date(grantedAt.getTime() + BONUS_COIN_LIFETIME_DAYS * DAY_MS);
  } else if (kind === "bonus") {
    // Counted in hours, which are exact in any time zone (days follow daylight saving time).
    expiresAt = sql`now() + make_interval(hours => ${BONUS_COIN_LIFETIME_DAYS * 24})`;
  }
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(coinLots)
      .values({ userId, kind, amount, remaining: amount, expiresAt, source: source.trim(), createdAt })
      .returning();
    if (!row) throw new AppError("CONFLICT", "Could not store the coins.");
    deps.changes.changed(coinsTopic(userId));
    return row;
  });
}
