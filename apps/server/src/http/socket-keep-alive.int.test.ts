// The keep-alive on a real server: clients that answer the protocol's pings by themselves (as
// browsers do) stay connected through many of them; one that never answers is cut off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { connectWs, startTestServer, type TestServer } from "../test/test-server.ts";

const TIMING = { pingMs: 100, pongWaitMs: 150 };

let platform: TestPlatform;
let server: TestServer;

beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform, { socketKeepAlive: TIMING });
});
afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the WebSocket keep-alive", () => {
  it("pings with the protocol's frames, which a client answers without reading a message", async () => {
    const socket = new WebSocket(server.wsUrl);
    let pings = 0;
    const texts: string[] = [];
    socket.on("ping", () => void pings++);
    socket.on("message", (data) => texts.push(data.toString()));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await new Promise((resolve) => socket.once("open", resolve));
    await sleep(8 * TIMING.pingMs);
    expect(pings).toBeGreaterThanOrEqual(5);
    expect(texts).toEqual([]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
    expect(await closed).toBe(1005);
  });

  it("keeps the function client's socket, which answers by itself, working through many pings", async () => {
    const client = connectWs(server.wsUrl);
    try {
      await expect(client.client.systemSettings.getComingSoonSettings.query()).resolves.toBeTruthy();
      await sleep(8 * TIMING.pingMs);
      await expect(client.client.systemSettings.getComingSoonSettings.query()).resolves.toBeTruthy();
    } finally {
      await client.close();
    }
  });

  it("cuts off a socket that stops answering", async () => {
    const silent = new WebSocket(server.wsUrl, { autoPong: false });
    let pings = 0;
    silent.on("ping", () => void pings++);
    const startedAt = Date.now();
    const closed = new Promise<number>((resolve) => silent.once("close", (code) => resolve(code)));
    // Terminated without a closing handshake: the client sees an abnormal closure.
    expect(await closed).toBe(1006);
    expect(pings).toBeGreaterThanOrEqual(1);
    expect(Date.now() - startedAt).toBeLessThan(TIMING.pingMs + TIMING.pongWaitMs + 1_000);
  });
});
