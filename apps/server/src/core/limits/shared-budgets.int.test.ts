// Budgets shared by every server process: two stores opened on one PostgreSQL database, or on one
// Redis, stand for two processes, and what one spends the other no longer has, for a person's
// message budget and for an ad placement's frequency cap. Counted per process, each would grant
// the whole budget again. Runs on PostgreSQL (TEST_DATABASE_URL) and on Redis (TEST_REDIS_URL).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_AD_SETTINGS, placementSettings } from "../../modules/ads/ad-settings.ts";
import { AdServer } from "../../modules/ads/serving.ts";
import { creditCoins } from "../../modules/coins/index.ts";
import { createTitle, readerAged } from "../../test/catalogue.ts";
import { callerFor, createUser, openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { queryRows } from "../db/client.ts";
import { type LimiterStore, type LimiterStoreChoice, openLimiterStore } from "./limiter-store.ts";
import { RateLimits } from "./rate-limits.ts";

const redisUrl = process.env.TEST_REDIS_URL;
/** This run's keys in Redis, apart from other runs' and removed after. */
const redisNamespace = `litverse-test:${randomUUID()}:`;
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const HOUR_MS = 3_600_000;
const HOME_PER_HOUR = placementSettings(DEFAULT_AD_SETTINGS, "home").perHour;
const LIMITS = {
  writesPerMinute: 1_000,
  checkoutsPerHour: 1_000,
  accountsPerHour: 1_000,
  messagesPerMinute: 3,
  friendRequestsPerHour: 1_000,
};

let platform: TestPlatform;
/** The stores the tests opened, closed at the end. */
const opened: LimiterStore[] = [];
/** What the stores said of their outages: nothing, or the insurance counted instead of the store. */
const warnings: string[] = [];
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await platform?.dispose();
  if (redisUrl) await removeKeys(redisUrl, redisNamespace);
});
beforeEach(() => platform.reset());
afterEach(() => {
  expect(warnings).toEqual([]);
});

async function removeKeys(url: string, namespace: string): Promise<void> {
  const client = new Redis(url);
  try {
    const keys = await client.keys(`${namespace}*`);
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}

/** Two processes' stores: each its own client or pool. */
async function twoProcesses(choice: () => LimiterStoreChoice): Promise<[LimiterStore, LimiterStore]> {
  const open = async () => {
    const store = await openLimiterStore(choice(), (message) => warnings.push(message));
    opened.push(store);
    return store;
  };
  return [await open(), await open()];
}

function postgresChoice(): LimiterStoreChoice {
  const { target } = platform.database;
  if (target.kind !== "postgres") throw new Error("the test platform is not on PostgreSQL");
  return { kind: "postgres", connectionString: target.connectionString };
}

const redisChoice = (): LimiterStoreChoice => ({
  kind: "redis",
  url: redisUrl ?? "",
  namespace: redisNamespace,
});

/** An approved campaign on the home placement, paid by an advertiser with coins. */
async function runningCampaign(): Promise<string> {
  const title = await createTitle(platform, { genres: ["Fantasy"], language: "en" });
  const advertiser = await readerAged(platform, 18);
  await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, advertiser.id, {
      kind: "grant",
      purchased: 500,
      bonus: 0,
      memo: "test coins",
      idempotencyKey: `shared-budgets:${randomUUID()}`,
    }),
  );
  const boss = await createUser(platform, "superadmin");
  const { campaignId } = await callerFor(platform, advertiser).ads.createCampaign({
    name: "Shared caps",
    target: { kind: "title", id: title.id },
    headline: "A voyage like no other",
    body: "Read the first chapter free.",
    cta: "Read now",
    placements: ["home"],
    startsAt: new Date(Date.now() - HOUR_MS).toISOString(),
    endsAt: new Date(Date.now() + 10 * 24 * HOUR_MS).toISOString(),
    pricing: "cpm",
    budgetCoins: 100,
  });
  await callerFor(platform, boss).ads.approveCampaign({ campaignId });
  return campaignId;
}

const sharedStores: [string, boolean, () => LimiterStoreChoice][] = [
  ["PostgreSQL", Boolean(process.env.TEST_DATABASE_URL), postgresChoice],
  ["Redis", Boolean(redisUrl), redisChoice],
];

describe.each(sharedStores)("budgets counted in %s", (_name, available, choice) => {
  it.runIf(available)("are one message budget for a person, whichever process they call", async () => {
    const [first, second] = await twoProcesses(choice);
    const [here, there] = [new RateLimits(LIMITS, first), new RateLimits(LIMITS, second)];
    const person = `user:${randomUUID()}`;
    await here.consume("message", person);
    await here.consume("message", person);
    await there.consume("message", person);
    for (const process of [here, there]) {
      await expect(process.consume("message", person)).rejects.toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringMatching(/^You are sending messages too fast\. Try again in /),
      });
    }
    // Someone else's budget is whole in both.
    await there.consume("message", `user:${randomUUID()}`);
  });

  it.runIf(available)("are one frequency cap for a viewer and placement across processes", async () => {
    const [first, second] = await twoProcesses(choice);
    const campaignId = await runningCampaign();
    const servers = [first, second].map((limiters) => new AdServer({ ...platform.deps, limiters }));
    const reader = await readerAged(platform, 18);
    const viewer = { id: reader.id, role: reader.role, age: 18 as const };
    const serve = (index: number) =>
      (servers[index % 2] as AdServer).serve(
        { viewer, clientIp: "127.0.0.1", userAgent: BROWSER },
        { placement: "home" },
      );
    const served = [];
    for (let call = 0; call < HOME_PER_HOUR + 2; call++) served.push(await serve(call));
    expect(served.slice(0, HOME_PER_HOUR).map((ad) => ad?.campaignId)).toEqual(
      Array(HOME_PER_HOUR).fill(campaignId),
    );
    expect(served.slice(HOME_PER_HOUR)).toEqual([null, null]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("budgets counted in PostgreSQL", () => {
  it("leave no row behind once their window is over", async () => {
    const [store] = await twoProcesses(postgresChoice);
    await store.limiter({ keyPrefix: "current", points: 5, duration: 60 }).consume("someone");
    await platform.database.db.execute(
      sql`insert into rate_limits (key, points, expire) values ('over:someone', 1, ${Date.now() - 1_000})`,
    );
    expect(await store.removeExpired()).toBe(1);
    const keys = await queryRows<{ key: string }>(platform.database.db, sql`select key from rate_limits`);
    expect(keys.map((row) => row.key)).toEqual(["current:someone"]);
  });
});
