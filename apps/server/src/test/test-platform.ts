// Test helpers: a real platform on a real database (PGlite in memory, or a fresh PostgreSQL
// database when TEST_DATABASE_URL is set), and callers acting as real users stored in it.
import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { UserRole } from "@litverse/shared/constants";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { embeddedKeySet } from "../auth/embedded-keys.ts";
import type { Identity } from "../auth/identity.ts";
import { createTokenVerifier } from "../auth/token-verifier.ts";
import { loadConfig } from "../core/config.ts";
import { type Database, type DatabaseTarget, openDatabase, queryRows } from "../core/db/client.ts";
import { MIGRATIONS_FOLDER, runMigrations } from "../core/db/migrate.ts";
import { databaseErrorCode } from "../core/errors.ts";
import { callLimitsFor } from "../core/limits/call-limits.ts";
import { LocalChangeBus } from "../core/live/change-bus.ts";
import { ALL_TOPICS } from "../core/live/topics.ts";
import type { SessionUser } from "../core/service-deps.ts";
import { forgetAdServing } from "../modules/ads/index.ts";
import { ensureBuiltInTemplates } from "../modules/permissions/index.ts";
import { ensureDefaultBadges } from "../modules/rewards/badges.ts";
import { users } from "../modules/users/schema.ts";
import { openPlatform, type Platform } from "../platform.ts";
import { appRouter } from "../router.ts";
import type { RequestContext } from "../rpc/context.ts";
import { createCallerFactory } from "../rpc/trpc.ts";

export const usesPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** The bounce webhooks' secret on test platforms. */
export const TEST_MAIL_WEBHOOK_SECRET = "test-mail-webhook-secret";
const silentLog = pino({ level: "silent" });

/** `baseUrl` pointing at the database `name` of the same server. */
function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a PostgreSQL database next to TEST_DATABASE_URL's and returns its URL: empty, or a copy
 * of `template`.
 */
export async function createTemporaryDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `litverse_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(baseUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** What the template depends on: every migration, and the PGlite release that wrote it. */
async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  // The package's entry is dist/index.js; its package.json is not among its exports.
  const entry = fileURLToPath(import.meta.resolve("@electric-sql/pglite"));
  const pglite = JSON.parse(await readFile(path.join(entry, "../../package.json"), "utf8")) as {
    version: string;
  };
  hash.update(pglite.version);
  for (const name of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
    if (name.endsWith(".sql") || name.endsWith(".json")) {
      hash.update(name).update(await readFile(path.join(MIGRATIONS_FOLDER, name)));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

let template: Promise<Blob> | undefined;
let postgresTemplate: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration applied, to copy each test file's database from: a
 * copy takes a fraction of a second, where running the migrations took several. Made by the
 * first process that needs it (the others wait on a lock) and kept for later runs, under a name
 * that changes with the migrations.
 */
function migratedPostgresTemplate(baseUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `litverse_template_${await templateKey()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount === 0) {
        // Built under another name and renamed: a database by the template's name is complete.
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const database = await openDatabase({
          kind: "postgres",
          connectionString: databaseUrl(baseUrl, building),
        });
        try {
          await runMigrations(database);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
        // Templates of earlier migrations are of no more use; one still being copied stays.
        const stale = await admin.query<{ datname: string }>(
          "select datname from pg_database where datname like 'litverse\\_template\\_%' and datname <> $1",
          [name],
        );
        for (const { datname } of stale.rows) await admin.query(`drop database ${datname}`).catch(() => {});
      }
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock(hashtext($1))", [name]);
      await admin.end();
    }
  })();
  return postgresTemplate;
}

