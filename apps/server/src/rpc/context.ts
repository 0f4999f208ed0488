// The context of one call or connection, as the transport (tRPC over HTTP and WebSocket) holds it.

import type { FastifyBaseLogger } from "fastify";
import type { Identity } from "../auth/identity.ts";
import type { TokenVerifier } from "../auth/token-verifier.ts";
import type { AuthConfig } from "../core/config.ts";
import type { CallLimits } from "../core/limits/call-limits.ts";
import type { SocketConnection } from "../core/limits/connections.ts";
import type { LiveQueryEngine } from "../core/live/engine.ts";
import type { ServiceDeps } from "../core/service-deps.ts";

/**
 * Who is calling. On a WebSocket it lives as long as the connection, and a renewed token for the
 * same person replaces `identity` in place, so open subscriptions carry on.
 */
export interface CallerSession {
  identity: Identity | null;
}

/** The context of one call (HTTP) or one connection (WebSocket). */
export interface RequestContext {
  deps: ServiceDeps;
  live: LiveQueryEngine;
  log: FastifyBaseLogger;
  auth: { config: AuthConfig; verifier: TokenVerifier; superadminEmails: string[] };
  session: CallerSession;
  /** The client's address: behind a trusted proxy, the one the proxy reports. */
  clientIp: string;
  /** The client's User-Agent, when it sent one: where an audited action came from. */
  userAgent?: string;
  /** On a WebSocket, whether the web app runs installed or in a browser tab, as it says: for analytics. */
  clientApp?: "installed" | "browser";
  /** The WebSocket the call came over; null over HTTP and for callers inside the server. */
  connection: SocketConnection | null;
  limits: CallLimits;
}
