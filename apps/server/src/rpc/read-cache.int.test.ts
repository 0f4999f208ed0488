// Shared reads served from the read cache, over the real transports: what a write changes is seen
// by the next read, here and in another process; access checks and input validation still run on
// every call; and the direct HTTP answer is tRPC's own, uncompressed when small.
import { createTRPCClient, createWSClient, type TRPCClient, wsLink } from "@trpc/client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { z } from "zod";
import { PostgresChangeBus } from "../core/live/change-bus.ts";
import { ChangeNotifier } from "../core/live/changes.ts";
import { track } from "../core/live/topics.ts";
import { systemSettingsRouter } from "../modules/system-settings/system-settings.router.ts";
import { updateComingSoonSettings } from "../modules/system-settings/system-settings.service.ts";
import { users } from "../modules/users/schema.ts";
import { openTestPlatform, type TestPlatform, usesPostgres } from "../test/test-platform.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { signedInAs } from "../test/tokens.ts";
import { createLiveRouter } from "./live-router.ts";
import { cachedRead, publicProcedure, router } from "./trpc.ts";

const userTopic = (id: string) => `user:${id}`;
const runs = { name: 0, ownName: 0 };

const readsArea = router({
  /** The same for everyone: cached. */
  getName: publicProcedure
    .meta({ liveScope: "global", comingSoon: "open" })
    .input(z.object({ id: z.uuid() }))
    .use(cachedRead)
    .query(async ({ ctx, input }) => {
      runs.name++;
      track(userTopic(input.id));
      const [row] = await ctx.deps.db.select({ name: users.name }).from(users).where(eq(users.id, input.id));
      return row?.name ?? null;
    }),
  /** The same, but closed while coming-soon mode is on. */
  getNameWhenOpen: publicProcedure
    .meta({ liveScope: "global" })
    .input(z.object({ id: z.uuid() }))
    .use(cachedRead)
    .query(async ({ ctx, input }) => {
      track(userTopic(input.id));
      const [row] = await ctx.deps.db.select({ name: users.name }).from(users).where(eq(users.id, input.id));
      return row?.name ?? null;
    }),
  /** Not of global scope: never cached, even when asked to be. */
  getOwnName: publicProcedure
    .input(z.object({ id: z.uuid() }))
    .use(cachedRead)
    .query(async ({ ctx, input }) => {
      runs.ownName++;
      track(userTopic(input.id));
      const [row] = await ctx.deps.db.select({ name: users.name }).from(users).where(eq(users.id, input.id));
      return row?.name ?? null;
    }),
  rename: publicProcedure
    .input(z.object({ id: z.uuid(), name: z.string().min(1) }))
    .mutation(async ({ ctx, input }) => {
      const { changes, db } = ctx.deps;
      await changes.inTransaction(db, async (tx) => {
        await tx.update(users).set({ name: input.name }).where(eq(users.id, input.id));
        changes.changed(userTopic(input.id));
      });
      return true;
    }),
});
const areas = { reads: readsArea, systemSettings: systemSettingsRouter };
const testRouter = router({ ...areas, live: createLiveRouter(router(areas)) });

let platform: TestPlatform;
let server: TestServer;
let userId: string;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform, { router: testRouter });
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
beforeEach(async () => {
  await platform.reset();
  userId = (await signedInAs(platform, "user")).id;
  await platform.deps.db.update(users).set({ name: "Ada" }).where(eq(users.id, userId));
  runs.name = 0;
  runs.ownName = 0;
});

function connect(token?: string) {
  const socket = createWSClient({
    url: server.wsUrl,
    retryDelayMs: () => 100,
    ...(token ? { connectionParams: () => ({ token }) } : {}),
  });
  const client: TRPCClient<typeof testRouter> = createTRPCClient<typeof testRouter>({
    links: [wsLink({ client: socket })],
  });
  return { client, close: () => socket.close() };
}

