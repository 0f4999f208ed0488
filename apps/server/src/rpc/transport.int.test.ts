// Functions over the real WebSocket and HTTP transports, including bad input and faults.

import { MAX_PAYLOAD_BYTES } from "@litverse/shared/constants";
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { updateComingSoonSettings } from "../modules/system-settings/system-settings.service.ts";
import { createTitle } from "../test/catalogue.ts";
import { openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { connectHttp, connectWs, startTestServer, type TestServer, watchLive } from "../test/test-server.ts";
import { signedInAs } from "../test/tokens.ts";

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

/** A raw WebSocket, for sending what no well-behaved client would. */
async function rawSocket(headers?: Record<string, string>) {
  const { WebSocket } = await import("ws");
  const socket = new WebSocket(server.wsUrl, { headers });
  const messages: unknown[] = [];
  socket.on("message", (data) => {
    const text = data.toString();
    messages.push(text === "PONG" || text === "PING" ? text : JSON.parse(text));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const next = async (count: number) => {
    const deadline = Date.now() + 5_000;
    while (messages.length < count && Date.now() < deadline) await settle(10);
    return messages;
  };
  return { socket, messages, next };
}

describe("live queries over the WebSocket", () => {
  it("pushes a committed change to every subscriber, once", async () => {
    const a = connectWs(server.wsUrl);
    const b = connectWs(server.wsUrl);
    try {
      const watchA = watchLive<ComingSoonSettings>(a.client, "systemSettings.getComingSoonSettings");
      const watchB = watchLive<ComingSoonSettings>(b.client, "systemSettings.getComingSoonSettings");
      await watchA.waitFor(1);
      await watchB.waitFor(1);
      await updateComingSoonSettings(platform.deps, { isComingSoonMode: true, comingSoonTitle: "Soon" });
      const [, second] = await watchA.waitFor(2);
      expect(second).toMatchObject({ isComingSoonMode: true, comingSoonTitle: "Soon" });
      await watchB.waitFor(2);
      // Writing the same values again changes nothing visible: nothing is re-sent.
      await updateComingSoonSettings(platform.deps, { comingSoonTitle: "Soon" });
      await settle(100);
      expect(watchA.values).toHaveLength(2);
      expect(watchB.values).toHaveLength(2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("keeps a live query alive across a reconnect and shows what changed meanwhile", async () => {
    const a = connectWs(server.wsUrl);
    try {
      const watch = watchLive<ComingSoonSettings>(a.client, "systemSettings.getComingSoonSettings");
      await watch.waitFor(1);
      for (const socket of server.app.websocketServer.clients) socket.terminate();
      await updateComingSoonSettings(platform.deps, { comingSoonTitle: "After the drop" });
      const values = await watch.waitFor(2);
      expect(values.at(-1)?.comingSoonTitle).toBe("After the drop");
    } finally {
      await a.close();
    }
  });

  it("never shares one viewer's live results with another, even when a socket signs in mid-way", async () => {
    const title = await createTitle(platform);
    const reader = await signedInAs(platform, "user");
    const liker = connectWs(server.wsUrl, reader.token);
    const a = connectWs(server.wsUrl);
    const b = connectWs(server.wsUrl);
    try {
      await liker.client.content.likeContent.mutate({ contentId: title.id });
      type Detail = { viewer: { isLiked: boolean } | null };
      const input = { contentId: title.id };
      const watchA = watchLive<Detail>(a.client, "content.getContent", input);
      const watchB = watchLive<Detail>(b.client, "content.getContent", input);
      const own = watchLive<Detail>(liker.client, "content.getContent", input);
      await Promise.all([watchA.waitFor(1), watchB.waitFor(1), own.waitFor(1)]);
      expect(watchB.values[0]?.viewer).toBeNull();
      expect(own.values[0]?.viewer?.isLiked).toBe(true);

      // A signed-out socket cannot become someone: it reconnects to sign in.
      await expect(a.client.session.updateAccessToken.mutate({ token: reader.token })).rejects.toMatchObject({
        message: "This connection was opened signed out; reconnect to sign in.",
      });
      // A change re-runs the shared signed-out result: still nobody's. Each change is awaited
      // before the next, or the engine may fold the two into one unchanged result.
      await liker.client.content.unlikeContent.mutate({ contentId: title.id });
      await Promise.all([own.waitFor(2), watchB.waitFor(2)]);
      expect(own.values[1]?.viewer?.isLiked).toBe(false);
      await liker.client.content.likeContent.mutate({ contentId: title.id });
      await Promise.all([own.waitFor(3), watchB.waitFor(3)]);
      expect(watchB.values.every((value) => value.viewer === null)).toBe(true);
      expect(watchA.values.every((value) => value.viewer === null)).toBe(true);
    } finally {
      await Promise.all([liker.close(), a.close(), b.close()]);
    }
  });

  it("refuses to watch unknown names and non-queries", async () => {
    const a = connectWs(server.wsUrl);
    try {
      const unknown = watchLive(a.client, "systemSettings.noSuchThing");
      const mutation = watchLive(a.client, "systemSettings.updateComingSoonSettings", {
        comingSoonTitle: "x",
      });
      await unknown.waitFor(1).catch(() => {});
      await mutation.waitFor(1).catch(() => {});
      expect(String(unknown.errors[0])).toMatch(/No query named/);
      expect(String(mutation.errors[0])).toMatch(/No query named/);
    } finally {
      await a.close();
    }
  });

  it("applies the function's own access checks to live subscriptions", async () => {
    const a = connectWs(server.wsUrl);
    try {
      await expect(
        a.client.systemSettings.updateComingSoonSettings.mutate({ isComingSoonMode: true }),
      ).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    } finally {
      await a.close();
    }
  });
});

describe("bad input and faults on the WebSocket", () => {
  it("answers malformed frames with an error and keeps the connection", async () => {
    const { socket, next } = await rawSocket();
    socket.send("{not json");
    const [first] = await next(1);
    expect(first).toMatchObject({ id: null, error: { data: { code: "PARSE_ERROR" } } });
    socket.send(
      JSON.stringify({ id: 1, method: "query", params: { path: "systemSettings.getComingSoonSettings" } }),
    );
    const messages = await next(2);
    expect(messages[1]).toMatchObject({ id: 1, result: { data: { isComingSoonMode: false } } });
    socket.close();
  });

  it("answers unknown functions and wrong input types with clear errors", async () => {
    const { socket, next } = await rawSocket();
    socket.send(JSON.stringify({ id: 1, method: "query", params: { path: "nope.nothing" } }));
    socket.send(
      JSON.stringify({
        id: 2,
        method: "subscription",
        params: { path: "live.watch", input: { path: 42 } },
      }),
    );
    type ErrorReply = {
      id: number;
      error: { data: { code: string; fieldErrors?: Record<string, string[]> } };
    };
    const messages = (await next(2)) as ErrorReply[];
    const byId = Object.fromEntries(messages.map((message) => [message.id, message.error.data]));
    expect(byId[1]?.code).toBe("NOT_FOUND");
    expect(byId[2]?.code).toBe("BAD_REQUEST");
    // A plain sentence, not zod's wording of the types involved.
    expect(byId[2]?.fieldErrors?.path?.[0]).toBe("This is not a valid value");
    socket.close();
  });

  it("refuses messages over 1 MiB with an error and carries on", async () => {
    const { socket, next } = await rawSocket();
    socket.send(
      JSON.stringify({ id: 1, method: "query", params: { path: "x", input: "y".repeat(MAX_PAYLOAD_BYTES) } }),
    );
    const [first] = await next(1);
    expect(first).toMatchObject({ id: null, error: { data: { code: "PAYLOAD_TOO_LARGE" } } });
    socket.send(
      JSON.stringify({ id: 2, method: "query", params: { path: "systemSettings.getComingSoonSettings" } }),
    );
    const messages = await next(2);
    expect(messages[1]).toMatchObject({ id: 2, result: { data: { isComingSoonMode: false } } });
    socket.close();
  });

  it("refuses an upgrade from another site's page", async () => {
    const { WebSocket } = await import("ws");
    const socket = new WebSocket(server.wsUrl, { headers: { origin: "https://evil.example" } });
    const status = await new Promise<number | undefined>((resolve) => {
      socket.once("unexpected-response", (_request, response) => resolve(response.statusCode));
      socket.once("open", () => resolve(101));
    });
    expect(status).toBe(403);
  });
});

describe("HTTP", () => {
  it("serves functions, health and real 404s", async () => {
    const http = connectHttp(server.url);
    await expect(http.systemSettings.getComingSoonSettings.query()).resolves.toMatchObject({
      isComingSoonMode: false,
    });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    for (const path of ["/api/nope", "/media/nope.png", "/api/trpc/nope.nothing"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });

  it("rejects bad input with field errors, and oversized bodies", async () => {
    const badInput = await fetch(`${server.url}/api/trpc/systemSettings.updateComingSoonSettings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ comingSoonTitle: 5 }),
    });
    // Anonymous callers are refused before their input is even looked at.
    expect(badInput.status).toBe(401);
    const oversized = await fetch(`${server.url}/api/trpc/systemSettings.updateComingSoonSettings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ comingSoonTitle: "x".repeat(MAX_PAYLOAD_BYTES) }),
    });
    expect(oversized.status).toBe(413);
  });

  it("sends security headers and a request id", async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "abc-123" } });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // Served over plain HTTP: no HSTS, which would pin every site on localhost to HTTPS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("asks browsers to insist on HTTPS only when the public address is HTTPS", async () => {
    const https = await startTestServer({
      ...platform,
      config: { ...platform.config, publicUrl: "https://litverse.example" },
    });
    try {
      const response = await fetch(`${https.url}/healthz`);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await https.close();
    }
  });

  it("gives the sign-in pages a content security policy without invalid sources", async () => {
    // The test platform's public address is on localhost, whose loopback aliases include [::1].
    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:\d+/);
    expect(policy).not.toContain("[");
  });

  it("answers functions uncompressed, so that the answer is not held back", async () => {
    const response = await fetch(`${server.url}/api/trpc/systemSettings.getComingSoonSettings`, {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
  });
});
