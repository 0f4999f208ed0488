// Where budgets are counted, so that a budget is one budget however many processes serve a person:
// Redis when REDIS_URL is set, else the PostgreSQL database when there is one, else this process's
// memory (PGlite: one process owns the data folder, so its memory is every process's).
//
// A store that stops answering must not stop the platform: each store limiter carries an in-memory
// limiter of the same budget that answers instead (the library's insurance), so an outage turns
// shared budgets back into per-process ones rather than refusing or failing every write.
import { getTableName } from "drizzle-orm";
import { Redis } from "ioredis";
import pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
} from "rate-limiter-flexible";
import type { DatabaseTarget } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

/** A budget: `points` per `duration` seconds for each key, its keys named apart by `keyPrefix`. */
export interface Budget {
  keyPrefix: string;
  points: number;
  duration: number;
}

export type LimiterStoreChoice =
  /** `namespace` starts every key, so that several platforms (or test runs) can share a Redis. */
  | { kind: "redis"; url: string; namespace?: string }
  | { kind: "postgres"; connectionString: string }
  | { kind: "memory" };

export interface LimiterStore {
  readonly kind: LimiterStoreChoice["kind"];
  /**
   * A limiter counting `budget` in this store. Limiters of the same keyPrefix count the same
   * budget in Redis and PostgreSQL; in memory each limiter counts on its own.
   */
  limiter(budget: Budget): RateLimiterAbstract;
  /** Removes windows that are over (PostgreSQL; the other stores expire keys themselves). */
  removeExpired(): Promise<number>;
  close(): Promise<void>;
}

const DEFAULT_REDIS_NAMESPACE = "litverse:limits:";
/** How long the store may take to answer one call before the insurance answers instead. */
const STORE_TIMEOUT_MS = 1_000;
/** How long opening waits for Redis, so that the first calls after a start are counted there. */
const REDIS_CONNECT_WAIT_MS = 3_000;
/** The PostgreSQL store's own connections: one budget check is one short statement. */
const POSTGRES_POOL_SIZE = 4;
const EXPIRED_SWEEP_MS = 5 * 60_000;
/** After this long without the insurance answering, its next answer is logged as a new outage. */
const OUTAGE_QUIET_MS = 60_000;

/** The store the configuration asks for. */
export function limiterStoreChoice(
  config: { REDIS_URL?: string | undefined },
  target: DatabaseTarget,
): LimiterStoreChoice {
  if (config.REDIS_URL) return { kind: "redis", url: config.REDIS_URL };
  if (target.kind === "postgres") return { kind: "postgres", connectionString: target.connectionString };
  return { kind: "memory" };
}

/**
 * Opens the store. Never fails for a store that does not answer: its limiters count in memory
 * until it does, and `onFallback` hears of it once per outage.
 */
export async function openLimiterStore(
  choice: LimiterStoreChoice,
  onFallback: (message: string) => void,
): Promise<LimiterStore> {
  if (choice.kind === "memory") {
    return {
      kind: "memory",
      limiter: (budget) => new RateLimiterMemory(budget),
      removeExpired: async () => 0,
      close: async () => {},
    };
  }
  let lastFallbackAt = Number.NEGATIVE_INFINITY;
  let lastError: Error | null = null;
  const noteFallback = () => {
    const now = Date.now();
    if (now - lastFallbackAt > OUTAGE_QUIET_MS) {
      const cause = lastError ? ` (${lastError.message})` : "";
      lastError = null;
      onFallback(
        `The ${choice.kind} store of budgets does not answer${cause}: each process counts them in its own memory until it does.`,
      );
    }
    lastFallbackAt = now;
  };
  const insurance = (budget: Budget) => new InsuranceLimiter(budget, noteFallback);
  return choice.kind === "redis"
    ? openRedisStore(choice.url, choice.namespace ?? DEFAULT_REDIS_NAMESPACE, insurance, (error) => {
        lastError = error;
      })
    : openPostgresStore(choice.connectionString, insurance, (error) => {
        lastError = error;
      });
}

/** The in-memory stand-in for a store that does not answer; tells the store when it answers. */
class InsuranceLimiter extends RateLimiterMemory {
  private readonly onAnswer: () => void;

  constructor(budget: Budget, onAnswer: () => void) {
    super(budget);
    this.onAnswer = onAnswer;
  }

  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.onAnswer();
    return super.consume(...args);
  }
}

type Insurance = (budget: Budget) => RateLimiterMemory;

async function openRedisStore(
  url: string,
  namespace: string,
  insurance: Insurance,
  onError: (error: Error) => void,
): Promise<LimiterStore> {
  const client = new Redis(url, {
    keyPrefix: namespace,
    // Commands fail at once while disconnected, so the insurance answers instead of a queue growing.
    enableOfflineQueue: false,
    commandTimeout: STORE_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_WAIT_MS,
  });
  // Reconnecting is ioredis's own; an error event without a listener would end the process.
  client.on("error", onError);
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      client.off("error", done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_CONNECT_WAIT_MS);
    client.once("ready", done);
    client.once("error", done);
  });
  return {
    kind: "redis",
    limiter: (budget) =>
      new RateLimiterRedis({
        ...budget,
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: insurance(budget),
      }),
    removeExpired: async () => 0,
    async close() {
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

async function openPostgresStore(
  connectionString: string,
  insurance: Insurance,
  onError: (error: Error) => void,
): Promise<LimiterStore> {
  // A pool of its own: budget checks do not wait behind the platform's long queries, and a slow
  // database is given up on quickly (the insurance answers) rather than holding every write.
  const pool = new pg.Pool({
    connectionString,
    max: POSTGRES_POOL_SIZE,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: STORE_TIMEOUT_MS,
    statement_timeout: STORE_TIMEOUT_MS,
  });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", onError);
  const table = getTableName(rateLimits);
  const removeExpired = async () => {
    const result = await pool.query(`delete from "${table}" where expire < $1`, [Date.now()]);
    return result.rowCount ?? 0;
  };
  // One sweep per process rather than the library's one per limiter: the migration made the table
  // (`tableCreated`), so the library never runs DDL either.
  const sweeper = setInterval(() => {
    removeExpired().catch(onError);
  }, EXPIRED_SWEEP_MS);
  sweeper.unref();
  let closing: Promise<void> | undefined;
  return {
    kind: "postgres",
    limiter: (budget) =>
      new RateLimiterPostgres({
        ...budget,
        storeClient: pool,
        storeType: "pool",
        tableName: table,
        tableCreated: true,
        clearExpiredByTimeout: false,
        insuranceLimiter: insurance(budget),
      }),
    removeExpired,
    close() {
      clearInterval(sweeper);
      closing ??= pool.end();
      return closing;
    },
  };
}
