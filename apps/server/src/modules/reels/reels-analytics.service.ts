// Reels analytics over a range of UTC days, for all reels or one: plays, views, unique viewers,
// skips, watch time, completions and the retention curve from the daily figures the watch events
// keep (reel_daily_stats); likes, comments, shares and "Watch the series" clicks from their rows;
// and the conversion from a click to an unlock of the linked title within 24 hours, each unlock
// credited to the latest click before it. The creators' own activity never counts.
import { REEL_RETENTION_STEPS, type ReelFiguresSummary, type ReelsAnalytics } from "@litverse/shared/reels";
import type { reelsAnalyticsInput } from "@litverse/shared/reels-inputs";
import { inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { queryRows } from "../../core/db/client.ts";
import { type DayRange, inRange, rangeEnd, rangeStart, utcDay } from "../../core/db/day-range.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { peopleByIds } from "../profiles/index.ts";
import { reelUrls } from "./reel-cards.ts";
import { reels } from "./schema.ts";
import { REELS_ADMIN_TOPIC, REELS_ANALYTICS_TOPIC } from "./topics.ts";

/** Reels in the per-reel table at most. */
const REELS_LISTED = 100;

type Count = string | number | null;
const num = (value: Count | undefined) => (value === null || value === undefined ? 0 : Number(value));
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The counted parts of a summary, added up per day, per reel and in all. */
interface Tally {
  plays: number;
  views: number;
  skips: number;
  completions: number;
  watchMs: number;
  uniqueViewers: number;
  likes: number;
  comments: number;
  shares: number;
  clicks: number;
  unlocks: number;
  converted: number;
}

const emptyTally = (): Tally => ({
  plays: 0,
  views: 0,
  skips: 0,
  completions: 0,
  watchMs: 0,
  uniqueViewers: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  clicks: 0,
  unlocks: 0,
  converted: 0,
});

function summarise(tally: Tally): ReelFiguresSummary {
  return {
    plays: tally.plays,
    views: tally.views,
    uniqueViewers: tally.uniqueViewers,
    skipRate: ratio(tally.skips, tally.plays),
    averageWatchMs: tally.views > 0 ? Math.round(tally.watchMs / tally.views) : null,
    completionRate: ratio(tally.completions, tally.views),
    likes: tally.likes,
    comments: tally.comments,
    shares: tally.shares,
    clicks: tally.clicks,
    unlocks: tally.unlocks,
    conversionRate: ratio(tally.converted, tally.clicks),
  };
}

interface Row {
  day: string | null;
  reel_id: string | null;
  [figure: string]: Count;
}

export async function getReelsAnalytics(
  deps: ServiceDeps,
  input: z.output<typeof reelsAnalyticsInput>,
): Promise<ReelsAnalytics> {
  track(REELS_ANALYTICS_TOPIC, REELS_ADMIN_TOPIC);
  const { db } = deps;
  const range: DayRange = { from: input.from, to: input.to };
  const reelId = input.reelId ?? null;
  const onReel = (column: string) => (reelId ? sql`and ${sql.raw(column)} = ${reelId}::uuid` : sql``);
  const days = sql`${range.from}::date and ${range.to}::date`;
  // Each grouped by day and by reel, the totals of a day being the sum over its reels (but unique
  // viewers, counted on their own below).
  const bySets = sql.raw("grouping sets ((day), (reel_id), ())");

  const [watching, viewers, engagement, conversion, reach] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, reel_id, sum(plays) as plays, sum(views) as views,
          sum(skips) as skips, sum(completions) as completions, sum(watch_ms) as watch_ms
        from reel_daily_stats where day between ${days} ${onReel("reel_id")}
        group by ${bySets}`,
    ),
    queryRows<Row>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, reel_id, count(distinct viewer_id) as unique_viewers
        from reel_views where is_counted and day between ${days} ${onReel("reel_id")}
        group by ${bySets}`,
    ),
    queryRows<Row>(
      db,
      sql`with acts as (
          select 'likes' as kind, l.reel_id, ${utcDay("l.created_at")} as day
          from reel_likes l join reels r on r.id = l.reel_id
          where ${inRange("l.created_at", range)} and l.user_id <> r.creator_id ${onReel("l.reel_id")}
          union all
          select 'comments', c.reel_id, ${utcDay("c.created_at")}
          from reel_comments c join reels r on r.id = c.reel_id
          where ${inRange("c.created_at", range)} and c.deleted_at is null and c.author_id <> r.creator_id
            ${onReel("c.reel_id")}
          union all
          select 'shares', s.reel_id, ${utcDay("s.created_at")}
          from reel_shares s join reels r on r.id = s.reel_id
          where ${inRange("s.created_at", range)} and s.user_id is distinct from r.creator_id ${onReel("s.reel_id")}
        )
        select to_char(day, 'YYYY-MM-DD') as day, reel_id,
          count(*) filter (where kind = 'likes') as likes,
          count(*) filter (where kind = 'comments') as comments,
          count(*) filter (where kind = 'shares') as shares
        from acts group by ${bySets}`,
    ),
    queryRows<Row>(
      db,
      sql`with clicks as (
          select c.id, c.reel_id, c.user_id, c.content_id, ${utcDay("c.created_at")} as day
          from reel_link_clicks c where ${inRange("c.created_at", range)} ${onReel("c.reel_id")}
        ),
        credited as (
          select u.id as unlock_id, (
            select c2.id from reel_link_clicks c2
            where c2.user_id = u.user_id and c2.content_id = u.content_id
              and c2.created_at <= u.created_at and c2.created_at > u.created_at - interval '24 hours'
            order by c2.created_at desc, c2.id desc limit 1
          ) as click_id
          from episode_unlocks u
          where u.revoked_at is null
            and u.created_at >= ${rangeStart(range)} and u.created_at < ${rangeEnd(range)} + interval '24 hours'
            and exists (select 1 from clicks c where c.user_id = u.user_id and c.content_id = u.content_id)
        ),
        per_click as (
          select c.id, c.reel_id, c.day, count(cr.unlock_id) as unlocks
          from clicks c left join credited cr on cr.click_id = c.id
          group by c.id, c.reel_id, c.day
        )
        select to_char(day, 'YYYY-MM-DD') as day, reel_id, count(*) as clicks, sum(unlocks) as unlocks,
          count(*) filter (where unlocks > 0) as converted
        from per_click group by ${bySets}`,
    ),
    queryRows<{ step: Count; plays: Count }>(
      db,
      sql`select t.i - 1 as step, sum(t.v) as plays
        from reel_daily_stats d, unnest(d.reach) with ordinality as t(v, i)
        where d.day between ${days} ${onReel("d.reel_id")}
        group by t.i order by t.i`,
    ),
  ]);

  const total = emptyTally();
  const perDay = new Map<string, Tally>();
  const perReel = new Map<string, Tally>();
  const tallyOf = (row: Row): Tally => {
    if (row.day) {
      const tally = perDay.get(row.day) ?? emptyTally();
      perDay.set(row.day, tally);
      return tally;
    }
    if (row.reel_id) {
      const tally = perReel.get(row.reel_id) ?? emptyTally();
      perReel.set(row.reel_id, tally);
      return tally;
    }
    return total;
  };
  const add = (rows: Row[], figures: Record<string, keyof Tally>) => {
    for (const row of rows) {
      const tally = tallyOf(row);
      for (const [column, figure] of Object.entries(figures)) tally[figure] += num(row[column]);
    }
  };
  add(watching, {
    plays: "plays",
    views: "views",
    skips: "skips",
    completions: "completions",
    watch_ms: "watchMs",
  });
  add(viewers, { unique_viewers: "uniqueViewers" });
  add(engagement, { likes: "likes", comments: "comments", shares: "shares" });
  add(conversion, { clicks: "clicks", unlocks: "unlocks", converted: "converted" });

  const reachByStep = new Map(reach.map((row) => [num(row.step), num(row.plays)]));
  const retention =
    total.plays === 0
      ? []
      : Array.from({ length: REEL_RETENTION_STEPS + 1 }, (_, step) => {
          let still = 0;
          for (let later = step; later <= REEL_RETENTION_STEPS; later++) still += reachByStep.get(later) ?? 0;
          return { at: (step * 100) / REEL_RETENTION_STEPS, share: still / total.plays };
        });

  const ranked = [...perReel.entries()]
    .sort(([, a], [, b]) => b.views - a.views || b.plays - a.plays || b.likes - a.likes)
    .slice(0, REELS_LISTED);
  const rows = ranked.length
    ? await db
        .select()
        .from(reels)
        .where(
          inArray(
            reels.id,
            ranked.map(([id]) => id),
          ),
        )
    : [];
  const rowById = new Map(rows.map((row) => [row.id, row]));
  const people = await peopleByIds(
    db,
    rows.map((row) => row.creatorId),
  );

  const dayList: string[] = [];
  for (let day = range.from; day <= range.to; day = nextDay(day)) dayList.push(day);
  return {
    from: range.from,
    to: range.to,
    reelId,
    totals: summarise(total),
    days: dayList.map((day) => ({ day, ...summarise(perDay.get(day) ?? emptyTally()) })),
    retention,
    reels: ranked.flatMap(([id, tally]) => {
      const row = rowById.get(id);
      const creator = row ? people.get(row.creatorId) : undefined;
      if (!row || !creator) return [];
      return [
        {
          id,
          caption: row.caption,
          creator,
          isOfficial: row.isOfficial,
          posterUrl: reelUrls(deps.media, row).posterUrl,
          durationMs: row.durationMs,
          ...summarise(tally),
        },
      ];
    }),
  };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
