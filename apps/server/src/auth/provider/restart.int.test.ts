// The provider's state lives in the database: a restarted server (same database, new process
// state) keeps sessions, refresh tokens and keys; a key rotation takes effect on the next start.
import { asc } from "drizzle-orm";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { oidcKeys } from "../schema.ts";
import { createAccount } from "./accounts.ts";
import { rotateSigningKey } from "./provider.ts";
import {
  AUDIENCE,
  authorizationRequest,
  Browser,
  CLIENT_ID,
  freePort,
  type ProviderServer,
  parseForms,
  signIn,
  startProviderServer,
  tokenRequest,
} from "./test-kit.ts";

const PASSWORD = "Correct-horse-9";
const EMAIL = "restart@example.test";

let platform: TestPlatform;
let port: number;
let running: ProviderServer | undefined;

beforeAll(async () => {
  platform = await openTestPlatform();
  port = await freePort();
  await createAccount(platform.deps.db, { email: EMAIL, displayName: "Restart Reader", password: PASSWORD });
});

afterAll(async () => {
  await running?.close();
  await platform?.dispose();
});

async function restart(options?: Parameters<typeof startProviderServer>[2]): Promise<ProviderServer> {
  await running?.close();
  running = await startProviderServer(platform, port, options);
  return running;
}

const keyRows = () =>
  platform.deps.db
    .select({ id: oidcKeys.id, kind: oidcKeys.kind, retiredAt: oidcKeys.retiredAt })
    .from(oidcKeys)
    .orderBy(asc(oidcKeys.createdAt));

async function publishedKids(server: ProviderServer): Promise<string[]> {
  const jwks = (await (await fetch(`${server.issuer}/jwks`)).json()) as { keys: Array<{ kid: string }> };
  return jwks.keys.map((key) => key.kid);
}

const verify = (server: ProviderServer, token: string) =>
  jwtVerify(token, createRemoteJWKSet(new URL(`${server.issuer}/jwks`)), {
    issuer: server.issuer,
    audience: AUDIENCE,
  });

describe("restarts", () => {
  it("keeps sessions, refresh tokens and keys, and logs no tokens", async () => {
    const first = await restart();
    const browser = new Browser(first);
    const tokens = await signIn(first, browser, { email: EMAIL, password: PASSWORD });
    const keysBefore = await keyRows();
    expect(keysBefore.filter((row) => row.kind === "signing")).toHaveLength(1);
    expect(keysBefore.filter((row) => row.kind === "cookie")).toHaveLength(1);
    const kidsBefore = await publishedKids(first);

    const logs: string[] = [];
    const second = await restart({
      logger: { level: "info", stream: { write: (line: string) => logs.push(line) } },
    });
    expect(await keyRows()).toEqual(keysBefore);
    expect(await publishedKids(second)).toEqual(kidsBefore);

    // Tokens issued before the restart still verify and refresh.
    expect((await verify(second, tokens.access_token)).payload.email).toBe(EMAIL);
    const refreshed = await tokenRequest(second, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);

    // The browser's provider session too: the account chooser offers it.
    const chooser = await browser.open(authorizationRequest(second).url);
    expect(chooser.html).toContain("Continue as Restart Reader");

    // Sign out with the ID token in the query string: the log has the path, not the token.
    const query = new URLSearchParams({ id_token_hint: tokens.id_token, client_id: CLIENT_ID });
    const confirm = await browser.open(`${second.issuer}/session/end?${query}`);
    const [form] = parseForms(confirm.html);
    if (!form) throw new Error("no sign-out form");
    await browser.submit(form.action, { ...form.fields, logout: "yes" });

    const logText = logs.join("\n");
    expect(logText).toContain("/oidc/session/end");
    for (const secret of [
      tokens.id_token,
      tokens.refresh_token,
      String(refreshed.body.refresh_token),
      tokens.access_token,
    ]) {
      expect(logText).not.toContain(secret);
    }
    expect(logText).not.toContain("id_token_hint");
  });

  it("publishes a rotated key next to the previous one and signs with it after a restart", async () => {
    const before = await restart();
    const [originalKid] = await publishedKids(before);
    const oldTokens = await signIn(before, new Browser(before), { email: EMAIL, password: PASSWORD });

    const rotation = await rotateSigningKey(platform.deps.db);
    expect(rotation.published).toEqual([rotation.kid, originalKid]);
    expect(rotation.retired).toEqual([]);

    const after = await restart();
    expect(await publishedKids(after)).toEqual([rotation.kid, originalKid]);
    const newTokens = await signIn(after, new Browser(after), { email: EMAIL, password: PASSWORD });
    expect(decodeProtectedHeader(newTokens.access_token).kid).toBe(rotation.kid);
    expect(decodeProtectedHeader(newTokens.id_token).kid).toBe(rotation.kid);
    // Tokens signed by the previous key still verify.
    expect((await verify(after, oldTokens.access_token)).protectedHeader.kid).toBe(originalKid);

    // A second rotation retires the original key: it is no longer published.
    const second = await rotateSigningKey(platform.deps.db);
    expect(second.published).toEqual([second.kid, rotation.kid]);
    expect(second.retired).toEqual([originalKid]);
    const last = await restart();
    expect(await publishedKids(last)).toEqual([second.kid, rotation.kid]);
  });
});
