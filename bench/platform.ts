// A platform for the in-process benchmarks: PGlite in memory, or a temporary PostgreSQL database
// next to BENCH_DATABASE_URL's (dropped on close), with a media folder of its own. A benchmark
// whose data takes long to make can keep its PostgreSQL database and open it again (`keep`, `reuse`).
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { loadConfig } from "../apps/server/src/core/config.ts";
import { openPlatform, type Platform } from "../apps/server/src/platform.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface BenchPlatform {
  platform: Platform;
  /** PostgreSQL: the database's name and address (null on PGlite). */
  databaseName: string | null;
  connectionString: string | null;
  close(): Promise<void>;
}

export interface BenchDatabaseOptions {
  /** PostgreSQL: leave the database in place on close, to be opened again with `reuse`. */
  keep?: boolean;
  /** PostgreSQL: open this existing database (one an earlier run kept) instead of making one. */
  reuse?: string;
}

/** A platform on PGlite in memory or a temporary PostgreSQL database, with its own media folder. */
export async function openBenchPlatform(
  database: string,
  env: Record<string, string> = {},
  options: BenchDatabaseOptions = {},
): Promise<BenchPlatform> {
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), "litverse-bench-media-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: mediaDir,
    MEDIA_DIR: mediaDir,
    ...env,
  });
  let drop = async () => {};
  let target: Parameters<typeof openPlatform>[2] = { kind: "pglite", dataDir: null };
  let databaseName: string | null = null;
  if (database === "postgres") {
    const name = options.reuse ?? `litverse_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
    databaseName = name;
    if (!options.reuse) {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
    }
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    target = { kind: "postgres", connectionString: url.toString() };
    if (!options.keep && !options.reuse) {
      drop = async () => {
        const client = new pg.Client({ connectionString: baseUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    }
  }
  const platform = await openPlatform(config, pino({ level: "silent" }), target);
  return {
    platform,
    databaseName,
    connectionString: target.kind === "postgres" ? target.connectionString : null,
    async close() {
      await platform.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
