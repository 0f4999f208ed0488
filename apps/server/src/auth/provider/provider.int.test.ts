// The embedded provider over real HTTP, driven like a browser and the web app would: discovery,
// authorization with PKCE, the sign-in pages, tokens, refresh, revocation and sign-out.

import { sql } from "drizzle-orm";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../core/db/client.ts";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { signInThrottle } from "../schema.ts";
import { type Account, createAccount } from "./accounts.ts";
import {
  AUDIENCE,
  authorizationRequest,
  Browser,
  CLIENT_ID,
  codeFrom,
  DEV_ORIGIN,
  decodeEntities,
  exchangeCode,
  formAction,
  freePort,
  type ProviderServer,
  parseForms,
  signIn,
  startProviderServer,
  tokenRequest,
} from "./test-kit.ts";
import { MAX_FAILURES_PER_ADDRESS, recordSignInFailure } from "./throttle.ts";

const PASSWORD = "Correct-horse-9";

let platform: TestPlatform;
let server: ProviderServer;
let reader: Account;
let discovery: Record<string, unknown>;

beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startProviderServer(platform, await freePort());
  reader = await createAccount(platform.deps.db, {
    email: "Reader@Example.test",
    displayName: "Ada Reader",
    password: PASSWORD,
  });
  discovery = (await (await fetch(`${server.issuer}/.well-known/openid-configuration`)).json()) as Record<
    string,
    unknown
  >;
});

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

beforeEach(async () => {
  // Every request comes from 127.0.0.1: keep the per-address counter from spilling between tests.
  await platform.deps.db.delete(signInThrottle);
});

const verifyAccessToken = (token: string) =>
  jwtVerify(token, createRemoteJWKSet(new URL(String(discovery.jwks_uri))), {
    issuer: server.issuer,
    audience: AUDIENCE,
    typ: "at+jwt",
  });

describe("discovery", () => {
  it("describes the provider at the issuer", () => {
    expect(discovery.issuer).toBe(server.issuer);
    expect(discovery.authorization_endpoint).toBe(`${server.issuer}/auth`);
    expect(discovery.token_endpoint).toBe(`${server.issuer}/token`);
    expect(discovery.jwks_uri).toBe(`${server.issuer}/jwks`);
    expect(discovery.userinfo_endpoint).toBe(`${server.issuer}/me`);
    expect(discovery.end_session_endpoint).toBe(`${server.issuer}/session/end`);
    expect(discovery.revocation_endpoint).toBe(`${server.issuer}/token/revocation`);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(["openid", "profile", "email"]));
  });
});

