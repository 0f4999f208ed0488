// The limits a server puts on its callers, over real HTTP and WebSocket connections: sockets per
// address and in all, live queries per socket, calls per batch, the handshake, call time, write
// budgets, and what an unexpected failure shows the caller.
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { z } from "zod";
import type { BuildAppOptions } from "../../app.ts";
import { coinPackages } from "../../modules/coins/schema.ts";
import { appRouter } from "../../router.ts";
import { publicProcedure, router } from "../../rpc/trpc.ts";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { connectWs, startTestServer, type TestServer, watchLive } from "../../test/test-server.ts";
import { signedInAs } from "../../test/tokens.ts";
import { HANDSHAKE_TIMEOUT_MS } from "./socket-policy.ts";

let platform: TestPlatform;
const servers: TestServer[] = [];

beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await platform.dispose();
});
beforeEach(() => platform.reset());

async function serve(options: BuildAppOptions): Promise<TestServer> {
  const server = await startTestServer(platform, options);
  servers.push(server);
  return server;
}

/**
 * What a plain WebSocket gets: open, or the HTTP status that refused the upgrade with its
 * Retry-After header.
 */
async function openSocket(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  let retryAfter: string | null = null;
  const status = await new Promise<number>((resolve) => {
    socket.once("unexpected-response", (_request, response) => {
      const header = response.headers["retry-after"];
      retryAfter = typeof header === "string" ? header : null;
      resolve(response.statusCode ?? 0);
    });
    socket.once("open", () => resolve(101));
    socket.once("error", () => resolve(0));
  });
  const messages: unknown[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  const next = async (count: number) => {
    const deadline = Date.now() + 5_000;
    while (messages.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return messages;
  };
  return { socket, status, retryAfter: retryAfter as string | null, messages, next, closed };
}

describe("WebSockets", () => {
  it("holds at most so many live queries per socket, and frees a place when one stops", async () => {
    const server = await serve({ limits: { maxLiveQueriesPerSocket: 3 } });
    const client = connectWs(server.wsUrl);
    try {
      const watches = [0, 1, 2].map((n) =>
        watchLive(client.client, "systemSettings.getComingSoonSettings", { n }),
      );
      for (const watch of watches) await watch.waitFor(1);
      const refused = watchLive(client.client, "systemSettings.getComingSoonSettings", { n: 3 });
      await refused.waitFor(1).catch(() => {});
      expect(String(refused.errors[0])).toContain("This connection already watches 3 queries");
      watches[0]?.stop();
      const again = watchLive(client.client, "systemSettings.getComingSoonSettings", { n: 4 });
      await expect(again.waitFor(1)).resolves.toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it("takes so many sockets from one address, and so many in all", async () => {
    const server = await serve({ limits: { maxSocketsPerIp: 2, maxSockets: 3 } });
    const first = await openSocket(server.wsUrl);
    const second = await openSocket(server.wsUrl);
    expect([first.status, second.status]).toEqual([101, 101]);
    const refused = await openSocket(server.wsUrl);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    first.socket.close();
    await first.closed;
    const third = await openSocket(server.wsUrl);
    expect(third.status).toBe(101);
    second.socket.close();
    third.socket.close();
    await Promise.all([second.closed, third.closed]);

    // Behind a trusted proxy, each client has its own address; the total still holds.
    const proxied = await startTestServer(
      { ...platform, config: { ...platform.config, trustProxy: true } },
      { limits: { maxSocketsPerIp: 2, maxSockets: 3 } },
    );
    servers.push(proxied);
    const statuses: number[] = [];
    const open: Array<Awaited<ReturnType<typeof openSocket>>> = [];
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"]) {
      const socket = await openSocket(proxied.wsUrl, { "x-forwarded-for": address });
      statuses.push(socket.status);
      open.push(socket);
    }
    expect(statuses).toEqual([101, 101, 101, 503]);
    expect(Number(open[3]?.retryAfter)).toBeGreaterThan(0);
    for (const socket of open) socket.socket.close();
  });

  it("refuses a message carrying too many calls, and carries on", async () => {
    const server = await serve({ limits: { maxLiveQueriesPerSocket: 3, maxBatchSize: 2 } });
    const { socket, next, status } = await openSocket(server.wsUrl);
    expect(status).toBe(101);
    const call = (id: number) => ({
      id,
      method: "query",
      params: { path: "systemSettings.getComingSoonSettings" },
    });
    socket.send(JSON.stringify([1, 2, 3, 4, 5, 6].map(call)));
    const [refusal] = await next(1);
    expect(refusal).toMatchObject({
      id: null,
      error: { message: "Too many calls in one message: the limit is 5.", data: { code: "BAD_REQUEST" } },
    });
    socket.send(JSON.stringify([7, 8].map(call)));
    const answers = await next(3);
    expect(answers.slice(1)).toMatchObject([
      { id: 7, result: { data: { isComingSoonMode: false } } },
      { id: 8, result: { data: { isComingSoonMode: false } } },
    ]);
    socket.close();
  });

  it("closes a socket that promised its connection parameters and never sent them", async () => {
    const server = await serve({ socketHandshakeTimeoutMs: 200 });
    const silent = await openSocket(`${server.wsUrl}?connectionParams=1`);
    expect(silent.status).toBe(101);
    expect(await silent.closed).toBe(1008);

    // One that says who it is carries on.
    const { token } = await signedInAs(platform, "user");
    const client = connectWs(server.wsUrl, token);
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await expect(client.client.users.getCurrentUser.query()).resolves.toMatchObject({ role: "user" });
    } finally {
      await client.close();
    }
  });

  it("accepts only the configured origins, whatever the Host header says", async () => {
    const server = await serve({});
    const port = new URL(server.url).port;
    // A page on a rebound DNS name sends its own name as both Origin and Host.
    const rebound = await openSocket(server.wsUrl, {
      origin: `http://rebound.example:${port}`,
      host: `rebound.example:${port}`,
    });
    expect(rebound.status).toBe(403);
    const own = await openSocket(server.wsUrl, { origin: platform.config.publicUrl });
    expect(own.status).toBe(101);
    own.socket.close();
  });
});

describe("fixed limits a test cannot wait for", () => {
  // Reaching these takes their whole time (30 s, 10 s) of a test, so their behaviour is tested
  // with a shorter time above where the server lets a test set one, and the time every start
  // keeps is checked here.
  it("gives a client 30 s to send a request's headers", async () => {
    const server = await serve({});
    expect(server.app.server.headersTimeout).toBe(30_000);
  });

  it("gives a new WebSocket 10 s to send its connection parameters", () => {
    expect(HANDSHAKE_TIMEOUT_MS).toBe(10_000);
  });
});

describe("HTTP batches", () => {
  it("refuse more calls than the limit in one request", async () => {
    const server = await serve({ limits: { maxBatchSize: 2 } });
    const batch = (count: number) =>
      fetch(
        `${server.url}/api/trpc/${Array(count).fill("systemSettings.getComingSoonSettings").join(",")}?batch=1&input={}`,
      );
    expect((await batch(2)).status).toBe(200);
    const refused = await batch(3);
    expect(refused.status).toBe(400);
  });
});

/** Collects what a server logs, as parsed lines. */
function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: "info", stream } };
}

