// How titles perform over a range of days: views, readers, finished episodes, likes, follows and
// ratings, per day and in total, for the whole catalogue (with the best titles) or for one title
// (with each episode's completion). Days are UTC.
import type {
  ContentMetrics,
  ContentType,
  MetricsDay,
  MetricsOverview,
  MetricsTotals,
} from "@litverse/shared/content";
import { eq, type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../core/db/client.ts";
import { AppError } from "../../../core/errors.ts";
import type { ServiceDeps } from "../../../core/service-deps.ts";
import { toContentCard } from "../../content/index.ts";
import { content } from "../../content/schema.ts";

interface Range {
  from: string;
  to: string;
}

/** Which titles count: all, one type, or one title. */
type Scope = { contentType?: ContentType; contentId?: string };

function scopeCondition(alias: string, scope: Scope): SQL {
  const column = sql.raw(`${alias}.content_id`);
  if (scope.contentId) return sql`${column} = ${scope.contentId}`;
  if (scope.contentType) {
    return sql`${column} in (select id from ${content} where content_type = ${scope.contentType})`;
  }
  return sql`true`;
}

const start = (range: Range) => sql`${range.from}::date::timestamptz`;
/** The end is exclusive: midnight after the last day. */
const end = (range: Range) => sql`(${range.to}::date + 1)::timestamptz`;

/** Rows of `table` (aliased x) in scope whose `column` falls within the range. */
function within(column: string, range: Range, scope: Scope): SQL {
  const at = sql.raw(`x.${column}`);
  return sql`${scopeCondition("x", scope)} and ${at} >= ${start(range)} and ${at} < ${end(range)}`;
}

async function totals(db: Executor, range: Range, scope: Scope): Promise<MetricsTotals> {
  const [row] = await queryRows<Record<keyof MetricsTotals, number | string>>(
    db,
    sql`select
      (select count(*) from episode_views x where ${within("viewed_at", range, scope)}) as views,
      (select count(distinct user_id) from episode_views x where ${within("viewed_at", range, scope)}) as readers,
      (select count(*) from episode_progress x where ${within("completed_at", range, scope)}) as completions,
      (select count(*) from content_likes x where ${within("created_at", range, scope)}) as likes,
      (select count(*) from content_follows x where ${within("created_at", range, scope)}) as follows,
      (select count(*) from content_ratings x where ${within("updated_at", range, scope)}) as ratings,
      (select coalesce(avg(rating), 0)::float8 from content_ratings x
        where ${within("updated_at", range, scope)}) as "ratingAverage"`,
  );
  return {
    views: Number(row?.views ?? 0),
    readers: Number(row?.readers ?? 0),
    completions: Number(row?.completions ?? 0),
    likes: Number(row?.likes ?? 0),
    follows: Number(row?.follows ?? 0),
    ratings: Number(row?.ratings ?? 0),
    ratingAverage: Math.round(Number(row?.ratingAverage ?? 0) * 100) / 100,
  };
}

async function daily(db: Executor, range: Range, scope: Scope): Promise<MetricsDay[]> {
  /** One figure per day: `value` over the rows of `table` whose `column` falls on that day. */
  const perDay = (table: string, column: string, value = "count(*)") => sql`(
    select (${sql.raw(`x.${column}`)} at time zone 'UTC')::date as day, ${sql.raw(value)} as n
    from ${sql.raw(table)} x where ${within(column, range, scope)} group by 1)`;
  const rows = await queryRows<{ day: string } & Record<string, number | string>>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day,
        coalesce(v.n, 0) as views, coalesce(r.n, 0) as readers, coalesce(c.n, 0) as completions,
        coalesce(l.n, 0) as likes, coalesce(f.n, 0) as follows
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
      left join ${perDay("episode_views", "viewed_at")} v on v.day = d.day::date
      left join ${perDay("episode_views", "viewed_at", "count(distinct x.user_id)")} r on r.day = d.day::date
      left join ${perDay("episode_progress", "completed_at")} c on c.day = d.day::date
      left join ${perDay("content_likes", "created_at")} l on l.day = d.day::date
      left join ${perDay("content_follows", "created_at")} f on f.day = d.day::date
      order by d.day`,
  );
  return rows.map((row) => ({
    day: row.day,
    views: Number(row.views),
    readers: Number(row.readers),
    completions: Number(row.completions),
    likes: Number(row.likes),
    follows: Number(row.follows),
  }));
}

/** The titles with the most views in the range. */
const TOP_CONTENT_LIMIT = 10;

export async function getOverview(
  { db }: ServiceDeps,
  range: Range & { contentType?: ContentType },
): Promise<MetricsOverview> {
  const scope: Scope = range.contentType ? { contentType: range.contentType } : {};
  const top = await queryRows<{ content_id: string }>(
    db,
    sql`select v.content_id from episode_views v
      where ${scopeCondition("v", scope)} and v.viewed_at >= ${start(range)} and v.viewed_at < ${end(range)}
      group by v.content_id order by count(*) desc, v.content_id limit ${TOP_CONTENT_LIMIT}`,
  );
  const [overall, days, topContent] = await Promise.all([
    totals(db, range, scope),
    daily(db, range, scope),
    Promise.all(
      top.map(async ({ content_id: contentId }) => {
        const [row] = await db.select().from(content).where(eq(content.id, contentId));
        return row ? [{ content: toContentCard(row), ...(await totals(db, range, { contentId })) }] : [];
      }),
    ),
  ]);
  return { totals: overall, daily: days, topContent: topContent.flat() };
}

export async function getContentMetrics(
  { db }: ServiceDeps,
  contentId: string,
  range: Range,
): Promise<ContentMetrics> {
  const [row] = await db.select().from(content).where(eq(content.id, contentId));
  if (!row) throw new AppError("NOT_FOUND", "No such title.");
  const scope = { contentId };
  const episodes = await queryRows<{
    number: number;
    title: string;
    views: string;
    readers: string;
    completions: string;
  }>(
    db,
    sql`select e.number, e.title,
        (select count(*) from episode_views v where v.episode_id = e.id
          and v.viewed_at >= ${start(range)} and v.viewed_at < ${end(range)}) as views,
        (select count(distinct v.user_id) from episode_views v where v.episode_id = e.id
          and v.viewed_at >= ${start(range)} and v.viewed_at < ${end(range)}) as readers,
        (select count(*) from episode_progress p where p.episode_id = e.id
          and p.completed_at >= ${start(range)} and p.completed_at < ${end(range)}) as completions
      from episodes e where e.content_id = ${contentId} order by e.number`,
  );
  const [overall, days] = await Promise.all([totals(db, range, scope), daily(db, range, scope)]);
  return {
    content: toContentCard(row),
    totals: overall,
    daily: days,
    episodes: episodes.map((episode) => {
      const readers = Number(episode.readers);
      const completions = Number(episode.completions);
      return {
        number: episode.number,
        title: episode.title,
        views: Number(episode.views),
        readers,
        completions,
        completionRate: readers > 0 ? Math.min(1, completions / readers) : 0,
      };
    }),
  };
}
