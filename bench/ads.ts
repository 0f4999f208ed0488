// `npm run bench:ads`: choosing ads and counting what pages report of them, PGlite (default) or
// PostgreSQL. The app (buildApp, the app's router and one baseline function) runs in a child process
// of this file (`--serve`) with 50 running paid cpm campaigns (mixed placements, some for one genre's
// readers), 2 house ads and a few thousand readers; here, the clients: a WebSocket per reader.
//   (1) choices in the server's process, `adServerFor(deps).serve(...)` one at a time (p99 ≤ 5 ms);
//   (2) `ads.serveAd` calls/s, in one-second turns with the same route without the ad logic and a
//       cached shared read (the transport's reference) (≥ 5,000/s);
//   (3) `ads.recordAdEvents` with their tokens, impression + viewable, a few a call, one call in ten
//       sent twice at once (≥ 5,000 events/s), then every call again; the stored counts must equal
//       the showings, the spend every view's rate (at most the budget), and after the upkeep the
//       ledger check must find nothing. Prints markdown, writes bench/results/ads.json; `--help`.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { AD_PLACEMENTS, type AdPlacement, type ServedAd } from "@litverse/shared/ads";
import { serveAdInput } from "@litverse/shared/ads-inputs";
import { createTRPCClient, createWSClient, type TRPCClient, wsLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { WebSocket as WsSocket } from "ws";
import { buildApp } from "../apps/server/src/app.ts";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import { runAdsUpkeep } from "../apps/server/src/modules/ads/index.ts";
import { adCampaigns } from "../apps/server/src/modules/ads/schema.ts";
import { adServerFor } from "../apps/server/src/modules/ads/serving.ts";
import { checkLedger, creditCoins } from "../apps/server/src/modules/coins/index.ts";
import { episodeProgress } from "../apps/server/src/modules/reading/schema.ts";
import type { Platform } from "../apps/server/src/platform.ts";
import { appRouter } from "../apps/server/src/router.ts";
import { mergeRouters, optionalUser, publicProcedure, router } from "../apps/server/src/rpc/trpc.ts";
import { addChapters, createTitle, readerAged } from "../apps/server/src/test/catalogue.ts";
import { callerFor, createUser } from "../apps/server/src/test/test-platform.ts";
import { accessToken } from "../apps/server/src/test/tokens.ts";
import {
  type Distribution,
  databasesOf,
  distribution,
  progressLog,
  readReadyLine,
  round,
  serverNodeArgs,
} from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:ads -- [options]
  --db pglite|postgres|both   databases (default pglite)
  --readers 3000              readers stored (default 3000)
  --users 1000                of them, clients connected, one WebSocket each (default 1000)
  --inflight 100              calls in flight across the clients (default 100)
  --choices 50000             choices timed in the server's process (default 50000)
  --seconds 6                 measured one-second turns per contender of (2) (default 6)
  --showings 30000            showings whose events are sent: (2)'s, then (1)'s (default 30000)
  --batch 4                   events per recordAdEvents call (default 4: two showings)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database; BENCH_SERVER_NODE_ARGS passes flags (--cpu-prof) to the server.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    readers: { type: "string", default: "3000" },
    users: { type: "string", default: "1000" },
    inflight: { type: "string", default: "100" },
    choices: { type: "string", default: "50000" },
    seconds: { type: "string", default: "6" },
    showings: { type: "string", default: "30000" },
    batch: { type: "string", default: "4" },
    serve: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [readerCount, inflight, choiceCount, seconds, showingCount] = [
  values.readers,
  values.inflight,
  values.choices,
  values.seconds,
  values.showings,
].map(Number) as [number, number, number, number, number];
const userCount = Math.min(readerCount, Number(values.users));
const batchSize = 2 * Math.max(1, Math.min(10, Math.floor(Number(values.batch) / 2)));
const log = progressLog();

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const HOUR = 3_600_000;
const GENRES = ["Fantasy", "Romance", "Mystery", "Science Fiction", "Horror"];
const SETS = [
  "home explore",
  "reels",
  "episode-end home",
  "explore reels episode-end",
  AD_PLACEMENTS.join(" "),
];
const PLACEMENT_SETS = SETS.map((set) => set.split(" ") as AdPlacement[]);
/** The default prices per 1,000 views. */
const CPM: Record<AdPlacement, number> = { home: 20, explore: 20, reels: 30, "episode-end": 40 };
/** The caps per person, as high as the settings go: many calls per reader. */
const CAPS = { enabled: true, perHour: 60, perDay: 500, cpcCoins: 2 };
const TABLES = ["campaigns", "daily", "events"];
const TARGETS = { choiceP99Ms: 5, servesPerSecond: 5_000, eventsPerSecond: 5_000 };

// ---------------------------------------------------------------------------------------------
// The server's side (`--serve <database>`): the app, its seed, and four routes for the harness.

let baselineAnswer: ServedAd | null = null;
/** ads.serveAd without the ad logic: the same input, guards and user read; a fixed answer. */
const serveAdBaseline = publicProcedure.input(serveAdInput).mutation(async ({ ctx }) => {
  await optionalUser(ctx);
  return baselineAnswer;
});
const benchAdsRouter = mergeRouters(appRouter, router({ adsBench: router({ serveAdBaseline }) }));
type BenchAdsRouter = typeof benchAdsRouter;

/** `contentId`: a title the reader reads, which episode-end asks with. */
type Reader = { id: string; subject: string; age: 16 | 18; contentId: string };
type Setup = Array<{ token: string; contentId: string }>;

async function seed(platform: Platform): Promise<{ readers: Reader[]; clients: Setup }> {
  const { deps } = platform;
  const boss = callerFor(platform, await createUser(platform, "superadmin"), { userAgent: BROWSER });
  const titles: Array<{ id: string; episodeId: string }> = [];
  for (let index = 0; index < 10; index++) {
    const genres = [GENRES[index % GENRES.length] as string];
    const title = await createTitle(platform, { genres, language: "en", ageRating: index === 9 ? 18 : 13 });
    const [episode] = await addChapters(platform, title.id, 1);
    titles.push({ id: title.id, episodeId: episode?.id as string });
  }
  const advertisers = [];
  for (let index = 0; index < 10; index++) {
    const advertiser = await readerAged(platform, 18);
    const credit = { kind: "grant", purchased: 1e5, memo: "bench", idempotencyKey: advertiser.id } as const;
    await deps.changes.inTransaction(deps.db, (tx) => creditCoins(deps, tx, advertiser.id, credit));
    advertisers.push(callerFor(platform, advertiser, { userAgent: BROWSER }));
  }
  const startsAt = new Date(Date.now() - HOUR).toISOString();
  const endsAt = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
  // Campaigns 0, 17 and 34: 50 coins, in every placement, agreed at five times the price; they run out.
  for (const factor of [5, 1]) {
    await boss.ads.setAdSettings({
      placements: AD_PLACEMENTS.map((p) => ({ placement: p, ...CAPS, cpmCoins: CPM[p] * factor })),
      reelsEvery: 6,
      adFreeTiers: ["premium", "vvip"],
    });
    for (let n = 0; n < 50; n++) {
      const small = n % 17 === 0;
      if (small !== (factor === 5)) continue;
      const advertiser = advertisers[Math.floor(n / 5)] as (typeof advertisers)[number];
      const { campaignId } = await advertiser.ads.createCampaign({
        name: `Bench campaign ${n}`,
        target: { kind: "title", id: (titles[n % titles.length] as { id: string }).id },
        headline: `Read bench title ${n % titles.length}`,
        body: "The first chapter is free.",
        cta: "Read now",
        placements: small ? [...AD_PLACEMENTS] : (PLACEMENT_SETS[n % PLACEMENT_SETS.length] as AdPlacement[]),
        // One in three for readers of its title's genre only.
        audience: { contentTypes: [], genres: n % 3 === 1 ? [GENRES[n % 5] as string] : [], languages: [] },
        ...{ startsAt, endsAt, pricing: "cpm", budgetCoins: small ? 50 : 2_000 + (n % 7) * 1_000 },
      });
      await boss.ads.approveCampaign({ campaignId });
    }
  }
  for (const priority of ["equal", "fill"] as const) {
    await boss.ads.createHouseAd({
      ...{ name: `House ad, ${priority}`, target: { kind: "plan" }, cta: "See plans" },
      headline: "Premium: no ads, every chapter",
      ...{ placements: [...AD_PLACEMENTS], priority, startsAt, endsAt },
    });
  }
  // Readers of the embedded provider (real tokens), one in ten aged 16, each reading two titles.
  const rows = await queryRows<{ id: string; subject: string; n: number }>(
    deps.db,
    sql`insert into users (issuer, subject, email, name, role, age)
        select ${EMBEDDED_ISSUER_KEY}, 'ads-reader-' || g, 'ads-reader-' || g || '@bench.invalid', 'Reader ' || g,
          'user', case when g % 10 = 0 then 16 else 18 end
        from generate_series(0, ${readerCount - 1}::int) g
        returning id, subject, substr(subject, 12)::int as n`,
  );
  rows.sort((a, b) => a.n - b.n);
  const readers: Reader[] = rows.map(({ id, subject, n }) => {
    const contentId = (titles[n % 10] as { id: string }).id;
    return { id, subject, age: n % 10 === 0 ? 16 : 18, contentId };
  });
  const progress = rows.flatMap(({ id, n }) =>
    [n % 10, (n * 3 + 1) % 10].map((index, order) => {
      const { id: contentId, episodeId } = titles[index] as { id: string; episodeId: string };
      const updatedAt = new Date(Date.now() - order * HOUR);
      return { userId: id, episodeId, contentId, fraction: 0.5, updatedAt };
    }),
  );
  for (let start = 0; start < progress.length; start += 1_000) {
    await deps.db.insert(episodeProgress).values(progress.slice(start, start + 1_000));
  }
  const clients: Setup = [];
  for (const { subject, contentId } of readers.slice(0, userCount)) {
    clients.push({ token: await accessToken(platform, { subject, expiresInSeconds: 3_600 }), contentId });
  }
  return { readers, clients };
}

const CALLER = { clientIp: "127.0.0.1", userAgent: BROWSER };
const requestOf = ({ id, age }: Reader) => ({ viewer: { id, role: "user" as const, age }, ...CALLER });

const micros = (ms: number[]) => distribution(ms.map((each) => each * 1000));

/** (1) Choices in the server's process, one at a time: each reader's first, then `calls` more. */
async function timeChoices(platform: Platform, readers: Reader[], calls: number) {
  const server = adServerFor(platform.deps);
  const choose = async (reader: Reader, placement: AdPlacement) => {
    const start = performance.now();
    const contentId = placement === "episode-end" ? reader.contentId : null;
    const ad = await server.serve(requestOf(reader), { placement, contentId });
    return { ms: performance.now() - start, ad };
  };
  const first: number[] = [];
  for (const reader of readers) first.push((await choose(reader, "home")).ms);
  const [samples, ads]: [number[], Array<Omit<Showing, "client">>] = [[], []];
  let empty = 0;
  for (let index = 0; index < calls; index++) {
    const placement = AD_PLACEMENTS[(index + Math.floor(index / readers.length)) % 4] as AdPlacement;
    const { ms, ad } = await choose(readers[index % readers.length] as Reader, placement);
    samples.push(ms);
    if (!ad) empty++;
    else ads.push({ token: ad.token, campaignId: ad.campaignId, placement: ad.placement });
  }
  return { first: distribution(first), warmMicros: micros(samples), empty, ads };
}

/** The showings whose events were sent; `views`: per campaign and placement. */
type Expected = { showings: number; views: Record<string, Partial<Record<AdPlacement, number>>> };

/** (3)'s checks: the stored counts and spend against what was sent; then the upkeep and the ledger. */
async function check(platform: Platform, expected: Expected) {
  const { db } = platform.deps;
  const [totals = {}] = await queryRows<Record<string, number>>(
    db,
    sql`select * from
      (select sum(impressions)::float8 as campaigns_impressions, sum(viewable)::float8 as campaigns_viewable,
        sum(spent_milli)::float8 as campaigns_spent from ad_campaigns) c,
      (select coalesce(sum(impressions), 0)::float8 as daily_impressions, coalesce(sum(viewable), 0)::float8
        as daily_viewable, coalesce(sum(spent_milli), 0)::float8 as daily_spent from ad_daily) d,
      (select (count(*) filter (where kind = 'impression'))::float8 as events_impressions,
        (count(*) filter (where kind = 'viewable'))::float8 as events_viewable,
        coalesce(sum(charged_milli), 0)::float8 as events_spent from ad_events) e`,
  );
  const problems: string[] = [];
  const expect = (what: string, actual: number | undefined, wanted: number) => {
    if (actual !== wanted) problems.push(`${what}: ${actual}, expected ${wanted}`);
  };
  let [due, atBudget, overBudget] = [0, 0, 0];
  const shown: string[] = [];
  for (const campaign of await db.select().from(adCampaigns)) {
    const views = Object.entries(expected.views[campaign.id] ?? {});
    const rated = views.reduce((sum, [at, n]) => sum + (campaign.ratesMilli[at as AdPlacement] ?? 0) * n, 0);
    const budget = (campaign.budgetCoins ?? 0) * 1000;
    const owed = campaign.isHouse ? 0 : Math.min(budget, rated);
    due += owed;
    expect(`spend of ${campaign.name} (milli)`, campaign.spentMilli, owed);
    if (!campaign.isHouse && campaign.spentMilli === budget) atBudget++;
    if (!campaign.isHouse && campaign.spentMilli > budget) overBudget++;
    if (campaign.impressions > 0) shown.push(campaign.genres.length > 0 ? "for a genre" : "for anyone");
  }
  for (const table of TABLES) {
    expect(`ad_${table} impressions`, totals[`${table}_impressions`], expected.showings);
    expect(`ad_${table} views`, totals[`${table}_viewable`], expected.showings);
    expect(`ad_${table} spend (milli)`, totals[`${table}_spent`], due);
  }
  const upkeep = await runAdsUpkeep(platform.deps);
  const { violations } = await checkLedger(db);
  expect("ledger violations", violations.length, 0);
  const [coins] = await queryRows<{ settled: number; released: number }>(
    db,
    sql`select sum(settled_coins)::float8 as settled, sum(released_coins)::float8 as released from ad_campaigns`,
  );
  const counts = { showings: expected.showings, due, atBudget, overBudget, violations: violations.length };
  const forGenre = shown.filter((audience) => audience === "for a genre").length;
  return { ...counts, shown: shown.length, forGenre, totals, upkeep, coins, problems };
}
type Checked = Awaited<ReturnType<typeof check>>;

async function serve(database: string): Promise<void> {
  // Thousands of readers from one address, writing as fast as they can: not the limits' test.
  const limits = { RATE_LIMIT_WRITES_PER_MINUTE: "1e8", MAX_SOCKETS_PER_IP: "1e5", MAX_SOCKETS: "1e5" };
  const bench = await openBenchPlatform(database, limits);
  const { platform } = bench;
  const { readers, clients } = await seed(platform);
  const sample = requestOf(readers[1] as Reader);
  baselineAnswer = await adServerFor(platform.deps).serve(sample, { placement: "explore" });
  const app = await buildApp(platform, { router: benchAdsRouter, logger: false });
  app.get("/bench/ads/setup", async () => clients);
  app.get("/bench/ads/cpu", async () => process.cpuUsage());
  app.post("/bench/ads/choices", async (request) =>
    timeChoices(platform, readers, (request.body as { calls: number }).calls),
  );
  app.post("/bench/ads/check", async (request) => check(platform, request.body as Expected));
  process.stdin.once("end", async () => {
    setTimeout(() => process.exit(1), 15_000).unref();
    await app.close();
    await bench.close();
    process.exit(0);
  });
  process.stdin.resume();
  await app.listen({ port: 0, host: "127.0.0.1", backlog: 4096 });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
}

// ---------------------------------------------------------------------------------------------
// The harness's side.

/** The `ws` client with a browser's User-Agent: serving and counting ignore clients without one. */
class BrowserSocket extends WsSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols, { headers: { "user-agent": BROWSER } });
  }
}

