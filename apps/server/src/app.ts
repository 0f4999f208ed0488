// Builds the Fastify application: functions over HTTP and WebSocket, health, media files, the web
// app, and the local admin endpoint. main.ts listens; tests build it on an in-memory database.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyHelmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import fastifyWebsocket from "@fastify/websocket";
import type { ClientConfig } from "@litverse/shared/client-config";
import { MAX_PAYLOAD_BYTES } from "@litverse/shared/constants";
import { type AnyTRPCRouter, TRPCError } from "@trpc/server";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import { getWSConnectionHandler } from "@trpc/server/adapters/ws";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { registerLocalAdminEndpoint } from "./admin/local-endpoint.ts";
import { embeddedKeySet } from "./auth/embedded-keys.ts";
import { EMBEDDED_ISSUER_KEY, type Identity } from "./auth/identity.ts";
import { registerEmbeddedProvider } from "./auth/provider/provider.ts";
import { createTokenVerifier } from "./auth/token-verifier.ts";
import { markActiveIn } from "./core/activity.ts";
import type { Limits } from "./core/config.ts";
import { AppError } from "./core/errors.ts";
import { callLimitsFor } from "./core/limits/call-limits.ts";
import { ConnectionRegistry, type SocketConnection } from "./core/limits/connections.ts";
import { RateLimitError } from "./core/limits/rate-limits.ts";
import { applySocketPolicy, HARD_FRAME_LIMIT_BYTES } from "./core/limits/socket-policy.ts";
import { type AppPage, loadAppPage } from "./http/app-page.ts";
import { coalesceReplies } from "./http/coalesced-replies.ts";
import { registerDirectReads } from "./http/direct-reads.ts";
import { firstDataAnswerer, registerFirstData } from "./http/first-data.ts";
import {
  type FirstScreenDrawer,
  type FirstScreenRenderer,
  firstScreenDrawer,
  loadFirstScreenRenderer,
} from "./http/first-screen.ts";
import { helmetOptions, isAllowedOrigin } from "./http/security.ts";
import { type KeepAliveTiming, keepSocketAlive } from "./http/socket-keep-alive.ts";
import { registerUploads } from "./http/uploads.ts";
import { registerMediaRoutes } from "./media/media-routes.ts";
import { registerMailRoutes } from "./modules/mail/mail.routes.ts";
import { configurePush } from "./modules/notifications/push.ts";
import { registerPaymentRoutes } from "./modules/payments/payments.routes.ts";
import { touchPresence } from "./modules/profiles/people.ts";
import { registerReelEvents } from "./modules/reels/reel-events.routes.ts";
import { registerReelUploads } from "./modules/reels/reel-uploads.routes.ts";
import { recordDevice, signInRefusal } from "./modules/users/index.ts";
import { findUserByIdentity } from "./modules/users/users.service.ts";
import type { Platform } from "./platform.ts";
import { appRouter } from "./router.ts";
import { answerFromCacheFirst, cachedAnswers } from "./rpc/cached-answers.ts";
import type { RequestContext } from "./rpc/context.ts";
import { SignedInSockets } from "./rpc/signed-in-sockets.ts";
import { rememberIncomingMessages } from "./rpc/socket-replies.ts";
import { errorReference } from "./rpc/trpc.ts";
import { closeConnectionsOnShutdown, Readiness } from "./shutdown.ts";

/** The page the sign-in provider sends a silent renewal's answer to, in the build (see apps/web). */
const SILENT_CALLBACK_FILE = "silent-callback.html";
/** Paths the web app never owns: unknown ones get a real 404, not the app's index. */
const SERVER_PREFIXES = ["/api/", "/media/", "/oidc/", "/healthz", "/readyz", "/webhooks/"];
/** How often an open signed-in socket renews its person's presence. */
const PRESENCE_INTERVAL_MS = 60_000;
/** A client has this long to send a request's headers (slow-header attacks hold sockets for ever). */
const HEADERS_TIMEOUT_MS = 30_000;
/** The longest a whole HTTP request may take: an upload of a large file on a slow line. */
const HTTP_REQUEST_TIMEOUT_MS = 30 * 60_000;