describe("sign-in flow", () => {
  it("signs in with PKCE and issues verifiable tokens", async () => {
    const browser = new Browser(server);
    const request = authorizationRequest(server);

    const page = await browser.open(request.url);
    expect(page.status).toBe(200);
    expect(page.url).toMatch(/\/oidc\/interaction\/[\w-]+$/);
    // No provider session yet: straight to the sign-in form, not the account chooser.
    expect(page.html).toContain('<label for="field-email">Email</label>');
    expect(page.html).toContain('<label for="field-password">Password</label>');
    expect(page.html).toMatch(/<button[^>]*>Sign in<\/button>/);
    expect(page.html).toMatch(/<a href="[^"]*\?view=register">Create an account<\/a>/);
    expect(page.html).not.toMatch(/<script|\son\w+=/i);

    const done = await browser.submit(formAction(page.html, "login"), {
      email: "reader@example.test",
      password: PASSWORD,
    });
    const tokens = await exchangeCode(server, request, codeFrom(done, request));
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBeGreaterThan(3500);
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const { payload, protectedHeader } = await verifyAccessToken(tokens.access_token);
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({
      sub: reader.id,
      client_id: CLIENT_ID,
      email: "reader@example.test",
      name: "Ada Reader",
      scope: "openid profile email",
    });

    // The ID token carries the profile the web app shows.
    const idToken = await jwtVerify(
      tokens.id_token,
      createRemoteJWKSet(new URL(String(discovery.jwks_uri))),
      {
        issuer: server.issuer,
        audience: CLIENT_ID,
      },
    );
    expect(idToken.payload).toMatchObject({
      sub: reader.id,
      email: "reader@example.test",
      name: "Ada Reader",
    });
  });

  it("marks its cookies HttpOnly and SameSite=Lax", async () => {
    const browser = new Browser(server);
    await signIn(server, browser, { email: reader.email, password: PASSWORD });
    const names = browser.jar.received.map((header) => header.split("=")[0]);
    expect(names).toEqual(expect.arrayContaining(["_interaction", "_interaction_resume", "_session"]));
    for (const header of browser.jar.received) {
      expect(header).toMatch(/;\s*httponly/i);
      expect(header).toMatch(/;\s*samesite=lax/i);
      // The issuer is http here; an https issuer adds Secure.
      expect(header).not.toMatch(/;\s*secure/i);
    }
  });

  it("refuses PKCE plain and requests without a code challenge", async () => {
    const browser = new Browser(server);
    for (const extra of [
      { code_challenge_method: "plain", code_challenge: "a".repeat(43) },
      { code_challenge: undefined, code_challenge_method: undefined },
    ]) {
      const request = authorizationRequest(server, extra);
      const response = await browser.fetch(request.url);
      expect(response.status).toBe(303);
      const location = new URL(String(response.headers.get("location")));
      expect(location.pathname).toBe("/auth/callback");
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.get("code")).toBeNull();
    }
  });

  it("refuses a code exchanged without the right verifier", async () => {
    const browser = new Browser(server);
    const request = authorizationRequest(server);
    const page = await browser.open(request.url);
    const done = await browser.submit(formAction(page.html, "login"), {
      email: reader.email,
      password: PASSWORD,
    });
    const { status, body } = await tokenRequest(server, {
      grant_type: "authorization_code",
      code: codeFrom(done, request),
      redirect_uri: request.redirectUri,
      code_verifier: "b".repeat(43),
    });
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_grant");
  });

  it("answers a wrong password with the same message as an unknown email, keeping the email", async () => {
    const browser = new Browser(server);
    const page = await browser.open(authorizationRequest(server).url);
    const action = formAction(page.html, "login");

    const wrongPassword = await browser.submit(action, { email: reader.email, password: "Wrong-password-1" });
    const unknownEmail = await browser.submit(action, {
      email: "nobody@example.test",
      password: "Wrong-password-1",
    });
    for (const [result, email] of [
      [wrongPassword, reader.email],
      [unknownEmail, "nobody@example.test"],
    ] as const) {
      expect(result.status).toBe(200);
      expect(result.html).toContain(
        '<p class="alert" id="form-error" role="alert">Incorrect email or password.</p>',
      );
      expect(result.html).toContain(`value="${email}"`);
      expect(result.html).toMatch(
        /id="field-password"[^>]*aria-describedby="form-error"[^>]*aria-invalid="true"/,
      );
    }
  });

  it("makes one address wait after 5 failures for an account, never locking its owner out elsewhere", async () => {
    // Behind a reverse proxy that says where each request came from (TRUST_PROXY).
    const proxied = await startProviderServer(platform, await freePort(), { trustProxy: true });
    try {
      const email = "throttled@example.test";
      await createAccount(platform.deps.db, { email, displayName: "Throttled", password: PASSWORD });
      const guesser = new Browser(proxied, { "x-forwarded-for": "203.0.113.9" });
      const page = await guesser.open(authorizationRequest(proxied).url);
      const action = formAction(page.html, "login");
      for (let attempt = 1; attempt <= 5; attempt++) {
        const result = await guesser.submit(action, { email, password: `Wrong-password-${attempt}` });
        expect(result.status).toBe(200);
        expect(result.html).toContain("Incorrect email or password.");
      }
      const refused = await guesser.submit(action, { email, password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(refused.html).toMatch(/Too many attempts\. Try again in 1 minute\./);
      expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(50);

      // The owner, at home, signs in: the guesser's failures are the guesser's.
      const owner = new Browser(proxied, { "x-forwarded-for": "198.51.100.20" });
      const ownerPage = await owner.open(authorizationRequest(proxied).url);
      const signedIn = await owner.submit(formAction(ownerPage.html, "login"), { email, password: PASSWORD });
      expect(new URL(signedIn.url).pathname).toBe("/auth/callback");
    } finally {
      await proxied.close();
    }
  });

  it("limits sign-ups per address, with a clear error and Retry-After", async () => {
    const limited = await startProviderServer(platform, await freePort(), { accountsPerHour: 2 });
    try {
      const signUp = async (index: number) => {
        const browser = new Browser(limited);
        const signInPage = await browser.open(authorizationRequest(limited).url);
        const registerHref = /href="([^"]*\?view=register)"/.exec(signInPage.html)?.[1];
        const register = await browser.open(decodeEntities(registerHref ?? ""));
        return browser.submit(formAction(register.html, "register"), {
          email: `new${index}@example.test`,
          displayName: `New ${index}`,
          password: PASSWORD,
        });
      };
      for (const index of [1, 2]) expect(new URL((await signUp(index)).url).pathname).toBe("/auth/callback");
      const refused = await signUp(3);
      expect(refused.status).toBe(429);
      expect(refused.html).toContain("Too many sign-ups from this address.");
      expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
      const created = await queryRows<{ count: number }>(
        platform.deps.db,
        sql`select count(*)::int as count from accounts where email like 'new%@example.test'`,
      );
      expect(created).toEqual([{ count: 2 }]);
    } finally {
      await limited.close();
    }
  });

  it("refuses forms posted from another origin or for another interaction", async () => {
    const browser = new Browser(server);
    const page = await browser.open(authorizationRequest(server).url);
    const action = formAction(page.html, "login");
    const credentials = { email: reader.email, password: PASSWORD };

    const crossOrigin = await browser.post(action, credentials, { origin: "http://evil.example" });
    expect(crossOrigin.status).toBe(403);

    // Another browser (no interaction cookie) posting this interaction's form.
    const stranger = await new Browser(server).post(action, credentials);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain("Sign-in expired");

    // This browser posting to an interaction that is not its own.
    const otherBrowser = new Browser(server);
    const otherPage = await otherBrowser.open(authorizationRequest(server).url);
    const mismatch = await browser.post(formAction(otherPage.html, "login"), credentials);
    expect(mismatch.status).toBe(400);
  });
});

