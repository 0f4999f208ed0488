// Three server processes on one PostgreSQL and one bucket behind nginx, configured by the
// deployment's own template (deploy/nginx/litverse.conf): a change reaches live watchers wherever
// they landed, media sent to one process is there for the others, a person's message budget is one
// budget, a process killed mid-run loses no acknowledged write and its WebSocket clients are back
// within the reconnect backoff, and a process stopped for a rolling restart turns not ready, serves
// on, and hands its clients over.
import { readdir } from "node:fs/promises";
import { backoffDelay, RECONNECT_BASE_MS, RECONNECT_MAX_MS, type UserRole } from "@litverse/shared/constants";
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import { inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { loadConfig } from "./core/config.ts";
import { clubs } from "./modules/clubs/schema.ts";
import { acceptFriendRequest, sendFriendRequest } from "./modules/friends/friends.service.ts";
import { openPlatform, type Platform } from "./platform.ts";
import type { AppRouter } from "./router.ts";
import { type Nginx, nginxBinary, startNginx, UPSTREAM_HEADER } from "./test/nginx.ts";
import { freePort } from "./test/npm-start.ts";
import { phonePhoto } from "./test/people.ts";
import { runCli, type ServerProcess, startServerProcess, temporaryDataDir } from "./test/processes.ts";
import { startTestS3Server, type TestS3Server } from "./test/s3-server.ts";
import { createTemporaryDatabase } from "./test/test-platform.ts";
import { connectWs, watchLive } from "./test/test-server.ts";
import { signedInAs } from "./test/tokens.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
const MESSAGES_PER_MINUTE = 4;
/** Clients writing at once through nginx, each one call after another. */
const WRITERS = 4;
/** The stop of a process for a rolling restart: not ready, still serving, for this long. */
const DRAIN_NOTICE_MS = 1_000;
/** How long a test waits for something that should take a second or two. */
const PATIENCE_MS = 20_000;

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe.runIf(baseUrl && nginxBinary())("three server processes behind nginx", { timeout: 60_000 }, () => {
  let servers: ServerProcess[] = [];
  let firstDataDir: string;
  let nginx: Nginx;
  let platform: Platform;
  let s3: TestS3Server;
  let serverDirs: string[] = [];
  /** Each process's address as nginx names it in the upstream header. */
  const upstreamOf = (server: ServerProcess) => `127.0.0.1:${server.port}`;

  beforeAll(async () => {
    const database = await createTemporaryDatabase(baseUrl as string);
    cleanups.push(database.drop);
    // One bucket for the three processes' media.
    s3 = await startTestS3Server();
    cleanups.push(() => s3.close());
    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const dirs = await Promise.all([1, 2, 3, 4].map(() => temporaryDataDir()));
    for (const dir of dirs) cleanups.push(dir.remove);
    const [ownDir, ...others] = dirs.map((dir) => dir.dir);
    serverDirs = others;
    firstDataDir = serverDirs[0] as string;
    // Started together on the empty database: they migrate it once between them.
    servers = await Promise.all(
      serverDirs.map((dir) =>
        startServerProcess({
          DATA_DIR: dir,
          DATABASE_URL: database.url,
          PUBLIC_URL: publicUrl,
          TRUST_PROXY: "127.0.0.1",
          DRAIN_NOTICE_MS: String(DRAIN_NOTICE_MS),
          RATE_LIMIT_MESSAGES_PER_MINUTE: String(MESSAGES_PER_MINUTE),
          RATE_LIMIT_WRITES_PER_MINUTE: "100000",
          ...s3.env(),
        }),
      ),
    );
    for (const server of servers) cleanups.push(() => server.stop());
    nginx = await startNginx({ port: nginxPort, upstreamPorts: servers.map((server) => server.port) });
    cleanups.push(() => nginx.stop());
    // The test's own way into the database, and the embedded provider's keys to sign people in.
    platform = await openPlatform(
      loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATA_DIR: ownDir as string,
        DATABASE_URL: database.url,
        PUBLIC_URL: publicUrl,
        ...s3.env(),
      }),
      pino({ level: "silent" }),
    );
    cleanups.push(() => platform.close());
  }, 90_000);

  it("carries a change made through one process to live watchers on each of the three", async () => {
    const direct = servers.map((server) => connectWs(server.wsUrl));
    const throughNginx = servers.map(() => connectThroughNginx(nginx.wsUrl));
    cleanups.push(...[...direct, ...throughNginx].map((socket) => () => socket.close()));
    const watches = [...direct, ...throughNginx].map((socket) =>
      watchLive<ComingSoonSettings>(socket.client, "systemSettings.getComingSoonSettings"),
    );
    await Promise.all(watches.map((watch) => watch.waitFor(1)));
    // Round robin put one of nginx's sockets on each process.
    expect(new Set(throughNginx.map((socket) => socket.upstream()))).toEqual(
      new Set(servers.map(upstreamOf)),
    );

    const result = await runCli(["settings:coming-soon", "--title", "Said once, heard everywhere"], {
      // The command goes through the first process: its data directory names its endpoint.
      DATA_DIR: firstDataDir,
      DATABASE_URL: platform.config.DATABASE_URL as string,
    });
    expect(result.code, result.stderr).toBe(0);
    for (const watch of watches) {
      const values = await watch.waitFor(2);
      expect(values.at(-1)?.comingSoonTitle).toBe("Said once, heard everywhere");
    }
    for (const socket of [...direct, ...throughNginx]) await socket.close();
  });

  it("keeps media in the one bucket: a picture sent to one process is used by another and served by a third", async () => {
    const me = await person(platform, "user");
    const form = new FormData();
    form.append(
      "file",
      new Blob([new Uint8Array(await phonePhoto(400, 300))], { type: "image/jpeg" }),
      "me.jpg",
    );
    const sent = await fetch(`${nginx.url}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${me.token}` },
      body: form,
    });
    expect(sent.status).toBe(200);
    const { uploadId } = (await sent.json()) as { uploadId: string };
    const used = await call(nginx.url, me.token, "profiles.setAvatar", {
      uploadId,
      crop: { x: 0, y: 0, size: 300 },
    });
    expect(used.status).toBe(200);
    expect(used.upstream).not.toBe(sent.headers.get(UPSTREAM_HEADER));
    const avatar = /\/media\/avatars\/[^"]+/.exec(JSON.stringify(used.body))?.[0];
    if (!avatar) throw new Error(`no avatar in ${JSON.stringify(used.body)}`);
    const asked = await fetch(`${nginx.url}${avatar}`, { redirect: "manual" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get(UPSTREAM_HEADER)).not.toBe(used.upstream);
    const picture = await fetch(asked.headers.get("location") as string);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(100);
    // No process keeps a media file of its own.
    for (const dir of serverDirs) {
      const files = await readdir(dir, { recursive: true, withFileTypes: true });
      expect(files.filter((entry) => entry.isFile() && entry.parentPath.includes("scratch"))).toEqual([]);
      expect(files.some((entry) => entry.name === "media")).toBe(false);
    }
  });

  it("counts a person's message budget once, whichever process each message reaches", async () => {
    const [sender, partner] = await Promise.all([person(platform, "user"), person(platform, "user")]);
    await sendFriendRequest(platform.deps, sender, partner.id);
    await acceptFriendRequest(platform.deps, partner, sender.id);

    const answers: CallAnswer[] = [];
    for (let i = 0; i < 3 * MESSAGES_PER_MINUTE + 1; i++) {
      answers.push(
        await call(nginx.url, sender.token, "messages.sendMessage", {
          partnerId: partner.id,
          body: `Hello ${i}`,
        }),
      );
    }
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(servers.map(upstreamOf)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(statuses.slice(MESSAGES_PER_MINUTE)).toEqual(statuses.slice(MESSAGES_PER_MINUTE).map(() => 429));
  });

  it("loses no acknowledged write when a process is killed, and its sockets are back within the backoff", async () => {
    const writer = await person(platform, "user");
    const sockets = servers.map(() => connectThroughNginx(nginx.wsUrl));
    cleanups.push(...sockets.map((socket) => () => socket.close()));
    const watches = sockets.map((socket) =>
      watchLive<ComingSoonSettings>(socket.client, "systemSettings.getComingSoonSettings"),
    );
    await Promise.all(watches.map((watch) => watch.waitFor(1)));

    const victim = servers[1] as ServerProcess;
    const onVictim = sockets.flatMap((socket, index) =>
      socket.upstream() === upstreamOf(victim) ? [{ socket, watch: watches[index] }] : [],
    );
    expect(onVictim).toHaveLength(1);

    const writes = startWriting(nginx.url, writer.token);
    await until(() => writes.acknowledged.length >= 15, "writes before the kill");
    const beforeKill = writes.acknowledged.length;
    const killedAt = performance.now();
    victim.child.kill("SIGKILL");

    // Its sockets through nginx lose their process, reconnect as the web app does, and get their
    // live query's value again from another.
    const backAfterMs = await Promise.all(
      onVictim.map(async ({ watch }) => {
        await watch?.waitFor(2, PATIENCE_MS);
        return performance.now() - killedAt;
      }),
    );
    await until(() => writes.acknowledged.length >= beforeKill + 15, "writes after the kill");
    await writes.stop();

    console.info(
      `killed one of three: ${writes.acknowledged.length} writes acknowledged, ${writes.failures.length} failed; ` +
        `its sockets back after ${backAfterMs.map((ms) => `${Math.round(ms)} ms`).join(", ")}`,
    );
    // Only calls the killed process held fail, with nginx's 502: one it could not reach was retried.
    for (const failure of writes.failures) expect(failure).toMatch(/^502 /);
    for (const ms of backAfterMs) expect(ms).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    for (const { socket } of onVictim) {
      expect([upstreamOf(servers[0] as ServerProcess), upstreamOf(servers[2] as ServerProcess)]).toContain(
        socket.upstream(),
      );
    }
    expect(await storedClubs(platform, writes.acknowledged)).toBe(writes.acknowledged.length);
    for (const socket of sockets) await socket.close();
    servers = servers.filter((server) => server !== victim);
  });

  it("stops a process for a rolling restart: not ready, still serving, then 1001 and elsewhere", async () => {
    const [leaving, staying] = servers as [ServerProcess, ServerProcess];
    const writer = await person(platform, "user");
    const sockets = [0, 1].map(() => connectThroughNginx(nginx.wsUrl));
    cleanups.push(...sockets.map((socket) => () => socket.close()));
    const watches = sockets.map((socket) =>
      watchLive<ComingSoonSettings>(socket.client, "systemSettings.getComingSoonSettings"),
    );
    await Promise.all(watches.map((watch) => watch.waitFor(1)));
    const index = sockets.findIndex((socket) => socket.upstream() === upstreamOf(leaving));
    const [socket, watch] = [sockets[index], watches[index]];
    expect(socket).toBeDefined();

    const writes = startWriting(nginx.url, writer.token);
    await until(() => writes.acknowledged.length >= 10, "writes before the stop");
    const stopAskedAt = performance.now();
    const exited = leaving.stop("SIGTERM");
    let answer = await readiness(leaving.url);
    while (answer.status === 200) answer = await readiness(leaving.url);
    expect(answer).toEqual({ status: 503, body: { status: "draining" } });
    expect((await fetch(`${leaving.url}/healthz`)).status).toBe(200);
    expect(await readiness(staying.url)).toEqual({ status: 200, body: { status: "ready" } });

    await watch?.waitFor(2, PATIENCE_MS);
    const backAfterMs = performance.now() - stopAskedAt;
    // It served on through the notice, writes included.
    expect(
      writes.answers.some((answer) => answer.upstream === upstreamOf(leaving) && answer.at > stopAskedAt),
    ).toBe(true);
    expect(socket?.closeCodes).toContain(1001);
    expect(socket?.upstream()).toBe(upstreamOf(staying));
    expect(await exited).toBe(0);
    const afterStop = writes.acknowledged.length;
    await until(() => writes.acknowledged.length >= afterStop + 10, "writes after the stop");
    await writes.stop();

    console.info(
      `rolling stop: ${writes.acknowledged.length} writes acknowledged, ${writes.failures.length} failed; ` +
        `its socket back after ${Math.round(backAfterMs)} ms (notice ${DRAIN_NOTICE_MS} ms)`,
    );
    // Most runs fail none. A write sent in the instant the process stops listening can meet nginx's
    // 502 (the connection, still waiting to be accepted, is reset; nginx retries no POST it has
    // sent): at most the one each writer has in flight. None is refused by the closing process,
    // and none acknowledged is lost.
    expect(writes.failures.length).toBeLessThanOrEqual(WRITERS);
    for (const failure of writes.failures) expect(failure).toMatch(/^502 /);
    expect(backAfterMs).toBeLessThanOrEqual(DRAIN_NOTICE_MS + RECONNECT_MAX_MS);
    expect(await storedClubs(platform, writes.acknowledged)).toBe(writes.acknowledged.length);
    for (const open of sockets) await open.close();
  });
});

