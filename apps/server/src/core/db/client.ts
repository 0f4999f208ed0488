// Opens the database: embedded PGlite by default, PostgreSQL when a connection string is given.
// Both are driven through the same Drizzle API, so services never know which one they talk to.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

// Opened without the schema, which lives in the modules above the core: queries name their tables
// (select … from), and Drizzle's relational queries (db.query.…) are not used.
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything that can run queries: the database or an open transaction. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export type DatabaseTarget =
  /** `template`: a dump of a data folder to start from (tests start from one already migrated). */
  | { kind: "pglite"; dataDir: string | null; template?: Blob }
  | { kind: "postgres"; connectionString: string };

export interface DatabaseHandle {
  readonly db: Database;
  readonly target: DatabaseTarget;
  /** A fresh pg client outside the pool (PostgreSQL only), for LISTEN and advisory locks. */
  newDedicatedClient(): pg.Client;
  /** The data folder as a tarball (PGlite only), to open copies of this database from. */
  dumpDataDir(): Promise<Blob>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.connectionString);
  return openPglite(target.dataDir, target.template);
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    loadDataDir: template,
    // Trigram indexes: finding people by a part of their name (migration 0026).
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, casing: "snake_case" }) as unknown as Database;
  let closed = false;
  return {
    db,
    target: { kind: "pglite", dataDir },
    newDedicatedClient() {
      throw new Error("PGlite has a single connection; dedicated clients need PostgreSQL");
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePostgres({ client: pool, casing: "snake_case" }) as unknown as Database;
  await db.execute(sql`select 1`);
  let closed = false;
  return {
    db,
    target: { kind: "postgres", connectionString },
    newDedicatedClient: () => new pg.Client({ connectionString }),
    dumpDataDir() {
      throw new Error("Only a PGlite database can be dumped to a tarball");
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function databaseTargetFromConfig(config: {
  DATABASE_URL?: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  if (config.DATABASE_URL) return { kind: "postgres", connectionString: config.DATABASE_URL };
  return { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