describe("account chooser", () => {
  it("offers the signed-in account on the next authorization, and continues with it", async () => {
    const name = `<b>Ada</b> "the" Reader's`;
    const account = await createAccount(platform.deps.db, {
      email: "chooser@example.test",
      displayName: name,
      password: PASSWORD,
    });
    const browser = new Browser(server);
    await signIn(server, browser, { email: account.email, password: PASSWORD });

    const request = authorizationRequest(server);
    const chooser = await browser.open(request.url);
    expect(chooser.status).toBe(200);
    expect(chooser.html).toContain("Choose an account");
    // Escaped, never markup.
    expect(chooser.html).not.toContain("<b>Ada</b>");
    expect(decodeEntities(chooser.html)).toContain(
      `Continue as ${name} <span class="account-email">(chooser@example.test)</span>`,
    );
    expect(chooser.html).toMatch(
      /<a class="button secondary" href="[^"]*\?view=signin">Use another account<\/a>/,
    );

    const done = await browser.submit(formAction(chooser.html, "continue"), {});
    const tokens = await exchangeCode(server, request, codeFrom(done, request));
    expect((await verifyAccessToken(tokens.access_token)).payload.sub).toBe(account.id);
  });

  it("signs in as another account from 'Use another account'", async () => {
    const first = await createAccount(platform.deps.db, {
      email: "first@example.test",
      displayName: "First",
      password: PASSWORD,
    });
    const browser = new Browser(server);
    const firstTokens = await signIn(server, browser, { email: first.email, password: PASSWORD });

    const request = authorizationRequest(server);
    const chooser = await browser.open(request.url);
    const another = await browser.open(/href="([^"]*\?view=signin)"/.exec(chooser.html)?.[1] ?? "");
    expect(another.status).toBe(200);
    expect(another.html).toContain('<label for="field-email">Email</label>');
    expect(another.html).not.toContain("Continue as");

    const done = await browser.submit(formAction(another.html, "login"), {
      email: reader.email,
      password: PASSWORD,
    });
    const tokens = await exchangeCode(server, request, codeFrom(done, request));
    expect((await verifyAccessToken(tokens.access_token)).payload.sub).toBe(reader.id);
    // Switching accounts ended the first account's provider session and its grant.
    const stale = await tokenRequest(server, {
      grant_type: "refresh_token",
      refresh_token: firstTokens.refresh_token,
    });
    expect(stale.body.error).toBe("invalid_grant");
  });

  it("does not show the chooser without prompt=select_account", async () => {
    const browser = new Browser(server);
    await signIn(server, browser, { email: reader.email, password: PASSWORD });
    const request = authorizationRequest(server, { prompt: undefined });
    const done = await browser.open(request.url);
    expect(codeFrom(done, request)).toEqual(expect.any(String));
  });
});

