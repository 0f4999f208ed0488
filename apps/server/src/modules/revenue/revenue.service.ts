// Revenue analytics: what was sold, refunded and spent, and how many coins the wallets hold, day by
// day (UTC) over a range. Money comes from the payments table (a payment counts on the day it was
// paid, and again as a refund on the day it was refunded); coin movements come from the ledger's
// postings, so the figures add up with the wallets by construction.
import type {
  MoneyAmount,
  RevenueAnalytics,
  RevenueDay,
  RevenuePackageRow,
  RevenueTotals,
} from "@litverse/shared/revenue";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { type DayRange, inRange, rangeEnd, rangeStart, utcDay } from "../../core/db/day-range.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { LEDGER_TOPIC } from "../coins/index.ts";
import { PAYMENTS_TOPIC } from "../payments/index.ts";
import { SUBSCRIPTIONS_ADMIN_TOPIC } from "../subscriptions/topics.ts";

/** Payments (aliased `alias`) that took money: paid, whether or not refunded since. */
const tookMoney = (alias: string) => sql.raw(`${alias}.status in ('paid', 'refunded')`);

type Figures = Omit<
  RevenueDay,
  | "day"
  | "purchaseAmounts"
  | "subscriptionAmounts"
  | "refundAmounts"
  | "circulationPurchased"
  | "circulationBonus"
>;
const FIGURE_KEYS = [
  "purchases",
  "coinsSold",
  "bonusCoinsSold",
  "subscriptionsNew",
  "subscriptionRenewals",
  "subscriptionCancellations",
  "refunds",
  "coinsReversed",
  "unlocks",
  "coinsSpent",
  "unlockRefunds",
  "coinsReturned",
  "bonusExpired",
] as const satisfies readonly (keyof Figures)[];

type DailyRow = { day: string; purchasedChange: string | number; bonusChange: string | number } & Record<
  (typeof FIGURE_KEYS)[number],
  string | number
>;

/** Every figure that is a count or a number of coins, one row per day of the range. */
async function dailyFigures(db: Executor, range: DayRange): Promise<DailyRow[]> {
  return queryRows<DailyRow>(
    db,
    sql`with
      days as (
        select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
      ),
      paid as (
        select ${utcDay("p.paid_at")} as day,
          count(*) filter (where p.purpose = 'coins') as purchases,
          coalesce(sum(p.coins) filter (where p.purpose = 'coins'), 0) as coins_sold,
          coalesce(sum(p.bonus_coins) filter (where p.purpose = 'coins'), 0) as bonus_sold,
          -- A subscription's first payment starts it; any later one renews it.
          count(*) filter (where p.purpose = 'subscription' and (p.subscription_id is null or not exists (
            select 1 from payments earlier
            where earlier.subscription_id = p.subscription_id and ${tookMoney("earlier")}
              and (earlier.paid_at, earlier.id) < (p.paid_at, p.id)))) as subs_new,
          count(*) filter (where p.purpose = 'subscription') as subs_paid
        from payments p
        where ${tookMoney("p")} and ${inRange("p.paid_at", range)}
        group by 1
      ),
      refunded as (
        select ${utcDay("p.refunded_at")} as day, count(*) as refunds
        from payments p where p.status = 'refunded' and ${inRange("p.refunded_at", range)}
        group by 1
      ),
      canceled as (
        select ${utcDay("s.canceled_at")} as day, count(*) as cancellations
        from subscriptions s where ${inRange("s.canceled_at", range)}
        group by 1
      ),
      moved as (
        select ${utcDay("e.created_at")} as day,
          count(distinct e.id) filter (where e.kind = 'unlock') as unlocks,
          coalesce(sum(p.amount) filter (where e.kind = 'unlock' and a.kind = 'spending'), 0) as coins_spent,
          count(distinct e.id) filter (where e.kind = 'reversal' and a.kind = 'spending') as unlock_refunds,
          coalesce(-sum(p.amount) filter (where e.kind = 'reversal' and a.kind = 'spending'), 0) as coins_returned,
          -- Coins going back to the accounts that issued them: purchases and grants undone.
          coalesce(sum(p.amount) filter (where e.kind = 'reversal' and a.kind in ('sales', 'promotions')), 0)
            as coins_reversed,
          coalesce(sum(p.amount) filter (where a.kind = 'expired'), 0) as bonus_expired,
          coalesce(sum(p.amount) filter (where a.kind = 'purchased'), 0) as purchased_change
        from ledger_entries e
        join ledger_postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id
        where ${inRange("e.created_at", range)}
        group by 1
      ),
      ${bonusLots(range)},
      bonus_moves as (
        select day, sum(amount) as bonus_change from (
          select in_day as day, amount from bonus_lots where in_day between ${range.from}::date and ${range.to}::date
          union all
          select out_day, -amount from bonus_lots where out_day between ${range.from}::date and ${range.to}::date
        ) moves group by day
      )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(paid.purchases, 0) as "purchases",
      coalesce(paid.coins_sold, 0) as "coinsSold",
      coalesce(paid.bonus_sold, 0) as "bonusCoinsSold",
      coalesce(paid.subs_new, 0) as "subscriptionsNew",
      coalesce(paid.subs_paid - paid.subs_new, 0) as "subscriptionRenewals",
      coalesce(canceled.cancellations, 0) as "subscriptionCancellations",
      coalesce(refunded.refunds, 0) as "refunds",
      coalesce(moved.coins_reversed, 0) as "coinsReversed",
      coalesce(moved.unlocks, 0) as "unlocks",
      coalesce(moved.coins_spent, 0) as "coinsSpent",
      coalesce(moved.unlock_refunds, 0) as "unlockRefunds",
      coalesce(moved.coins_returned, 0) as "coinsReturned",
      coalesce(moved.bonus_expired, 0) as "bonusExpired",
      coalesce(moved.purchased_change, 0) as "purchasedChange",
      coalesce(bonus_moves.bonus_change, 0) as "bonusChange"
    from days
    left join paid on paid.day = days.day
    left join refunded on refunded.day = days.day
    left join canceled on canceled.day = days.day
    left join moved on moved.day = days.day
    left join bonus_moves on bonus_moves.day = days.day
    order by days.day`,
  );
}

