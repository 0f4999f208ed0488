// Boot: configuration → database (migrated) → app → listen → background work. Stops gracefully
// on SIGTERM/SIGINT, or when the start script that runs it is gone: turns not ready and serves on
// for DRAIN_NOTICE_MS (a load balancer's notice), then stops accepting, lets calls in flight and the
// job it has taken finish, closes WebSockets and the database, within 10 s of the notice's end.

import pino from "pino";
import { buildApp } from "./app.ts";
import { disablePublishedPasswords } from "./auth/provider/accounts.ts";
import { type Config, loadConfig } from "./core/config.ts";
import { describeFailure } from "./core/errors.ts";
import { type BackgroundWork, startBackgroundWork } from "./jobs/background.ts";
import { outboxTransport, smtpTransport } from "./modules/mail/index.ts";
import { missingServerNodeFlags } from "./node-flags.ts";
import { openPlatform } from "./platform.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from "./seed/demo.ts";
import { Readiness, shutDown } from "./shutdown.ts";
import { isRunByStartScript, type ServerStartMessage, tellStartScript } from "./start-script.ts";

/** Calls in flight and a running job have this long to finish once a stop is asked for. */
const DRAIN_MS = 7_000;
/**
 * Whatever is left then, the process exits: under the 10 s a service manager allows after the
 * drain notice (a deployment with DRAIN_NOTICE_MS gives the process that much longer).
 */
const HARD_EXIT_MS = 9_000;

async function main(): Promise<void> {
  // Until the server is up there is nothing to drain: losing the start script ends the process.
  let onStartScriptGone = (): void => {
    process.kill(process.pid, "SIGTERM");
  };
  if (isRunByStartScript()) process.once("disconnect", () => onStartScriptGone());

  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  tellStartScript({ type: "step", label: "Opening the database" });
  const platform = await openPlatform(config, log);
  if (config.seedDemo && (await isEmpty(platform.deps))) {
    tellStartScript({
      type: "step",
      label: config.SEED_DEMO_CATALOGUE
        ? "Seeding the demo accounts and catalogue"
        : "Seeding the demo accounts",
    });
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
  tellStartScript({ type: "step", label: "Starting the server" });
  const readiness = new Readiness();
  const app = await buildApp(platform, { localAdminEndpoint: config.LOCAL_ADMIN_ENDPOINT, readiness });
  let background: BackgroundWork | undefined;
  let isListening = false;

  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, "shutting down");
    // Before it listens no load balancer sends it anything: there is nobody to give notice to.
    const noticeMs = isListening ? config.drainNoticeMs : 0;
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, noticeMs + HARD_EXIT_MS);
    force.unref();
    try {
      await shutDown({ app, background, platform, readiness }, { noticeMs, drainMs: DRAIN_MS });
      app.log.info("stopped");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  onStartScriptGone = () => void stop("the start script is gone");

  await app.listen({ port: config.PORT, host: config.HOST });
  isListening = true;
  background = startBackgroundWork(platform.deps, app.log, {
    mail: {
      transport: config.SMTP_URL
        ? smtpTransport(config.SMTP_URL, { connections: config.MAIL_CONNECTIONS })
        : outboxTransport,
      ratePerSecond: config.MAIL_RATE_PER_SECOND,
      // PGlite's data folder is locked to this process: nobody else holds its mail.
      soleProcess: platform.database.target.kind === "pglite",
    },
  });
  if (!config.SMTP_URL && config.isProduction) {
    app.log.warn("No mail server is set (SMTP_URL): mail stays in the outbox of the admin console.");
  }
  const missingFlags = missingServerNodeFlags(process.execArgv);
  if (missingFlags.length > 0) {
    app.log.warn(
      { missing: missingFlags },
      "Node was started without the server's flags (apps/server/src/node-flags.ts, as npm start gives them): expect longer pauses in live updates.",
    );
  }
  app.log.info(
    { database: platform.database.target.kind, dataDir: config.dataDir, host: config.HOST },
    `Litverse is running at ${config.publicUrl}`,
  );
  if (config.isDemo) {
    // The start script puts this on the console itself, in its own words.
    app.log[isRunByStartScript() ? "info" : "warn"](
      `Demo mode: demo accounts such as reader@demo.test sign in with the published password "${DEMO_PASSWORD}", ` +
        "and payments go through the sandbox. Not for real use: set NODE_ENV=production for a deployment.",
    );
  }
  if (isRunByStartScript()) {
    // Written out first, so that the start script has the whole log of the start before it hears.
    await Promise.all([flushed(log), flushed(app.log as pino.Logger)]);
    tellStartScript(readyMessage(config));
  }
}

function flushed(logger: pino.Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}

function readyMessage(config: Config): ServerStartMessage {
  return {
    type: "ready",
    url: config.publicUrl,
    mode: config.isDemo ? "demo" : config.NODE_ENV,
    demo: config.isDemo
      ? {
          accounts: DEMO_ACCOUNTS.map(({ email, role, age }) => ({
            email,
            note: age === null ? "no age yet" : role,
          })),
          password: DEMO_PASSWORD,
        }
      : null,
    drainNoticeMs: config.drainNoticeMs,
  };
}

main().catch((error: unknown) => {
  console.error(`Litverse could not start: ${describeFailure(error)}`);
  if (process.env.LOG_LEVEL === "debug" || process.env.LOG_LEVEL === "trace") console.error(error);
  process.exit(1);
});
