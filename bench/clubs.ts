// `npm run bench:clubs`: a book club with 10,000 posts (and their replies and reactions), 200
// members and a schedule, on PGlite and PostgreSQL. Times, in the server's process, the reads a
// member's page makes: the general board's first page, a milestone thread's first page, a page deep
// in the board, the club itself and its members with their progress (target p99 ≤ 50 ms each).
// Prints markdown and writes bench/results/clubs.json. `--help` lists the flags.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import type { Viewer } from "../apps/server/src/core/service-deps.ts";
import { createClub } from "../apps/server/src/modules/clubs/club-lifecycle.service.ts";
import { getClub, listClubMembers } from "../apps/server/src/modules/clubs/club-lists.service.ts";
import { listClubPosts } from "../apps/server/src/modules/clubs/club-posts.service.ts";
import { setCurrentRead } from "../apps/server/src/modules/clubs/club-reads.service.ts";
import { addChapters, createTitle } from "../apps/server/src/test/catalogue.ts";
import { type Distribution, databasesOf, progressLog, timeCalls } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:clubs -- [options]
  --db pglite|postgres|both   databases (default both)
  --posts 10000               top-level posts in the club (default 10000)
  --members 200               members (default 200)
  --runs 200                  timed calls per read (default 200)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    posts: { type: "string", default: "10000" },
    members: { type: "string", default: "200" },
    runs: { type: "string", default: "200" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const postCount = Number(values.posts);
const memberCount = Number(values.members);
const runs = Number(values.runs);
const TARGET_MS = 50;

const log = progressLog();

const timed = (run: () => Promise<unknown>) => timeCalls(runs, run);

async function benchOn(database: string): Promise<Record<string, Distribution>> {
  const bench = await openBenchPlatform(database);
  try {
    const { platform } = bench;
    const { db } = platform.deps;
    log(`${database}: ${memberCount} members, a 12-chapter title`);
    const people = await queryRows<{ id: string }>(
      db,
      sql`insert into users (issuer, subject, email, name, role, age)
          select ${EMBEDDED_ISSUER_KEY}, 'club-' || g, 'club-' || g || '@bench.invalid', 'Reader ' || g, 'user', 18
          from generate_series(1, ${memberCount}::int) g
          returning id`,
    );
    const ids = people.map((person) => person.id);
    const owner: Viewer = { id: ids[0] as string, role: "user", age: 18 };
    const viewer: Viewer = { id: ids[1] as string, role: "user", age: 18 };
    const title = await createTitle(platform);
    await addChapters(platform, title.id, 12);
    const { clubId } = await createClub(platform.deps, owner, {
      name: "Bench club",
      description: "",
      rules: "",
      privacy: "private",
      memberLimit: memberCount,
    });
    await db.execute(sql`
      insert into club_members (club_id, user_id, role, status, joined_at)
      select ${clubId}, value::uuid, 'member', 'active', now()
      from jsonb_array_elements_text(${JSON.stringify(ids.slice(1))}::jsonb)`);
    await db.execute(sql`update clubs set member_count = ${memberCount} where id = ${clubId}`);
    await setCurrentRead(platform.deps, owner, {
      clubId,
      contentId: title.id,
      milestones: [
        { title: "Part 1", fromEpisode: 1, toEpisode: 4, dueOn: "2026-12-01" },
        { title: "Part 2", fromEpisode: 5, toEpisode: 8, dueOn: "2026-12-08" },
        { title: "Part 3", fromEpisode: 9, toEpisode: 12, dueOn: "2026-12-15" },
      ],
    });
    const [read] = await queryRows<{ id: string }>(
      db,
      sql`select id from club_reads where club_id = ${clubId}`,
    );
    const milestones = await queryRows<{ id: string }>(
      db,
      sql`select id from club_milestones where read_id = ${read?.id} order by position`,
    );
    // Everyone has read some of it: progress for the pace chart and the spoiler gate.
    await db.execute(sql`
      insert into episode_progress (user_id, episode_id, content_id, fraction, completed_at)
      select m.value::uuid, e.id, ${title.id}, 1, now()
      from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality m(value, n)
      join episodes e on e.content_id = ${title.id} and e.number <= (m.n % 12)`);

    log(`${database}: ${postCount} posts, a reply to every fourth, reactions`);
    const threadIds = JSON.stringify([null, null, ...milestones.map((milestone) => milestone.id)]);
    await db.execute(sql`
      insert into club_posts (club_id, read_id, milestone_id, author_id, body, spoiler_episode, created_at)
      select ${clubId}, ${read?.id}::uuid,
             (${threadIds}::jsonb ->> (g % 5))::uuid,
             (${JSON.stringify(ids)}::jsonb ->> (g % ${memberCount}))::uuid,
             'Post ' || g || ': what a chapter that was, and what a storm at the end of it.',
             case when g % 10 = 0 then 1 + g % 12 end,
             now() - (${postCount} - g) * interval '1 minute'
      from generate_series(1, ${postCount}::int) g`);
    await db.execute(sql`
      insert into club_posts (club_id, read_id, milestone_id, parent_id, author_id, body, created_at)
      select p.club_id, p.read_id, p.milestone_id, p.id, p.author_id, 'A reply', p.created_at + interval '10 seconds'
      from club_posts p where p.club_id = ${clubId} and p.parent_id is null and (extract(epoch from p.created_at)::bigint / 60) % 4 = 0`);
    await db.execute(sql`
      update club_posts p set reply_count = r.count
      from (select parent_id, count(*)::int as count from club_posts where parent_id is not null group by parent_id) r
      where p.id = r.parent_id`);
    await db.execute(sql`
      insert into club_post_reactions (post_id, user_id, reaction)
      select p.id, (${JSON.stringify(ids)}::jsonb ->> (n % ${memberCount}))::uuid, '❤️'
      from club_posts p cross join generate_series(1, 3) n
      where p.club_id = ${clubId} and p.parent_id is null
      on conflict do nothing`);
    await db.execute(sql`analyze`);

    const firstPage = await listClubPosts(platform.deps, viewer, { clubId, milestoneId: null, limit: 20 });
    let cursor = firstPage.nextCursor;
    for (let page = 0; page < 50 && cursor; page++) {
      cursor = (await listClubPosts(platform.deps, viewer, { clubId, milestoneId: null, limit: 20, cursor }))
        .nextCursor;
    }
    const deepCursor = cursor;
    const milestoneId = milestones[1]?.id ?? null;
    log(`${database}: timing ${runs} calls of each read`);
    return {
      board: await timed(() =>
        listClubPosts(platform.deps, viewer, { clubId, milestoneId: null, limit: 20 }),
      ),
      thread: await timed(() => listClubPosts(platform.deps, viewer, { clubId, milestoneId, limit: 20 })),
      deep: await timed(() =>
        listClubPosts(platform.deps, viewer, { clubId, milestoneId: null, limit: 20, cursor: deepCursor }),
      ),
      club: await timed(() => getClub(platform.deps, viewer, clubId)),
      members: await timed(() => listClubMembers(platform.deps, viewer, clubId)),
    };
  } finally {
    await bench.close();
  }
}

const LABELS: Record<string, string> = {
  board: "General board, first page (20 posts with replies)",
  thread: "Milestone thread, first page",
  deep: "General board, page 52 (1,000 posts back)",
  club: "The club (read, schedule, own progress)",
  members: `Members with progress (${memberCount})`,
};

const results: Record<string, Record<string, Distribution>> = {};
const lines = [
  `Club of ${postCount.toLocaleString("en")} posts, ${memberCount} members; ${runs} calls each, ms in the server's process.`,
  "",
  "| Database | Read | p50 | p95 | p99 | max |",
  "| --- | --- | --- | --- | --- | --- |",
];
const failures: string[] = [];
for (const database of databases) {
  const measured = await benchOn(database);
  results[database] = measured;
  for (const [key, d] of Object.entries(measured)) {
    lines.push(`| ${database} | ${LABELS[key]} | ${d.p50} | ${d.p95} | ${d.p99} | ${d.max} |`);
    if (d.p99 > TARGET_MS) failures.push(`${database}: ${LABELS[key]} p99 ${d.p99} ms > ${TARGET_MS} ms`);
  }
}
lines.push(
  "",
  failures.length
    ? `Missed targets:\n${failures.map((line) => `- ${line}`).join("\n")}`
    : "All reads within 50 ms at p99.",
);
console.log(lines.join("\n"));
const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  `${resultsDir}clubs.json`,
  `${JSON.stringify({ postCount, memberCount, runs, results }, null, 2)}\n`,
);
process.exit(failures.length > 0 ? 1 : 0);
