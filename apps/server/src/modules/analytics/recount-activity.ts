// The analytics tables made again from the events: who was active on which day (added to, never
// taken from: a day someone only had the app open is known nowhere else), then weeks, months,
// kinds of content, cohorts, each person's first times, and titles' and episodes' readers. For a
// database kept before these tables existed, after the demo seed (whose history is written
// straight into the tables), and from the tools page.
import { sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";

const utcDay = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);

/** Days with an event: the person used the app that day. */
const ACTIVE_DAYS = sql`
  insert into daily_active_people (day, user_id)
  select ${utcDay("viewed_at")}, user_id from episode_views where user_id is not null
  union select day::date, user_id from activity_time
  union select ${utcDay("created_at")}, sender_id from messages
  union select ${utcDay("created_at")}, author_id from club_posts where author_id is not null
  union select day, viewer_id from reel_views
  union select ${utcDay("created_at")}, user_id from story_plays
  union select ${utcDay("created_at")}, user_id from episode_unlocks
  on conflict do nothing`;

const WEEKS_AND_MONTHS = [
  sql`delete from weekly_active_people`,
  sql`insert into weekly_active_people (week, user_id)
    select distinct date_trunc('week', day)::date, user_id from daily_active_people`,
  sql`delete from monthly_active_people`,
  sql`insert into monthly_active_people (month, user_id)
    select distinct date_trunc('month', day)::date, user_id from daily_active_people`,
];

/** What people read, listened to, watched and played each day. The platform is kept as it was. */
const CONTENT_SEGMENTS = [
  sql`delete from daily_active_segments where segment like 'type:%'`,
  sql`insert into daily_active_segments (day, segment, user_id)
    select ${utcDay("v.viewed_at")}, 'type:' || c.content_type, v.user_id
      from episode_views v join content c on c.id = v.content_id where v.user_id is not null
    union select day, 'type:reel', viewer_id from reel_views
    union select ${utcDay("created_at")}, 'type:story', user_id from story_plays
    on conflict do nothing`,
];

const ACTIVITY_COUNTS = [
  sql`delete from daily_counts where metric like 'people.active%'`,
  sql`insert into daily_counts (day, metric, value)
    select day, 'people.active', count(*) from daily_active_people group by day
    union all
    select a.day, 'people.active_new', count(*) from daily_active_people a join users u on u.id = a.user_id
      where ${utcDay("u.created_at")} = a.day group by a.day
    union all
    select week, 'people.active_weekly', count(*) from weekly_active_people group by week
    union all
    select month, 'people.active_monthly', count(*) from monthly_active_people group by month
    union all
    select day, 'people.active:' || segment, count(*) from daily_active_segments group by day, segment`,
];

/** Coins moved by each person's entries: bought into their wallets, spent out of them on unlocks. */
const COHORTS = [
  sql`delete from cohort_weeks`,
  sql`insert into cohort_weeks (cohort_week, week, active_people, coins_bought, coins_spent)
    select cohort_week, week, sum(active), sum(bought), sum(spent) from (
      select date_trunc('week', u.created_at at time zone 'UTC')::date as cohort_week, w.week,
        count(*) as active, 0 as bought, 0 as spent
        from weekly_active_people w join users u on u.id = w.user_id
        group by 1, 2
      union all
      select date_trunc('week', u.created_at at time zone 'UTC')::date,
        date_trunc('week', e.created_at at time zone 'UTC')::date, 0,
        coalesce(sum(p.amount) filter (where e.kind = 'purchase'), 0),
        coalesce(sum(-p.amount) filter (where e.kind = 'unlock'), 0)
        from ledger_entries e
        join ledger_postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id and a.user_id = e.user_id
        join users u on u.id = e.user_id
        where e.kind in ('purchase', 'unlock')
        group by 1, 2
    ) cells
    where week >= cohort_week
    group by cohort_week, week`,
];

const MILESTONES = [
  sql`delete from person_milestones`,
  sql`insert into person_milestones (user_id, signed_up_at, first_episode_at, first_finished_at, first_paid_at,
      first_reel_at, reel_click_at, story_started_at, story_finished_at)
    select u.id, u.created_at,
      -- Finishing an episode is opening it too (its view may be stamped a moment after).
      least(
        (select min(viewed_at) from episode_views where user_id = u.id),
        (select min(completed_at) from episode_progress where user_id = u.id)),
      (select min(completed_at) from episode_progress where user_id = u.id),
      least(
        (select min(created_at) from ledger_entries where user_id = u.id and kind = 'unlock'),
        (select min(paid_at) from payments where user_id = u.id)),
      (select min(started_at) from reel_views where viewer_id = u.id),
      (select min(created_at) from reel_link_clicks where user_id = u.id),
      (select min(created_at) from story_plays where user_id = u.id),
      (select min(finished_at) from story_plays where user_id = u.id)
    from users u`,
  sql`delete from person_milestones where first_episode_at is null and first_finished_at is null
    and first_paid_at is null and first_reel_at is null and reel_click_at is null and story_started_at is null`,
  sql`update person_milestones m set unlock_after_reel_at = (
      select min(created_at) from episode_unlocks
      where user_id = m.user_id and entry_id is not null and created_at >= m.reel_click_at)
    where m.reel_click_at is not null`,
];

const TITLES = [
  sql`delete from title_daily`,
  sql`insert into title_daily (day, content_id, new_readers, completions, coins_earned)
    select day, content_id, sum(readers), sum(finished), sum(coins) from (
      select ${utcDay("first_view")} as day, content_id, count(*) as readers, 0 as finished, 0 as coins
        from (select user_id, content_id, min(viewed_at) as first_view from episode_views
              where user_id is not null group by user_id, content_id) firsts
        group by 1, 2
      union all
      select ${utcDay("p.completed_at")}, p.content_id, 0, count(*), 0
        from episode_progress p join episodes e on e.id = p.episode_id
        where p.completed_at is not null and e.number = (
          select max(number) from episodes last where last.content_id = e.content_id and last.publish_at <= now())
        group by 1, 2
      union all
      select ${utcDay("paid.created_at")}, paid.content_id, 0, 0, sum(paid.coins)
        from (select distinct on (u.entry_id, u.content_id) u.entry_id, u.content_id, e.created_at,
                (select sum(-p.amount) from ledger_postings p join ledger_accounts a on a.id = p.account_id
                 where p.entry_id = u.entry_id and a.user_id is not null) as coins
              from episode_unlocks u join ledger_entries e on e.id = u.entry_id) paid
        group by 1, 2
    ) rows group by day, content_id`,
  sql`delete from episode_daily`,
  sql`insert into episode_daily (day, episode_id, content_id, new_readers)
    select ${utcDay("first_view")}, episode_id, content_id, count(*)
      from (select user_id, episode_id, content_id, min(viewed_at) as first_view from episode_views
            where user_id is not null group by user_id, episode_id, content_id) firsts
      group by 1, 2, 3`,
];

/** Makes every analytics table again from the events, in the caller's transaction. */
export async function recountActivity(tx: Executor): Promise<void> {
  await tx.execute(ACTIVE_DAYS);
  for (const statement of [...WEEKS_AND_MONTHS, ...CONTENT_SEGMENTS, ...ACTIVITY_COUNTS, ...COHORTS]) {
    await tx.execute(statement);
  }
  for (const statement of [...MILESTONES, ...TITLES]) await tx.execute(statement);
}
