// The real app (buildApp with the app's own router) on an existing PostgreSQL database, in a
// process of its own, for `npm run bench:admin-scale`: starting it again is what "after a restart"
// means there (a new process, new database connections, nothing cached). No background work runs,
// so nothing but the benchmark's calls reaches the database. Prints one JSON line with its port;
// stops when its standard input closes or on SIGTERM.
import type { AddressInfo } from "node:net";
import pino from "pino";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/core/config.ts";
import { openPlatform } from "../apps/server/src/platform.ts";

async function main(): Promise<void> {
  const connectionString = process.env.ADMIN_SCALE_DATABASE_URL;
  const dataDir = process.env.ADMIN_SCALE_DATA_DIR;
  if (!connectionString || !dataDir) throw new Error("ADMIN_SCALE_DATABASE_URL and ADMIN_SCALE_DATA_DIR");
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    LOCAL_ADMIN_ENDPOINT: "false",
  });
  const platform = await openPlatform(config, pino({ level: "silent" }), {
    kind: "postgres",
    connectionString,
  });
  const app = await buildApp(platform, { logger: false });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      await app.close();
      await platform.close();
      process.exit(0);
    })();
    return stopping;
  };
  process.on("SIGTERM", () => void stop());
  process.stdin.on("end", () => void stop());
  process.stdin.on("error", () => void stop());
  process.stdin.resume();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port, pid: process.pid })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
