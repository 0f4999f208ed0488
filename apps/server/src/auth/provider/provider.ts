// The embedded OpenID Connect provider (`oidc-provider`), mounted at /oidc of the Fastify app.
// It serves one public, first-party client (the web app): authorization code flow with PKCE,
// rotating refresh tokens, JWT access tokens for our API, all state in PostgreSQL/PGlite.
import type { IncomingMessage, ServerResponse } from "node:http";
import middie from "@fastify/middie";
import type { FastifyInstance, FastifyReply } from "fastify";
import Provider, {
  type Configuration,
  errors,
  interactionPolicy,
  type KoaContextWithOIDC,
  type Account as ProviderAccount,
} from "oidc-provider";
import { z } from "zod";
import type { Config } from "../../core/config.ts";
import type { Database } from "../../core/db/client.ts";
import type { RateLimits } from "../../core/limits/rate-limits.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { findAccount } from "./accounts.ts";
import { createAdapterFactory } from "./adapter.ts";
import { registerInteractionRoutes, type SignInRefusal } from "./interactions.ts";
import { loadKeys } from "./keys.ts";
import { messagePage, signOutPage } from "./pages.ts";

export { rotateSigningKey } from "./keys.ts";

export interface EmbeddedProviderOptions {
  /** e.g. http://localhost:3000/oidc; its path must be /oidc. */
  issuer: string;
  clientId: string;
  /**
   * Web origins allowed as redirect targets: `${origin}/auth/callback`, the silent renewal's
   * `${origin}/silent-callback.html`, and `${origin}/` after sign-out.
   */
  clientOrigins: string[];
  /** The `aud` of access tokens. */
  audience: string;
  /** Access token lifetime, default 3600. */
  accessTokenTtlSeconds?: number;
}

/** Where the provider lives in the app; fixed, because the app's routes are. */
export const PROVIDER_MOUNT_PATH = "/oidc";

const DAY = 24 * 60 * 60;
const SESSION_TTL = 14 * DAY;
const GRANT_TTL = 14 * DAY;
const REFRESH_TOKEN_TTL = 14 * DAY;
const AUTHORIZATION_CODE_TTL = 60;
const INTERACTION_TTL = 60 * 60;
const ID_TOKEN_TTL = 60 * 60;
/** Resource indicator used when the audience itself is not an absolute URI. */
const FALLBACK_RESOURCE = "urn:litverse:api";
const SCOPES = "openid profile email";

const origin = z.string().refine((value) => URL.parse(value)?.origin === value, "must be a bare origin");
const optionsSchema = z.object({
  issuer: z
    .url({ protocol: /^https?$/ })
    .refine(
      (value) => new URL(value).pathname === PROVIDER_MOUNT_PATH,
      `the issuer's path must be ${PROVIDER_MOUNT_PATH}`,
    ),
  clientId: z.string().min(1),
  clientOrigins: z.array(origin).min(1),
  audience: z.string().min(1),
  accessTokenTtlSeconds: z.number().int().positive().max(DAY).default(3600),
});

/** The absolute URI that names our API as a resource (RFC 8707). */
function resourceIndicatorFor(audience: string): string {
  const parsed = URL.parse(audience);
  return parsed && !audience.includes("#") ? audience : FALLBACK_RESOURCE;
}

/**
 * Builds the provider and mounts it on `app` at /oidc, with its interaction pages. Call before
 * `listen`. Returns the provider (tests inspect it; the app does not need it).
 */
