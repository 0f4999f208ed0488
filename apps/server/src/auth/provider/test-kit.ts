// Test helpers for the embedded provider: a server with the provider on a known port, and a
// minimal "browser" (fetch, a cookie jar, manual redirects) to walk through sign-in flows.
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type Provider from "oidc-provider";
import { buildApp } from "../../app.ts";
import { RateLimits } from "../../core/limits/rate-limits.ts";
import type { Platform } from "../../platform.ts";
import { type EmbeddedProviderOptions, registerEmbeddedProvider } from "./provider.ts";

export const CLIENT_ID = "litverse-web";
export const AUDIENCE = "urn:litverse:api";
/** A second web origin, like the Vite dev server. */
export const DEV_ORIGIN = "http://localhost:5173";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ProviderServer {
  app: FastifyInstance;
  provider: Provider;
  /** The public origin (the issuer's). */
  origin: string;
  issuer: string;
  options: EmbeddedProviderOptions;
  /** Where a public URL is actually reached: the same, unless a TLS proxy is pretended. */
  toNetwork(url: string): string;
  close(): Promise<void>;
}

export interface ProviderServerOptions {
  logger?: FastifyServerOptions["logger"];
  /** Pretend a TLS-terminating proxy: the public origin is https, the server listens on http. */
  https?: boolean;
  /** Believe X-Forwarded-For, as behind a reverse proxy (TRUST_PROXY=true). */
  trustProxy?: boolean;
  /** Sign-ups allowed per address and hour; unlimited unless set. */
  accountsPerHour?: number;
}

export async function startProviderServer(
  platform: Platform,
  port: number,
  serverOptions: ProviderServerOptions = {},
): Promise<ProviderServer> {
  const listenOrigin = `http://127.0.0.1:${port}`;
  const origin = serverOptions.https ? `https://127.0.0.1:${port}` : listenOrigin;
  const options: EmbeddedProviderOptions = {
    issuer: `${origin}/oidc`,
    clientId: CLIENT_ID,
    clientOrigins: [origin, DEV_ORIGIN],
    audience: AUDIENCE,
  };
  const served = serverOptions.trustProxy
    ? { ...platform, config: { ...platform.config, trustProxy: true } }
    : platform;
  const app = await buildApp(served, { logger: serverOptions.logger ?? false, embeddedProvider: false });
  // Restarts reuse the port: a pooled keep-alive socket to the previous server would fail the first
  // request after a restart, so every test connection carries one request only.
  app.addHook("onRequest", async (_request, reply) => {
    reply.raw.setHeader("connection", "close");
  });
  const rates = serverOptions.accountsPerHour
    ? new RateLimits(
        {
          writesPerMinute: 1_000,
          checkoutsPerHour: 1_000,
          accountsPerHour: serverOptions.accountsPerHour,
          messagesPerMinute: 1_000,
          friendRequestsPerHour: 1_000,
        },
        platform.deps.limiters,
      )
    : undefined;
  const provider = await registerEmbeddedProvider(app, platform, options, rates);
  await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    provider,
    origin,
    issuer: options.issuer,
    options,
    toNetwork: (url) => (url.startsWith(origin) ? listenOrigin + url.slice(origin.length) : url),
    close: () => app.close(),
  };
}

interface StoredCookie {
  value: string;
  path: string;
  attributes: string;
}

/** Cookies by name (one host only), sent when their path matches, like a browser's. */
export class CookieJar {
  readonly cookies = new Map<string, StoredCookie>();
  /** Every Set-Cookie header received, for assertions on attributes. */
  readonly received: string[] = [];

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.received.push(header);
      const [pair = "", ...attributeParts] = header.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const attributes = attributeParts.map((part) => part.trim());
      const path = attributes.find((part) => /^path=/i.test(part))?.slice(5) ?? "/";
      const expires = attributes.find((part) => /^expires=/i.test(part))?.slice(8);
      const maxAge = attributes.find((part) => /^max-age=/i.test(part))?.slice(8);
      const deleted =
        value === "" ||
        (expires && Date.parse(expires) <= Date.now()) ||
        (maxAge !== undefined && Number(maxAge) <= 0);
      const key = `${name};${path}`;
      if (deleted) this.cookies.delete(key);
      else this.cookies.set(key, { value, path, attributes: attributes.join("; ") });
    }
  }

  headerFor(url: URL): string {
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) =>
          url.pathname === cookie.path ||
          url.pathname.startsWith(cookie.path.replace(/\/?$/, "/")) ||
          cookie.path === "/",
      )
      .map(([key, cookie]) => `${key.split(";")[0]}=${cookie.value}`)
      .join("; ");
  }

  has(name: string): boolean {
    return [...this.cookies.keys()].some((key) => key.split(";")[0] === name);
  }
}

export interface Page {
  status: number;
  url: string;
  html: string;
  response: Response;
}

/** A browser on the server's origin: sends cookies and Origin like one, follows nothing itself. */
export class Browser {
  readonly jar = new CookieJar();
  readonly origin: string;
  readonly #toNetwork: (url: string) => string;

  readonly #headers: Record<string, string>;

