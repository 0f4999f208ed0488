// `npm run bench:coins`: the coin ledger's figures, on PGlite and PostgreSQL.
//   (a) unlock latency: readers unlocking priced episodes one after another through the real
//       unlockEpisode function (target p99 ≤ 50 ms);
//   (b) N concurrent unlock attempts on one wallet that affords only some of them: exactly the
//       affordable ones succeed, the wallet never overdraws, and the ledger checker passes;
//   (c) the same race spread over many wallets, for throughput.
// Prints markdown and writes bench/results/coins.json. `--help` lists the flags.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import type { Viewer } from "../apps/server/src/core/service-deps.ts";
import { creditCoins } from "../apps/server/src/modules/coins/ledger.ts";
import { checkLedger } from "../apps/server/src/modules/coins/ledger-check.ts";
import { addEpisodes, bookChapter } from "../apps/server/src/modules/content/add-episodes.ts";
import { createContent } from "../apps/server/src/modules/content/content-writing.service.ts";
import { unlockEpisode } from "../apps/server/src/modules/unlocks/unlocks.service.ts";
import { users } from "../apps/server/src/modules/users/schema.ts";
import type { Platform } from "../apps/server/src/platform.ts";
import { type Distribution, databasesOf, distribution, progressLog } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:coins -- [options]
  --db pglite|postgres|both   databases (default both)
  --unlocks 1000              sequential unlocks measured for the latency figure (default 1000)
  --race 1000                 concurrent unlock attempts on one wallet (default 1000)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    unlocks: { type: "string", default: "1000" },
    race: { type: "string", default: "1000" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const unlockCount = Number(values.unlocks);
const raceCount = Number(values.race);
const PRICE = 7;

const log = progressLog();

async function reader(platform: Platform, coins: number): Promise<Viewer> {
  const [row] = await platform.deps.db
    .insert(users)
    .values({
      issuer: "https://bench.invalid",
      subject: randomUUID(),
      email: `${randomUUID()}@bench.invalid`,
      age: 18,
    })
    .returning();
  if (!row) throw new Error("no user");
  if (coins > 0) {
    await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
      creditCoins(platform.deps, tx, row.id, {
        kind: "purchase",
        purchased: coins,
        memo: "bench coins",
        idempotencyKey: "bench",
      }),
    );
  }
  return { id: row.id, role: "user", age: 18 };
}

/** A published book of `count` chapters, each priced PRICE coins. */
async function pricedTitle(platform: Platform, count: number): Promise<string[]> {
  const title = await createContent(platform.deps, {
    contentType: "book",
    title: `Bench ${randomUUID().slice(0, 8)}`,
    author: "Bench",
    status: "published",
  });
  const chapters = Array.from({ length: count }, (_, index) => ({
    ...bookChapter(`Chapter ${index + 1}`, `<p>Chapter ${index + 1}.</p>`),
    priceCoins: PRICE,
  }));
  const added = [];
  for (let start = 0; start < count; start += 200) {
    added.push(...(await addEpisodes(platform.deps, title.id, chapters.slice(start, start + 200))));
  }
  return added.map((episode) => episode.id);
}

interface DatabaseFigures {
  database: string;
  unlockMs: Distribution;
  race: {
    attempts: number;
    affordable: number;
    succeeded: number;
    refused: number;
    otherErrors: number;
    finalBalance: number;
    wallMs: number;
    violations: number;
  };
  manyWallets: { readers: number; unlocks: number; wallMs: number; perSecond: number };
}

