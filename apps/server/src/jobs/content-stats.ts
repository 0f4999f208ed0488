// Engagement figures per title, recomputed in one statement every few minutes: views (all time,
// this week, the week before), readers, followers, likes, ratings, and the scores that order
// explore's "popular" results and fill the computed shelves. Counting on every read would make
// each view re-run every home page; a periodic refresh keeps reads cheap and shelves steady.
import { sql } from "drizzle-orm";
import type { ServiceDeps } from "../core/service-deps.ts";
import { CONTENT_STATS_TOPIC } from "../modules/content/topics.ts";

/** Rising stars are titles first published this recently. */
export const RISING_WINDOW_DAYS = 90;
/** Hidden gems: well rated (this average, by at least this many) but seen less than most titles. */
export const HIDDEN_GEM_MIN_RATING = 4;
export const HIDDEN_GEM_MIN_RATINGS = 2;

export async function refreshContentStats(deps: ServiceDeps): Promise<void> {
  await deps.db.execute(sql`
    with
    views as (
      select content_id,
        count(*) as total,
        count(*) filter (where viewed_at > now() - interval '7 days') as recent,
        count(*) filter (where viewed_at <= now() - interval '7 days' and viewed_at > now() - interval '14 days') as previous,
        count(distinct user_id) as readers
      from episode_views group by content_id
    ),
    follows as (
      select content_id, count(*) as total,
        count(*) filter (where created_at > now() - interval '7 days') as recent
      from content_follows group by content_id
    ),
    likes as (
      select content_id, count(*) as total,
        count(*) filter (where created_at > now() - interval '7 days') as recent
      from content_likes group by content_id
    ),
    ratings as (
      select content_id, count(*) as total, avg(rating)::float8 as average
      from content_ratings group by content_id
    ),
    figures as (
      select c.id as content_id, c.published_at,
        coalesce(v.total, 0) as views_total, coalesce(v.recent, 0) as views_recent,
        coalesce(v.previous, 0) as views_previous, coalesce(v.readers, 0) as readers,
        coalesce(f.total, 0) as followers, coalesce(f.recent, 0) as followers_recent,
        coalesce(l.total, 0) as likes, coalesce(l.recent, 0) as likes_recent,
        coalesce(r.total, 0) as rating_count, coalesce(r.average, 0) as rating_average
      from content c
      left join views v on v.content_id = c.id
      left join follows f on f.content_id = c.id
      left join likes l on l.content_id = c.id
      left join ratings r on r.content_id = c.id
    ),
    median as (
      select coalesce(percentile_cont(0.5) within group (order by views_total), 0) as views
      from figures
    )
    insert into content_stats as s (
      content_id, views_total, views_recent, views_previous, readers, followers, likes,
      rating_count, rating_average, popularity_score, trending_score, rising_score,
      hidden_gem_score, refreshed_at
    )
    select f.content_id, f.views_total, f.views_recent, f.views_previous, f.readers, f.followers,
      f.likes, f.rating_count, f.rating_average,
      f.views_total + 3 * f.readers + 5 * f.followers + 2 * f.likes + f.rating_count * f.rating_average,
      f.views_recent + 5 * f.followers_recent + 3 * f.likes_recent,
      case when f.published_at > now() - make_interval(days => ${RISING_WINDOW_DAYS}) and f.views_recent > 0
        then ln(1 + f.views_recent) * (f.views_recent + 1.0) / (f.views_previous + 1.0)
        else 0 end,
      case when f.rating_count >= ${HIDDEN_GEM_MIN_RATINGS} and f.rating_average >= ${HIDDEN_GEM_MIN_RATING}
          and f.views_total <= (select views from median)
        then f.rating_average * ln(1 + f.rating_count)
        else 0 end,
      now()
    from figures f
    on conflict (content_id) do update set
      views_total = excluded.views_total, views_recent = excluded.views_recent,
      views_previous = excluded.views_previous, readers = excluded.readers,
      followers = excluded.followers, likes = excluded.likes,
      rating_count = excluded.rating_count, rating_average = excluded.rating_average,
      popularity_score = excluded.popularity_score, trending_score = excluded.trending_score,
      rising_score = excluded.rising_score, hidden_gem_score = excluded.hidden_gem_score,
      refreshed_at = excluded.refreshed_at`);
  deps.changes.changed(CONTENT_STATS_TOPIC);
}
