// What administrators learn from plays. The dashboard counts plays (a restart is a new play) over
// a range of UTC days; the funnel follows readers through the newest version's scenes: readers who
// reached each scene (once each), readers whose latest point is there without ever reaching an
// ending (drop-off), and the first pick per reader at each scene, split by choice.
import type { StoriesDashboard, StoryFunnel, StoryFunnelScene } from "@litverse/shared/stories";
import { STORY_STATUSES } from "@litverse/shared/stories/story-model";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { queryRows } from "../../core/db/client.ts";
import { type DayRange, inRange, rangeEnd, rangeStart } from "../../core/db/day-range.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import {
  stories,
  storyChoiceTallies,
  storyEndingsFound,
  storyPlays,
  storyReaders,
  storySceneVisits,
  storyVersionScenes,
} from "./schema.ts";
import { loadStory } from "./story-access.ts";
import { STORIES_ACTIVITY_TOPIC, STORIES_ADMIN_TOPIC, storyActivityTopic, storyTopic } from "./topics.ts";

/** Stories listed on the dashboard: the most played in the range. */
const DASHBOARD_STORIES = 20;

const rate = (done: number, of: number): number | null => (of > 0 ? done / of : null);

export async function getStoriesDashboard({ db }: ServiceDeps, range: DayRange): Promise<StoriesDashboard> {
  track(STORIES_ACTIVITY_TOPIC, STORIES_ADMIN_TOPIC);
  const played = inRange("p.created_at", range);
  const [statuses, [totals], days, perStory, [endings]] = await Promise.all([
    db
      .select({ status: stories.status, count: sql<number>`count(*)::int` })
      .from(stories)
      .groupBy(stories.status),
    queryRows<{ plays: number; players: number; completed: number }>(
      db,
      sql`select count(*)::int as plays, count(distinct p.user_id)::int as players,
            count(*) filter (where p.finished_at is not null)::int as completed
          from ${storyPlays} p where ${played}`,
    ),
    queryRows<{ day: string; plays: number; completions: number }>(
      db,
      sql`select to_char(d.day, 'YYYY-MM-DD') as day,
            (select count(*) from ${storyPlays} p
              where p.created_at >= d.day at time zone 'UTC'
                and p.created_at < (d.day + interval '1 day') at time zone 'UTC')::int as plays,
            (select count(*) from ${storyPlays} p
              where p.finished_at >= d.day at time zone 'UTC'
                and p.finished_at < (d.day + interval '1 day') at time zone 'UTC')::int as completions
          from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
          order by d.day`,
    ),
    queryRows<{ id: string; title: string; plays: number; completed: number }>(
      db,
      sql`select s.id, s.title, count(*)::int as plays,
            count(*) filter (where p.finished_at is not null)::int as completed
          from ${storyPlays} p join ${stories} s on s.id = p.story_id
          where ${played}
          group by s.id, s.title
          order by count(*) desc, s.title
          limit ${DASHBOARD_STORIES}`,
    ),
    queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${storyEndingsFound} e
          where e.created_at >= ${rangeStart(range)} and e.created_at < ${rangeEnd(range)}`,
    ),
  ]);
  const byStatus = Object.fromEntries(
    STORY_STATUSES.map((status) => [status, 0]),
  ) as StoriesDashboard["byStatus"];
  for (const row of statuses) byStatus[row.status] = row.count;
  const plays = totals?.plays ?? 0;
  return {
    byStatus,
    plays,
    players: totals?.players ?? 0,
    completionRate: rate(totals?.completed ?? 0, plays),
    endingsReached: endings?.count ?? 0,
    playsByDay: days,
    stories: perStory.map((row) => ({
      id: row.id,
      title: row.title,
      plays: row.plays,
      completionRate: rate(row.completed, row.plays),
    })),
  };
}

interface FunnelSceneRow {
  sceneId: string;
  title: string;
  ending: { name: string } | null;
  choices: Array<{ id: string; label: string }>;
}

export async function getStoryFunnel({ db }: ServiceDeps, storyId: string): Promise<StoryFunnel> {
  track(storyTopic(storyId), storyActivityTopic(storyId));
  const story = await loadStory(db, storyId);
  if (!story.versionId) return { versionNumber: null, scenes: [] };
  const [scenes, visits, dropOffs, tallies] = await Promise.all([
    // Only what the funnel shows: scene texts can be long.
    db
      .select({
        sceneId: storyVersionScenes.sceneId,
        title: sql<string>`${storyVersionScenes.scene}->>'title'`,
        ending: sql<FunnelSceneRow["ending"]>`${storyVersionScenes.scene}->'ending'`,
        choices: sql<
          FunnelSceneRow["choices"]
        >`coalesce((select jsonb_agg(jsonb_build_object('id', c->>'id', 'label', c->>'label'))
          from jsonb_array_elements(${storyVersionScenes.scene}->'choices') c), '[]'::jsonb)`,
      })
      .from(storyVersionScenes)
      .where(eq(storyVersionScenes.versionId, story.versionId))
      .orderBy(asc(storyVersionScenes.ordinal)),
    db
      .select({ sceneId: storySceneVisits.sceneId, count: sql<number>`count(*)::int` })
      .from(storySceneVisits)
      .where(eq(storySceneVisits.storyId, storyId))
      .groupBy(storySceneVisits.sceneId),
    db
      .select({ sceneId: storyReaders.lastSceneId, count: sql<number>`count(*)::int` })
      .from(storyReaders)
      .where(and(eq(storyReaders.storyId, storyId), isNull(storyReaders.finishedAt)))
      .groupBy(storyReaders.lastSceneId),
    db
      .select({
        sceneId: storyChoiceTallies.sceneId,
        choiceId: storyChoiceTallies.choiceId,
        picks: storyChoiceTallies.picks,
      })
      .from(storyChoiceTallies)
      .where(eq(storyChoiceTallies.storyId, storyId)),
  ]);
  const readers = new Map(visits.map((row) => [row.sceneId, row.count]));
  const dropped = new Map(dropOffs.map((row) => [row.sceneId, row.count]));
  const picks = new Map(tallies.map((row) => [`${row.sceneId} ${row.choiceId}`, row.picks]));
  return {
    versionNumber: story.versionNumber,
    scenes: scenes.map((scene): StoryFunnelScene => {
      const counted = scene.choices.map((choice) => ({
        choiceId: choice.id,
        label: choice.label,
        picks: picks.get(`${scene.sceneId} ${choice.id}`) ?? 0,
      }));
      const total = counted.reduce((sum, choice) => sum + choice.picks, 0);
      return {
        sceneId: scene.sceneId,
        title: scene.title,
        readers: readers.get(scene.sceneId) ?? 0,
        // An ending is where a reader finishes, not where they drop off.
        dropOff: scene.ending ? 0 : (dropped.get(scene.sceneId) ?? 0),
        isEnding: scene.ending !== null,
        choices: counted.map((choice) => ({ ...choice, share: rate(choice.picks, total) })),
      };
    }),
  };
}
