// Who is calling an HTTP route that is not a function (file uploads): the bearer token checked as
// every function call checks it, the coming-soon gate, and the write budget. Each helper answers
// the request itself when it refuses, so a route stops at the first null or false.
import { isAdminRole } from "@litverse/shared/users";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Identity } from "../auth/identity.ts";
import type { TokenVerifier } from "../auth/token-verifier.ts";
import { AppError } from "../core/errors.ts";
import { RateLimitError, type RateLimits } from "../core/limits/rate-limits.ts";
import type { ServiceDeps } from "../core/service-deps.ts";
import { getComingSoonSettings } from "../modules/system-settings/system-settings.service.ts";
import { findUserByIdentity, type UserRow } from "../modules/users/users.service.ts";
import { COMING_SOON_MESSAGE } from "../rpc/trpc.ts";

export interface HttpCaller {
  user: UserRow;
  identity: Identity;
  isAdmin: boolean;
}

/**
 * The signed-in person behind the request's bearer token, let in by the coming-soon gate; null
 * once the reply says why not (401, or 403 while the platform is open only to administrators).
 */
export async function httpCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ServiceDeps,
  verifier: TokenVerifier,
): Promise<HttpCaller | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  if (!token) {
    await reply.code(401).send({ error: "Unauthorized", message: "Please sign in first." });
    return null;
  }
  let identity: Identity;
  try {
    identity = await verifier.verify(token);
  } catch (error) {
    const message = error instanceof AppError ? error.message : "Invalid access token.";
    await reply.code(401).send({ error: "Unauthorized", message });
    return null;
  }
  const user = await findUserByIdentity(deps.db, identity);
  if (!user) {
    await reply.code(401).send({ error: "Unauthorized", message: "Please sign in first." });
    return null;
  }
  const isAdmin = isAdminRole(user.role);
  if (!isAdmin && !(await isOpenToEveryone(reply, deps))) return null;
  return { user, identity, isAdmin };
}

/** False, with a 403 sent, while coming-soon mode keeps the platform to administrators. */
export async function isOpenToEveryone(reply: FastifyReply, deps: ServiceDeps): Promise<boolean> {
  if (!(await getComingSoonSettings(deps)).isComingSoonMode) return true;
  await reply.code(403).send({ error: "Forbidden", message: COMING_SOON_MESSAGE });
  return false;
}

/** Spends one write from `key`'s budget (as every function call does); false, with a 429 sent, when none is left. */
export async function spendWrite(reply: FastifyReply, rates: RateLimits, key: string): Promise<boolean> {
  try {
    await rates.consume("write", key);
    return true;
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    reply.header("retry-after", String(error.retryAfterSeconds));
    await reply.code(429).send({ error: "Too Many Requests", message: error.message });
    return false;
  }
}
