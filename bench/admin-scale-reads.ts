// What `npm run bench:admin-scale` times on the admin side, over HTTP against the real app in a
// process of its own (bench/admin-scale-server.ts), signed in as a superadmin: the dashboard's
// first load after a restart and when warm, every analytics view, and user search. The analytics
// report's parts (one per tab) are also timed in this process, to say which tab costs what.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DayRange } from "@litverse/shared/analytics";
import { createTRPCClient, httpLink, type TRPCClient } from "@trpc/client";
import { sql } from "drizzle-orm";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import { activityReport } from "../apps/server/src/modules/analytics/report/activity-report.ts";
import { cohortsReport } from "../apps/server/src/modules/analytics/report/cohorts-report.ts";
import { funnelsReport } from "../apps/server/src/modules/analytics/report/funnels-report.ts";
import { titlesReport } from "../apps/server/src/modules/analytics/report/titles-report.ts";
import type { Platform } from "../apps/server/src/platform.ts";
import type { AppRouter } from "../apps/server/src/router.ts";
import { accessToken } from "../apps/server/src/test/tokens.ts";
import { type Distribution, distribution, round, serverNodeArgs, timeCalls } from "./harness.ts";

const SERVER_SCRIPT = fileURLToPath(new URL("./admin-scale-server.ts", import.meta.url));

type Client = TRPCClient<AppRouter>;

interface AppProcess {
  client: Client;
  /** From spawning the process to its "listening" line, ms. */
  startMs: number;
  stop(): Promise<void>;
}

