import { fileURLToPath } from "node:url";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** Arbitrary but fixed: every process that migrates this database takes the same lock. */
const MIGRATION_LOCK_KEY = 7_301_946_221;

/**
 * Applies pending migrations. On PostgreSQL, processes starting together serialise on an advisory
 * lock held on a dedicated connection, so exactly one of them migrates and the others find the
 * work done when they get the lock.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.target.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = handle.newDedicatedClient();
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
