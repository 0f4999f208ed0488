// Funnels: of the people who took a first step in the period, how many took each next step
// within the window after the one before, from each person's first times (person_milestones),
// beside the period before.
import type { DayRange, Funnel, FunnelKey } from "@litverse/shared/analytics";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../core/db/client.ts";
import { momentsOf, periodBefore } from "./period.ts";

interface FunnelDefinition {
  key: FunnelKey;
  title: string;
  startsWith: string;
  /** The columns of person_milestones, in order; the first selects on the period. */
  steps: { label: string; column: string }[];
}

const FUNNELS: FunnelDefinition[] = [
  {
    key: "reading",
    title: "From sign-up to paying",
    startsWith: "People who signed up in the period",
    steps: [
      { label: "Signed up", column: "signed_up_at" },
      { label: "Opened an episode", column: "first_episode_at" },
      { label: "Finished an episode", column: "first_finished_at" },
      { label: "Unlocked or bought", column: "first_paid_at" },
    ],
  },
  {
    key: "reels",
    title: "From a reel to an unlock",
    startsWith: "People who watched their first reel in the period",
    steps: [
      { label: "Watched a reel", column: "first_reel_at" },
      { label: "Opened its series", column: "reel_click_at" },
      { label: "Unlocked an episode", column: "unlock_after_reel_at" },
    ],
  },
  {
    key: "stories",
    title: "Interactive stories",
    startsWith: "People who started their first story in the period",
    steps: [
      { label: "Started a story", column: "story_started_at" },
      { label: "Reached an ending", column: "story_finished_at" },
    ],
  },
];

/** People at each step: each step within `windowDays` of the one before, the first in the period. */
async function stepCounts(db: Executor, funnel: FunnelDefinition, range: DayRange, windowDays: number) {
  const { start, end } = momentsOf(range);
  const [first, ...rest] = funnel.steps;
  if (!first) return [];
  const column = (name: string) => sql.raw(`m.${name}`);
  // Step k counts when every step up to k happened, each within the window after the previous.
  const reached = rest.map((_, index) => {
    const conditions = funnel.steps.slice(1, index + 2).map((step, position) => {
      const before = funnel.steps[position]?.column ?? first.column;
      return sql`${column(step.column)} is not null and ${column(step.column)} >= ${column(before)}
        and ${column(step.column)} < ${column(before)} + make_interval(days => ${windowDays})`;
    });
    return sql`count(*) filter (where ${sql.join(conditions, sql` and `)})::int`;
  });
  const selected = [sql`count(*)::int`, ...reached];
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select ${sql.join(
      selected.map((expression, index) => sql`${expression} as ${sql.raw(`s${index}`)}`),
      sql`, `,
    )}
      from person_milestones m
      where ${column(first.column)} >= ${start.toISOString()}::timestamptz
        and ${column(first.column)} < ${end.toISOString()}::timestamptz`,
  );
  return funnel.steps.map((_, index) => Number(row?.[`s${index}`] ?? 0));
}

/**
 * Sign-ups are counted from the accounts (people who never reached a step have no milestones
 * row); the other steps from the milestones.
 */
async function signUps(db: Executor, range: DayRange): Promise<number> {
  const { start, end } = momentsOf(range);
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from users
      where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
  );
  return row?.count ?? 0;
}

export async function funnelsReport(db: Executor, range: DayRange, windowDays: number): Promise<Funnel[]> {
  const previous = periodBefore(range);
  return Promise.all(
    FUNNELS.map(async (funnel) => {
      const [now, before] = await Promise.all([
        stepCounts(db, funnel, range, windowDays),
        stepCounts(db, funnel, previous, windowDays),
      ]);
      if (funnel.key === "reading") {
        [now[0], before[0]] = await Promise.all([signUps(db, range), signUps(db, previous)]);
      }
      return {
        key: funnel.key,
        title: funnel.title,
        startsWith: funnel.startsWith,
        steps: funnel.steps.map((step, index) => ({
          label: step.label,
          people: now[index] ?? 0,
          previous: before[index] ?? 0,
        })),
      };
    }),
  );
}