/** The server process's CPU time so far (user + system), in microseconds. */
let serverCpu = async () => 0;
type Client = { trpc: TRPCClient<BenchAdsRouter>; close: () => Promise<void>; contentId: string };

async function startServer(database: string): Promise<{ child: ChildProcess; url: string }> {
  const args = [fileURLToPath(import.meta.url), "--serve", database, "--readers", String(readerCount)];
  const child = spawn(process.execPath, [...serverNodeArgs(), ...args, "--users", String(userCount)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const { port } = await readReadyLine<{ port: number }>(child);
  return { child, url: `http://127.0.0.1:${port}` };
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const headers = { "content-type": "application/json" };
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function connect(url: string, setup: Setup): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < setup.length; start += 100) {
    const opened = setup.slice(start, start + 100).map(({ token, contentId }) => {
      const socket = createWSClient({
        url: `${url.replace("http", "ws")}/api/ws`,
        WebSocket: BrowserSocket as unknown as typeof WebSocket,
        connectionParams: () => ({ token }),
      });
      const trpc = createTRPCClient<BenchAdsRouter>({ links: [wsLink({ client: socket })] });
      return { trpc, close: () => socket.close(), contentId };
    });
    // A first call on each: open and signed in.
    await Promise.all(opened.map((client) => client.trpc.systemSettings.getComingSoonSettings.query()));
    clients.push(...opened);
  }
  return clients;
}

/** Keeps `inflight` calls going for `ms`; counts them, and their latencies when given a list. */
async function keepCalling(call: () => Promise<void>, ms: number, latencies: number[] | null) {
  const deadline = performance.now() + ms;
  let calls = 0;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline) {
      const at = performance.now();
      await call();
      calls++;
      latencies?.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: inflight }, worker));
  return { calls, elapsed: (performance.now() - started) / 1000 };
}