export interface BuildAppOptions {
  logger?: FastifyServerOptions["logger"];
  /** Write the local admin endpoint file so that the command line can reach this server. */
  localAdminEndpoint?: boolean;
  /** The functions to serve; benchmarks add their own to the app's. */
  router?: AnyTRPCRouter;
  /** Mount the embedded sign-in provider at /oidc; by default when no external issuer is set. */
  embeddedProvider?: boolean;
  /** Limits to use instead of the configured ones (tests of the limits themselves). */
  limits?: Partial<Limits>;
  /** How long a new WebSocket may take to send its connection parameters. */
  socketHandshakeTimeoutMs?: number;
  /** How often sockets are pinged and how long an answer may take (tests of the keep-alive). */
  socketKeepAlive?: KeepAliveTiming;
  /** The largest reel upload, instead of REEL_MAX_UPLOAD_BYTES (tests of the limit). */
  reelUploadMaxBytes?: number;
  /** The web build to serve, instead of WEB_DIST_DIR (tests of the pages). */
  webDistDir?: string;
  /** What draws a page's first screen, instead of the web build's renderer (tests run it from source). */
  firstScreenRenderer?: FirstScreenRenderer;
  /** Whether the process takes new traffic (GET /readyz); main.ts turns it off when it stops. */
  readiness?: Readiness;
}

