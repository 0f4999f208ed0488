// Retention by sign-up week: of the people who signed up in a week, how many were active in each
// week after, and the coins they bought and spent then (coin revenue retention), from the cohort
// table kept as activity and purchases happen.
import type { CohortReport, CohortRow, DayRange, PersonListingLite } from "@litverse/shared/analytics";
import { and, asc, between, eq, gte, lt, sql } from "drizzle-orm";
import { weekOf } from "../../../core/activity.ts";
import type { Executor } from "../../../core/db/client.ts";
import { cohortWeeks, weeklyActivePeople } from "../../../core/db/schema.ts";
import { users } from "../../users/schema.ts";
import { addDays } from "./period.ts";

/** Weeks after sign-up a cohort is followed: week 0 (its own) to week 12. */
export const COHORT_MAX_OFFSET = 12;
/** The cohorts shown: those that signed up in the period's last weeks. */
const COHORTS_SHOWN = 13;
/** People listed for one cell of the table. */
const CELL_PEOPLE_SHOWN = 100;

const weeksBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / (7 * 86_400_000));

export async function cohortsReport(db: Executor, range: DayRange): Promise<CohortReport> {
  const lastCohort = weekOf(range.to);
  const firstCohort =
    [weekOf(range.from), addDays(lastCohort, -7 * (COHORTS_SHOWN - 1))].sort().at(-1) ?? lastCohort;
  const [cells, sizes] = await Promise.all([
    db
      .select({
        cohortWeek: cohortWeeks.cohortWeek,
        week: cohortWeeks.week,
        active: sql<number>`sum(${cohortWeeks.activePeople})::int`,
        coinsBought: sql<number>`sum(${cohortWeeks.coinsBought})::bigint`,
        coinsSpent: sql<number>`sum(${cohortWeeks.coinsSpent})::bigint`,
      })
      .from(cohortWeeks)
      .where(between(cohortWeeks.cohortWeek, firstCohort, lastCohort))
      .groupBy(cohortWeeks.cohortWeek, cohortWeeks.week),
    db
      .select({
        cohortWeek: sql<string>`to_char(date_trunc('week', ${users.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        signedUp: sql<number>`count(*)::int`,
      })
      .from(users)
      .where(
        and(
          gte(users.createdAt, new Date(`${firstCohort}T00:00:00Z`)),
          lt(users.createdAt, new Date(`${addDays(lastCohort, 7)}T00:00:00Z`)),
        ),
      )
      .groupBy(sql`1`),
  ]);
  const thisWeek = weekOf(new Date().toISOString().slice(0, 10));
  const cohorts: CohortRow[] = [];
  for (let cohortWeek = firstCohort; cohortWeek <= lastCohort; cohortWeek = addDays(cohortWeek, 7)) {
    const offsets = Math.min(COHORT_MAX_OFFSET, weeksBetween(cohortWeek, thisWeek));
    cohorts.push({
      cohortWeek,
      signedUp: sizes.find((size) => size.cohortWeek === cohortWeek)?.signedUp ?? 0,
      weeks: Array.from({ length: offsets + 1 }, (_, offset) => {
        const week = addDays(cohortWeek, 7 * offset);
        const cell = cells.find((row) => String(row.cohortWeek) === cohortWeek && String(row.week) === week);
        return {
          offset,
          week,
          active: cell?.active ?? 0,
          coinsBought: Number(cell?.coinsBought ?? 0),
          coinsSpent: Number(cell?.coinsSpent ?? 0),
        };
      }),
    });
  }
  return { maxOffset: COHORT_MAX_OFFSET, cohorts };
}

/** The people of one cell: signed up in `cohortWeek`, active in `week` (newest sign-ups first). */
export async function cohortPeople(
  db: Executor,
  cohortWeek: string,
  week: string,
): Promise<PersonListingLite[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, handle: users.handle, signedUpAt: users.createdAt })
    .from(weeklyActivePeople)
    .innerJoin(users, eq(users.id, weeklyActivePeople.userId))
    .where(
      and(
        eq(weeklyActivePeople.week, week),
        gte(users.createdAt, new Date(`${cohortWeek}T00:00:00Z`)),
        lt(users.createdAt, new Date(`${addDays(cohortWeek, 7)}T00:00:00Z`)),
      ),
    )
    .orderBy(asc(users.createdAt))
    .limit(CELL_PEOPLE_SHOWN);
  return rows.map((row) => ({ ...row, signedUpAt: row.signedUpAt.toISOString() }));
}