describe("create account", () => {
  it("shows field errors with the values kept, then creates and signs in the account", async () => {
    const browser = new Browser(server);
    const request = authorizationRequest(server);
    const signInPage = await browser.open(request.url);
    const registerHref = /href="([^"]*\?view=register)"/.exec(signInPage.html)?.[1];
    const page = await browser.open(decodeEntities(registerHref ?? ""));
    expect(page.html).toContain('<label for="field-email">Email</label>');
    expect(page.html).toContain('<label for="field-displayName">Display name</label>');
    expect(page.html).toContain('<label for="field-password">Password</label>');
    expect(page.html).toContain("At least 10 characters.");
    expect(page.html).toMatch(/<button[^>]*>Create account<\/button>/);
    expect(page.html).toMatch(/<a href="[^"]*\?view=signin">Sign in<\/a>/);

    const action = formAction(page.html, "register");
    const weak = await browser.submit(action, {
      email: "new.reader@example.test",
      displayName: "  New Reader  ",
      password: "password",
    });
    expect(weak.status).toBe(400);
    expect(weak.html).toMatch(
      /<p class="field-error" id="field-password-error">[^<]*at least 10 characters/i,
    );
    expect(weak.html).toMatch(
      /id="field-password"[^>]*aria-describedby="field-password-error field-password-hint"/,
    );
    expect(weak.html).toContain('value="new.reader@example.test"');
    expect(weak.html).toContain('value="  New Reader  "');
    expect(weak.html).not.toContain('value="password"');

    // A name that others would read otherwise than it is written.
    const hidden = await browser.submit(action, {
      email: "new.reader@example.test",
      displayName: "Admin\u202E nimdA",
      password: "Another-good-one-7",
    });
    expect(hidden.status).toBe(400);
    expect(hidden.html).toMatch(
      /id="field-displayName-error">A display name cannot contain invisible or direction-changing characters\./,
    );

    const duplicate = await browser.submit(action, {
      email: "READER@example.test",
      displayName: "Copycat",
      password: "Another-good-one-7",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.html).toContain("An account with this email already exists.");

    const done = await browser.submit(action, {
      email: "new.reader@example.test",
      displayName: "  New Reader  ",
      password: "Another-good-one-7",
    });
    const tokens = await exchangeCode(server, request, codeFrom(done, request));
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload).toMatchObject({ email: "new.reader@example.test", name: "New Reader" });
  });
});

