// Everything a server process (or the command line) runs on: the database, migrated, and the
// live-change plumbing around it.
import type { FastifyBaseLogger } from "fastify";
import { connectModules } from "./connect-modules.ts";
import type { Config } from "./core/config.ts";
import { DailyTally } from "./core/daily-counts.ts";
import {
  type DatabaseHandle,
  type DatabaseTarget,
  databaseTargetFromConfig,
  openDatabase,
} from "./core/db/client.ts";
import { acquireDataDirLock } from "./core/db/data-dir-lock.ts";
import { runMigrations } from "./core/db/migrate.ts";
import { loadOrCreateSecret, MEDIA_URL_SIGNING_SECRET } from "./core/db/secrets.ts";
import { limiterStoreChoice, openLimiterStore } from "./core/limits/limiter-store.ts";
import { type ChangeBus, LocalChangeBus, PostgresChangeBus } from "./core/live/change-bus.ts";
import { ChangeNotifier } from "./core/live/changes.ts";
import { LiveQueryEngine } from "./core/live/engine.ts";
import type { MediaDeps, ServiceDeps } from "./core/service-deps.ts";
import { ImageVariants } from "./media/image-variants.ts";
import { openMediaStore } from "./media/open-media.ts";
import { MediaUrlSigner } from "./media/url-signing.ts";
import { countIfNeverCounted } from "./modules/analytics/index.ts";
import { ensureBuiltInTemplates } from "./modules/permissions/index.ts";
import { ensureDefaultBadges } from "./modules/rewards/badges.ts";

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
  connectModules();
  const releaseLock =
    target.kind === "pglite" && target.dataDir ? await acquireDataDirLock(config.dataDir) : null;
  let database: DatabaseHandle | undefined;
  let media: MediaDeps;
  try {
    database = await openDatabase(target);
    await runMigrations(database);
    await ensureDefaultBadges(database.db);
    await ensureBuiltInTemplates(database.db);
    await countIfNeverCounted(database.db);
    media = await openMedia(config, database);
    const swept = await media.storage.sweepStaging();
    if (swept > 0) log.warn({ entries: swept }, "removed what interrupted imports left in the staging area");
  } catch (error) {
    await database?.close();
    await releaseLock?.();
    throw error;
  }
  const limiters = await openLimiterStore(limiterStoreChoice(config, database.target), (message) =>
    log.warn(message),
  );
  const bus = await openChangeBus(database, log);
  const changes = new ChangeNotifier(bus);
  const tally = new DailyTally(database.db, changes, (error) =>
    log.warn({ err: error }, "could not write the day's counts; trying again"),
  );
  const live = new LiveQueryEngine(bus);
  let closing: Promise<void> | undefined;
  return {
    config,
    database,
    bus,
    live,
    deps: {
      db: database.db,
      changes,
      tally,
      media,
      mail: { publicUrl: config.publicUrl, from: config.MAIL_FROM, outboxOnly: !config.SMTP_URL },
      limiters,
    },
    close() {
      closing ??= (async () => {
        live.close();
        await tally.close();
        await bus.close();
        await limiters.close();
        await database.close();
        await releaseLock?.();
      })();
      return closing;
    },
  };
}

/** Media on this machine's disk or in a bucket; the signing secret is shared by every process through the database. */
async function openMedia(config: Config, database: DatabaseHandle): Promise<MediaDeps> {
  const { storage, delivery, origins, uploads, reelUploads } = await openMediaStore(config);
  const secret = await loadOrCreateSecret(database.db, MEDIA_URL_SIGNING_SECRET);
  return {
    storage,
    signer: new MediaUrlSigner(secret),
    variants: new ImageVariants(),
    delivery,
    origins,
    uploads,
    reelUploads,
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
