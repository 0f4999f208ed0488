// A server process's graceful stop: it stops accepting, lets the calls and the job it has taken
// finish within a deadline, tells its WebSockets it is going away, then closes the database.
import type { FastifyInstance } from "fastify";
import type { BackgroundWork } from "./jobs/background.ts";
import type { Platform } from "./platform.ts";

/** RFC 6455's "going away": clients reconnect, to this server's successor or another process. */
export const GOING_AWAY = 1001;
const GOING_AWAY_REASON = "The server is stopping";

/**
 * Makes `app.close()` tell every WebSocket that the server is going away, and close each HTTP
 * connection once its request in flight is answered (a kept-alive connection would otherwise hold
 * the close until its idle timeout). Registered before the WebSocket plugin, whose own close hook
 * closes sockets without a code.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook("preClose", async () => {
    isClosing = true;
    for (const socket of app.websocketServer?.clients ?? []) socket.close(GOING_AWAY, GOING_AWAY_REASON);
  });
  app.addHook("onSend", async (_request, reply) => {
    if (isClosing) reply.header("connection", "close");
  });
}

export interface ShutdownTimings {
  /** How long calls in flight and the job taken have to finish before they are cut off. */
  drainMs: number;
}

/**
 * Stops the process's server and background work, then closes the platform. Calls in flight and a
 * running job get `drainMs`; past it, connections and WebSockets still open are cut and the job is
 * aborted (it is marked as stopped, to be started again).
 */
export async function shutDown(
  parts: { app: FastifyInstance; background: BackgroundWork | undefined; platform: Platform },
  { drainMs }: ShutdownTimings,
): Promise<void> {
  const { app, background, platform } = parts;
  const cutOff = setTimeout(() => {
    app.log.warn("calls still running at the shutdown deadline were cut off");
    for (const socket of app.websocketServer?.clients ?? []) socket.terminate();
    app.server.closeAllConnections();
  }, drainMs);
  try {
    await Promise.all([
      // Bounded: past the grace the job is aborted; a periodic task gets the same time, then the
      // platform closes under it.
      background ? settleWithin(background.stop({ graceMs: drainMs }), drainMs + 1_000) : undefined,
      app.close(),
    ]);
  } finally {
    clearTimeout(cutOff);
  }
  await platform.close();
}

async function settleWithin(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