/** A person of the embedded provider, signed in. */
async function person(platform: Platform, role: UserRole) {
  const { id, token } = await signedInAs(platform, role);
  return { id, role, token };
}

interface CallAnswer {
  status: number;
  /** The process that answered, as nginx names it. */
  upstream: string | null;
  body: { result?: { data?: unknown }; error?: unknown } | null;
}

/** One function called over HTTP, as a signed-in client would. */
async function call(url: string, token: string, path: string, input: unknown): Promise<CallAnswer> {
  const response = await fetch(`${url}/api/trpc/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await response.json().catch(() => null)) as CallAnswer["body"];
  return { status: response.status, upstream: response.headers.get(UPSTREAM_HEADER), body };
}

/**
 * Clients creating clubs through nginx one after another until stopped: the ids of those
 * acknowledged, and what the others got.
 */
function startWriting(url: string, token: string) {
  const acknowledged: string[] = [];
  const failures: string[] = [];
  /** Which process acknowledged each write, and when. */
  const answers: Array<{ upstream: string | null; at: number }> = [];
  let isStopped = false;
  let count = 0;
  const loop = async () => {
    while (!isStopped) {
      count++;
      const answer = await call(url, token, "clubs.createClub", { name: `Club ${count}` }).catch(
        (error: Error) => ({ status: 0, upstream: null, body: { error: error.message } }) as CallAnswer,
      );
      const clubId = (answer.body?.result?.data as { clubId?: string } | undefined)?.clubId;
      if (answer.status === 200 && clubId) {
        acknowledged.push(clubId);
        answers.push({ upstream: answer.upstream, at: performance.now() });
      } else failures.push(`${answer.status} ${JSON.stringify(answer.body?.error ?? null)}`);
    }
  };
  const loops = Array.from({ length: WRITERS }, loop);
  return {
    acknowledged,
    failures,
    answers,
    async stop() {
      isStopped = true;
      await Promise.all(loops);
    },
  };
}

/** How many of the clubs `ids` the database holds. */
async function storedClubs(platform: Platform, ids: string[]): Promise<number> {
  const rows = await platform.deps.db.select({ id: clubs.id }).from(clubs).where(inArray(clubs.id, ids));
  return rows.length;
}

async function readiness(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: await response.json() };
}

/** Waits until `condition` holds, checking as writes come in. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A function client over nginx's WebSocket that reconnects with the web app's backoff
 * (apps/web/src/lib/trpc.ts), and knows which process each of its connections landed on and how
 * each ended.
 */
function connectThroughNginx(wsUrl: string) {
  const landings: string[] = [];
  const closeCodes: number[] = [];
  class TracedWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.once("upgrade", (response) => landings.push(String(response.headers[UPSTREAM_HEADER])));
      this.once("close", (code) => closeCodes.push(code));
    }
  }
  const socket = createWSClient({
    url: wsUrl,
    WebSocket: TracedWebSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: (attempt) => backoffDelay(attempt, RECONNECT_BASE_MS, RECONNECT_MAX_MS),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
  return {
    client,
    closeCodes,
    /** Where the latest connection landed. */
    upstream: () => landings.at(-1),
    close: () => socket.close(),
  };
}
