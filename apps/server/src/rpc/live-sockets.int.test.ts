// Live results written straight to the WebSocket: the messages are the function layer's own, each
// subscriber gets its own id, and closed or stopped subscribers get nothing.

import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { updateComingSoonSettings } from "../modules/system-settings/system-settings.service.ts";
import { createTitle } from "../test/catalogue.ts";
import { openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { connectWs, startTestServer, type TestServer, watchLive } from "../test/test-server.ts";

let platform: TestPlatform;
let server: TestServer;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
beforeEach(() => platform.reset());

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw WebSocket keeping every message as the text it arrived as. */
async function rawSocket() {
  const { WebSocket } = await import("ws");
  const socket = new WebSocket(server.wsUrl);
  const texts: string[] = [];
  socket.on("message", (data) => texts.push(data.toString()));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const waitFor = async (check: (texts: string[]) => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!check(texts) && Date.now() < deadline) await settle(10);
    return texts;
  };
  return { socket, texts, waitFor };
}

const watchSettings = (id: number | string, jsonrpc?: "2.0") => ({
  id,
  ...(jsonrpc ? { jsonrpc } : {}),
  method: "subscription",
  params: { path: "live.watch", input: { path: "systemSettings.getComingSoonSettings" } },
});

/** The message the function layer itself sends for one result of a subscription. */
const dataMessage = (id: number | string, data: unknown, jsonrpc?: "2.0") =>
  JSON.stringify({ id, ...(jsonrpc ? { jsonrpc } : {}), result: { type: "data", data } });

const dataTexts = (texts: string[]) => texts.filter((text) => text.includes('"type":"data"'));

describe("live results written straight to the socket", () => {
  it("sends one shared result to many subscribers, each under its own id, in the function layer's format", async () => {
    const one = await rawSocket();
    const two = await rawSocket();
    try {
      one.socket.send(JSON.stringify(watchSettings("sub-a")));
      // A batch of two subscriptions in one message: each answered under its own id.
      two.socket.send(JSON.stringify([watchSettings(7, "2.0"), watchSettings(8)]));
      await one.waitFor((texts) => dataTexts(texts).length === 1);
      await two.waitFor((texts) => dataTexts(texts).length === 2);
      expect(one.texts[0]).toBe(JSON.stringify({ id: "sub-a", result: { type: "started" } }));

      const runsBefore = platform.live.stats.runs;
      const settings = await updateComingSoonSettings(platform.deps, { comingSoonTitle: "Shared" });
      await one.waitFor((texts) => dataTexts(texts).length === 2);
      await two.waitFor((texts) => dataTexts(texts).length === 4);
      expect(platform.live.stats.runs - runsBefore).toBe(1);
      expect(dataTexts(one.texts)[1]).toBe(dataMessage("sub-a", settings));
      expect(dataTexts(two.texts).slice(2).sort()).toEqual(
        [dataMessage(7, settings, "2.0"), dataMessage(8, settings)].sort(),
      );

      // A stopped subscription gets nothing more; the other on the same socket carries on.
      two.socket.send(JSON.stringify({ id: 7, method: "subscription.stop" }));
      await two.waitFor((texts) => texts.some((text) => text.includes('"stopped"')));
      const later = await updateComingSoonSettings(platform.deps, { comingSoonTitle: "Later" });
      await two.waitFor((texts) => dataTexts(texts).length === 5);
      await settle(100);
      expect(dataTexts(two.texts).slice(4)).toEqual([dataMessage(8, later)]);
    } finally {
      one.socket.close();
      two.socket.close();
    }
  });

  it("carries on when sockets close during a fan-out, and leaves no entries behind", async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, () => rawSocket()));
    try {
      for (const [index, raw] of sockets.entries()) raw.socket.send(JSON.stringify(watchSettings(index + 1)));
      await Promise.all(sockets.map((raw) => raw.waitFor((texts) => dataTexts(texts).length === 1)));
      const serverSockets = [...server.app.websocketServer.clients];
      const update = updateComingSoonSettings(platform.deps, { comingSoonTitle: "While closing" });
      // Half the sockets go away while the change is on its way.
      for (const socket of serverSockets.slice(0, 10)) socket.terminate();
      const settings = await update;
      const isOpen = (raw: (typeof sockets)[number]) => raw.socket.readyState === raw.socket.OPEN;
      const closedBy = Date.now() + 5_000;
      while (sockets.filter(isOpen).length > 10 && Date.now() < closedBy) await settle(10);
      const open = sockets.filter(isOpen);
      expect(open).toHaveLength(10);
      await Promise.all(open.map((raw) => raw.waitFor((texts) => dataTexts(texts).length === 2)));
      for (const raw of open) expect(dataTexts(raw.texts)[1]).toContain(JSON.stringify(settings));
    } finally {
      for (const raw of sockets) raw.socket.close();
    }
    const deadline = Date.now() + 5_000;
    while (platform.live.size > 0 && Date.now() < deadline) await settle(20);
    expect(platform.live.size).toBe(0);
  });

  it("re-runs other live queries when the coming-soon mode is set, not when its text changes, and reports the refusal", async () => {
    const title = await createTitle(platform);
    const client = connectWs(server.wsUrl);
    try {
      const detail = watchLive<{ id: string }>(client.client, "content.getContent", { contentId: title.id });
      const settings = watchLive<ComingSoonSettings>(client.client, "systemSettings.getComingSoonSettings");
      await Promise.all([detail.waitFor(1), settings.waitFor(1)]);

      const before = platform.live.stats.runs;
      await updateComingSoonSettings(platform.deps, { comingSoonTitle: "Only the text" });
      await settings.waitFor(2);
      await settle(100);
      expect(platform.live.stats.runs - before).toBe(1);

      await updateComingSoonSettings(platform.deps, { isComingSoonMode: true });
      const deadline = Date.now() + 5_000;
      while (detail.errors.length === 0 && Date.now() < deadline) await settle(20);
      expect(detail.errors[0]).toMatchObject({ data: { code: "FORBIDDEN" } });
    } finally {
      await client.close();
      await updateComingSoonSettings(platform.deps, { isComingSoonMode: false });
    }
  });
});
