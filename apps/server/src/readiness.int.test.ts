// GET /readyz, what a load balancer asks before it sends a process traffic: ready while the process
// serves, draining from the moment it is asked to stop (while it still serves through its drain
// notice), unavailable when its database does not answer. /healthz stays a liveness check. A real
// process stopped by SIGTERM behind nginx: load-balancer.int.test.ts.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { loadConfig } from "./core/config.ts";
import { GOING_AWAY, Readiness, shutDown } from "./shutdown.ts";
import { openTestPlatform } from "./test/test-platform.ts";
import { startTestServer } from "./test/test-server.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const DRAIN_NOTICE_MS = 500;

async function readiness(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: await response.json() };
}

describe("readiness", { timeout: 60_000 }, () => {
  it("turns draining as the stop begins, serves on through the notice, then closes WebSockets with 1001 and finishes its calls", async () => {
    const platform = await openTestPlatform();
    cleanups.push(() => platform.dispose());
    const state = new Readiness();
    const server = await startTestServer(platform, { readiness: state });
    expect(await readiness(server.url)).toEqual({ status: 200, body: { status: "ready" } });

    const socket = new WebSocket(server.wsUrl);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const closed = new Promise<{ code: number; at: number }>((resolve) =>
      socket.once("close", (code) => resolve({ code, at: performance.now() })),
    );

    // A call whose request is in, but whose body is still on its way: it holds the close open.
    const body = JSON.stringify({ token: "" });
    const inFlight = http.request(`${server.url}/api/trpc/session.updateAccessToken`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(body.length) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.once("error", reject).once("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
    });
    inFlight.write(body.slice(0, 3));

    const stopAskedAt = performance.now();
    const stopped = shutDown(
      { app: server.app, background: undefined, platform, readiness: state },
      { noticeMs: DRAIN_NOTICE_MS, drainMs: 2_000 },
    );
    expect(await readiness(server.url)).toEqual({ status: 503, body: { status: "draining" } });
    // Still serving: liveness, functions, and the open WebSocket; answers now close their connection.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const call = await fetch(`${server.url}/api/trpc/systemSettings.getComingSoonSettings`);
    expect(call.status).toBe(200);
    expect(call.headers.get("connection")).toBe("close");
    expect(socket.readyState).toBe(WebSocket.OPEN);

    const { code, at } = await closed;
    expect(code).toBe(GOING_AWAY);
    expect(at - stopAskedAt).toBeGreaterThanOrEqual(DRAIN_NOTICE_MS);
    // The call in flight gets its own answer (its token is refused), not a closing server's.
    inFlight.end(body.slice(3));
    expect(await answered).toBe(400);
    await stopped;
  });

  it("answers 503 while the process drains or its database does not answer", async () => {
    const platform = await openTestPlatform();
    cleanups.push(() => platform.dispose());
    const state = new Readiness();
    const server = await startTestServer(platform, { readiness: state });
    cleanups.push(() => server.close());
    expect(await readiness(server.url)).toEqual({ status: 200, body: { status: "ready" } });

    await platform.database.close();
    expect(await readiness(server.url)).toEqual({ status: 503, body: { status: "unavailable" } });

    state.startDraining();
    expect(await readiness(server.url)).toEqual({ status: 503, body: { status: "draining" } });
  });
});

describe("DRAIN_NOTICE_MS", () => {
  const database = { DATABASE_URL: "postgres://db.internal/litverse" };

  it("gives notice by default only in production on PostgreSQL, where a load balancer may be waiting", () => {
    expect(loadConfig({ NODE_ENV: "production", ...database }).drainNoticeMs).toBe(5_000);
    expect(loadConfig({ NODE_ENV: "production" }).drainNoticeMs).toBe(0);
    expect(loadConfig({ ...database }).drainNoticeMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", ...database }).drainNoticeMs).toBe(0);
  });

  it("takes what is set, within bounds", () => {
    expect(loadConfig({ DRAIN_NOTICE_MS: "12000" }).drainNoticeMs).toBe(12_000);
    expect(loadConfig({ NODE_ENV: "production", ...database, DRAIN_NOTICE_MS: "0" }).drainNoticeMs).toBe(0);
    expect(() => loadConfig({ DRAIN_NOTICE_MS: "-1" })).toThrow(/DRAIN_NOTICE_MS/);
    expect(() => loadConfig({ DRAIN_NOTICE_MS: "soon" })).toThrow(/DRAIN_NOTICE_MS/);
  });
});
