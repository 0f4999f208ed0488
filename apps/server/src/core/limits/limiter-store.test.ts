// A store of budgets that does not answer: its limiters count in this process's memory instead,
// with the same budget, the same refusal and a single warning, and never pass the store's error on.
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type LimiterStoreChoice, limiterStoreChoice, openLimiterStore } from "./limiter-store.ts";
import { RateLimitError, RateLimits } from "./rate-limits.ts";

/** A local port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const LIMITS = {
  writesPerMinute: 3,
  checkoutsPerHour: 3,
  accountsPerHour: 3,
  messagesPerMinute: 3,
  friendRequestsPerHour: 3,
};

describe("the store of budgets", () => {
  it("is Redis when REDIS_URL is set, else the PostgreSQL database, else memory", () => {
    const postgres = { kind: "postgres", connectionString: "postgres://db/litverse" } as const;
    const pglite = { kind: "pglite", dataDir: null } as const;
    expect(limiterStoreChoice({ REDIS_URL: "redis://cache:6379" }, postgres)).toEqual({
      kind: "redis",
      url: "redis://cache:6379",
    });
    expect(limiterStoreChoice({}, postgres)).toEqual(postgres);
    expect(limiterStoreChoice({}, pglite)).toEqual({ kind: "memory" });
  });

  it("takes REDIS_URL only as a redis:// or rediss:// URL", () => {
    expect(loadConfig({ REDIS_URL: "rediss://:secret@cache.internal:6380/2" }).REDIS_URL).toBe(
      "rediss://:secret@cache.internal:6380/2",
    );
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: "cache.internal:6379" })).toThrow(/REDIS_URL must be a redis:\/\//);
  });

  it.each<[string, (port: number) => LimiterStoreChoice]>([
    ["Redis", (port) => ({ kind: "redis", url: `redis://127.0.0.1:${port}` })],
    [
      "PostgreSQL",
      (port) => ({ kind: "postgres", connectionString: `postgres://postgres@127.0.0.1:${port}/none` }),
    ],
  ])(
    "counts in memory while %s does not answer, refusing past the budget as usual",
    async (_name, choiceAt) => {
      const warnings: string[] = [];
      const store = await openLimiterStore(choiceAt(await closedPort()), (message) => warnings.push(message));
      try {
        const rates = new RateLimits(LIMITS, store);
        for (let call = 0; call < LIMITS.messagesPerMinute; call++)
          await rates.consume("message", "user:someone");
        const refusal = await rates.consume("message", "user:someone").catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(RateLimitError);
        expect(refusal).toMatchObject({
          code: "RATE_LIMITED",
          message: expect.stringMatching(
            /^You are sending messages too fast\. Try again in \d+ (seconds?|minute)\.$/,
          ),
          retryAfterSeconds: expect.any(Number),
        });
        // Another budget and another person are counted apart, as ever.
        await rates.consume("write", "user:someone");
        await rates.consume("message", "user:another");
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/does not answer.*each process counts them in its own memory/);
      } finally {
        await store.close();
      }
    },
  );
});
