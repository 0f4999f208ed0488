// `npm run bench:moderation`: a moderation queue of 100,000 open reports (60,000 items of every
// kind, a few with notices, some claimed, some with appeals waiting), on PostgreSQL by default.
// Times, in the server's process, the queue's first page and each filter (target p99 ≤ 50 ms); a
// decision applied, from the call to a reader's live list of club posts no longer showing the
// post (target ≤ 1 s); and how many reports per second are accepted with 8 reporters at once
// (target ≥ 500). Prints markdown and writes bench/results/moderation.json.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createClubInput, createClubPostInput, listClubPostsInput } from "@litverse/shared/clubs-inputs";
import { decideInput, queueInput } from "@litverse/shared/moderation-inputs";
import { sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import type { ServiceDeps, SessionUser, Viewer } from "../apps/server/src/core/service-deps.ts";
import { createClub } from "../apps/server/src/modules/clubs/club-lifecycle.service.ts";
import { joinClub } from "../apps/server/src/modules/clubs/club-membership.service.ts";
import { createClubPost, listClubPosts } from "../apps/server/src/modules/clubs/club-posts.service.ts";
import { decide } from "../apps/server/src/modules/moderation/decisions.service.ts";
import { getQueue } from "../apps/server/src/modules/moderation/queue.service.ts";
import { report } from "../apps/server/src/modules/moderation/report.service.ts";
import { createReport } from "../apps/server/src/modules/reports/index.ts";
import { watchLiveRuns } from "../apps/server/src/test/test-platform.ts";
import { type Distribution, databasesOf, distribution, progressLog, round, timeCalls } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:moderation -- [options]
  --db pglite|postgres|both   databases (default postgres)
  --reports 100000            open reports (default 100000)
  --runs 100                  timed calls per read (default 100)
  --decisions 10              decisions applied and timed (default 10)
  --accept 2000               reports filed to time acceptance (default 2000)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    reports: { type: "string", default: "100000" },
    runs: { type: "string", default: "100" },
    decisions: { type: "string", default: "10" },
    accept: { type: "string", default: "2000" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const reportCount = Number(values.reports);
const itemCount = Math.round(reportCount * 0.6);
const runs = Number(values.runs);
const decisionCount = Number(values.decisions);
const acceptCount = Number(values.accept);
const CONCURRENCY = 8;
const log = progressLog();
const timed = (run: () => Promise<unknown>) => timeCalls(runs, run, 5);

const KINDS = ["club_post", "message", "reel_comment", "profile", "reel", "club_poll", "story", "title"];
const CATEGORIES = [
  "spam",
  "harassment_hate",
  "other",
  "sexual_content",
  "misinformation",
  "violence",
  "self_harm",
];

interface Measured {
  reads: Record<string, Distribution>;
  decision: Distribution;
  acceptedPerSecond: number;
}

async function seedQueue(deps: ServiceDeps): Promise<SessionUser> {
  const { db } = deps;
  await db.execute(sql`
    insert into users (issuer, subject, email, name, role, age)
    select ${EMBEDDED_ISSUER_KEY}, 'mod-' || g, 'mod-' || g || '@bench.invalid', 'Person ' || g,
      (case when g <= 3 then 'superadmin' else 'user' end)::user_role, 18
    from generate_series(1, 5000) g`);
  // People by number (1–3 the moderators), and the kinds and categories by number, to spread rows.
  await db.execute(sql`
    create table bench_people as
    select id, row_number() over (order by created_at, email) - 1 as n from users where email like 'mod-%'`);
  const kinds = sql.raw(`array[${KINDS.map((kind) => `'${kind}'`).join(", ")}]`);
  const categories = sql.raw(`array[${CATEGORIES.map((category) => `'${category}'`).join(", ")}]`);
  // Items over 60 days; every seventh claimed by one of three moderators; a few with notices.
  await db.execute(sql`
    insert into moderation_items (kind, target_id, author_id, label, snapshot, state, severity, weight,
      open_reports, has_notice, claimed_by, claimed_at, first_reported_at, last_reported_at)
    select (${kinds})[1 + g % 8], gen_random_uuid()::text, author.id, 'Reported item ' || g,
      'What it said, item ' || g, 'pending', 1 + g % 9, 0, 0, g % 997 = 0,
      case when g % 7 = 0 then claimer.id end, case when g % 7 = 0 then t end, t, t
    from generate_series(1, ${itemCount}::int) g
      join bench_people author on author.n = 3 + g % 4997
      join bench_people claimer on claimer.n = g % 3,
      lateral (select now() - (${itemCount} - g) * (interval '60 days' / ${itemCount}) as t) at`);
  // Every item one report, two of three a second, and enough a third to make the total.
  const thirds = Math.max(0, reportCount - itemCount - Math.floor((itemCount * 2) / 3));
  await db.execute(sql`
    insert into reports (reporter_id, item_id, target_kind, target_id, target_user_id, category, details, weight,
      source, status, created_at)
    select reporter.id, i.id, i.kind, i.target_id, i.author_id, (${categories})[1 + (i.num + r) % 7], '', 1,
      'report', 'open', i.first_reported_at + r * interval '1 minute'
    from (select *, row_number() over (order by first_reported_at) as num from moderation_items) i
      cross join generate_series(0, 2) r
      join bench_people reporter on reporter.n = 3 + (r * 7919 + i.num) % 4997
    where r = 0 or (r = 1 and i.num % 3 <> 0) or (r = 2 and i.num <= ${thirds})`);
  await db.execute(sql`
    update moderation_items i set open_reports = r.n, weight = r.n
    from (select item_id, count(*)::int as n from reports group by item_id) r where r.item_id = i.id`);
  await db.execute(sql`analyze`);
  const [[counted], [moderator]] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from reports`),
    queryRows<{ id: string }>(db, sql`select id from bench_people where n = 0`),
  ]);
  log(`seeded ${itemCount.toLocaleString("en")} items, ${counted?.n.toLocaleString("en")} open reports`);
  return { id: moderator?.id as string, role: "superadmin" };
}

/** A club post reported, then removed: from the call to a member's live list not showing it. */
async function timeDecisions(
  deps: ServiceDeps,
  moderator: SessionUser,
  platform: Parameters<typeof watchLiveRuns>[0],
) {
  const viewer = async (n: number): Promise<Viewer> => {
    const [row] = await queryRows<{ id: string }>(
      deps.db,
      sql`select id from users where email = ${`mod-${n}@bench.invalid`}`,
    );
    return { id: row?.id as string, role: "user", age: 18 };
  };
  const [owner, member, reporter] = [await viewer(10), await viewer(11), await viewer(12)];
  const { clubId } = await createClub(
    deps,
    owner,
    createClubInput.parse({ name: "Bench Readers", privacy: "public" }),
  );
  await joinClub(deps, member, clubId);
  await joinClub(deps, reporter, clubId);
  const samples: number[] = [];
  for (let run = 0; run < decisionCount; run++) {
    const { postId } = await createClubPost(
      deps,
      owner,
      createClubPostInput.parse({ clubId, body: `A post to remove, number ${run}` }),
    );
    await report(deps, reporter, { kind: "club_post", id: postId, category: "spam", details: "" });
    const [item] = await queryRows<{ id: string }>(
      deps.db,
      sql`select id from moderation_items where target_id = ${postId}`,
    );
    const watch = watchLiveRuns(platform, () =>
      listClubPosts(deps, member, listClubPostsInput.parse({ clubId, milestoneId: null })),
    );
    await watch.waitForRuns(1);
    const runsBefore = watch.runs;
    const started = performance.now();
    await decide(
      deps,
      moderator,
      decideInput.parse({
        itemId: item?.id,
        action: "remove",
        rule: "spam",
        explanation: "Spam in a bench.",
      }),
    );
    // The watcher's list re-runs on the announcement and no longer holds the post.
    for (;;) {
      await watch.waitForRuns(runsBefore + 1);
      const shown = watch.latest?.items.some((post) => post._id === postId);
      if (!shown) break;
    }
    samples.push(performance.now() - started);
    watch.stop();
  }
  return distribution(samples);
}

/** Reports filed by 8 reporters at once on items new and old; reports per second accepted. */
async function timeAcceptance(deps: ServiceDeps): Promise<number> {
  const reporters = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from users where role = 'user' order by email limit ${CONCURRENCY}`,
  );
  const targets = await queryRows<{ kind: string; targetId: string; authorId: string }>(
    deps.db,
    sql`select kind, target_id as "targetId", author_id as "authorId" from moderation_items
      order by random() limit ${acceptCount}`,
  );
  let next = 0;
  const started = performance.now();
  await Promise.all(
    reporters.map(async (reporter) => {
      while (next < targets.length) {
        const target = targets[next++];
        if (!target) break;
        await createReport(
          deps,
          { id: reporter.id, role: "user" },
          {
            kind: target.kind as never,
            id: target.targetId,
            userId: target.authorId,
            label: "Reported item",
          },
          "spam",
          "",
        );
      }
    }),
  );
  return round(targets.length / ((performance.now() - started) / 1000));
}

async function benchOn(database: string): Promise<Measured> {
  const bench = await openBenchPlatform(database);
  try {
    const { deps } = bench.platform;
    log(`${database}: seeding ${reportCount.toLocaleString("en")} open reports`);
    const moderator = await seedQueue(deps);
    const queue = (input: Record<string, unknown>) => getQueue(deps, moderator, queueInput.parse(input));
    log(`${database}: timing ${runs} calls of each read`);
    const reads = {
      queue: await timed(() => queue({})),
      secondPage: await timed(() => queue({ cursor: "30" })),
      kind: await timed(() => queue({ kind: "reel_comment" })),
      category: await timed(() => queue({ category: "self_harm" })),
      mine: await timed(() => queue({ assignee: "me" })),
      unclaimed: await timed(() => queue({ assignee: "unclaimed" })),
      appealed: await timed(() => queue({ state: "appealed" })),
      all: await timed(() => queue({ state: "all" })),
    };
    log(`${database}: ${decisionCount} decisions applied`);
    const decision = await timeDecisions(deps, moderator, bench.platform);
    log(`${database}: ${acceptCount} reports by ${CONCURRENCY} reporters at once`);
    const acceptedPerSecond = await timeAcceptance(deps);
    return { reads, decision, acceptedPerSecond };
  } finally {
    await bench.close();
  }
}

const LABELS: Record<string, string> = {
  queue: "Queue, first page (30 of everything waiting, notices and the most severe first)",
  secondPage: "Queue, second page",
  kind: "Filtered by kind (reel comments)",
  category: "Filtered by category (self-harm)",
  mine: "Claimed by me",
  unclaimed: "Unclaimed",
  appealed: "Appeals waiting",
  all: "Every state",
};

const results: Record<string, Measured> = {};
const lines = [
  `Queue of ${itemCount.toLocaleString("en")} items with ${reportCount.toLocaleString("en")} open reports; ${runs} calls each, ms in the server's process.`,
  "",
  "| Database | Read | p50 | p95 | p99 | max |",
  "| --- | --- | --- | --- | --- | --- |",
];
const failures: string[] = [];
for (const database of databases) {
  const measured = await benchOn(database);
  results[database] = measured;
  for (const [key, d] of Object.entries(measured.reads)) {
    lines.push(`| ${database} | ${LABELS[key]} | ${d.p50} | ${d.p95} | ${d.p99} | ${d.max} |`);
    if (d.p99 > 50) failures.push(`${database}: ${LABELS[key]} p99 ${d.p99} ms > 50 ms`);
  }
  const d = measured.decision;
  lines.push(
    `| ${database} | A decision applied: call to a member's live list without the post (${decisionCount}) | ${d.p50} | ${d.p95} | ${d.p99} | ${d.max} |`,
  );
  if (d.max > 1000) failures.push(`${database}: a decision took ${d.max} ms to reach a watcher (> 1 s)`);
  lines.push(
    `| ${database} | Reports accepted per second, ${CONCURRENCY} reporters at once | ${measured.acceptedPerSecond} | | | |`,
  );
  if (measured.acceptedPerSecond < 500) {
    failures.push(`${database}: ${measured.acceptedPerSecond} reports per second accepted (< 500)`);
  }
}
lines.push(
  "",
  failures.length ? `Missed targets:\n${failures.map((line) => `- ${line}`).join("\n")}` : "All targets met.",
);
console.log(lines.join("\n"));
const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  `${resultsDir}moderation.json`,
  `${JSON.stringify({ reportCount, itemCount, runs, results }, null, 2)}\n`,
);
process.exit(failures.length > 0 ? 1 : 0);