export async function registerEmbeddedProvider(
  app: FastifyInstance,
  platform: { deps: ServiceDeps; config: Pick<Config, "isDemo"> },
  rawOptions: EmbeddedProviderOptions,
  rates?: RateLimits,
  signInRefusal: SignInRefusal = async () => null,
): Promise<Provider> {
  const options = optionsSchema.parse(rawOptions);
  const { db } = platform.deps;
  const issuer = new URL(options.issuer);
  const homeUrl = `${options.clientOrigins[0]}/`;
  const keys = await loadKeys(db);

  const provider = new Provider(
    options.issuer,
    buildConfiguration(db, options, keys, homeUrl, signInRefusal),
  );
  // Behind a TLS-terminating proxy the connection is plain HTTP, yet an https issuer needs its
  // cookies marked Secure, which Koa only allows on a connection it believes is secure.
  provider.proxy = issuer.protocol === "https:";
  provider.on("server_error", (_ctx: unknown, error: unknown) => {
    app.log.error({ err: error }, "sign-in provider error");
  });

  const callback = provider.callback();
  const interactionPrefix = /^\/(interaction|account)(\/|\?|$)/;
  const formTargets = options.clientOrigins.filter((value) => value !== issuer.origin);

  await app.register(
    async (scope) => {
      // Runs after the app's security headers are set, before anything is written.
      scope.addHook("onRequest", async (_request, reply) => {
        allowFormRedirectsTo(reply.raw, formTargets);
      });
      await scope.register(middie);
      scope.use(PROVIDER_MOUNT_PATH, (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        // Our own interaction and account pages are Fastify routes; everything else is the provider's.
        if (interactionPrefix.test(req.url ?? "")) return next();
        if (provider.proxy) {
          // Only the issuer's scheme and host are believed, whatever a client sends.
          req.headers["x-forwarded-proto"] = "https";
          req.headers["x-forwarded-host"] = issuer.host;
        }
        void callback(req, res);
      });

      await scope.register(async (forms) => {
        forms.addContentTypeParser(
          "application/x-www-form-urlencoded",
          { parseAs: "string", bodyLimit: 16 * 1024 },
          (_request, body, done) => {
            done(null, parseForm(String(body)));
          },
        );
        registerInteractionRoutes(forms, {
          provider,
          db,
          changes: platform.deps.changes,
          limiters: platform.deps.limiters,
          mountPath: PROVIDER_MOUNT_PATH,
          issuerOrigin: issuer.origin,
          homeUrl,
          ...(rates ? { rates } : {}),
          isDemo: platform.config.isDemo,
          signInRefusal,
        });
      });

      // Never reached: these routes only bring /oidc/* requests into this scope, whose
      // middleware (above) hands them to the provider before routing completes.
      const unreachable = async (_request: unknown, reply: FastifyReply) =>
        reply.code(404).send({ error: "Not Found" });
      scope.all(PROVIDER_MOUNT_PATH, unreachable);
      scope.all(`${PROVIDER_MOUNT_PATH}/*`, unreachable);
    },
    {
      // The provider's URLs can carry tokens (id_token_hint) and codes: log paths only.
      // (Fastify types serializers as returning strings; pino takes any JSON value.)
      logSerializers: { req: pathOnly as unknown as (value: unknown) => string },
    },
  );
  return provider;
}

/** The request as logged: method and path, never the query string. */
function pathOnly(request: { method: string; url: string }) {
  return { method: request.method, url: request.url.split("?")[0] };
}

/** Form fields by name; for a repeated name the first value counts. */
function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/**
 * Browsers apply `form-action` to the redirects that follow a form post too: signing in posts a
 * form that ends on the web app's callback. When the web app has another origin (its dev
 * server), that origin must be allowed, on the provider's pages only.
 */
function allowFormRedirectsTo(res: ServerResponse, allOrigins: string[]): void {
  // A CSP source cannot name an IPv6 literal ("http://[::1]:3000"): such an entry would be invalid.
  const origins = allOrigins.filter((origin) => !new URL(origin).hostname.startsWith("["));
  if (origins.length === 0) return;
  const policy = res.getHeader("content-security-policy");
  if (typeof policy !== "string") return;
  const updated = policy
    .split(";")
    .map((directive) => {
      const trimmed = directive.trim();
      return trimmed.startsWith("form-action ") ? `${trimmed} ${origins.join(" ")}` : trimmed;
    })
    .join(";");
  res.setHeader("content-security-policy", updated);
}

type ParsedOptions = z.infer<typeof optionsSchema>;

