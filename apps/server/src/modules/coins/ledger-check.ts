// The ledger's invariants, checked against the whole database: run by `ledger:check` on the
// command line and after every step of the property-based tests. Each rule is one query that
// returns the rows breaking it, so a violation names what is wrong.
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";

export interface LedgerViolation {
  rule: string;
  detail: string;
}

export interface LedgerCheckResult {
  entries: number;
  postings: number;
  wallets: number;
  violations: LedgerViolation[];
}

interface Rule {
  rule: string;
  query: ReturnType<typeof sql>;
  describe(row: Record<string, unknown>): string;
}

const RULES: Rule[] = [
  {
    rule: "every entry's postings sum to zero",
    query: sql`
      select e.id, coalesce(sum(p.amount), 0)::bigint as total, count(p.id)::int as postings
      from ledger_entries e left join ledger_postings p on p.entry_id = e.id
      group by e.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) = 0
      limit 50`,
    describe: (row) => `entry ${row.id}: ${row.postings} posting(s) summing to ${row.total}`,
  },
  {
    rule: "all postings sum to zero",
    query: sql`select sum(amount)::bigint as total from ledger_postings having sum(amount) <> 0`,
    describe: (row) => `the postings sum to ${row.total}`,
  },
  {
    rule: "no wallet goes negative",
    query: sql`
      select a.id, a.user_id, a.kind, sum(p.amount)::bigint as total
      from ledger_accounts a join ledger_postings p on p.account_id = a.id
      where a.kind in ('purchased', 'bonus')
      group by a.id having sum(p.amount) < 0
      limit 50`,
    describe: (row) => `${row.kind} account ${row.id} of user ${row.user_id} holds ${row.total}`,
  },
  {
    rule: "a wallet account's balance is the sum of its postings",
    query: sql`
      select a.id, a.balance, coalesce(sum(p.amount), 0)::bigint as total
      from ledger_accounts a left join ledger_postings p on p.account_id = a.id
      where a.kind in ('purchased', 'bonus')
      group by a.id having a.balance <> coalesce(sum(p.amount), 0)
      limit 50`,
    describe: (row) => `account ${row.id} says ${row.balance}, its postings sum to ${row.total}`,
  },
  {
    rule: "a wallet's postings come from entries about that wallet",
    query: sql`
      select p.id, e.id as entry_id, a.user_id as owner, e.user_id
      from ledger_postings p join ledger_accounts a on a.id = p.account_id
      join ledger_entries e on e.id = p.entry_id
      where a.user_id is not null and a.user_id <> e.user_id
      limit 50`,
    describe: (row) =>
      `posting ${row.id} of entry ${row.entry_id} (user ${row.user_id}) moves user ${row.owner}'s coins`,
  },
  {
    // Each kind of entry moves coins the one way it may: purchases and grants fill wallets from
    // sales and promotions, unlocks empty them into spending, expiry empties bonus accounts, an
    // ad's hold takes from the wallet, its spend goes on to revenue, its release comes back.
    rule: "each kind of entry moves coins only between its own accounts",
    query: sql`
      select p.id, e.id as entry_id, e.kind as entry_kind, a.kind as account_kind, p.amount
      from ledger_postings p join ledger_entries e on e.id = p.entry_id
      join ledger_accounts a on a.id = p.account_id
      where e.kind <> 'reversal' and not (
        (e.kind = 'purchase' and ((a.kind in ('purchased', 'bonus') and p.amount > 0) or (a.kind in ('sales', 'promotions') and p.amount < 0)))
        or (e.kind = 'grant' and ((a.kind in ('purchased', 'bonus') and p.amount > 0) or (a.kind in ('sales', 'promotions') and p.amount < 0)))
        or (e.kind = 'unlock' and ((a.kind in ('purchased', 'bonus') and p.amount < 0) or (a.kind = 'spending' and p.amount > 0)))
        or (e.kind = 'expiry' and ((a.kind = 'bonus' and p.amount < 0) or (a.kind = 'expired' and p.amount > 0)))
        or (e.kind = 'ad_hold' and ((a.kind in ('purchased', 'bonus') and p.amount < 0) or (a.kind = 'ad_holds' and p.amount > 0)))
        or (e.kind = 'ad_spend' and ((a.kind = 'ad_holds' and p.amount < 0) or (a.kind = 'ad_revenue' and p.amount > 0)))
        or (e.kind = 'ad_release' and ((a.kind in ('purchased', 'bonus') and p.amount > 0) or (a.kind = 'ad_holds' and p.amount < 0)))
      )
      limit 50`,
    describe: (row) =>
      `${row.entry_kind} entry ${row.entry_id} posts ${row.amount} to a ${row.account_kind} account`,
  },
  {
    rule: "a reversal posts exactly the opposite of the entry it reverses",
    query: sql`
      with pairs as (
        select r.id as reversal, r.reverses_entry_id as original from ledger_entries r where r.kind = 'reversal'
      ),
      diff as (
        select pairs.reversal, p.account_id, sum(p.amount) as amount
        from pairs join ledger_postings p on p.entry_id in (pairs.reversal, pairs.original)
        group by pairs.reversal, p.account_id
      )
      select reversal from diff where amount <> 0 group by reversal limit 50`,
    describe: (row) => `reversal ${row.reversal} does not mirror its original`,
  },
  {
    // Spendable bonus = granted − spent (on unlocks, and held for ads less what came back) − expired, per bonus account: no coin is spent or
    // expires twice, and coins are neither spent after their expiry nor expired before it.
    rule: "spendable bonus = granted − spent − held for ads + given back − expired",
    query: sql`
      select a.id, a.balance, a.expires_at,
        coalesce(sum(p.amount) filter (where e.kind in ('grant', 'purchase') or o.kind in ('grant', 'purchase')), 0)::bigint as granted,
        coalesce(-sum(p.amount) filter (where e.kind in ('unlock', 'ad_hold', 'ad_release') or o.kind = 'unlock'), 0)::bigint as spent,
        coalesce(-sum(p.amount) filter (where e.kind = 'expiry'), 0)::bigint as expired,
        count(*) filter (where e.kind in ('unlock', 'ad_hold') and e.created_at > a.expires_at)::int as late_spends,
        count(*) filter (where e.kind = 'expiry' and e.created_at < a.expires_at)::int as early_expiries
      from ledger_accounts a join ledger_postings p on p.account_id = a.id
      join ledger_entries e on e.id = p.entry_id
      left join ledger_entries o on o.id = e.reverses_entry_id
      where a.kind = 'bonus'
      group by a.id
      having a.balance <> coalesce(sum(p.amount) filter (where e.kind in ('grant', 'purchase') or o.kind in ('grant', 'purchase')), 0)
          + coalesce(sum(p.amount) filter (where e.kind in ('unlock', 'ad_hold', 'ad_release') or o.kind = 'unlock'), 0)
          + coalesce(sum(p.amount) filter (where e.kind = 'expiry'), 0)
        or count(*) filter (where e.kind in ('unlock', 'ad_hold') and e.created_at > a.expires_at) > 0
        or count(*) filter (where e.kind = 'expiry' and e.created_at < a.expires_at) > 0
      limit 50`,
    describe: (row) =>
      `bonus account ${row.id}: balance ${row.balance}, granted ${row.granted}, spent ${row.spent}, expired ${row.expired}, ${row.late_spends} spend(s) after expiry, ${row.early_expiries} expiry(ies) before it`,
  },
  {
    rule: "a paid coin purchase is credited exactly once, with what it bought",
    query: sql`
      select pay.id, pay.status, pay.credit_entry_id, e.kind, e.user_id = pay.user_id as same_user,
        coalesce(sum(p.amount) filter (where a.kind = 'purchased'), 0)::bigint as purchased,
        coalesce(sum(p.amount) filter (where a.kind = 'bonus'), 0)::bigint as bonus,
        pay.coins, pay.bonus_coins
      from payments pay
      left join ledger_entries e on e.id = pay.credit_entry_id
      left join ledger_postings p on p.entry_id = e.id
      left join ledger_accounts a on a.id = p.account_id
      where pay.purpose = 'coins' and (pay.status in ('paid', 'refunded') or pay.credit_entry_id is not null)
      group by pay.id, e.id
      having pay.credit_entry_id is null or e.kind <> 'purchase' or not (e.user_id = pay.user_id)
        or coalesce(sum(p.amount) filter (where a.kind = 'purchased'), 0) <> pay.coins
        or coalesce(sum(p.amount) filter (where a.kind = 'bonus'), 0) <> pay.bonus_coins
      limit 50`,
    describe: (row) =>
      `payment ${row.id} (${row.status}) credited ${row.purchased}+${row.bonus} by entry ${row.credit_entry_id}, bought ${row.coins}+${row.bonus_coins}`,
  },
  {
    rule: "a refunded purchase has its credit reversed",
    query: sql`
      select pay.id from payments pay
      where pay.purpose = 'coins' and pay.status = 'refunded'
        and not exists (select 1 from ledger_entries r where r.reverses_entry_id = pay.credit_entry_id)
      limit 50`,
    describe: (row) => `payment ${row.id} is refunded but its coins were not taken back`,
  },
  {
    rule: "an unlock paid with coins is revoked exactly when its payment is reversed",
    query: sql`
      select u.id, u.revoked_at is not null as revoked, r.id is not null as reversed
      from episode_unlocks u
      left join ledger_entries e on e.id = u.entry_id
      left join ledger_entries r on r.reverses_entry_id = u.entry_id
      where (u.kind <> 'wait_free' and (u.entry_id is null or e.kind <> 'unlock'))
         or (u.kind = 'wait_free' and u.entry_id is not null)
         or (u.entry_id is not null and (u.revoked_at is not null) <> (r.id is not null))
      limit 50`,
    describe: (row) => `unlock ${row.id}: revoked ${row.revoked}, payment reversed ${row.reversed}`,
  },
  {
    // Everything the ad holds account moved for a campaign, found by the entries' keys, is what
    // the campaign says it held, settled and gave back.
    rule: "an ad campaign's hold is what it held, less what it spent and gave back",
    query: sql`
      with moved as (
        select substring(e.idempotency_key from 4 for 36) as campaign_id,
          coalesce(sum(p.amount) filter (where e.kind = 'ad_hold'), 0)::bigint as held,
          coalesce(-sum(p.amount) filter (where e.kind = 'ad_spend'), 0)::bigint as settled,
          coalesce(-sum(p.amount) filter (where e.kind = 'ad_release'), 0)::bigint as released
        from ledger_entries e join ledger_postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id
        where e.kind in ('ad_hold', 'ad_spend', 'ad_release') and a.kind = 'ad_holds'
        group by 1
      )
      select coalesce(c.id::text, m.campaign_id) as id, c.held_coins, c.settled_coins, c.released_coins,
        m.held, m.settled, m.released
      from ad_campaigns c full join moved m on m.campaign_id = c.id::text
      where (c.held_coins > 0 or m.campaign_id is not null)
        and (c.id is null or m.campaign_id is null or c.held_coins <> m.held
          or c.settled_coins <> m.settled or c.released_coins <> m.released)
      limit 50`,
    describe: (row) =>
      `campaign ${row.id} says held ${row.held_coins}, settled ${row.settled_coins}, released ${row.released_coins}; the ledger moved ${row.held}, ${row.settled}, ${row.released}`,
  },
  {
    rule: "a campaign that is over holds nothing and has settled all it spent",
    query: sql`
      select id, status, held_coins, settled_coins, released_coins, spent_milli from ad_campaigns
      where not is_house and status in ('rejected', 'stopped', 'ended')
        and (held_coins <> settled_coins + released_coins or settled_coins <> spent_milli / 1000)
      limit 50`,
    describe: (row) =>
      `${row.status} campaign ${row.id}: held ${row.held_coins}, settled ${row.settled_coins}, released ${row.released_coins}, spent ${Number(row.spent_milli) / 1000}`,
  },
];

export async function checkLedger(db: Executor): Promise<LedgerCheckResult> {
  const violations: LedgerViolation[] = [];
  for (const { rule, query, describe } of RULES) {
    const rows = await queryRows<Record<string, unknown>>(db, query);
    for (const row of rows) violations.push({ rule, detail: describe(row) });
  }
  const [counts] = await queryRows<{ entries: number; postings: number; wallets: number }>(
    db,
    sql`select
      (select count(*) from ledger_entries)::int as entries,
      (select count(*) from ledger_postings)::int as postings,
      (select count(distinct user_id) from ledger_accounts where user_id is not null)::int as wallets`,
  );
  return {
    entries: counts?.entries ?? 0,
    postings: counts?.postings ?? 0,
    wallets: counts?.wallets ?? 0,
    violations,
  };
}
