import type { Age, UserRole } from "@litverse/shared/constants";
import type { FastifyBaseLogger } from "fastify";
import type { Identity } from "../auth/identity.ts";
import type { TokenVerifier } from "../auth/token-verifier.ts";
import type { AuthConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { SocketConnection } from "../limits/connections.ts";
import type { RateLimits } from "../limits/rate-limits.ts";
import type { ChangeNotifier } from "../live/changes.ts";
import type { LiveQueryEngine } from "../live/engine.ts";
import type { ImageVariants } from "../media/image-variants.ts";
import type { ReelUploadStore } from "../media/reel-uploads.ts";
import type { MediaStorage } from "../media/storage.ts";
import type { UploadStore } from "../media/upload-store.ts";
import type { MediaUrlSigner } from "../media/url-signing.ts";

/** Media files, the signed URLs they are delivered through, their resized image copies, and uploads. */
export interface MediaDeps {
  storage: MediaStorage;
  signer: MediaUrlSigner;
  variants: ImageVariants;
  uploads: UploadStore;
  /** Resumable uploads of reels (tus). */
  reelUploads: ReelUploadStore;
}

/** What services need to do their work: the database, the way to announce changes, media files. */
export interface ServiceDeps {
  db: Database;
  changes: ChangeNotifier;
  media: MediaDeps;
}

export interface SessionUser {
  id: string;
  role: UserRole;
}

/** A signed-in caller of a public function, with what such functions adapt to. */
export interface Viewer extends SessionUser {
  /** Null until the person has told us (the age gate). */
  age: Age | null;
}

/**
 * Who is calling. On a WebSocket it lives as long as the connection, and a renewed token for the
 * same person replaces `identity` in place, so open subscriptions carry on.
 */
export interface CallerSession {
  identity: Identity | null;
}

/** What one caller may do, in calls. */
export interface CallLimits {
  /** Budgets for writes, checkouts and sign-ups. */
  rates: RateLimits;
  maxLiveQueriesPerSocket: number;
  /** A call that takes longer is answered with a timeout error. */
  callTimeoutMs: number;
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
  /** The WebSocket the call came over; null over HTTP and for callers inside the server. */
  connection: SocketConnection | null;
  limits: CallLimits;
}
