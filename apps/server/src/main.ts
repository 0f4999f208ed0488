// Boot: configuration → database (migrated) → app → listen. Stops gracefully on SIGTERM/SIGINT.

import pino from "pino";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { isEmpty, seedDemoAccounts } from "./db/seed/demo.ts";
import { openPlatform } from "./platform.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const platform = await openPlatform(config, log);
  if (config.seedDemo && (await isEmpty(platform.deps))) {
    const added = await seedDemoAccounts(platform.deps);
    log.info({ added }, "seeded the demo accounts (password: demo-password)");
  }
  const app = await buildApp(platform, { localAdminEndpoint: config.LOCAL_ADMIN_ENDPOINT });

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
  app.log.info(
    { database: platform.database.target.kind, dataDir: config.dataDir },
    `Litverse is running at http://localhost:${config.PORT}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (process.env.LOG_LEVEL === "debug") console.error(error);
  process.exit(1);
});