describe("tokens", () => {
  it("rotates refresh tokens, and reuse of a consumed one revokes the grant", async () => {
    const tokens = await signIn(server, new Browser(server), {
      email: reader.email,
      password: PASSWORD,
    });

    const first = await tokenRequest(server, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(first.status).toBe(200);
    const rotated = String(first.body.refresh_token);
    expect(rotated).not.toBe(tokens.refresh_token);
    expect((await verifyAccessToken(String(first.body.access_token))).payload.sub).toBe(reader.id);

    const reuse = await tokenRequest(server, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe("invalid_grant");

    // The whole grant is gone: the newer token fails too.
    const after = await tokenRequest(server, { grant_type: "refresh_token", refresh_token: rotated });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe("invalid_grant");
  });

  it("revokes a refresh token (access tokens are JWTs and expire instead)", async () => {
    const tokens = await signIn(server, new Browser(server), {
      email: reader.email,
      password: PASSWORD,
    });
    const revoke = (token: string) =>
      fetch(`${server.issuer}/token/revocation`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: CLIENT_ID, token }).toString(),
      });
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
    const refresh = await tokenRequest(server, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.body.error).toBe("invalid_grant");

    const jwtRevocation = await revoke(tokens.access_token);
    expect(jwtRevocation.status).toBe(400);
    expect(((await jwtRevocation.json()) as { error: string }).error).toBe("unsupported_token_type");
  });

  it("keeps userinfo closed to access tokens meant for the API", async () => {
    const tokens = await signIn(server, new Browser(server), {
      email: reader.email,
      password: PASSWORD,
    });
    const response = await fetch(`${server.issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
  });

  it("allows cross-origin token requests from the client origins only", async () => {
    const tokens = await signIn(server, new Browser(server), {
      email: reader.email,
      password: PASSWORD,
    });
    const allowed = await tokenRequest(
      server,
      { grant_type: "refresh_token", refresh_token: tokens.refresh_token },
      { origin: DEV_ORIGIN },
    );
    expect(allowed.status).toBe(200);
    expect(allowed.response.headers.get("access-control-allow-origin")).toBe(DEV_ORIGIN);

    const refused = await tokenRequest(
      server,
      { grant_type: "refresh_token", refresh_token: String(allowed.body.refresh_token) },
      { origin: "http://evil.example" },
    );
    expect(refused.response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("sign-out", () => {
  it("signs the app's own request out at once, revokes its tokens and returns to the app", async () => {
    const browser = new Browser(server);
    const tokens = await signIn(server, browser, { email: reader.email, password: PASSWORD });

    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${server.origin}/`,
      client_id: CLIENT_ID,
    });
    const page = await browser.open(`${server.issuer}/session/end?${query}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Signing you out…");
    expect(page.html).not.toContain("Sign out of Litverse?");
    // The form submits itself through a script of this origin; no inline script, no handlers.
    expect(page.html).toContain('<script src="/oidc/interaction/sign-out.js" defer></script>');
    expect(page.html).not.toMatch(/<script>|\son\w+=/i);
    const script = await fetch(`${server.origin}/oidc/interaction/sign-out.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain('choice.value = "yes"');
    const [form] = parseForms(page.html);
    if (!form) throw new Error("no sign-out form");

    // What the script sends.
    const done = await browser.submit(form.action, { ...form.fields, logout: "yes" });
    expect(done.url).toBe(`${server.origin}/`);

    const refresh = await tokenRequest(server, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.body.error).toBe("invalid_grant");

    // Signed out: the next authorization asks for credentials, not for an account choice.
    const next = await browser.open(authorizationRequest(server).url);
    expect(next.html).toContain('<label for="field-password">Password</label>');
    expect(next.html).not.toContain("Continue as");
  });

  it("asks first when the request does not carry the app's hint for the account signed in", async () => {
    const browser = new Browser(server);
    const tokens = await signIn(server, browser, { email: reader.email, password: PASSWORD });
    // A link on another site: no hint.
    const bare = await browser.open(`${server.issuer}/session/end`);
    expect(bare.html).toContain("Sign out of Litverse?");
    expect(bare.html).not.toMatch(/<script/i);
    // Another account's hint.
    const otherBrowser = new Browser(server);
    const other = await createAccount(platform.deps.db, {
      email: "other.reader@example.test",
      displayName: "Other Reader",
      password: PASSWORD,
    });
    const otherTokens = await signIn(server, otherBrowser, { email: other.email, password: PASSWORD });
    const foreign = await browser.open(
      `${server.issuer}/session/end?${new URLSearchParams({ id_token_hint: otherTokens.id_token })}`,
    );
    expect(foreign.html).toContain("Sign out of Litverse?");
    // A forged hint is refused outright.
    const [header, payload] = tokens.id_token.split(".");
    const forged = await browser.open(
      `${server.issuer}/session/end?${new URLSearchParams({ id_token_hint: `${header}.${payload}.AAAA` })}`,
    );
    expect(forged.status).toBe(400);
    expect(forged.html).not.toContain("Signing you out");
  });

  it("renders the provider's errors in the app's style", async () => {
    const response = await fetch(
      `${server.issuer}/auth?client_id=unknown-client&response_type=code&scope=openid`,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Something went wrong");
    expect(html).toContain("invalid_client");
    expect(html).not.toMatch(/<script/i);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
  });

  it("lets the web app's own origin receive the sign-in form's redirects", async () => {
    const page = await new Browser(server).fetch(authorizationRequest(server).url);
    const interaction = await new Browser(server).fetch(String(page.headers.get("location")));
    // Without the interaction cookie this is the expired page, but the policy is the same.
    expect(interaction.headers.get("content-security-policy")).toMatch(
      /form-action 'self' http:\/\/localhost:5173/,
    );
  });
});

