// Test helpers: a real platform on a real database (PGlite in memory, or a fresh PostgreSQL
// database when TEST_DATABASE_URL is set), and callers acting as real users stored in it.
import { randomUUID } from "node:crypto";
import type { UserRole } from "@litverse/shared/constants";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { embeddedKeySet } from "../auth/embedded-keys.ts";
import type { Identity } from "../auth/identity.ts";
import { createTokenVerifier } from "../auth/token-verifier.ts";
import { loadConfig } from "../config.ts";
import { type DatabaseTarget, queryRows } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { openPlatform, type Platform } from "../platform.ts";
import type { RequestContext, SessionUser } from "../rpc/context.ts";
import { appRouter } from "../rpc/router.ts";
import { createCallerFactory } from "../rpc/trpc.ts";

export const usesPostgres = Boolean(process.env.TEST_DATABASE_URL);
const silentLog = pino({ level: "silent" });

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL's and returns its URL. */
export async function createTemporaryDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `litverse_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestPlatform extends Platform {
  /** Removes all rows, keeping the schema. */
  reset(): Promise<void>;
  /** Closes the platform and drops its temporary database. */
  dispose(): Promise<void>;
}

export async function openTestPlatform(): Promise<TestPlatform> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "/nonexistent-test-data" });
  let target: DatabaseTarget = { kind: "pglite", dataDir: null };
  let drop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTemporaryDatabase(process.env.TEST_DATABASE_URL);
    target = { kind: "postgres", connectionString: database.url };
    drop = database.drop;
  }
  const platform = await openPlatform(config, silentLog, target);
  return {
    ...platform,
    async reset() {
      const tables = await queryRows<{ tablename: string }>(
        platform.database.db,
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      const names = tables.map((row) => `"${row.tablename}"`).join(", ");
      if (names) await platform.database.db.execute(sql.raw(`truncate ${names} cascade`));
    },
    async dispose() {
      await platform.close();
      await drop();
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
export function callerFor(platform: Platform, user: TestUser | null = null) {
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
  };
  return createCaller(ctx);
}