function buildConfiguration(
  db: Database,
  options: ParsedOptions,
  keys: Awaited<ReturnType<typeof loadKeys>>,
  homeUrl: string,
  signInRefusal: SignInRefusal,
): Configuration {
  const resource = resourceIndicatorFor(options.audience);
  const secure = options.issuer.startsWith("https:");
  const cookieOptions = { httpOnly: true, sameSite: "lax", secure } as const;

  return {
    adapter: createAdapterFactory(db),
    // jose's JWK type and the provider's differ only in how optional members are spelled.
    jwks: keys.jwks as Configuration["jwks"],
    cookies: { keys: keys.cookieKeys, long: cookieOptions, short: cookieOptions },
    clients: [
      {
        client_id: options.clientId,
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: options.clientOrigins.flatMap((value) => [
          `${value}/auth/callback`,
          `${value}/silent-callback.html`,
        ]),
        post_logout_redirect_uris: options.clientOrigins.map((value) => `${value}/`),
      },
    ],
    clientBasedCORS: (_ctx, requestOrigin, client) =>
      client.clientId === options.clientId && options.clientOrigins.includes(requestOrigin),
    pkce: { required: () => true },
    scopes: ["openid", "offline_access"],
    claims: { openid: ["sub"], profile: ["name", "picture"], email: ["email", "email_verified"] },
    // The web app reads the profile from the ID token (its access tokens are for our API and
    // cannot be used at userinfo), so scope-requested claims go into the ID token as well.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const account = await findAccount(db, sub);
      // A suspended or banned account is as good as gone to the provider: its refresh tokens and
      // remembered sessions stop working, and the sign-in page says why.
      if (!account || (await signInRefusal(account.id))) return undefined;
      const result: ProviderAccount = {
        accountId: account.id,
        // Verified once the person followed a link mailed to the address (account-email.ts).
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerifiedAt !== null,
          name: account.displayName,
        }),
      };
      return result;
    },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = "accountId" in token ? token.accountId : undefined;
      if (typeof accountId !== "string") return undefined;
      const account = await findAccount(db, accountId);
      // The API builds its user from the access token alone: it says whether the address is verified too.
      return account
        ? {
            email: account.email,
            email_verified: account.emailVerifiedAt !== null,
            name: account.displayName,
          }
        : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      // A public client may revoke only its own tokens; others are ignored (RFC 7009 answers 200).
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          // The hint was validated before this runs; the app's own hint for the account signed in
          // here means the person asked the app to sign out.
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const isAppSignOut =
            hint?.payload?.sub !== undefined &&
            hint.payload.sub === ctx.oidc.session?.accountId &&
            ctx.oidc.client?.clientId === options.clientId;
          ctx.type = "html";
          ctx.body = signOutPage(form, { isAppSignOut });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = "html";
          ctx.body = messagePage({
            title: "Signed out",
            message: "You have signed out of Litverse.",
            link: { href: homeUrl, label: "Back to Litverse" },
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator, client) => {
          if (indicator !== resource || client.clientId !== options.clientId)
            throw new errors.InvalidTarget();
          return {
            scope: SCOPES,
            audience: options.audience,
            accessTokenFormat: "jwt",
            accessTokenTTL: options.accessTokenTtlSeconds,
          };
        },
      },
    },
    issueRefreshToken: (_ctx, client) =>
      client.clientId === options.clientId && client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: AUTHORIZATION_CODE_TTL,
      IdToken: ID_TOKEN_TTL,
      Interaction: INTERACTION_TTL,
      Session: SESSION_TTL,
      Grant: GRANT_TTL,
      // A rotated refresh token inherits what is left of its predecessor's lifetime, so that
      // rotation never extends a sign-in past 14 days.
      RefreshToken: (ctx) => ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL,
    },
    interactions: {
      url: (_ctx, interaction) => `${PROVIDER_MOUNT_PATH}/interaction/${interaction.uid}`,
      policy: interactionPolicyWithAccountChooser(),
    },
    loadExistingGrant: (ctx) => grantFirstParty(ctx, options.clientId),
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = errorPage(out, homeUrl);
    },
  };
}

/**
 * The provider's default policy (login, consent) preceded by an account chooser. The web app
 * always asks for `prompt=select_account`; with a signed-in provider session that shows
 * "Continue as …" / "Use another account". Without a session the chooser has nothing to offer,
 * so the login prompt (the sign-in form) comes first and signing in answers the chooser too.
 */
function interactionPolicyWithAccountChooser() {
  const policy = interactionPolicy.base();
  const selectAccount = new interactionPolicy.Prompt({ name: "select_account", requestable: true });
  // Being requestable makes `prompt=select_account` valid, and adds a check that fires whenever
  // it is requested; ours fires only when there is an account to offer.
  selectAccount.checks.remove("select_account_prompt");
  selectAccount.checks.add(
    new interactionPolicy.Check(
      "session_account",
      "the End-User may continue with the signed-in account or pick another",
      "account_selection_required",
      (ctx) =>
        ctx.oidc.prompts.has("select_account") &&
        ctx.oidc.promptPending("select_account") &&
        Boolean(ctx.oidc.session?.accountId),
    ),
  );
  policy.add(selectAccount, 0);
  return policy;
}

/**
 * Our web app is first party: it gets what it asks for without a consent page. The grant is
 * created, or extended with newly requested scopes, claims and API scopes, on every request.
 */
async function grantFirstParty(ctx: KoaContextWithOIDC, clientId: string) {
  const { oidc } = ctx;
  const accountId = oidc.session?.accountId;
  if (!oidc.session || !oidc.client || oidc.client.clientId !== clientId || !accountId) return undefined;
  const existingId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
  const existing = existingId ? await oidc.provider.Grant.find(existingId) : undefined;
  const grant =
    existing && existing.accountId === accountId && existing.clientId === clientId
      ? existing
      : new oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes]);
  grant.addOIDCClaims([...oidc.requestParamClaims]);
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    grant.addResourceScope(
      indicator,
      [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope)),
    );
  }
  await grant.save();
  return grant;
}

function errorPage(out: { error: string; error_description?: string | undefined }, homeUrl: string): string {
  const expired =
    out.error === "invalid_request" && /session|interaction|expired/i.test(out.error_description ?? "");
  return messagePage({
    title: expired ? "Sign-in expired" : "Something went wrong",
    message: expired
      ? "This sign-in request has expired or belongs to another browser session. Go back and sign in again."
      : "The sign-in request could not be completed. Go back and try again.",
    link: { href: homeUrl, label: "Back to Litverse" },
    details: out.error_description ? `${out.error}: ${out.error_description}` : out.error,
  });
}
