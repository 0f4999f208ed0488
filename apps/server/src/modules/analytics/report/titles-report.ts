// Content performance: titles by the readers they gained in the period, with completions and the
// coins they earned beside the period before, and where a title's readers stop along its
// episodes. From the title and episode day tables, kept as reading and unlocks happen.
import type { DayRange, TitleDropOff, TitlePerformance } from "@litverse/shared/analytics";
import { and, asc, between, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../core/db/client.ts";
import { episodeDaily, titleDaily } from "../../../core/db/schema.ts";
import { AppError } from "../../../core/errors.ts";
import { content, episodes } from "../../content/schema.ts";
import { periodBefore } from "./period.ts";

/** The titles listed, most readers first. */
export const TITLES_SHOWN = 20;

const totals = {
  newReaders: sql<number>`sum(${titleDaily.newReaders})::int`,
  completions: sql<number>`sum(${titleDaily.completions})::int`,
  coinsEarned: sql<number>`sum(${titleDaily.coinsEarned})::bigint`,
};

export async function titlesReport(db: Executor, range: DayRange): Promise<TitlePerformance[]> {
  const top = await db
    .select({
      contentId: titleDaily.contentId,
      title: content.title,
      contentType: content.contentType,
      ...totals,
    })
    .from(titleDaily)
    .innerJoin(content, eq(content.id, titleDaily.contentId))
    .where(between(titleDaily.day, range.from, range.to))
    .groupBy(titleDaily.contentId, content.title, content.contentType)
    .orderBy(desc(totals.newReaders), desc(totals.coinsEarned), asc(content.title))
    .limit(TITLES_SHOWN);
  if (top.length === 0) return [];
  const previous = periodBefore(range);
  const before = await db
    .select({ contentId: titleDaily.contentId, ...totals })
    .from(titleDaily)
    .where(
      and(
        between(titleDaily.day, previous.from, previous.to),
        inArray(
          titleDaily.contentId,
          top.map((row) => row.contentId),
        ),
      ),
    )
    .groupBy(titleDaily.contentId);
  return top.map((row) => {
    const earlier = before.find((item) => item.contentId === row.contentId);
    return {
      contentId: row.contentId,
      title: row.title,
      contentType: row.contentType,
      newReaders: { value: row.newReaders, previous: earlier?.newReaders ?? 0 },
      completions: { value: row.completions, previous: earlier?.completions ?? 0 },
      completionPercent:
        row.newReaders === 0 ? 0 : Math.round((row.completions / row.newReaders) * 1000) / 10,
      coinsEarned: { value: Number(row.coinsEarned), previous: Number(earlier?.coinsEarned ?? 0) },
    };
  });
}

export async function titleDropOff(db: Executor, contentId: string, range: DayRange): Promise<TitleDropOff> {
  const [title] = await db.select({ title: content.title }).from(content).where(eq(content.id, contentId));
  if (!title) throw new AppError("NOT_FOUND", "No such title.");
  const rows = await db
    .select({
      episodeId: episodes.id,
      number: episodes.number,
      title: episodes.title,
      newReaders: sql<number>`coalesce(sum(${episodeDaily.newReaders}), 0)::int`,
    })
    .from(episodes)
    .leftJoin(
      episodeDaily,
      // The title's own rows, by its (content, day) index: on the episode alone the join would read
      // every episode-day of the platform.
      and(
        eq(episodeDaily.contentId, contentId),
        eq(episodeDaily.episodeId, episodes.id),
        between(episodeDaily.day, range.from, range.to),
      ),
    )
    .where(eq(episodes.contentId, contentId))
    .groupBy(episodes.id, episodes.number, episodes.title)
    .orderBy(asc(episodes.number));
  return { contentId, title: title.title, episodes: rows };
}