/** One-second turns of each contender in order, so that each sees the same moments of a busy machine. */
async function alternate(contenders: Array<() => Promise<void>>) {
  for (const call of contenders) await keepCalling(call, 1_000, null);
  const totals = contenders.map(() => ({ calls: 0, elapsed: 0, cpu: 0, latencies: [] as number[] }));
  for (let turn = 0; turn < seconds; turn++) {
    for (const [index, call] of contenders.entries()) {
      const total = totals[index] as (typeof totals)[number];
      const cpu = await serverCpu();
      const { calls, elapsed } = await keepCalling(call, 1_000, total.latencies);
      total.cpu += (await serverCpu()) - cpu;
      Object.assign(total, { calls: total.calls + calls, elapsed: total.elapsed + elapsed });
    }
  }
  return totals.map(({ calls, elapsed, cpu, latencies }) => {
    const [callsPerSecond, cpuMicrosPerCall] = [Math.round(calls / elapsed), Math.round(cpu / calls)];
    return { calls, callsPerSecond, cpuMicrosPerCall, latencyMs: distribution(latencies) };
  });
}

type Throughput = Awaited<ReturnType<typeof alternate>>[number];
type Showing = { token: string; campaignId: string; placement: AdPlacement; client: number };

/** (2): serveAd, its baseline and the transport's reference, in turns; the showings served. */
async function measureServing(clients: Client[]) {
  const showings: Showing[] = [];
  let [empty, next] = [0, 0];
  const pick = () => {
    const index = next++;
    const client = index % clients.length;
    const placement = AD_PLACEMENTS[(index + Math.floor(index / clients.length)) % 4] as AdPlacement;
    const { trpc, contentId } = clients[client] as Client;
    return { client, trpc, input: { placement, ...(placement === "episode-end" ? { contentId } : {}) } };
  };
  const [served, baseline, reference] = (await alternate([
    async () => {
      const { client, trpc, input } = pick();
      const ad = await trpc.ads.serveAd.mutate(input);
      if (!ad) empty++;
      else showings.push({ token: ad.token, campaignId: ad.campaignId, placement: ad.placement, client });
    },
    async () => {
      const { trpc, input } = pick();
      await trpc.adsBench.serveAdBaseline.mutate(input);
    },
    async () => void (await pick().trpc.systemSettings.getComingSoonSettings.query()),
  ])) as [Throughput, Throughput, Throughput];
  return { served, baseline, reference, empty, showings };
}

