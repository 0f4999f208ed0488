// `npm run bench:support`: a support desk of 50,000 tickets (a fifth still being dealt with), each
// with a few messages, on PGlite and PostgreSQL. Times, in the server's process, what agents open:
// the queue's first page sorted by SLA due time, a filtered queue, one ticket with its thread and
// the person's account beside it, and a month of analytics (target p99 ≤ 50 ms for the queue and
// the ticket, ≤ 250 ms for the analytics). Prints markdown and writes bench/results/support.json.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import type { SessionUser } from "../apps/server/src/core/service-deps.ts";
import { getRequesterAccount } from "../apps/server/src/modules/support/support-account.service.ts";
import { getSupportAnalytics } from "../apps/server/src/modules/support/support-analytics.service.ts";
import { getAgentTicket, listSupportQueue } from "../apps/server/src/modules/support/support-desk.service.ts";
import { type Distribution, databasesOf, progressLog, timeCalls } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:support -- [options]
  --db pglite|postgres|both   databases (default both)
  --tickets 50000             tickets (default 50000)
  --runs 100                  timed calls per read (default 100)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    tickets: { type: "string", default: "50000" },
    runs: { type: "string", default: "100" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const ticketCount = Number(values.tickets);
const runs = Number(values.runs);
const TARGETS: Record<string, number> = { queue: 50, filtered: 50, ticket: 50, account: 50, analytics: 250 };

const log = progressLog();

const timed = (run: () => Promise<unknown>) => timeCalls(runs, run, 5);

async function benchOn(database: string): Promise<Record<string, Distribution>> {
  const bench = await openBenchPlatform(database);
  try {
    const { db } = bench.platform.deps;
    const { deps } = bench.platform;
    log(`${database}: 2,000 people, 3 agents, ${ticketCount} tickets`);
    const people = await queryRows<{ id: string }>(
      db,
      sql`insert into users (issuer, subject, email, name, role, age)
          select ${EMBEDDED_ISSUER_KEY}, 'support-' || g, 'support-' || g || '@bench.invalid', 'Person ' || g,
            (case when g <= 3 then 'admin' else 'user' end)::user_role, 18
          from generate_series(1, 2000) g
          returning id`,
    );
    const ids = JSON.stringify(people.map((person) => person.id));
    const agent: SessionUser = { id: people[0]?.id as string, role: "admin" };
    // Over 90 days; the newest fifth still open in every status, the rest solved or closed and rated.
    await db.execute(sql`
      insert into support_tickets (user_id, category, subject, status, priority, assignee_id,
        first_response_at, first_reply_due_at, resolution_due_at, paused_since, resolved_at, last_reply_by,
        last_message_at, rating_score, rated_at, created_at, updated_at)
      select (${ids}::jsonb ->> (3 + g % 1997))::uuid,
        (array['payments','account','content','technical','other'])[1 + g % 5],
        'Ticket ' || g || ': the audiobook stops when the screen locks',
        case when g > ${ticketCount} * 0.8 then (array['new','open','pending','on_hold'])[1 + g % 4]
             else (array['solved','closed'])[1 + g % 2] end,
        (array['urgent','high','normal','low'])[1 + g % 4],
        case when g % 7 = 0 then null else (${ids}::jsonb ->> (g % 3))::uuid end,
        case when g > ${ticketCount} * 0.8 and g % 4 = 1 then null else t + interval '2 hours' end,
        t + interval '8 hours', t + interval '48 hours',
        case when g > ${ticketCount} * 0.8 and g % 4 in (2, 3) then t + interval '3 hours' end,
        case when g <= ${ticketCount} * 0.8 then t + interval '20 hours' end,
        'agent', t + interval '2 hours',
        case when g <= ${ticketCount} * 0.8 and g % 3 = 0 then 1 + g % 5 end,
        case when g <= ${ticketCount} * 0.8 and g % 3 = 0 then t + interval '21 hours' end,
        t, t
      from generate_series(1, ${ticketCount}::int) g,
        lateral (select now() - (${ticketCount} - g) * (interval '90 days' / ${ticketCount}) as t) at`);
    await db.execute(sql`
      insert into support_messages (ticket_id, author_id, kind, from_agent, body, created_at)
      select t.id, case when n = 2 then t.assignee_id else t.user_id end, 'reply', n = 2,
        'Message ' || n || ' of the ticket, a few lines about what happened and what was tried.',
        t.created_at + n * interval '1 hour'
      from support_tickets t cross join generate_series(1, 3) n`);
    await db.execute(sql`
      insert into support_sla_breaches (ticket_id, target, due_at, breached_at)
      select id, 'first_reply', first_reply_due_at, first_reply_due_at from support_tickets where number % 11 = 0`);
    await db.execute(sql`analyze`);

    const [open] = await queryRows<{ id: string }>(
      db,
      sql`select id from support_tickets where status = 'open' order by created_at desc limit 1`,
    );
    const ticketId = open?.id as string;
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    log(`${database}: timing ${runs} calls of each read`);
    return {
      queue: await timed(() => listSupportQueue(deps, agent, { activeOnly: true, unattended: false })),
      filtered: await timed(() =>
        listSupportQueue(deps, agent, {
          activeOnly: true,
          unattended: false,
          priority: "high",
          assignee: "me",
        }),
      ),
      ticket: await timed(() => getAgentTicket(deps, agent, ticketId)),
      account: await timed(() => getRequesterAccount(deps, ticketId)),
      analytics: await timed(() => getSupportAnalytics(deps, { from: monthAgo, to: today })),
    };
  } finally {
    await bench.close();
  }
}

const LABELS: Record<string, string> = {
  queue: "Queue, first page (50 of every open ticket, soonest due first)",
  filtered: "Queue, high priority assigned to me",
  ticket: "A ticket with its thread and missed targets",
  account: "The person's account beside it",
  analytics: "Analytics, 30 days",
};

const results: Record<string, Record<string, Distribution>> = {};
const lines = [
  `Desk of ${ticketCount.toLocaleString("en")} tickets (${(ticketCount * 0.2).toLocaleString("en")} open), 3 messages each; ${runs} calls each, ms in the server's process.`,
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
    const target = TARGETS[key] ?? 50;
    if (d.p99 > target) failures.push(`${database}: ${LABELS[key]} p99 ${d.p99} ms > ${target} ms`);
  }
}
lines.push(
  "",
  failures.length
    ? `Missed targets:\n${failures.map((line) => `- ${line}`).join("\n")}`
    : "All reads within their targets at p99.",
);
console.log(lines.join("\n"));
const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(`${resultsDir}support.json`, `${JSON.stringify({ ticketCount, runs, results }, null, 2)}\n`);
process.exit(failures.length > 0 ? 1 : 0);