/**
 * Bonus coins count in circulation from the day they are posted until their lot expires: each
 * posting to a bonus account is `amount` coins in circulation at the end of every day from
 * `in_day` up to, not including, `out_day`, the first day that ends at or after the lot's expiry.
 * (So a lot counts as gone once it has expired, as balances do, before the expiry job records it.)
 * Postings made after their lot expired (the expiry itself, a late reversal) never counted.
 */
function bonusLots(range: DayRange): SQL {
  return sql`bonus_lots as (
    select * from (
      select ${utcDay("e.created_at")} as in_day,
        ${utcDay("a.expires_at - interval '1 microsecond'")} as out_day,
        p.amount
      from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_entries e on e.id = p.entry_id
      where a.kind = 'bonus' and e.created_at < ${rangeEnd(range)} and a.expires_at > ${rangeStart(range)}
    ) lots where out_day > in_day
  )`;
}

/** Coins in wallets at the end of the day before the range. */
async function openingCirculation(
  db: Executor,
  range: DayRange,
): Promise<{ purchased: number; bonus: number }> {
  const [row] = await queryRows<{ purchased: string | number; bonus: string | number }>(
    db,
    sql`with ${bonusLots(range)}
    select
      (select coalesce(sum(p.amount), 0) from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
        where a.kind = 'purchased' and e.created_at < ${rangeStart(range)}) as purchased,
      (select coalesce(sum(amount), 0) from bonus_lots
        where in_day < ${range.from}::date and out_day >= ${range.from}::date) as bonus`,
  );
  return { purchased: Number(row?.purchased ?? 0), bonus: Number(row?.bonus ?? 0) };
}

type MoneyKind = "purchase" | "subscription" | "refund";

/** Money per day, kind and currency: payments on the day they were paid, refunds on theirs. */
async function dailyMoney(
  db: Executor,
  range: DayRange,
): Promise<
  Array<{
    day: string;
    kind: MoneyKind;
    currency: string;
    amount: string | number;
    payments: string | number;
  }>
