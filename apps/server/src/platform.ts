// Everything a server process (or the command line) runs on: the database, migrated, and the
// live-change plumbing around it.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import {
  type DatabaseHandle,
  type DatabaseTarget,
  databaseTargetFromConfig,
  openDatabase,
} from "./db/client.ts";
import { acquireDataDirLock } from "./db/data-dir-lock.ts";
import { runMigrations } from "./db/migrate.ts";
import { type ChangeBus, LocalChangeBus, PostgresChangeBus } from "./live/change-bus.ts";
import { ChangeNotifier } from "./live/changes.ts";
import { LiveQueryEngine } from "./live/engine.ts";
import type { ServiceDeps } from "./rpc/context.ts";

export interface Platform {
  readonly config: Config;
  readonly database: DatabaseHandle;
  readonly bus: ChangeBus;
  readonly live: LiveQueryEngine;
  readonly deps: ServiceDeps;
  close(): Promise<void>;
}

export async function openPlatform(
  config: Config,
  log: FastifyBaseLogger,
  target: DatabaseTarget = databaseTargetFromConfig(config),
): Promise<Platform> {
  const releaseLock =
    target.kind === "pglite" && target.dataDir ? await acquireDataDirLock(config.dataDir) : null;
  let database: DatabaseHandle;
  try {
    database = await openDatabase(target);
    await runMigrations(database);
  } catch (error) {
    await releaseLock?.();
    throw error;
  }
  const bus = await openChangeBus(database, log);
  const changes = new ChangeNotifier(bus);
  const live = new LiveQueryEngine(bus);
  let closing: Promise<void> | undefined;
  return {
    config,
    database,
    bus,
    live,
    deps: { db: database.db, changes },
    close() {
      closing ??= (async () => {
        live.close();
        await bus.close();
        await database.close();
        await releaseLock?.();
      })();
      return closing;
    },
  };
}

async function openChangeBus(database: DatabaseHandle, log: FastifyBaseLogger): Promise<ChangeBus> {
  if (database.target.kind !== "postgres") return new LocalChangeBus();
  const bus = new PostgresChangeBus(
    () => database.newDedicatedClient(),
    (error) => log.warn({ err: error }, "live change fan-out connection problem"),
  );
  await bus.start();
  return bus;
}
