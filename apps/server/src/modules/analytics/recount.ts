// The daily counts and the analytics tables made again from the events themselves: once on a
// database that has events but no counts yet (one kept before counting began), and after the demo
// seed, whose bulk history is written straight into the tables rather than through the services
// that count. The active people's counts come from recount-activity.ts.
import { sql } from "drizzle-orm";
import { DAILY_COUNTS_TOPIC } from "../../core/daily-counts.ts";
import type { Database, Executor } from "../../core/db/client.ts";
import { dailyActivePeople, dailyCounts, weeklyActivePeople } from "../../core/db/schema.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { recountActivity } from "./recount-activity.ts";

const RECOUNT = sql`
  insert into daily_counts (day, metric, value)
  select (created_at at time zone 'UTC')::date, 'people.signed_up', count(*) from users group by 1
  union all
  select day, 'reading.' || kind || '_seconds', sum(seconds) from activity_time group by day, kind
  union all
  select (completed_at at time zone 'UTC')::date, 'reading.episodes_finished', count(*)
    from episode_progress where completed_at is not null group by 1
  union all
  select (e.created_at at time zone 'UTC')::date, 'coins.bought', sum(p.amount)
    from ledger_entries e join ledger_postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
    where e.kind = 'purchase' and a.user_id is not null and p.amount > 0 group by 1
  union all
  select (e.created_at at time zone 'UTC')::date, 'coins.spent', sum(p.amount)
    from ledger_entries e join ledger_postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
    where e.kind = 'unlock' and a.user_id is null and p.amount > 0 group by 1
  union all
  select (paid_at at time zone 'UTC')::date, 'money.paid:' || currency, sum(amount_minor)
    from payments where paid_at is not null group by 1, currency
  union all
  select (created_at at time zone 'UTC')::date, 'community.messages', count(*) from messages group by 1
  union all
  select (created_at at time zone 'UTC')::date, 'community.club_posts', count(*) from club_posts group by 1
  union all
  select (created_at at time zone 'UTC')::date, 'support.tickets_opened', count(*) from support_tickets group by 1
  union all
  select (created_at at time zone 'UTC')::date, 'moderation.reports_filed', count(*) from reports group by 1
  -- Two processes starting together may both count; the first one's rows stand.
  on conflict (day, metric, shard) do nothing`;

/** Replaces every count, and every analytics table, with one made from the events. */
export async function recountDailyCounts(deps: ServiceDeps): Promise<void> {
  // What this process added up but has not written yet is in the events already.
  await deps.tally.flush();
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await recount(tx);
    deps.changes.changed(DAILY_COUNTS_TOPIC);
  });
}

async function recount(tx: Executor): Promise<void> {
  await tx.execute(sql`delete from daily_counts where metric not like 'people.active%'`);
  await tx.execute(RECOUNT);
  await recountActivity(tx);
}

/** At start: counts a database that has none yet. Later starts find the counts and do nothing. */
export async function countIfNeverCounted(db: Database): Promise<void> {
  // One row is enough to know: counting them all would read the whole table at every start.
  const [any] = await db.select({ day: dailyCounts.day }).from(dailyCounts).limit(1);
  if (!any) return db.transaction((tx) => recount(tx));
  // Counted before the analytics tables existed: those are made once.
  const [week] = await db.select({ week: weeklyActivePeople.week }).from(weeklyActivePeople).limit(1);
  const [day] = await db.select({ day: dailyActivePeople.day }).from(dailyActivePeople).limit(1);
  if (!week && day) await db.transaction((tx) => recountActivity(tx));
}