const getUrl = (path: string, input?: unknown) =>
  `${server.url}/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

describe("cached shared reads", () => {
  it("serve repeated reads without running the query, and a write is seen by the writer's next read", async () => {
    const ws = connect();
    try {
      const { reads } = ws.client;
      expect(await reads.getName.query({ id: userId })).toBe("Ada");
      expect(await reads.getName.query({ id: userId })).toBe("Ada");
      expect(runs.name).toBe(1);

      await reads.rename.mutate({ id: userId, name: "Grace" });
      // The very next call after the response, on the same socket and over HTTP.
      expect(await reads.getName.query({ id: userId })).toBe("Grace");
      const overHttp = await fetch(getUrl("reads.getName", { id: userId }));
      expect(await overHttp.json()).toEqual({ result: { data: "Grace" } });
      expect(runs.name).toBe(2);
    } finally {
      await ws.close();
    }
  });

  it("drop a result as its write commits, before the bus passes the announcement on", async () => {
    const ws = connect();
    try {
      await ws.client.reads.getName.query({ id: userId });
      const { reads } = platform.deps.changes;
      const held = reads.size;
      expect(held).toBeGreaterThan(0);
      const { changes, db } = platform.deps;
      await changes.inTransaction(db, async (tx) => {
        await tx.update(users).set({ name: "Now" }).where(eq(users.id, userId));
        changes.changed(userTopic(userId));
        // Not before the commit.
        expect(reads.size).toBe(held);
      });
      // The bus hands announcements on a turn later; the cache has already let go.
      expect(reads.size).toBe(held - 1);
    } finally {
      await ws.close();
    }
  });

  it("see a write made over HTTP on the next HTTP read", async () => {
    for (const name of ["One", "Two", "Three"]) {
      const written = await fetch(`${server.url}/api/trpc/reads.rename`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ id: userId, name }),
      });
      expect(written.status).toBe(200);
      const read = await fetch(getUrl("reads.getName", { id: userId }));
      expect(await read.json()).toEqual({ result: { data: name } });
    }
  });

  it("still keep a live query served from the cache up to date", async () => {
    const ws = connect();
    try {
      expect(await ws.client.reads.getName.query({ id: userId })).toBe("Ada");
      const values: unknown[] = [];
      const subscription = ws.client.live.watch.subscribe(
        { path: "reads.getName", input: { id: userId } },
        { onData: (value) => values.push(value) },
      );
      await waitFor(() => values.length === 1);
      expect(runs.name).toBe(1);
      await ws.client.reads.rename.mutate({ id: userId, name: "Live" });
      await waitFor(() => values.length === 2);
      expect(values).toEqual(["Ada", "Live"]);
      subscription.unsubscribe();
    } finally {
      await ws.close();
    }
  });

  it("key on the input, and never cache a query whose result may depend on the caller", async () => {
    const other = (await signedInAs(platform, "user")).id;
    const ws = connect();
    try {
      const { reads } = ws.client;
      expect(await reads.getName.query({ id: other })).toBe("user");
      expect(await reads.getName.query({ id: userId })).toBe("Ada");
      expect(runs.name).toBe(2);
      await reads.getOwnName.query({ id: userId });
      await reads.getOwnName.query({ id: userId });
      expect(runs.ownName).toBe(2);
    } finally {
      await ws.close();
    }
  });

  it("still validate every input and cache no failure", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await fetch(getUrl("reads.getName", { id: "not-an-id" }));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { data: { code: string } } };
      expect(body.error.data.code).toBe("BAD_REQUEST");
    }
    const malformed = await fetch(`${server.url}/api/trpc/reads.getName?input=%7Bnot-json`);
    expect(malformed.status).toBe(400);
    expect(runs.name).toBe(0);
  });

  it("still refuse callers the access checks refuse, whatever the cache holds", async () => {
    const admin = await signedInAs(platform, "admin");
    await updateComingSoonSettings(platform.deps, { isComingSoonMode: true });
    const asAdmin = await fetch(getUrl("reads.getNameWhenOpen", { id: userId }), {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(await asAdmin.json()).toEqual({ result: { data: "Ada" } });

    // The result is now cached; everyone but administrators is still refused.
    const anonymous = await fetch(getUrl("reads.getNameWhenOpen", { id: userId }));
    expect(anonymous.status).toBe(403);
    const ws = connect();
    try {
      await expect(ws.client.reads.getNameWhenOpen.query({ id: userId })).rejects.toMatchObject({
        data: { code: "FORBIDDEN" },
      });
    } finally {
      await ws.close();
    }
    const badToken = await fetch(getUrl("reads.getName", { id: userId }), {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(badToken.status).toBe(401);
    expect(((await badToken.json()) as { error: { message: string } }).error.message).toBe(
      "Invalid access token.",
    );
  });
});

describe("the direct HTTP answer of a shared read", () => {
  /** The headers that say something about the answer (not when or which request it was). */
  const lasting = (response: Response) =>
    Object.fromEntries(
      [...response.headers].filter(
        ([name]) => !["date", "x-request-id", "content-length", "transfer-encoding"].includes(name),
      ),
    );

  it("is tRPC's own answer, headers included, and goes out uncompressed when small", async () => {
    const direct = await fetch(getUrl("systemSettings.getComingSoonSettings"), {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    // tRPC's own handler answers requests that name an accept format.
    const viaTrpc = await fetch(getUrl("systemSettings.getComingSoonSettings"), {
      headers: { "accept-encoding": "gzip, deflate, br", "trpc-accept": "application/json" },
    });
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-encoding")).toBeNull();
    expect(Number(direct.headers.get("content-length"))).toBeLessThan(1024);
    expect(direct.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(direct.headers.get("x-content-type-options")).toBe("nosniff");
    expect(direct.headers.get("x-request-id")).toBeTruthy();
    expect(lasting(direct)).toEqual(lasting(viaTrpc));
    expect(await direct.text()).toBe(await viaTrpc.text());
  });

  it("leaves batches to tRPC", async () => {
    const response = await fetch(
      `${server.url}/api/trpc/systemSettings.getComingSoonSettings?batch=1&input=${encodeURIComponent("{}")}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Array<{ result: { data: unknown } }>;
    expect(body[0]?.result.data).toMatchObject({ isComingSoonMode: false });
  });
});