export async function buildApp(platform: Platform, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = platform;
  const router: AnyTRPCRouter = options.router ?? appRouter;
  const limits: Limits = { ...config.limits, ...options.limits };
  const callLimits = callLimitsFor(limits, platform.deps.limiters);
  const connections = new ConnectionRegistry(limits);
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ["req.headers.authorization", "req.headers.cookie"],
    },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: MAX_PAYLOAD_BYTES,
    // A request that reaches a closing server on a connection it already had is served (its answer
    // closes the connection) rather than refused: behind a proxy a refused write could not be
    // retried, since the proxy cannot know it was not done (decision 0051). The drain deadline
    // bounds them.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    trustProxy: config.trustProxy,
    requestTimeout: HTTP_REQUEST_TIMEOUT_MS,
    // A batch of calls names them all in the path ("a.b,c.d"); the batch limit bounds it instead.
    routerOptions: { maxParamLength: 5_000 },
  });
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  const clientConfig: ClientConfig = {
    auth: { authority: config.auth.issuer, clientId: config.auth.clientId, scope: "openid profile email" },
    supportEmail: config.SUPPORT_EMAIL,
    signedOutView: config.SIGNED_OUT_VIEW,
    isDemo: config.isDemo,
  };
  // The web build's page, read once; its inline head script is allowed by the security policy.
  const webDistDir = options.webDistDir ?? config.WEB_DIST_DIR;
  const appPage = existsSync(path.join(webDistDir, "index.html"))
    ? loadAppPage(webDistDir, clientConfig)
    : null;

  // Pages talk to the sign-in provider directly (discovery, token, revocation). It is another
  // origin when external, or when the app is opened under a loopback alias of PUBLIC_URL.
  configurePush({ contactEmail: config.SUPPORT_EMAIL, extraOrigins: config.pushExtraOrigins });
  await app.register(
    fastifyHelmet,
    helmetOptions([new URL(config.auth.issuer).origin], {
      isHttps: config.publicUrl.startsWith("https:"),
      scriptSources: appPage?.scriptSources ?? [],
      mediaSources: platform.deps.media.origins,
    }),
  );
  await app.register(fastifyCompress, { threshold: 1024 });
  // Before the WebSocket plugin: its own close hook closes sockets with no code.
  const readiness = options.readiness ?? new Readiness();
  closeConnectionsOnShutdown(app, readiness);
  await app.register(fastifyWebsocket, { options: { maxPayload: HARD_FRAME_LIMIT_BYTES } });

  app.get("/healthz", async (_request, reply) => {
    try {
      await platform.database.ping();
      return { status: "ok" };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });
  // Liveness above, readiness here: a load balancer sends traffic only to processes that answer
  // 200, and a stopping process answers 503 while it still serves what it has (decision 0051).
  app.get("/readyz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (readiness.isDraining) return reply.code(503).send({ status: "draining" });
    try {
      await platform.database.ping();
      return { status: "ready" };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  const auth: RequestContext["auth"] = {
    config: config.auth,
    verifier: createTokenVerifier(
      config.auth,
      config.auth.mode === "embedded" ? embeddedKeySet(platform.deps.db) : undefined,
    ),
    superadminEmails: config.superadminEmails,
  };

  /** A call with a token that does not verify is refused outright rather than treated as anonymous. */
  const createContext = async (
    token: unknown,
    log: RequestContext["log"],
    where: { clientIp: string; userAgent?: string; connection: SocketConnection | null },
  ): Promise<RequestContext> => {
    let identity: Identity | null = null;
    if (typeof token === "string" && token.length > 0) {
      try {
        identity = await auth.verifier.verify(token);
      } catch (error) {
        const message = error instanceof AppError ? error.message : "Invalid access token.";
        throw new TRPCError({ code: "UNAUTHORIZED", message, cause: error });
      }
    }
    return {
      deps: platform.deps,
      live: platform.live,
      log,
      auth,
      session: { identity },
      clientIp: where.clientIp,
      userAgent: where.userAgent,
      connection: where.connection,
      limits: callLimits,
    };
  };

  app.get("/api/client-config", async (): Promise<ClientConfig> => clientConfig);

  /** An HTTP request's call context, for a token it carries (in its Authorization header or a cookie). */
  const requestContext = (req: FastifyRequest, token: string | undefined) =>
    createContext(token, req.log, {
      clientIp: req.ip,
      userAgent: req.headers["user-agent"],
      connection: null,
    });
  const httpCallContext = (req: FastifyRequest) =>
    requestContext(req, bearerToken(req.headers.authorization));
  const trpcOptions = {
    router,
    maxBatchSize: limits.maxBatchSize,
    createContext: ({ req }) => httpCallContext(req),
    onError: ({ error, path: fn, req }) => logCallError(app, error, fn, req.id),
    responseMeta: ({ errors }) => {
      const waits = errors.flatMap((error) =>
        error.cause instanceof RateLimitError ? [error.cause.retryAfterSeconds] : [],
      );
      return waits.length > 0 ? { headers: { "retry-after": String(Math.max(...waits)) } } : {};
    },
  } satisfies FastifyTRPCPluginOptions<AnyTRPCRouter>["trpcOptions"];
  // Function answers streamed by tRPC go out uncompressed: they are small, their size is unknown
  // until streamed (so the size threshold cannot apply), and compressing delays the caller's answer.
  const refuseCompression = (request: FastifyRequest) => {
    request.headers["x-no-compression"] = "1";
  };
  await app.register(async (scope) => {
    scope.addHook("onRequest", async (request) => refuseCompression(request));
    await scope.register(fastifyTRPCPlugin, { prefix: "/api/trpc", trpcOptions });
  });
  // The coming-soon settings every page asks for first, from the read cache when it holds them.
  const answers = cachedAnswers(router, platform.deps.changes.reads);
  // Shared reads answered without tRPC's request and stream conversion (their length is known, so
  // compression keeps to its threshold: small answers go out as they are).
  registerDirectReads(app, {
    prefix: "/api/trpc",
    trpcOptions,
    createContext: httpCallContext,
    handOver: refuseCompression,
    cachedJson: answers.json,
  });

  // A page's first data, asked for by the page's head script while the app's code downloads, or
  // drawn into the page itself when the page's request carries the sign-in.
  const answer = firstDataAnswerer(router);
  registerFirstData(app, { answer, createContext: httpCallContext });
  const drawFirstScreen = firstScreenDrawer({
    answer,
    render: appPage ? (options.firstScreenRenderer ?? (await loadFirstScreenRenderer(webDistDir))) : null,
    createContext: requestContext,
    config: clientConfig,
  });

  // Each socket's connection record, found by the upgrade request the function layer is given.
  const socketConnections = new WeakMap<object, SocketConnection>();
  /** Sockets whose call context was made (their sign-in, if any, verified). */
  const readySockets = new WeakSet<object>();
  const signedInSockets = new SignedInSockets();
  const stopClosingSockets = signedInSockets.listen(platform.deps.changes);
  app.addHook("onClose", async () => stopClosingSockets());
  const onConnection = getWSConnectionHandler<AnyTRPCRouter>({
    wss: app.websocketServer,
    router,
    createContext: async ({ req, res, info }) => {
      const connection = socketConnections.get(req) ?? null;
      const context = await createContext(info.connectionParams?.token, app.log, {
        clientIp: connection?.ip ?? req.socket.remoteAddress ?? "unknown",
        userAgent: req.headers["user-agent"],
        connection,
      });
      context.clientApp = info.connectionParams?.app === "installed" ? "installed" : "browser";
      readySockets.add(res);
      if (context.session.identity) {
        keepPresence(res, context);
        signedInSockets.add(res, context.session.identity);
      }
      return context;
    },
    onError: ({ error, path: fn }) => logCallError(app, error, fn),
  });
  const socketOrigins = [...new Set([...publicOrigins(config.publicUrl), ...config.allowedOrigins])];
  app.get(
    "/api/ws",
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!isAllowedOrigin(request.headers.origin, socketOrigins)) {
          request.log.warn({ origin: request.headers.origin }, "websocket from a disallowed origin refused");
          return reply.code(403).send({ error: "Origin not allowed" });
        }
        const refusal = connections.refusal(request.ip);
        if (refusal) {
          request.log.warn({ ip: request.ip, sockets: connections.size }, refusal.message);
          return reply.code(refusal.status).header("retry-after", "10").send({ error: refusal.message });
        }
      },
    },
    (socket, request) => {
      socketConnections.set(request.raw, connections.open(request.ip, socket));
      rememberIncomingMessages(socket);
      applySocketPolicy(socket, {
        maxCallsPerMessage: limits.maxLiveQueriesPerSocket + limits.maxBatchSize,
        awaitsConnectionParams:
          new URL(request.url, "http://localhost").searchParams.get("connectionParams") === "1",
        ...(options.socketHandshakeTimeoutMs ? { handshakeTimeoutMs: options.socketHandshakeTimeoutMs } : {}),
      });
      keepSocketAlive(socket, options.socketKeepAlive);
      coalesceReplies(socket, request.raw.socket);
      // After the hold on replies (above) is in place, before the function layer's listener.
      answerFromCacheFirst(socket, answers, () => readySockets.has(socket));
      onConnection(socket, request.raw);
    },
  );

  if (options.embeddedProvider ?? config.auth.mode === "embedded") {
    await registerEmbeddedProvider(
      app,
      platform,
      {
        issuer: config.auth.issuer,
        clientId: config.auth.clientId,
        audience: config.auth.audience,
        accessTokenTtlSeconds: config.OIDC_ACCESS_TOKEN_TTL_SECONDS,
        clientOrigins: [
          ...new Set([
            new URL(config.publicUrl).origin,
            ...loopbackAliases(config.publicUrl),
            ...config.allowedOrigins,
          ]),
        ],
      },
      callLimits.rates,
      (accountId) => signInRefusal(platform.deps.db, EMBEDDED_ISSUER_KEY, accountId),
    );
  }

  if (options.localAdminEndpoint) await registerLocalAdminEndpoint(app, platform);

  registerMediaRoutes(app, platform.deps.media);
  await registerUploads(app, platform, auth.verifier, callLimits.rates);
  await registerReelUploads(app, platform.deps, auth.verifier, callLimits.rates, {
    origins: socketOrigins,
    ...(options.reelUploadMaxBytes ? { maxBytes: options.reelUploadMaxBytes } : {}),
  });
  await registerReelEvents(app, platform.deps, callLimits.rates);
  await registerPaymentRoutes(app, platform.deps, platform.config);
  registerMailRoutes(app, platform.deps, { webhookSecret: platform.config.MAIL_WEBHOOK_SECRET });

  await registerWebApp(app, webDistDir, appPage, drawFirstScreen);
  return app;
}