  /**
   * A browser on `server`'s public origin (or on a bare origin string); `headers` go with every
   * request (an X-Forwarded-For, to come from another address).
   */
  constructor(server: ProviderServer | string, headers: Record<string, string> = {}) {
    this.origin = typeof server === "string" ? server : server.origin;
    this.#toNetwork = typeof server === "string" ? (url) => url : server.toNetwork;
    this.#headers = headers;
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers({ ...this.#headers, ...Object.fromEntries(new Headers(init.headers)) });
    const cookie = this.jar.headerFor(target);
    if (cookie) headers.set("cookie", cookie);
    if (init.method === "POST" && !headers.has("origin")) headers.set("origin", this.origin);
    const response = await fetch(this.#toNetwork(target.href), { ...init, headers, redirect: "manual" });
    this.jar.store(response);
    return response;
  }

  post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /**
   * Follows redirects (and the provider's self-submitting forms) on the server's origin until a
   * page is shown or the browser is sent elsewhere (the web app's callback).
   */
  async follow(first: Response, firstUrl: string): Promise<Page> {
    let response = first;
    let url = new URL(firstUrl, this.origin).href;
    for (let hop = 0; hop < 20; hop++) {
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (next.pathname === "/auth/callback" || !next.pathname.startsWith("/oidc")) {
          return { status: response.status, url: next.href, html: "", response };
        }
        url = next.href;
        response = await this.fetch(url);
        continue;
      }
      const html = await response.text();
      const autoSubmit = html.includes("<title>Submitting Callback</title>")
        ? parseForms(html)[0]
        : undefined;
      if (autoSubmit) {
        url = new URL(autoSubmit.action, url).href;
        response = await this.post(url, autoSubmit.fields);
        continue;
      }
      return { status: response.status, url, html, response };
    }
    throw new Error("too many redirects");
  }

  async open(url: string): Promise<Page> {
    return this.follow(await this.fetch(url), url);
  }

  async submit(url: string, fields: Record<string, string>): Promise<Page> {
    return this.follow(await this.post(url, fields), url);
  }
}

export interface Form {
  action: string;
  fields: Record<string, string>;
}

/** Forms in a page, with their hidden fields' values. */
export function parseForms(html: string): Form[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((match) => {
    const action = /action="([^"]*)"/.exec(match[1] ?? "")?.[1] ?? "";
    const fields: Record<string, string> = {};
    for (const input of (match[2] ?? "").matchAll(/<input\b[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
      if (name && /type="hidden"/.test(input[0])) fields[name] = decodeEntities(value);
    }
    return { action: decodeEntities(action), fields };
  });
}

export function decodeEntities(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&#96;", "`")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The action of the page's form that posts to `suffix` (login, register, continue). */
export function formAction(html: string, suffix: string): string {
  const form = parseForms(html).find((candidate) => candidate.action.endsWith(`/${suffix}`));
  if (!form) throw new Error(`no ${suffix} form in page:\n${html.slice(0, 2000)}`);
  return form.action;
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  pkce: Pkce;
  redirectUri: string;
}

export function authorizationRequest(
  server: ProviderServer,
  extra: Record<string, string | undefined> = {},
): AuthorizationRequest {
  const pkce = newPkce();
  const state = randomBytes(12).toString("base64url");
  const redirectUri = `${server.origin}/auth/callback`;
  const params: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    response_type: "code",
    scope: "openid profile email",
    redirect_uri: redirectUri,
    state,
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    prompt: "select_account",
    ...extra,
  };
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { url: `${server.issuer}/auth?${query}`, state, pkce, redirectUri };
}

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

export async function tokenRequest(
  server: ProviderServer,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; response: Response }> {
  const response = await fetch(server.toNetwork(`${server.issuer}/token`), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...fields }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

/** The code from the web app's callback URL, after checking `state`. */
export function codeFrom(page: Page, request: AuthorizationRequest): string {
  const url = new URL(page.url);
  if (url.pathname !== "/auth/callback")
    throw new Error(`not at the callback: ${page.url}\n${page.html.slice(0, 1500)}`);
  if (url.searchParams.get("state") !== request.state) throw new Error("state mismatch");
  const code = url.searchParams.get("code");
  if (!code) throw new Error(`no code: ${page.url}`);
  return code;
}

export async function exchangeCode(
  server: ProviderServer,
  request: AuthorizationRequest,
  code: string,
): Promise<TokenSet> {
  const { status, body } = await tokenRequest(server, {
    grant_type: "authorization_code",
    code,
    redirect_uri: request.redirectUri,
    code_verifier: request.pkce.verifier,
  });
  if (status !== 200) throw new Error(`token request failed: ${status} ${JSON.stringify(body)}`);
  return body as unknown as TokenSet;
}

/** Authorization request → sign-in form → callback → tokens, in `browser`. */
export async function signIn(
  server: ProviderServer,
  browser: Browser,
  credentials: { email: string; password: string },
): Promise<TokenSet> {
  const request = authorizationRequest(server);
  const page = await browser.open(request.url);
  const done = await browser.submit(formAction(page.html, "login"), credentials);
  return exchangeCode(server, request, codeFrom(done, request));
}