type AdEvents = Array<{ token: string; kind: "impression" | "viewable" }>;
/** (3): the showings' impression and viewable events, then every call again. */
async function measureEvents(clients: Client[], showings: Showing[]) {
  // Calls as each page would send them (its own showings, batchSize events), interleaved across pages.
  const perClient = clients.map(() => [] as AdEvents[]);
  for (const { client, token } of showings) {
    const own = perClient[client] as AdEvents[];
    const last = own.at(-1);
    const events = (["impression", "viewable"] as const).map((kind) => ({ token, kind }));
    if (last && last.length < batchSize) last.push(...events);
    else own.push(events);
  }
  const rounds = Math.max(0, ...perClient.map((own) => own.length));
  const calls = Array.from({ length: rounds }, (_, index) =>
    perClient.flatMap((own, client) => (own[index] ? [{ client, events: own[index] }] : [])),
  ).flat();
  const send = async (twiceEvery: number) => {
    let [next, answered] = [0, 0];
    const latencies: number[] = [];
    const [started, cpu] = [performance.now(), await serverCpu()];
    const worker = async () => {
      while (next < calls.length) {
        const index = next++;
        const { client, events } = calls[index] as (typeof calls)[number];
        const { trpc } = clients[client] as Client;
        const at = performance.now();
        // A retry racing the first send, as from a page whose answer was lost.
        const copies = twiceEvery > 0 && index % twiceEvery === 0 ? 2 : 1;
        const answers = await Promise.all(
          Array.from({ length: copies }, () => trpc.ads.recordAdEvents.mutate({ events })),
        );
        latencies.push(performance.now() - at);
        for (const answer of answers) answered += answer.counted;
      }
    };
    await Promise.all(Array.from({ length: inflight }, worker));
    const elapsed = (performance.now() - started) / 1000;
    const events = calls.reduce((total, call) => total + call.events.length, 0);
    const [eventsPerSecond, latencyMs] = [Math.round(events / elapsed), distribution(latencies)];
    const cpuMicrosPerEvent = Math.round(((await serverCpu()) - cpu) / events);
    const counts = { calls: calls.length, events, answered, seconds: round(elapsed, 2), cpuMicrosPerEvent };
    return { ...counts, eventsPerSecond, latencyMs };
  };
  return { first: await send(10), again: await send(0) };
}

