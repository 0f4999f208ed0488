// `npm run bench:leagues`: weekly leagues at scale, on PGlite and PostgreSQL. 100,000 people in
// groups of 30 across the tiers, with XP events in a finished week and in the current one. Times
// the finished week's close (target ≤ 60 s on PGlite) and, in the server's process, the league page
// (the caller's group with standings) and the all-time board (both target p99 ≤ 50 ms).
// Prints markdown and writes bench/results/leagues.json. `--help` lists the flags.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { LEAGUE_GROUP_SIZE, LEAGUE_TIERS } from "@litverse/shared/rewards";
import { sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { type Database, queryRows } from "../apps/server/src/core/db/client.ts";
import { leagueWeekOf, shiftWeek } from "../apps/server/src/modules/rewards/league-rules.ts";
import { getAllTimeBoard, getMyLeague } from "../apps/server/src/modules/rewards/leagues-boards.ts";
import { closeLeagueWeek } from "../apps/server/src/modules/rewards/leagues-close.ts";
import { databasesOf, progressLog, round, timeCalls } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:leagues -- [options]
  --db pglite|postgres|both   databases (default both)
  --people 100000             people in the leagues (default 100000)
  --events 5                  XP events per person and week (default 5)
  --runs 200                  timed calls of the league page and of the board (default 200)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    people: { type: "string", default: "100000" },
    events: { type: "string", default: "5" },
    runs: { type: "string", default: "200" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const peopleCount = Number(values.people);
const eventsPerWeek = Number(values.events);
const runs = Number(values.runs);
const PAGE_TARGET_MS = 50;
const BOARD_TARGET_MS = 50;
const CLOSE_TARGET_S = 60;

const log = progressLog();

const timed = timeCalls;

/**
 * Everyone in the week's league, as joining would have placed them: each tier's people, in id
 * order, filling groups of 30. Person n plays in tier n mod 10.
 */
async function seedWeek(db: Database, weekStart: string, spreadMinutes: number, stepMinutes: number) {
  const tiers = JSON.stringify(LEAGUE_TIERS);
  await db.execute(sql`insert into league_weeks (week_start) values (${weekStart})`);
  await db.execute(sql`
    create temporary table bench_placement as
    select u.id as user_id, (${tiers}::jsonb ->> (u.n % 10)) as tier,
           ((row_number() over (partition by u.n % 10 order by u.n) - 1) / ${LEAGUE_GROUP_SIZE} + 1)::int as number
    from bench_people u`);
  await db.execute(sql`
    insert into league_groups (week_start, tier, number, member_count)
    select ${weekStart}, tier, number, count(*) from bench_placement group by tier, number`);
  await db.execute(sql`
    insert into league_members (user_id, week_start, tier, group_id)
    select p.user_id, ${weekStart}, p.tier, g.id
    from bench_placement p
    join league_groups g on g.week_start = ${weekStart} and g.tier = p.tier and g.number = p.number`);
  await db.execute(sql`drop table bench_placement`);
  // Most people earn something; every 13th earns nothing (they move down).
  await db.execute(sql`
    insert into xp_events (user_id, source, amount, local_date, occurred_at)
    select id, 'reading_minutes', amount, occurred_at::date, occurred_at
    from (
      select u.id, 2 + (u.n * 7 + e * 13) % 60 as amount,
             (${weekStart}::date::timestamp at time zone 'UTC')
               + ((u.n % ${spreadMinutes}::int) + e * ${stepMinutes}::int) * interval '1 minute' as occurred_at
      from bench_people u cross join generate_series(0, ${eventsPerWeek - 1}::int) e
      where u.n % 13 <> 0
    ) events`);
}

async function benchOn(database: string) {
  const bench = await openBenchPlatform(database);
  try {
    const { platform } = bench;
    const { db } = platform.deps;
    const now = new Date();
    const currentWeek = leagueWeekOf(now);
    const finishedWeek = shiftWeek(currentWeek, -2);
    log(`${database}: ${peopleCount.toLocaleString("en")} people`);
    await db.execute(sql`
      insert into users (issuer, subject, email, name, role, age)
      select ${EMBEDDED_ISSUER_KEY}, 'league-' || g, 'league-' || g || '@bench.invalid', 'Reader ' || g, 'user', 18
      from generate_series(1, ${peopleCount}::int) g`);
    await db.execute(sql`
      create temporary table bench_people as
      select id, (row_number() over (order by id))::int as n from users where subject like 'league-%'`);

    log(`${database}: the finished week of ${finishedWeek}, ${eventsPerWeek} XP events a person`);
    await seedWeek(db, finishedWeek, 600, 7 * 60);
    log(`${database}: this week, ${currentWeek}, the same`);
    // This week's events all lie before now, whatever day of the week it is.
    const elapsedMinutes = Math.floor((now.getTime() - Date.parse(`${currentWeek}T00:00:00Z`)) / 60_000);
    const step = Math.floor(elapsedMinutes / (eventsPerWeek + 1));
    await seedWeek(db, currentWeek, Math.max(1, step), step);
    // The events went in past awardXp: their running totals as migration 0015 backfills them.
    await db.execute(sql`
      insert into xp_totals (user_id, xp, last_xp_at)
      select user_id, sum(amount), max(occurred_at) filter (where amount > 0)
      from xp_events group by user_id having sum(amount) > 0`);
    // Statistics of what was seeded only. Taken of the still empty ledger tables, they would keep the
    // cached plans of the ledger's per-row triggers and foreign-key checks on sequential scans while
    // the close fills those tables (nothing re-analyzes them during the run): a quadratic close.
    await db.execute(
      sql`analyze users, league_weeks, league_groups, league_members, xp_events, xp_totals, xp_total_counts`,
    );
    const viewers = await queryRows<{ id: string }>(
      db,
      sql`select user_id as id from league_members where week_start = ${currentWeek} order by user_id limit 500`,
    );
    await db.execute(sql`drop table bench_people`);

    log(`${database}: closing the week of ${finishedWeek}`);
    const closeStart = performance.now();
    const summary = await closeLeagueWeek(platform.deps, finishedWeek, now);
    const closeSeconds = round((performance.now() - closeStart) / 1000);
    log(`${database}: closed ${summary.groupsClosed} groups in ${closeSeconds} s`);

    log(`${database}: timing ${runs} league pages and ${runs} all-time boards`);
    const viewerAt = (index: number) => ({
      id: viewers[index % viewers.length]?.id as string,
      role: "user" as const,
    });
    const page = await timed(runs, (index) => getMyLeague(platform.deps, viewerAt(index), now));
    const board = await timed(runs, (index) => getAllTimeBoard(platform.deps, viewerAt(index)));
    return { closeSeconds, groupsClosed: summary.groupsClosed, page, board };
  } finally {
    await bench.close();
  }
}

const results: Record<string, Awaited<ReturnType<typeof benchOn>>> = {};
const lines = [
  `${peopleCount.toLocaleString("en")} people in groups of ${LEAGUE_GROUP_SIZE} over ${LEAGUE_TIERS.length} tiers, ${eventsPerWeek} XP events each a week; ms in the server's process.`,
  "",
  "| Database | Week close (s) | Groups | League page p50 | p95 | p99 | max | All-time board p50 | p99 | max |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];
const failures: string[] = [];
for (const database of databases) {
  const measured = await benchOn(database);
  results[database] = measured;
  const { page, board } = measured;
  lines.push(
    `| ${database} | ${measured.closeSeconds} | ${measured.groupsClosed} | ${page.p50} | ${page.p95} | ${page.p99} | ${page.max} | ${board.p50} | ${board.p99} | ${board.max} |`,
  );
  if (page.p99 > PAGE_TARGET_MS)
    failures.push(`${database}: league page p99 ${page.p99} ms > ${PAGE_TARGET_MS} ms`);
  if (board.p99 > BOARD_TARGET_MS)
    failures.push(`${database}: all-time board p99 ${board.p99} ms > ${BOARD_TARGET_MS} ms`);
  if (database === "pglite" && measured.closeSeconds > CLOSE_TARGET_S) {
    failures.push(`${database}: week close ${measured.closeSeconds} s > ${CLOSE_TARGET_S} s`);
  }
}
lines.push(
  "",
  failures.length
    ? `Missed targets:\n${failures.map((line) => `- ${line}`).join("\n")}`
    : "Week close, league page and all-time board within their targets.",
);
console.log(lines.join("\n"));
const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  `${resultsDir}leagues.json`,
  `${JSON.stringify({ peopleCount, eventsPerWeek, runs, results }, null, 2)}\n`,
);
process.exit(failures.length > 0 ? 1 : 0);