/**
 * An empty PGlite database with every migration applied, as a dump of its data folder. Starting a
 * test database from it skips initdb and the migrations, most of the time a test file used to
 * spend opening its platform (about a quarter of it remains). Made once per process and kept in
 * the system's temporary folder for the next process, under a name that changes with the
 * migrations.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(os.tmpdir(), `litverse-test-pglite-${await templateKey()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const database = await openDatabase({ kind: "pglite", dataDir: null });
      try {
        await runMigrations(database);
        const dump = await database.dumpDataDir();
        // Written aside and renamed: a process reading the file never sees half of it.
        const partial = `${file}.${process.pid}.${randomUUID()}`;
        await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
        await rename(partial, file);
        return dump;
      } finally {
        await database.close();
      }
    }
  })();
  return template;
}

export interface TestPlatform extends Platform {
  /** Removes all rows, keeping the schema. */
  reset(): Promise<void>;
  /** Closes the platform, drops its temporary database and removes its media folder. */
  dispose(): Promise<void>;
}

/**
 * Deletes every row of `tables`. Not TRUNCATE: on PostgreSQL that gives each table new files, about
 * two seconds a reset for a hundred tables, which was most of the integration run's time; deleting
 * the few rows a test leaves takes milliseconds. Foreign keys are not checked meanwhile (every row
 * goes), which needs a superuser; for another user the tables are truncated instead.
 */
async function emptyTables(db: Database, tables: string[]): Promise<void> {
  const INSUFFICIENT_PRIVILEGE = "42501";
  if (tables.length === 0) return;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of tables) await tx.execute(sql.raw(`delete from ${table}`));
    });
  } catch (error) {
    if (databaseErrorCode(error) !== INSUFFICIENT_PRIVILEGE) throw error;
    await db.execute(sql.raw(`truncate ${tables.join(", ")} cascade`));
  }
}

/** `env`: more settings, such as a bucket's (test/s3-server.ts). */
export async function openTestPlatform(
  options: { env?: Record<string, string> } = {},
): Promise<TestPlatform> {
  // Each platform has its own media folder, so test files running side by side never share files.
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), "litverse-test-media-"));
  const removeMedia = () => rm(mediaDir, { recursive: true, force: true });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    // Nothing is written there, but a bucket's scratch space.
    DATA_DIR: options.env?.MEDIA_STORAGE === "s3" ? mediaDir : "/nonexistent-test-data",
    MEDIA_DIR: mediaDir,
    // Tests make many calls as one person in a moment; the limits' own tests set their own.
    RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
    RATE_LIMIT_CHECKOUTS_PER_HOUR: "1000000",
    RATE_LIMIT_ACCOUNTS_PER_HOUR: "1000000",
    RATE_LIMIT_MESSAGES_PER_MINUTE: "1000000",
    RATE_LIMIT_FRIEND_REQUESTS_PER_HOUR: "1000000",
    MAIL_WEBHOOK_SECRET: TEST_MAIL_WEBHOOK_SECRET,
    ...options.env,
  });
  let target: DatabaseTarget = { kind: "pglite", dataDir: null };
  let drop = async () => {};
  let platform: Platform;
  try {
    if (process.env.TEST_DATABASE_URL) {
      const baseUrl = process.env.TEST_DATABASE_URL;
      const database = await createTemporaryDatabase(baseUrl, await migratedPostgresTemplate(baseUrl));
      target = { kind: "postgres", connectionString: database.url };
      drop = database.drop;
    } else {
      target = { kind: "pglite", dataDir: null, template: await migratedTemplate() };
    }
    platform = await openPlatform(config, silentLog, target);
  } catch (error) {
    await drop();
    await removeMedia();
    throw error;
  }
  let tables: string[] | undefined;
  return {
    ...platform,
    async reset() {
      tables ??= (
        await queryRows<{ tablename: string }>(
          platform.database.db,
          sql`select tablename from pg_tables where schemaname = 'public'`,
        )
      ).map((row) => `"${row.tablename}"`);
      // Counts a test added up are written before its rows go, not into the next test's.
      await platform.deps.tally.flush();
      await emptyTables(platform.database.db, tables);
      // What start-up puts in place is there again, as on a freshly opened platform.
      await ensureDefaultBadges(platform.database.db);
      await ensureBuiltInTemplates(platform.database.db);
      // Everything read before is gone: caches and live queries start over.
      forgetAdServing(platform.deps);
      if (platform.bus instanceof LocalChangeBus) platform.bus.deliver([ALL_TOPICS]);
    },
    async dispose() {
      await platform.close();
      await drop();
      await removeMedia();
    },
  };
}

