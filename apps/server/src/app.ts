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
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { registerLocalAdminEndpoint } from "./admin/local-endpoint.ts";
import { embeddedKeySet } from "./auth/embedded-keys.ts";
import type { Identity } from "./auth/identity.ts";
import { registerEmbeddedProvider } from "./auth/provider/provider.ts";
import { createTokenVerifier } from "./auth/token-verifier.ts";
import { AppError } from "./errors.ts";
import { guardMessageSize, HARD_FRAME_LIMIT_BYTES } from "./http/message-size-guard.ts";
import { helmetOptions, isAllowedOrigin } from "./http/security.ts";
import { registerUploads } from "./http/uploads.ts";
import { registerMediaRoutes } from "./media/media-routes.ts";
import { registerPaymentRoutes } from "./modules/payments/payments-routes.ts";
import type { Platform } from "./platform.ts";
import type { RequestContext } from "./rpc/context.ts";
import { appRouter } from "./rpc/router.ts";

/** Paths the web app never owns: unknown ones get a real 404, not the app's index. */
const SERVER_PREFIXES = ["/api/", "/media/", "/oidc/", "/healthz", "/webhooks/", "/sandbox/"];
const WS_KEEPALIVE = { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 };

export interface BuildAppOptions {
  logger?: FastifyServerOptions["logger"];
  /** Write the local admin endpoint file so that the command line can reach this server. */
  localAdminEndpoint?: boolean;
  /** The functions to serve; benchmarks add their own to the app's. */
  router?: AnyTRPCRouter;
  /** Mount the embedded sign-in provider at /oidc; by default when no external issuer is set. */
  embeddedProvider?: boolean;
}

export async function buildApp(platform: Platform, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = platform;
  const router: AnyTRPCRouter = options.router ?? appRouter;
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
    return503OnClosing: true,
    forceCloseConnections: "idle",
    trustProxy: false,
  });

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  // Pages talk to the sign-in provider directly (discovery, token, revocation). It is another
  // origin when external, or when the app is opened under a loopback alias of PUBLIC_URL.
  await app.register(fastifyHelmet, helmetOptions([new URL(config.auth.issuer).origin]));
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyWebsocket, { options: { maxPayload: HARD_FRAME_LIMIT_BYTES } });

  app.get("/healthz", async (_request, reply) => {
    try {
      await platform.database.ping();
      return { status: "ok" };
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
  const createContext = async (token: unknown, log: RequestContext["log"]): Promise<RequestContext> => {
    let identity: Identity | null = null;
    if (typeof token === "string" && token.length > 0) {
      try {
        identity = await auth.verifier.verify(token);
      } catch (error) {
        const message = error instanceof AppError ? error.message : "Invalid access token.";
        throw new TRPCError({ code: "UNAUTHORIZED", message, cause: error });
      }
    }
    return { deps: platform.deps, live: platform.live, log, auth, session: { identity } };
  };

  app.get(
    "/api/client-config",
    async (): Promise<ClientConfig> => ({
      auth: { authority: config.auth.issuer, clientId: config.auth.clientId, scope: "openid profile email" },
      supportEmail: config.SUPPORT_EMAIL,
      signedOutView: config.SIGNED_OUT_VIEW,
    }),
  );

  await app.register(async (scope) => {
    // Function answers go out uncompressed: they are small, their size is unknown until streamed
    // (so the size threshold cannot apply), and compressing delays the caller's answer.
    scope.addHook("onRequest", async (request) => {
      request.headers["x-no-compression"] = "1";
    });
    await scope.register(fastifyTRPCPlugin, {
      prefix: "/api/trpc",
      trpcOptions: {
        router,
        createContext: ({ req }) => createContext(bearerToken(req.headers.authorization), req.log),
        onError: ({ error, path: fn }) => logCallError(app, error, fn),
      },
    } satisfies FastifyTRPCPluginOptions<AnyTRPCRouter>);
  });

  const onConnection = getWSConnectionHandler<AnyTRPCRouter>({
    wss: app.websocketServer,
    router,
    createContext: ({ info }) => createContext(info.connectionParams?.token, app.log),
    onError: ({ error, path: fn }) => logCallError(app, error, fn),
    keepAlive: WS_KEEPALIVE,
  });
  app.get(
    "/api/ws",
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!isAllowedOrigin(request.headers.origin, request.headers.host, config.allowedOrigins)) {
          request.log.warn({ origin: request.headers.origin }, "websocket from a disallowed origin refused");
          await reply.code(403).send({ error: "Origin not allowed" });
        }
      },
    },
    (socket, request) => {
      guardMessageSize(socket);
      onConnection(socket, request.raw);
    },
  );

  if (options.embeddedProvider ?? config.auth.mode === "embedded") {
    await registerEmbeddedProvider(app, platform, {
      issuer: config.auth.issuer,
      clientId: config.auth.clientId,
      audience: config.auth.audience,
      clientOrigins: [
        ...new Set([
          new URL(config.publicUrl).origin,
          ...loopbackAliases(config.publicUrl),
          ...config.allowedOrigins,
        ]),
      ],
    });
  }

  if (options.localAdminEndpoint) await registerLocalAdminEndpoint(app, platform);

  registerMediaRoutes(app, platform.deps.media);
  await registerUploads(app, platform, auth.verifier);
  await registerPaymentRoutes(app, platform);

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
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

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}

function logCallError(
  app: FastifyInstance,
  error: { code: string; message: string; cause?: unknown },
  fn?: string,
) {
  if (error.code === "INTERNAL_SERVER_ERROR")
    app.log.error({ err: error.cause ?? error, fn }, "function failed");
  else app.log.debug({ code: error.code, fn, message: error.message }, "function refused");
}

async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, "index.html"));
  if (hasBuild) {
    // Routes for the files the build holds; every other path, folders included, falls through to
    // the not-found handler below, which serves the app's index for app routes.
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split("?")[0] ?? "/";
    const isServerPath = SERVER_PREFIXES.some(
      (prefix) => urlPath === prefix.replace(/\/$/, "") || urlPath.startsWith(prefix),
    );
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (isServerPath || !hasBuild || !wantsPage) {
      return reply.code(404).send({ error: "Not Found", message: `Nothing at ${urlPath}` });
    }
    // An app route: the single-page app's index renders it (or its own 404 page).
    return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
  });
}