type Figures = Awaited<ReturnType<typeof benchOn>>;
type Choices = Awaited<ReturnType<typeof timeChoices>>;
async function benchOn(database: string) {
  const load = () => round(os.loadavg()[0] ?? 0, 2);
  const loadAverages = [load()];
  log(`${database}: seeding 50 campaigns, 2 house ads, ${readerCount} readers (server process)`);
  const { child, url } = await startServer(database);
  serverCpu = async () => {
    const { user, system } = (await (await fetch(`${url}/bench/ads/cpu`)).json()) as NodeJS.CpuUsage;
    return user + system;
  };
  let clients: Client[] = [];
  try {
    const setup = (await (await fetch(`${url}/bench/ads/setup`)).json()) as Setup;
    log(`${database}: ${choiceCount} choices in the server's process, after each reader's first`);
    const { ads, ...choices } = await post<Choices>(`${url}/bench/ads/choices`, { calls: choiceCount });
    log(`${database}: choice p50 ${choices.warmMicros.p50}, p99 ${choices.warmMicros.p99} µs; connecting`);
    clients = await connect(url, setup);
    loadAverages.push(load());
    log(`${database}: serveAd, baseline, reference: ${seconds} turns of 1 s each, ${inflight} in flight`);
    const { showings, ...serving } = await measureServing(clients);
    log(`${database}: serveAd ${serving.served.callsPerSecond}/s`);
    // Then the ads chosen in (1), as real as these (the same function chose them), spread over the sockets.
    const chosen = ads.map((ad, index) => ({ ...ad, client: index % clients.length }));
    const sent = [...showings, ...chosen].slice(0, showingCount);
    loadAverages.push(load());
    log(`${database}: events of ${sent.length} showings, ${batchSize} a call; then every call again`);
    const events = await measureEvents(clients, sent);
    log(`${database}: ${events.first.eventsPerSecond} events/s; retries counted ${events.again.answered}`);
    const views: Expected["views"] = {};
    for (const { campaignId: id, placement: at } of sent)
      views[id] = { ...views[id], [at]: (views[id]?.[at] ?? 0) + 1 };
    const checked = await post<Checked>(`${url}/bench/ads/check`, { showings: sent.length, views });
    const served = { ...serving, showings: showings.length };
    return { database, loadAverages, choices, serving: served, events, checked };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    const exited = once(child, "exit");
    child.stdin?.end();
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  }
}