let userCounter = 0;

export interface TestUser extends SessionUser {
  /** What a verified access token for this user would say. */
  identity: Identity;
}

const TEST_ISSUER = "https://test.invalid";

/** Stores a user with the given role and returns it with the identity a signed-in caller has. */
export async function createUser(platform: Platform, role: UserRole = "user"): Promise<TestUser> {
  userCounter++;
  const subject = `subject-${userCounter}-${randomUUID()}`;
  const [row] = await platform.deps.db
    .insert(users)
    .values({
      issuer: TEST_ISSUER,
      subject,
      email: `user${userCounter}@test.invalid`,
      name: `Test User ${userCounter}`,
      role,
    })
    .returning();
  if (!row) throw new Error("user not stored");
  const identity: Identity = {
    issuer: TEST_ISSUER,
    issuerKey: TEST_ISSUER,
    subject,
    claims: { sub: subject, email: row.email },
    expiresAt: Date.now() + 3_600_000,
    token: "not-a-real-token",
  };
  return { id: row.id, role: row.role, identity };
}

const createCaller = createCallerFactory(appRouter);

/**
 * Calls functions through the real router as `user` (or anonymously), exactly as a caller whose
 * token verified to that identity: every procedure still reads the user and role from the database.
 */
export function callerFor(
  platform: Platform,
  user: TestUser | null = null,
  client: Partial<Pick<RequestContext, "userAgent" | "clientIp">> = {},
) {
  const ctx: RequestContext = {
    deps: platform.deps,
    live: platform.live,
    log: silentLog,
    auth: {
      config: platform.config.auth,
      verifier: createTokenVerifier(platform.config.auth, embeddedKeySet(platform.deps.db)),
      superadminEmails: platform.config.superadminEmails,
    },
    session: { identity: user?.identity ?? null },
    clientIp: "127.0.0.1",
    connection: null,
    limits: callLimitsFor(platform.config.limits, platform.deps.limiters),
    ...client,
  };
  return createCaller(ctx);
}

/** The error code a call fails with ("OK" when it does not): for tests of who may do what. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** The code and message a call fails with (both undefined when it does not fail). */
export async function refusalOf(promise: Promise<unknown>): Promise<{ code?: string; message?: string }> {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as { code?: string; message?: string } | null;
  return { code: error?.code, message: error?.message };
}

let probeCounter = 0;

/**
 * Watches `run` through the platform's live engine as a subscriber would, counting how often it
 * runs, so that tests can assert both what a change re-runs and what it leaves alone.
 */
export function watchLiveRuns<T>(platform: Platform, run: () => Promise<T>) {
  probeCounter++;
  const values: T[] = [];
  const errors: unknown[] = [];
  let runs = 0;
  let finished = 0;
  const stop = platform.live.watch(
    `test-probe-${probeCounter}`,
    async () => {
      runs++;
      try {
        return await run();
      } finally {
        finished++;
      }
    },
    (event) => {
      if (event.kind === "data") values.push(event.data as T);
      else errors.push(event.error);
    },
  );
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    values,
    errors,
    get runs() {
      return runs;
    },
    /** The latest result. */
    get latest(): T | undefined {
      return values.at(-1);
    },
    /** Waits until the query has finished running at least `count` times and its result is in. */
    async waitForRuns(count: number, timeoutMs = 5_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (finished < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} runs, got ${finished}`);
        await sleep(5);
      }
      // The engine delivers the result right after the run resolves.
      await new Promise((resolve) => setImmediate(resolve));
      if (errors.length > 0) throw errors[0];
    },
    /** Gives any change announced so far time to re-run the query. */
    settle: (ms = 150) => sleep(ms),
    stop,
  };
}