> {
  return queryRows(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, kind, currency, sum(amount_minor) as amount,
        count(*) as payments from (
        select ${utcDay("paid_at")} as day,
          case purpose when 'coins' then 'purchase' else 'subscription' end as kind, currency, amount_minor
        from payments p where ${tookMoney("p")} and ${inRange("paid_at", range)}
        union all
        select ${utcDay("refunded_at")}, 'refund', currency, amount_minor
        from payments where status = 'refunded' and ${inRange("refunded_at", range)}
      ) money
      group by day, kind, currency
      order by day, kind, currency`,
  );
}

async function packageSales(db: Executor, range: DayRange): Promise<RevenuePackageRow[]> {
  const rows = await queryRows<{
    packageId: string | null;
    name: string | null;
    currency: string;
    purchases: string | number;
    amountMinor: string | number;
    coins: string | number;
    bonusCoins: string | number;
    refunded: string | number;
  }>(
    db,
    sql`select p.package_id as "packageId", min(cp.name) as name, p.currency,
        count(*) as purchases, sum(p.amount_minor) as "amountMinor", sum(p.coins) as coins,
        sum(p.bonus_coins) as "bonusCoins", count(*) filter (where p.status = 'refunded') as refunded
      from payments p
      left join coin_packages cp on cp.id = p.package_id
      where p.purpose = 'coins' and ${tookMoney("p")} and ${inRange("p.paid_at", range)}
      group by p.package_id, p.currency
      order by count(*) desc, min(cp.name), p.currency`,
  );
  return rows.map((row) => ({
    packageId: row.packageId,
    name: row.name ?? "Deleted package",
    currency: row.currency,
    purchases: Number(row.purchases),
    amountMinor: Number(row.amountMinor),
    coins: Number(row.coins),
    bonusCoins: Number(row.bonusCoins),
    refunded: Number(row.refunded),
  }));
}

/** Adds `amount` to the currency's figure in `amounts`, keeping currencies in alphabetical order. */
function addMoney(amounts: MoneyAmount[], currency: string, amount: number): void {
  const found = amounts.find((item) => item.currency === currency);
  if (found) found.amountMinor += amount;
  else {
    amounts.push({ currency, amountMinor: amount });
    amounts.sort((a, b) => a.currency.localeCompare(b.currency));
  }
}

export async function getRevenueAnalytics({ db }: ServiceDeps, range: DayRange): Promise<RevenueAnalytics> {
  // Payments and subscriptions change without the ledger too (a renewal, a cancellation).
  track(LEDGER_TOPIC, PAYMENTS_TOPIC, SUBSCRIPTIONS_ADMIN_TOPIC);
  const [rows, money, opening, packages] = await Promise.all([
    dailyFigures(db, range),
    dailyMoney(db, range),
    openingCirculation(db, range),
    packageSales(db, range),
  ]);

  const totals: RevenueTotals = {
    ...(Object.fromEntries(FIGURE_KEYS.map((key) => [key, 0])) as Figures),
    purchaseAmounts: [],
    subscriptionAmounts: [],
    refundAmounts: [],
    netAmounts: [],
    circulationAtStart: opening,
    circulationAtEnd: { ...opening },
  };
  const circulation = { ...opening };
  const daily: RevenueDay[] = rows.map((row) => {
    const figures = Object.fromEntries(FIGURE_KEYS.map((key) => [key, Number(row[key])])) as Figures;
    for (const key of FIGURE_KEYS) totals[key] += figures[key];
    circulation.purchased += Number(row.purchasedChange);
    circulation.bonus += Number(row.bonusChange);
    return {
      day: row.day,
      ...figures,
      purchaseAmounts: [],
      subscriptionAmounts: [],
      refundAmounts: [],
      circulationPurchased: circulation.purchased,
      circulationBonus: circulation.bonus,
    };
  });
  totals.circulationAtEnd = { ...circulation };

  const byDay = new Map(daily.map((day) => [day.day, day]));
  const paymentsIn = new Map<string, number>();
  for (const item of money) {
    const day = byDay.get(item.day);
    const amount = Number(item.amount);
    if (!day) continue;
    const field = `${item.kind}Amounts` as const;
    addMoney(day[field], item.currency, amount);
    addMoney(totals[field], item.currency, amount);
    addMoney(totals.netAmounts, item.currency, item.kind === "refund" ? -amount : amount);
    if (item.kind !== "refund") {
      paymentsIn.set(item.currency, (paymentsIn.get(item.currency) ?? 0) + Number(item.payments));
    }
  }
  // Amounts in different currencies do not compare; the number of payments does.
  const currencies = totals.netAmounts
    .map((item) => item.currency)
    .sort((a, b) => (paymentsIn.get(b) ?? 0) - (paymentsIn.get(a) ?? 0) || a.localeCompare(b));

  return { from: range.from, to: range.to, currencies, totals, daily, packages };
}