/** While a signed-in socket stays open, its person counts as online (written once a minute at most). */
function keepPresence(
  socket: { once(event: "close", listener: () => void): unknown },
  context: RequestContext,
) {
  const touch = async (isFirst: boolean) => {
    const identity = context.session.identity;
    if (!identity) return;
    const user = await findUserByIdentity(context.deps.db, identity);
    if (!user) return;
    await touchPresence(context.deps, user.id);
    const segment = context.clientApp === "installed" ? "platform:app" : "platform:browser";
    await markActiveIn(context.deps.changes, context.deps.db, user.id, segment);
    // The device a person connects from, once per socket, for their page in user management.
    if (isFirst && context.userAgent)
      await recordDevice(context.deps.db, user.id, context.userAgent, context.clientIp);
  };
  const onError = (error: unknown) => context.log.debug({ err: error }, "presence not recorded");
  void touch(true).catch(onError);
  const timer = setInterval(() => void touch(false).catch(onError), PRESENCE_INTERVAL_MS);
  timer.unref();
  socket.once("close", () => clearInterval(timer));
}

/**
 * On a developer's machine localhost and 127.0.0.1 are the same server: signing in works from
 * either address, whichever PUBLIC_URL names.
 */
function loopbackAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const names = ["localhost", "127.0.0.1", "[::1]"];
  if (!names.includes(url.hostname)) return [];
  return names.map((name) => `${url.protocol}//${name}${url.port ? `:${url.port}` : ""}`);
}

