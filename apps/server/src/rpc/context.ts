import type { UserRole } from "@litverse/shared/constants";
import type { FastifyBaseLogger } from "fastify";
import type { Identity } from "../auth/identity.ts";
import type { TokenVerifier } from "../auth/token-verifier.ts";
import type { AuthConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { ChangeNotifier } from "../live/changes.ts";
import type { LiveQueryEngine } from "../live/engine.ts";

/** What services need to do their work: the database and the way to announce changes. */
export interface ServiceDeps {
  db: Database;
  changes: ChangeNotifier;
}

export interface SessionUser {
  id: string;
  role: UserRole;
}

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
}