const faultyRouter = router({
  ...appRouter._def.record,
  faulty: router({
    /** Fails inside the database, with a parameter that must not reach the caller. */
    broken: publicProcedure.query(async ({ ctx }) => {
      await ctx.deps.db.execute(sql`select * from no_such_table where secret = ${"s3cret-parameter"}`);
      return null;
    }),
    slow: publicProcedure.query(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return "late";
    }),
    echo: publicProcedure.input(z.unknown()).query(({ input }) => input),
  }),
});

describe("failures", () => {
  it("tell the caller nothing of an unexpected failure but a reference, and log it once", async () => {
    const log = captureLog();
    const server = await serve({ router: faultyRouter, logger: log.logger });
    const response = await fetch(`${server.url}/api/trpc/faulty.broken`, {
      headers: { "x-request-id": "ref-123" },
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("no_such_table");
    expect(text).not.toContain("s3cret-parameter");
    const body = JSON.parse(text) as { error: { message: string; data: Record<string, unknown> } };
    expect(body.error.message).toBe(
      "Something went wrong on our side. If it keeps happening, quote reference ref-123.",
    );
    expect(body.error.data).toMatchObject({ code: "INTERNAL_SERVER_ERROR", reference: "ref-123" });
    expect(body.error.data.stack).toBeUndefined();
    const failures = log.lines.filter((line) => line.msg === "function failed");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ reference: "ref-123", fn: "faulty.broken" });
    expect(JSON.stringify(failures[0])).toContain("no_such_table");

    // Over the WebSocket the reference is made up, and still the one logged.
    const client = connectWs(server.wsUrl);
    try {
      const faulty = (client.client as unknown as { faulty: { broken: { query(): Promise<unknown> } } })
        .faulty;
      const error = (await faulty.broken.query().catch((caught: unknown) => caught)) as {
        message: string;
        data: { reference: string };
      };
      expect(error.message).toBe(
        `Something went wrong on our side. If it keeps happening, quote reference ${error.data.reference}.`,
      );
      expect(log.lines.filter((line) => line.msg === "function failed").at(-1)).toMatchObject({
        reference: error.data.reference,
      });
    } finally {
      await client.close();
    }
  });

  it("refuse text with a NUL character before any query sees it, even on public functions", async () => {
    const log = captureLog();
    const server = await serve({ logger: log.logger });
    const input = encodeURIComponent(JSON.stringify({ query: "moby\u0000dick" }));
    const response = await fetch(`${server.url}/api/trpc/content.listContent?input=${input}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe("Text may not contain NUL characters.");
    expect(log.lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it("refuse deeply nested input with one clear error and no stack traces in the log", async () => {
    const log = captureLog();
    const server = await serve({ router: faultyRouter, logger: log.logger });
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const { socket, next } = await openSocket(server.wsUrl);
    socket.send(`{"id":1,"method":"query","params":{"path":"faulty.echo","input":${deep}}}`);
    socket.send(
      `{"id":2,"method":"query","params":{"path":"content.listContent","input":{"query":${deep}}}}`,
    );
    const answers = (await next(2)) as Array<{
      id: number;
      error: { message: string; data: { code: string } };
    }>;
    for (const answer of answers) {
      expect(answer.error).toMatchObject({
        message: "Input is nested too deeply (at most 32 levels).",
        data: { code: "BAD_REQUEST" },
      });
    }
    socket.close();
    expect(log.lines.filter((line) => (line.level as number) >= 40)).toEqual([]);
  });

  it("answer a call that takes too long with a timeout", async () => {
    const server = await serve({ router: faultyRouter, limits: { requestTimeoutMs: 200 } });
    const started = Date.now();
    const response = await fetch(`${server.url}/api/trpc/faulty.slow`);
    expect(response.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "This took too long. Please try again.",
    );
  });
});

describe("write budgets", () => {
  it("refuse a person's writes past the limit with Retry-After, leaving reads and others alone", async () => {
    const server = await serve({ limits: { writesPerMinute: 3 } });
    const reader = await signedInAs(platform, "user");
    const other = await signedInAs(platform, "user");
    const setAge = (token: string) =>
      fetch(`${server.url}/api/trpc/users.setUserAge`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ age: 18 }),
      });
    for (let i = 0; i < 3; i++) expect((await setAge(reader.token)).status).toBe(200);
    const refused = await setAge(reader.token);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await refused.json()) as { error: { message: string; data: Record<string, unknown> } };
    expect(body.error.message).toMatch(
      /^You are doing that too often\. Try again in \d+ (seconds?|minute)\.$/,
    );
    expect(body.error.data).toMatchObject({ appCode: "RATE_LIMITED", retryAfterSeconds: retryAfter });

    const read = await fetch(`${server.url}/api/trpc/users.getCurrentUser`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(read.status).toBe(200);
    expect((await setAge(other.token)).status).toBe(200);

    // The WebSocket carries the wait in the error's data.
    const client = connectWs(server.wsUrl, reader.token);
    try {
      const error = (await client.client.users.setUserAge.mutate({ age: 18 }).catch((caught) => caught)) as {
        data: { code: string; retryAfterSeconds: number };
      };
      expect(error.data).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfterSeconds: expect.any(Number) });
    } finally {
      await client.close();
    }
  });

  it("give checkouts a budget of their own", async () => {
    const server = await serve({ limits: { checkoutsPerHour: 1 } });
    const [pkg] = await platform.deps.db
      .insert(coinPackages)
      .values({ name: "Small", coins: 100, bonusCoins: 0, priceMinor: 99, currency: "USD" })
      .returning();
    const { token } = await signedInAs(platform, "user");
    const client = connectWs(server.wsUrl, token);
    try {
      await client.client.payments.startCoinCheckout.mutate({ packageId: pkg?.id ?? "" });
      await expect(
        client.client.payments.startCoinCheckout.mutate({ packageId: pkg?.id ?? "" }),
      ).rejects.toMatchObject({
        message: expect.stringMatching(/^Too many checkouts started\. Try again in \d+ minutes?\.$/),
      });
    } finally {
      await client.close();
    }
  });
});