/** A raw socket: the messages it receives, and a way to wait for the next ones. */
async function rawSocket(connectionParams?: { token: string }) {
  const url = connectionParams ? `${server.wsUrl}?connectionParams=1` : server.wsUrl;
  const socket = new WebSocket(url);
  const received: string[] = [];
  socket.on("message", (data) => received.push(String(data)));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  if (connectionParams) socket.send(JSON.stringify({ method: "connectionParams", data: connectionParams }));
  return {
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    /** The replies after the first `from`, once there are `count` of them. */
    replies: async (from: number, count: number) => {
      await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(from + count));
      return received.slice(from, from + count);
    },
    close: () => socket.close(),
  };
}

describe("the coming-soon settings answered from the cache before the function layer", () => {
  const query = (id: number, path = "systemSettings.getComingSoonSettings", input?: unknown) => ({
    id,
    method: "query",
    params: { path, ...(input === undefined ? {} : { input }) },
  });

  it("give the function layer's reply, byte for byte, and follow a change", async () => {
    const reads = platform.deps.changes.reads;
    reads.clear();
    const peek = vi.spyOn(reads, "peekJson");
    const socket = await rawSocket();
    try {
      // The first call runs the function (nothing is held yet); the second is answered from the cache.
      socket.send(query(1));
      const [viaFunctions] = await socket.replies(0, 1);
      socket.send(query(1));
      const [fromCache] = await socket.replies(1, 1);
      expect(fromCache).toBe(viaFunctions);
      expect(peek.mock.results.at(-1)?.value).toBeTypeOf("string");
      // A batch of them is answered call by call, as the function layer does; a batch with any
      // other call is the function layer's whole.
      socket.send([query(2), { ...query(3), jsonrpc: "2.0" }]);
      expect(await socket.replies(2, 2)).toEqual([
        viaFunctions?.replace('"id":1', '"id":2'),
        viaFunctions?.replace('"id":1', '"id":3,"jsonrpc":"2.0"'),
      ]);
      socket.send([query(4), query(5, "reads.getName", { id: userId })]);
      const mixed = (await socket.replies(4, 2)).map((reply) => JSON.parse(reply));
      expect(mixed).toContainEqual({ id: 5, result: { type: "data", data: "Ada" } });
      // A change is seen by the next call.
      await updateComingSoonSettings(platform.deps, { comingSoonTitle: "Back soon" });
      socket.send(query(6));
      const [changed] = await socket.replies(6, 1);
      expect(JSON.parse(changed ?? "{}").result.data.comingSoonTitle).toBe("Back soon");
    } finally {
      socket.close();
      peek.mockRestore();
    }
  });

  it("answer a socket or a request whose token was refused as the function layer does", async () => {
    const socket = await rawSocket({ token: "not-a-token" });
    try {
      await fetch(getUrl("systemSettings.getComingSoonSettings"));
      socket.send(query(1));
      const [reply] = await socket.replies(0, 1);
      // The function layer refuses the socket itself; nothing is answered from the cache.
      expect(JSON.parse(reply ?? "{}")).toMatchObject({ error: { data: { code: "UNAUTHORIZED" } } });
    } finally {
      socket.close();
    }
    const badToken = await fetch(getUrl("systemSettings.getComingSoonSettings"), {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(badToken.status).toBe(401);
  });
});

describe.runIf(usesPostgres)("a change committed by another server process", () => {
  it("drops this process's cached result once its announcement arrives", async () => {
    const ws = connect();
    const otherBus = new PostgresChangeBus(() => platform.database.newDedicatedClient());
    await otherBus.start();
    const otherProcess = new ChangeNotifier(otherBus);
    try {
      expect(await ws.client.reads.getName.query({ id: userId })).toBe("Ada");
      expect(await ws.client.reads.getName.query({ id: userId })).toBe("Ada");
      expect(runs.name).toBe(1);
      await otherProcess.inTransaction(platform.deps.db, async (tx) => {
        await tx.update(users).set({ name: "From afar" }).where(eq(users.id, userId));
        otherProcess.changed(userTopic(userId));
      });
      let seen: unknown;
      await waitFor(async () => {
        seen = await ws.client.reads.getName.query({ id: userId });
        return seen === "From afar";
      });
      expect(seen).toBe("From afar");
    } finally {
      await otherBus.close();
      await ws.close();
    }
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
