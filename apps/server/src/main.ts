// Boot: configuration → database (migrated) → app → listen → background work. Stops gracefully
// on SIGTERM/SIGINT.

import pino from "pino";
import { buildApp } from "./app.ts";
import { disablePublishedPasswords } from "./auth/provider/accounts.ts";
import { loadConfig } from "./config.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from "./db/seed/demo.ts";
import { describeFailure } from "./errors.ts";
import { startBackgroundWork } from "./jobs/background.ts";
import { openPlatform } from "./platform.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const platform = await openPlatform(config, log);
  if (config.seedDemo && (await isEmpty(platform.deps))) {
    const added = await seedDemo(platform.deps, { withCatalogue: config.SEED_DEMO_CATALOGUE });
    log.info(added, `seeded the demo accounts (password: ${DEMO_PASSWORD}) and demo content`);
  }
  if (config.isProduction) {
    // A database that once ran as a demo still holds accounts with the published password.
    const disabled = await disablePublishedPasswords(
      platform.deps.db,
      DEMO_ACCOUNTS.map((account) => account.email),
      DEMO_PASSWORD,
    );
    if (disabled.length > 0) {
      log.warn({ accounts: disabled }, "disabled the published demo password of these accounts");
    }
  }
  const app = await buildApp(platform, { localAdminEndpoint: config.LOCAL_ADMIN_ENDPOINT });
  let background: ReturnType<typeof startBackgroundWork> | undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      // A running import is stopped first; it is marked as stopped, to be started again.
      await background?.stop();
      // Stops accepting, lets in-flight requests finish and closes WebSockets.
      await app.close();
      await platform.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  background = startBackgroundWork(platform.deps, app.log);
  app.log.info(
    { database: platform.database.target.kind, dataDir: config.dataDir, host: config.HOST },
    `Litverse is running at ${config.publicUrl}`,
  );
  if (config.isDemo) {
    app.log.warn(
      `Demo mode: demo accounts such as reader@demo.test sign in with the published password "${DEMO_PASSWORD}", ` +
        "and payments go through the sandbox. Not for real use: set NODE_ENV=production for a deployment.",
    );
  }
}

main().catch((error: unknown) => {
  console.error(`Litverse could not start: ${describeFailure(error)}`);
  if (process.env.LOG_LEVEL === "debug" || process.env.LOG_LEVEL === "trace") console.error(error);
  process.exit(1);
});
