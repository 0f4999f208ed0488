// Test helpers for reading and listening time: reports sent at a chosen server time, episodes of a
// known length, and what was credited for a person.
import { recordProgressInput } from "@litverse/shared/content-inputs";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { queryRows } from "../core/db/client.ts";
import { addEpisodes, bookChapter, type NewEpisode } from "../modules/content/add-episodes.ts";
import { recordProgress } from "../modules/reading/index.ts";
import type { Platform } from "../platform.ts";
import type { TestUser } from "./test-platform.ts";

export type ProgressReport = z.input<typeof recordProgressInput>;

/**
 * Records a position as the person's client would, validated as the function's input is, with the
 * server's clock at `now`. The person must be an adult (readerAged 18).
 */
export function reportsOf(platform: Platform, user: TestUser) {
  return (report: ProgressReport, now: Date) =>
    recordProgress(platform.deps, { ...user, age: 18 }, recordProgressInput.parse(report), now);
}

/** A chapter of `words` words: its allowance is what they take to read. */
export function chapterOf(words: number, title = "A Chapter"): NewEpisode {
  return bookChapter(title, `<p>${"word ".repeat(words)}</p>`);
}

/** An audiobook episode of the given length. */
export function audioOf(durationMs: number, title = "A Track"): NewEpisode {
  return {
    title,
    payload: { kind: "audio", file: "audio.m4a", mimeType: "audio/mp4", durationMs, chapters: [] },
    files: { "audio.m4a": new Uint8Array(8) },
  };
}

export async function episodesOf(platform: Platform, contentId: string, episodes: NewEpisode[]) {
  return (await addEpisodes(platform.deps, contentId, episodes)).map((episode) => episode.id);
}

export interface CreditedTime {
  /** Seconds counted towards XP, per source. */
  reading: number;
  listening: number;
  /** XP from them. */
  readingXp: number;
  listeningXp: number;
  /** Seconds in the time a profile shows, all kinds together. */
  statistics: number;
  /** Seconds credited per episode. */
  byEpisode: Map<string, number>;
}

export async function creditedTimeOf(platform: Platform, userId: string): Promise<CreditedTime> {
  const [row] = await queryRows<{
    reading: number;
    listening: number;
    reading_xp: number;
    listening_xp: number;
    statistics: number;
  }>(
    platform.deps.db,
    sql`select
          (select coalesce(sum(units), 0)::int from xp_daily where user_id = ${userId} and source = 'reading_minutes') as reading,
          (select coalesce(sum(units), 0)::int from xp_daily where user_id = ${userId} and source = 'listening_minutes') as listening,
          (select coalesce(sum(amount), 0)::int from xp_events where user_id = ${userId} and source = 'reading_minutes') as reading_xp,
          (select coalesce(sum(amount), 0)::int from xp_events where user_id = ${userId} and source = 'listening_minutes') as listening_xp,
          (select coalesce(sum(seconds), 0)::int from activity_time where user_id = ${userId}) as statistics`,
  );
  const episodes = await queryRows<{ episode_id: string; credited_seconds: number }>(
    platform.deps.db,
    sql`select episode_id, credited_seconds from episode_progress where user_id = ${userId}`,
  );
  return {
    reading: row?.reading ?? 0,
    listening: row?.listening ?? 0,
    readingXp: row?.reading_xp ?? 0,
    listeningXp: row?.listening_xp ?? 0,
    statistics: row?.statistics ?? 0,
    byEpisode: new Map(episodes.map((episode) => [episode.episode_id, episode.credited_seconds])),
  };
}