describe("keys", () => {
  it("publishes the signing key that signs the tokens", async () => {
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
    const tokens = await signIn(server, new Browser(server), {
      email: reader.email,
      password: PASSWORD,
    });
    expect(decodeProtectedHeader(tokens.access_token).kid).toBe(jwks.keys[0]?.kid);
  });
});

describe("behind a TLS-terminating proxy (https issuer, plain HTTP server)", () => {
  it("marks cookies Secure and answers with the issuer's URLs, whatever X-Forwarded headers say", async () => {
    const proxied = await startProviderServer(platform, await freePort(), { https: true });
    try {
      const response = await fetch(proxied.toNetwork(`${proxied.issuer}/.well-known/openid-configuration`), {
        headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      });
      const metadata = (await response.json()) as Record<string, unknown>;
      expect(metadata.issuer).toBe(proxied.issuer);
      expect(metadata.token_endpoint).toBe(`${proxied.issuer}/token`);

      const browser = new Browser(proxied);
      const tokens = await signIn(proxied, browser, { email: reader.email, password: PASSWORD });
      expect(tokens.access_token).toEqual(expect.any(String));
      expect(browser.jar.received.length).toBeGreaterThanOrEqual(3);
      for (const header of browser.jar.received) expect(header).toMatch(/;\s*secure/i);
    } finally {
      await proxied.close();
    }
  });
});

describe("sign-in failures per address", () => {
  it("make an address that failed 50 times across emails wait 15 minutes, even with the right password", async () => {
    const proxied = await startProviderServer(platform, await freePort(), { trustProxy: true });
    try {
      const address = "203.0.113.60";
      // All but the last failure as the sign-in page records them, one email each (no pair waits).
      for (let i = 1; i < MAX_FAILURES_PER_ADDRESS; i++) {
        await recordSignInFailure(platform.deps.db, { email: `guess${i}@example.test`, ip: address });
      }
      const guesser = new Browser(proxied, { "x-forwarded-for": address });
      const action = formAction((await guesser.open(authorizationRequest(proxied).url)).html, "login");
      const last = await guesser.submit(action, { email: "last@example.test", password: "Wrong-password-1" });
      expect(last.html).toContain("Incorrect email or password.");

      const refused = await guesser.submit(action, { email: reader.email, password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(refused.html).toContain("Too many attempts. Try again in 15 minutes.");
      const retryAfter = Number(refused.response.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      // The reader, from elsewhere, signs in.
      const elsewhere = new Browser(proxied, { "x-forwarded-for": "198.51.100.60" });
      const page = await elsewhere.open(authorizationRequest(proxied).url);
      const signedIn = await elsewhere.submit(formAction(page.html, "login"), {
        email: reader.email,
        password: PASSWORD,
      });
      expect(new URL(signedIn.url).pathname).toBe("/auth/callback");
    } finally {
      await proxied.close();
    }
  });
});