/**
 * The origins of the app's own pages: PUBLIC_URL's, and on a developer's machine its loopback
 * aliases (a rebound DNS name is never one of them).
 */
function publicOrigins(publicUrl: string): string[] {
  return [new URL(publicUrl).origin, ...loopbackAliases(publicUrl)];
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}

/**
 * Logs a failed call once. An unexpected failure is logged with its cause and the reference its
 * caller is given; a refusal (bad input, not allowed, rate limited) only at debug level.
 */
function logCallError(app: FastifyInstance, error: TRPCError, fn?: string, requestId?: string) {
  if (error.code === "INTERNAL_SERVER_ERROR" && !(error.cause instanceof AppError)) {
    const reference = errorReference(error, requestId);
    app.log.error({ err: error.cause ?? error, fn, reference }, "function failed");
  } else app.log.debug({ code: error.code, fn, message: error.message }, "function refused");
}

/** `appPage` is null without a web build: then only the server's own routes answer. */
async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  appPage: AppPage | null,
  drawFirstScreen: FirstScreenDrawer,
): Promise<void> {
  if (appPage) {
    // Routes for the files the build holds; every other path, folders included, is left to the
    // app's route below.
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      // The build writes Brotli and gzip copies of its text files (decision 0028): sent as they
      // are, at the best compression, rather than compressed again on every request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        // The silent sign-in renewal's landing page lives in a hidden frame of the app.
        if (filePath.endsWith(`${path.sep}${SILENT_CALLBACK_FILE}`)) {
          const policy = String(reply.getHeader("content-security-policy") ?? "");
          reply.header(
            "content-security-policy",
            policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
          );
          reply.header("x-frame-options", "SAMEORIGIN");
        }
      },
    });
  }

  const notFound = (urlPath: string, reply: FastifyReply) =>
    reply.code(404).send({ error: "Not Found", message: `Nothing at ${urlPath}` });
  const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "/";
  app.setNotFoundHandler(async (request, reply) => notFound(pathOf(request), reply));
  if (!appPage) return;
  // Every other GET (and HEAD) is an app route: the single-page app's index renders it (or its
  // own 404 page), with the route's files named for early fetching, and its first screen when the
  // request carries a sign-in. A route rather than the not-found handler, so that the compression
  // plugin sees it: a page with its first screen drawn is tens of kilobytes.
  app.get("/*", async (request, reply) => {
    const urlPath = pathOf(request);
    const isServerPath = SERVER_PREFIXES.some(
      (prefix) => urlPath === prefix.replace(/\/$/, "") || urlPath.startsWith(prefix),
    );
    if (isServerPath) return notFound(urlPath, reply);
    const screen = request.method === "GET" ? await drawFirstScreen(request) : null;
    // A page drawn for one person is stored by nobody.
    return reply
      .header("cache-control", screen ? "private, no-store" : "no-cache")
      .header("vary", "cookie")
      .type("text/html")
      .send(appPage.render(urlPath, screen));
  });
}
