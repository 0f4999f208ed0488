// Everything a server process (or the command line) runs on: the database, migrated, and the
// live-change plumbing around it.
import path from "node:path";
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
import { type ChangeBus, LocalChangeBus, PostgresChangeBus } from "./core/live/change-bus.ts";
import { ChangeNotifier } from "./core/live/changes.ts";
import { LiveQueryEngine } from "./core/live/engine.ts";
import type { MediaDeps, ServiceDeps } from "./core/service-deps.ts";
import { ImageVariants } from "./media/image-variants.ts";
import { ReelUploadStore } from "./media/reel-uploads.ts";
import { LocalMediaStorage } from "./media/storage.ts";
import { UploadStore } from "./media/upload-store.ts";
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
    },
    close() {
      closing ??= (async () => {
        live.close();
        await tally.close();
        await bus.close();
        await database.close();
        await releaseLock?.();
      })();
      return closing;
    },
  };
}

/** Media on local disk; the signing secret is shared by every process through the database. */
async function openMedia(config: Config, database: DatabaseHandle): Promise<MediaDeps> {
  const storage = new LocalMediaStorage(config.mediaDir);
  const secret = await loadOrCreateSecret(database.db, MEDIA_URL_SIGNING_SECRET);
  return {
    storage,
    signer: new MediaUrlSigner(secret),
    variants: new ImageVariants({ variantsDir: storage.variantsDir }),
    // Beside the media, on the same disk, so that an import moves files rather than copying them;
    // a hidden folder, which the media route never serves.
    uploads: new UploadStore(path.join(config.mediaDir, ".uploads")),
    reelUploads: new ReelUploadStore(path.join(config.mediaDir, ".reel-uploads")),
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