function rows(f: Figures): Array<[string, string, string]> {
  const { choices, serving, checked: c } = f;
  const { first, again } = f.events;
  const d = (x: Distribution) => `${x.p50} / ${x.p95} / ${x.p99} / ${x.max} ms`;
  const n = (x: number | undefined) => (x ?? Number.NaN).toLocaleString("en");
  const rate = (x: Throughput) =>
    `${n(x.callsPerSecond)}/s (${x.latencyMs.p50}, ${x.latencyMs.p99} ms; ${x.cpuMicrosPerCall} µs)`;
  const t = (kind: string) => TABLES.map((table) => n(c.totals[`${table}_${kind}`])).join(" / ");
  const upkeep = `${c.upkeep.ended}, ${c.upkeep.settled}; ${n(c.coins?.settled)}, ${n(c.coins?.released)}`;
  const choice = d(choices.warmMicros).replace("ms", "µs");
  const retried = `${again.answered}; ${n(again.eventsPerSecond)}/s`;
  const stored = `${n(first.eventsPerSecond)}/s (${first.cpuMicrosPerEvent} µs)`;
  const budgets = `${c.shown} (${c.forGenre}); ${c.atBudget} / ${c.overBudget}`;
  const ratio = round(serving.served.callsPerSecond / serving.baseline.callsPerSecond, 2);
  return [
    ["Choice in the server, p50 / p95 / p99 / max", "p99 ≤ 5,000 µs", choice],
    ["A reader's first choice (plans, interests read)", "", d(choices.first)],
    ["`ads.serveAd`: calls/s (p50, p99; server CPU a call)", "≥ 5,000/s", rate(serving.served)],
    ["Baseline: the same route without the ad logic", "", rate(serving.baseline)],
    ["Reference: `systemSettings.getComingSoonSettings`", "", rate(serving.reference)],
    ["serveAd ÷ baseline; answers with an ad / none", "", `${ratio}; ${serving.showings} / ${serving.empty}`],
    ["`ads.recordAdEvents`: events stored/s (server CPU an event)", "≥ 5,000/s", stored],
    ["… showings sent; events; seconds", "", `${n(c.showings)}; ${n(first.events)}; ${first.seconds} s`],
    ["… calls, p50 / p95 / p99 / max", "", d(first.latencyMs)],
    ["… events the answers said counted (copies too)", "", n(first.answered)],
    ["Every call again (retries): counted; events/s", "0", retried],
    ["Impressions in campaigns / daily / events", "= showings", t("impressions")],
    ["Views in campaigns / daily / events", "= showings", t("viewable")],
    ["Spend (milli) in campaigns / daily / events; due", "equal", `${t("spent")}; ${n(c.due)}`],
    ["Campaigns shown (for a genre); at / over budget", "over: 0", budgets],
    ["Upkeep: ended, settled; coins settled, given back", "", upkeep],
    ["`checkLedger` violations after the upkeep", "0", String(c.violations)],
    ["Load average (start, serving, events)", "", f.loadAverages.join(", ")],
  ];
}

