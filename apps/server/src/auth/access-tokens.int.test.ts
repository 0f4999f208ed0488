// Access tokens at the API's doors: real tokens signed with the embedded provider's stored key,
// forged and expired ones, over HTTP and the WebSocket, and a renewed token handed to an open
// connection without dropping its live queries.
import { createTRPCClient, createWSClient, TRPCClientError, wsLink } from "@trpc/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "../router.ts";
import { openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { startTestServer, type TestServer, watchLive } from "../test/test-server.ts";
import { accessToken as mintToken, type TokenOptions } from "../test/tokens.ts";

let platform: TestPlatform;
let server: TestServer;
const cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
});
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});

const accessToken = (options: TokenOptions) => mintToken(platform, options);

async function httpCall(path: string, token: string | undefined) {
  const response = await fetch(`${server.url}/api/trpc/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
}

function wsClientWith(token: string) {
  const socket = createWSClient({
    url: server.wsUrl,
    connectionParams: () => ({ token }),
    retryDelayMs: () => 100,
  });
  cleanups.push(() => socket.close());
  return createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "no failure";
  } catch (error) {
    return error instanceof TRPCClientError ? error.message : String(error);
  }
}

describe("over HTTP", () => {
  it("accepts the provider's token and answers 401 to forged, expired or foreign ones", async () => {
    const good = await httpCall("users.getCurrentUser", await accessToken({ subject: "http-good" }));
    expect(good.status).toBe(200);

    const cases = {
      forged: await accessToken({ subject: "http-forged", forged: true }),
      expired: await accessToken({ subject: "http-expired", expiresInSeconds: -120 }),
      otherAudience: await accessToken({ subject: "http-aud", audience: "urn:someone-else" }),
      garbage: "not.a.token",
    };
    for (const [name, token] of Object.entries(cases)) {
      const result = await httpCall("users.getCurrentUser", token);
      expect(result.status, name).toBe(401);
    }
    expect((await httpCall("users.getCurrentUser", cases.expired)).body.error?.message).toBe(
      "Your session has expired.",
    );
    expect((await httpCall("users.getCurrentUser", undefined)).status).toBe(401);
  });
});

describe("over the WebSocket", () => {
  it("refuses a connection whose token is forged", async () => {
    const token = await accessToken({ subject: "ws-forged", forged: true });
    // Read at the protocol's level: the server answers the connection's parameters with the
    // refusal and closes, and tRPC's client, seeing the close first now and then, reports only
    // its own "Unknown error" for the call it had waiting.
    const socket = new WebSocket(`${server.wsUrl}?connectionParams=1`);
    cleanups.push(() => socket.close());
    const closed = new Promise<void>((resolve) => socket.addEventListener("close", () => resolve()));
    const answer = new Promise<unknown>((resolve, reject) => {
      socket.addEventListener("message", (event) => resolve(JSON.parse(String(event.data))));
      socket.addEventListener("close", () => reject(new Error("closed without an answer")));
    });
    socket.addEventListener("open", () =>
      socket.send(JSON.stringify({ method: "connectionParams", data: { token } })),
    );
    expect(await answer).toMatchObject({ id: null, error: { message: "Invalid access token." } });
    await closed;
  });

  it("takes a renewed token on the open connection and keeps its live queries", async () => {
    const subject = "ws-renew";
    const client = wsClientWith(await accessToken({ subject, expiresInSeconds: 30 }));
    const watch = watchLive<{ age: number | null }>(client, "users.getCurrentUser");
    expect((await watch.waitFor(1))[0]?.age).toBeNull();

    const renewed = await client.session.updateAccessToken.mutate({
      token: await accessToken({ subject, expiresInSeconds: 900 }),
    });
    expect(renewed.expiresAt).toBeGreaterThan(Date.now() + 800_000);

    await client.users.setUserAge.mutate({ age: 16 });
    const values = await watch.waitFor(2);
    expect(values.at(-1)?.age).toBe(16);
    expect(watch.errors).toEqual([]);

    // Someone else's token is not taken over: switching person means reconnecting.
    const other = await accessToken({ subject: "someone-else" });
    expect(await failureOf(client.session.updateAccessToken.mutate({ token: other }))).toContain(
      "another account",
    );
    const forged = await accessToken({ subject, forged: true });
    expect(await failureOf(client.session.updateAccessToken.mutate({ token: forged }))).toContain(
      "Invalid access token",
    );
  });

  it("stops signed-in calls once the token has expired", async () => {
    const client = wsClientWith(await accessToken({ subject: "ws-expiring", expiresInSeconds: 2 }));
    expect((await client.users.getCurrentUser.query()).handle).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await failureOf(client.users.getCurrentUser.query())).toBe("Your session has expired.");
    // Public functions still answer on the same connection.
    expect(await client.systemSettings.getComingSoonSettings.query()).toHaveProperty("isComingSoonMode");
  });
});