async function benchDatabase(database: string): Promise<DatabaseFigures> {
  const { platform, close } = await openBenchPlatform(database);
  try {
    // (a) Latency: 50 readers, each unlocking their share of a title's episodes in turn.
    const episodes = await pricedTitle(platform, Math.max(unlockCount / 50, 1));
    const readers = await Promise.all(Array.from({ length: 50 }, () => reader(platform, 100_000)));
    const warmup = await reader(platform, 1_000);
    for (const episodeId of episodes.slice(0, 20)) {
      await unlockEpisode(platform.deps, warmup, { episodeId, method: "coins", expectedPriceCoins: PRICE });
    }
    const times: number[] = [];
    for (const episodeId of episodes) {
      for (const viewer of readers) {
        if (times.length >= unlockCount) break;
        const start = performance.now();
        await unlockEpisode(platform.deps, viewer, { episodeId, method: "coins", expectedPriceCoins: PRICE });
        times.push(performance.now() - start);
      }
    }
    log(`${database}: ${times.length} unlocks measured`);

    // (b) The race: one wallet, raceCount different episodes at once, coins for a third of them.
    const raceEpisodes = await pricedTitle(platform, raceCount);
    const affordable = Math.floor(raceCount / 3);
    const racer = await reader(platform, affordable * PRICE + (PRICE - 1));
    const raceStart = performance.now();
    const results = await Promise.allSettled(
      raceEpisodes.map((episodeId) =>
        unlockEpisode(platform.deps, racer, { episodeId, method: "coins", expectedPriceCoins: PRICE }),
      ),
    );
    const wallMs = performance.now() - raceStart;
    const refused = results.filter(
      (result) =>
        result.status === "rejected" && (result.reason as { code?: string }).code === "INSUFFICIENT_COINS",
    ).length;
    const succeeded = results.filter((result) => result.status === "fulfilled").length;
    const { violations } = await checkLedger(platform.deps.db);
    const [wallet] = await queryRows<{ balance: number }>(
      platform.deps.db,
      sql`select coalesce(sum(balance), 0)::int as balance from ledger_accounts where user_id = ${racer.id}`,
    );
    log(`${database}: race ${succeeded}/${raceCount} succeeded (${affordable} affordable)`);

    // (c) Many wallets at once: 100 readers unlocking 10 episodes each, all in flight together.
    const crowd = await Promise.all(Array.from({ length: 100 }, () => reader(platform, 1_000)));
    const crowdEpisodes = raceEpisodes.slice(0, 10);
    const crowdStart = performance.now();
    await Promise.all(
      crowd.flatMap((viewer) =>
        crowdEpisodes.map((episodeId) =>
          unlockEpisode(platform.deps, viewer, { episodeId, method: "coins", expectedPriceCoins: PRICE }),
        ),
      ),
    );
    const crowdMs = performance.now() - crowdStart;

    return {
      database,
      unlockMs: distribution(times),
      race: {
        attempts: raceCount,
        affordable,
        succeeded,
        refused,
        otherErrors: raceCount - succeeded - refused,
        finalBalance: wallet?.balance ?? Number.NaN,
        wallMs: Math.round(wallMs),
        violations: violations.length,
      },
      manyWallets: {
        readers: crowd.length,
        unlocks: crowd.length * crowdEpisodes.length,
        wallMs: Math.round(crowdMs),
        perSecond: Math.round((crowd.length * crowdEpisodes.length) / (crowdMs / 1000)),
      },
    };
  } finally {
    await close();
  }
}

const figures: DatabaseFigures[] = [];
for (const database of databases) figures.push(await benchDatabase(database));

const lines = [
  "| Database | Unlock p50 | p95 | p99 | max | Race: succeeded / affordable / attempts | refused | other errors | final balance | checker violations | race wall time | 1,000 unlocks by 100 wallets |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...figures.map(
    (figure) =>
      `| ${figure.database} | ${figure.unlockMs.p50} ms | ${figure.unlockMs.p95} ms | ${figure.unlockMs.p99} ms | ${figure.unlockMs.max} ms | ${figure.race.succeeded} / ${figure.race.affordable} / ${figure.race.attempts} | ${figure.race.refused} | ${figure.race.otherErrors} | ${figure.race.finalBalance} | ${figure.race.violations} | ${figure.race.wallMs} ms | ${figure.manyWallets.wallMs} ms (${figure.manyWallets.perSecond}/s) |`,
  ),
];
console.log(lines.join("\n"));
const failures = figures.flatMap((figure) => [
  ...(figure.unlockMs.p99 > 50 ? [`${figure.database}: unlock p99 ${figure.unlockMs.p99} ms > 50 ms`] : []),
  ...(figure.race.succeeded !== figure.race.affordable ||
  figure.race.otherErrors > 0 ||
  figure.race.violations > 0
    ? [`${figure.database}: the race did not end as it must`]
    : []),
  ...(figure.race.finalBalance !== PRICE - 1
    ? [`${figure.database}: the racer's wallet ended at ${figure.race.finalBalance}`]
    : []),
]);
const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(`${resultsDir}coins.json`, `${JSON.stringify({ figures, failures }, null, 2)}\n`);
if (failures.length > 0) {
  console.error(`Failures:\n${failures.join("\n")}`);
  process.exit(1);
}