/** Starts the app in a new process on the database and returns a client signed in with `token`. */
async function startApp(connectionString: string, dataDir: string, token: string): Promise<AppProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeArgs(), SERVER_SCRIPT], {
    env: { ...process.env, ADMIN_SCALE_DATABASE_URL: connectionString, ADMIN_SCALE_DATA_DIR: dataDir },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ready = await readyLine(child);
  const startMs = performance.now() - started;
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `http://127.0.0.1:${ready.port}/api/trpc`,
        headers: { authorization: `Bearer ${token}` },
      }),
    ],
  });
  return {
    client,
    startMs,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.stdin?.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function readyLine(child: ChildProcess): Promise<{ port: number }> {
  const stdout = child.stdout;
  if (!stdout) throw new Error("the app has no stdout");
  stdout.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the app did not start within 120 s"));
    }, 120_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the app exited during start-up (code ${code})`));
    };
    stdout.on("data", (chunk: string) => {
      buffered += chunk;
      const newline = buffered.indexOf("\n");
      if (newline < 0 || buffered === "") return;
      clearTimeout(timer);
      child.off("exit", onExit);
      const line = buffered.slice(0, newline);
      buffered = "";
      stdout.resume();
      resolve(JSON.parse(line) as { port: number });
    });
    child.once("exit", onExit);
  });
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));

/** The periods the analytics page offers most: the last 30 and 90 days and the last year. */
export function periods(now = new Date()): Array<{ label: string; range: DayRange }> {
  const today = dayOf(now);
  return [
    { label: "30 days", range: { from: daysBefore(today, 29), to: today } },
    { label: "90 days", range: { from: daysBefore(today, 89), to: today } },
    { label: "a year", range: { from: daysBefore(today, 364), to: today } },
  ];
}

export interface TimedView {
  view: string;
  period: string;
  ms: Distribution;
}

export interface SearchKindResult {
  kind: string;
  terms: number;
  meanResults: number;
  ms: Distribution;
}

export interface ReadResults {
  appStartMs: number[];
  /** The first getDashboard after each restart of the app. */
  dashboardColdMs: number[];
  dashboardWarm: Distribution;
  views: TimedView[];
  /** In this process: each part of the report (a tab), and the whole. */
  reportParts: TimedView[];
  search: Distribution;
  searchByKind: SearchKindResult[];
  searchSlowest: Array<{ term: string; kind: string; ms: number }>;
}

export interface ReadOptions {
  restarts: number;
  calls: number;
  searchPasses: number;
  /** Waits for a quiet machine and records the load as each timed part begins. */
  beforePart(part: string): Promise<void>;
  log(message: string): void;
}

interface SearchTerm {
  kind: string;
  term: string;
}

/** Search terms made from the people stored: what someone looking for a person would type. */
async function searchTerms(platform: Platform): Promise<SearchTerm[]> {
  const people = await queryRows<{ id: string; name: string; handle: string; email: string }>(
    platform.deps.db,
    sql`select id, name, handle, email from users where subject like 'scale-%'
        and (hashint8(substring(subject from 7)::bigint) & 1023) = 7 order by subject limit 60`,
  );
  const terms: SearchTerm[] = [];
  const take = (kind: string, count: number, make: (person: (typeof people)[number]) => string) => {
    for (let index = 0; index < count; index++) {
      const person = people[(terms.length + index) % people.length];
      if (person) terms.push({ kind, term: make(person) });
    }
  };
  const first = (name: string) => name.split(" ")[0] ?? name;
  const last = (name: string) => name.split(" ")[1] ?? name;
  take("first name, prefix", 10, (person) => first(person.name).slice(0, 3).toLowerCase());
  take("first name", 10, (person) => first(person.name));
  take("surname", 10, (person) => last(person.name));
  take("full name", 10, (person) => person.name);
  take("handle with @, prefix", 10, (person) => `@${person.handle.slice(0, 6)}`);
  take("handle", 10, (person) => person.handle);
  take("email, prefix", 10, (person) => person.email.split("@")[0] ?? person.email);
  take("email", 10, (person) => person.email);
  take("id", 10, (person) => person.id);
  for (const term of ["zqxw", "nobody-at-all", "Xylophone", "@nohandle", "qq@none.invalid"]) {
    terms.push({ kind: "no match", term });
  }
  for (let index = 0; index < 5; index++) terms.push({ kind: "everyone (empty)", term: "" });
  return terms;
}

async function timeSearch(client: Client, terms: SearchTerm[], passes: number) {
  for (const { term } of terms.slice(0, 10)) await client.userManagement.searchPeople.query({ query: term });
  const samples: Array<SearchTerm & { ms: number; results: number }> = [];
  for (let pass = 0; pass < passes; pass++) {
    for (const entry of terms) {
      const start = performance.now();
      const page = await client.userManagement.searchPeople.query({ query: entry.term });
      samples.push({ ...entry, ms: performance.now() - start, results: page.people.length });
    }
  }
  const kinds = [...new Set(terms.map((entry) => entry.kind))];
  return {
    search: distribution(samples.map((sample) => sample.ms)),
    searchByKind: kinds.map((kind) => {
      const ofKind = samples.filter((sample) => sample.kind === kind);
      return {
        kind,
        terms: ofKind.length / passes,
        meanResults: round(ofKind.reduce((sum, sample) => sum + sample.results, 0) / ofKind.length),
        ms: distribution(ofKind.map((sample) => sample.ms)),
      };
    }),
    searchSlowest: [...samples]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((sample) => ({ term: sample.term, kind: sample.kind, ms: round(sample.ms) })),
  };
}

async function timeViews(client: Client, options: ReadOptions): Promise<TimedView[]> {
  const views: TimedView[] = [];
  const timed = async (view: string, period: string, call: (index: number) => Promise<unknown>) => {
    const ms = await timeCalls(options.calls, call, 3);
    views.push({ view, period, ms });
    options.log(`  ${view}, ${period}: p50 ${ms.p50} ms, p95 ${ms.p95} ms`);
  };
  const all = periods();
  for (const { label, range } of all) {
    await timed("getAnalyticsReport (every tab), funnel window 7 days", label, () =>
      client.analytics.getAnalyticsReport.query({ range, funnelWindowDays: 7 }),
    );
  }
  const year = all[2]?.range as DayRange;
  await timed("getAnalyticsReport (every tab), funnel window 30 days", "a year", () =>
    client.analytics.getAnalyticsReport.query({ range: year, funnelWindowDays: 30 }),
  );
  const report = await client.analytics.getAnalyticsReport.query({ range: year, funnelWindowDays: 7 });
  const titles = report.titles.map((title) => title.contentId);
  for (const { label, range } of all) {
    await timed("getTitleDropOff", label, (index) =>
      client.analytics.getTitleDropOff.query({ contentId: titles[index % titles.length] ?? "", range }),
    );
  }
  // The cells of the retention table: the last 13 cohorts, each in weeks 0 to 12 after sign-up.
  const cells = report.cohorts.cohorts.flatMap((cohort) =>
    cohort.weeks.map((week) => ({ cohortWeek: cohort.cohortWeek, week: week.week })),
  );
  await timed("getCohortPeople", "a cell", (index) =>
    client.analytics.getCohortPeople.query(cells[(index * 7) % cells.length] ?? { cohortWeek: "", week: "" }),
  );
  return views;
}

async function timeReportParts(platform: Platform, calls: number): Promise<TimedView[]> {
  const { db } = platform.deps;
  const parts: Array<[string, (range: DayRange) => Promise<unknown>]> = [
    ["Activity tab (activityReport)", (range) => activityReport(db, range)],
    ["Retention tab (cohortsReport)", (range) => cohortsReport(db, range)],
    ["Funnels tab (funnelsReport)", (range) => funnelsReport(db, range, 7)],
    ["Content tab (titlesReport)", (range) => titlesReport(db, range)],
  ];
  const results: TimedView[] = [];
  for (const { label, range } of periods()) {
    for (const [view, run] of parts) {
      results.push({ view, period: label, ms: await timeCalls(calls, () => run(range), 3) });
    }
  }
  return results;
}

export async function benchReads(
  platform: Platform,
  connectionString: string,
  superadminSubject: string,
  options: ReadOptions,
): Promise<ReadResults> {
  const token = await accessToken(platform, { subject: superadminSubject, expiresInSeconds: 3 * 3_600 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "litverse-admin-scale-"));
  const appStartMs: number[] = [];
  const dashboardColdMs: number[] = [];
  let app: AppProcess | undefined;
  try {
    await options.beforePart("dashboard");
    for (let restart = 0; restart < options.restarts; restart++) {
      await app?.stop();
      app = await startApp(connectionString, dataDir, token);
      appStartMs.push(round(app.startMs));
      const start = performance.now();
      await app.client.analytics.getDashboard.query();
      dashboardColdMs.push(round(performance.now() - start));
    }
    options.log(`dashboard after a restart: ${dashboardColdMs.join(", ")} ms`);
    if (!app) throw new Error("no restarts asked for");
    const client = app.client;
    const dashboardWarm = await timeCalls(options.calls, () => client.analytics.getDashboard.query(), 3);
    options.log(`dashboard warm: p50 ${dashboardWarm.p50} ms, p95 ${dashboardWarm.p95} ms`);

    await options.beforePart("analytics views");
    const views = await timeViews(client, options);

    await options.beforePart("user search");
    const searched = await timeSearch(client, await searchTerms(platform), options.searchPasses);
    options.log(`search: p50 ${searched.search.p50} ms, p95 ${searched.search.p95} ms`);
    await app.stop();
    app = undefined;

    await options.beforePart("report parts, in process");
    const reportParts = await timeReportParts(platform, options.calls);
    return { appStartMs, dashboardColdMs, dashboardWarm, views, reportParts, ...searched };
  } finally {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
