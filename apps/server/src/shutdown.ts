// A server process's graceful stop: it first says it is draining (GET /readyz answers 503) while it
// keeps serving, so that a load balancer takes it out of rotation; then it stops accepting, lets the
// calls and the job it has taken finish within a deadline, tells its WebSockets it is going away,
// and closes the database.
import { setTimeout as delay } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import type { BackgroundWork } from "./jobs/background.ts";
import type { Platform } from "./platform.ts";

/** RFC 6455's "going away": clients reconnect, to this server's successor or another process. */
export const GOING_AWAY = 1001;
const GOING_AWAY_REASON = "The server is stopping";

/** Whether this process wants new traffic, as `GET /readyz` tells a load balancer. */
export class Readiness {
  #isDraining = false;

  get isDraining(): boolean {
    return this.#isDraining;
  }

  /** From now on the process is on its way out: /readyz answers 503 until it exits. */
  startDraining(): void {
    this.#isDraining = true;
  }
}

/**
 * Makes `app.close()` tell every WebSocket that the server is going away, and close each HTTP
 * connection once its request in flight is answered (a kept-alive connection would otherwise hold
 * the close until its idle timeout). Answers sent while draining close their connection too, so
 * that a client or proxy holding one opens its next where the load balancer now sends it.
 * Registered before the WebSocket plugin, whose own close hook closes sockets without a code.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance, readiness: Readiness): void {
  app.addHook("preClose", async () => {
    readiness.startDraining();
    for (const socket of app.websocketServer?.clients ?? []) socket.close(GOING_AWAY, GOING_AWAY_REASON);
  });
  app.addHook("onSend", async (_request, reply) => {
    if (readiness.isDraining) reply.header("connection", "close");
  });
}

export interface ShutdownTimings {
  /**
   * How long the process keeps serving, not ready, before it stops accepting: the time a load
   * balancer's health check needs to notice (DRAIN_NOTICE_MS).
   */
  noticeMs: number;
  /** How long calls in flight and the job taken have to finish before they are cut off. */
  drainMs: number;
}

/**
 * Stops the process's server and background work, then closes the platform. The process turns
 * not ready at once and serves on for `noticeMs`; then calls in flight get `drainMs`, past which
 * connections and WebSockets still open are cut. The background work stops taking jobs at once
 * (other processes take them); the job it holds gets `drainMs`, then is aborted (it is marked as
 * stopped, to be started again).
 */
export async function shutDown(
  parts: {
    app: FastifyInstance;
    background: BackgroundWork | undefined;
    platform: Platform;
    readiness: Readiness;
  },
  { noticeMs, drainMs }: ShutdownTimings,
): Promise<void> {
  const { app, background, platform, readiness } = parts;
  readiness.startDraining();
  // Bounded: past the grace the job is aborted; a periodic task gets the same time, then the
  // platform closes under it.
  const backgroundStopped = background
    ? settleWithin(background.stop({ graceMs: drainMs }), drainMs + 1_000)
    : undefined;
  if (noticeMs > 0) {
    app.log.info({ noticeMs }, "draining: not ready, still serving until the load balancer notices");
    await delay(noticeMs);
  }
  const cutOff = setTimeout(() => {
    app.log.warn("calls still running at the shutdown deadline were cut off");
    for (const socket of app.websocketServer?.clients ?? []) socket.terminate();
    app.server.closeAllConnections();
  }, drainMs);
  try {
    await Promise.all([backgroundStopped, app.close()]);
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