if (values.serve) {
  await serve(values.serve);
} else {
  const figures: Figures[] = [];
  for (const database of databasesOf(values.db)) figures.push(await benchOn(database));
  const table = figures.map(rows);
  const lines = [
    `${readerCount} readers, ${userCount} connected (a WebSocket each), ${inflight} calls in flight; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}.`,
    "",
    `| Figure | Target | ${figures.map((f) => f.database).join(" | ")} |`,
    `| --- | --- | ${figures.map(() => "---").join(" | ")} |`,
    ...(table[0] ?? []).map(
      ([label, goal], i) => `| ${label} | ${goal} | ${table.map((r) => r[i]?.[2]).join(" | ")} |`,
    ),
  ];
  const problems = figures.flatMap(({ database, checked, events }) =>
    [...checked.problems, ...(events.again.answered ? [`retries counted ${events.again.answered}`] : [])].map(
      (problem) => `${database}: ${problem}`,
    ),
  );
  const missed = figures.flatMap((f) => {
    const choice = f.choices.warmMicros.p99;
    const [calls, events] = [f.serving.served.callsPerSecond, f.events.first.eventsPerSecond];
    const misses = [
      choice > TARGETS.choiceP99Ms * 1000 ? `choice p99 ${choice} µs > 5 ms` : "",
      calls < TARGETS.servesPerSecond ? `serveAd ${calls}/s < 5,000/s` : "",
      events < TARGETS.eventsPerSecond ? `${events} events/s < 5,000/s` : "",
    ];
    return misses.filter(Boolean).map((miss) => `${f.database}: ${miss}`);
  });
  const list = (title: string, items: string[]) =>
    `${title}:\n${items.map((item) => `- ${item}`).join("\n")}`;
  lines.push("", problems.length ? list("Wrong", problems) : "Every count and charge checked out.");
  lines.push(missed.length ? list("Missed targets", missed) : "All targets met.");
  console.log(lines.join("\n"));
  const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
  await mkdir(resultsDir, { recursive: true });
  const options = { readerCount, userCount, inflight, choiceCount, seconds, showingCount, batchSize };
  const json = { date: new Date().toISOString(), options, figures, problems, missed };
  await writeFile(`${resultsDir}ads.json`, `${JSON.stringify(json, null, 2)}\n`);
  process.exit(problems.length + missed.length > 0 ? 1 : 0);
}
