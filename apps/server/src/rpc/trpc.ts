// tRPC set-up: one error shape, and the procedure builders that say who may call a function.

import type { Age } from "@litverse/shared/constants";
import type { AppErrorCode } from "@litverse/shared/errors";
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/unstable-core-do-not-import";
import { ZodError } from "zod";
import { type Identity, isExpired } from "../auth/identity.ts";
import { AppError } from "../errors.ts";
import { track } from "../live/topics.ts";
import {
  findUserByIdentity,
  profileFromClaims,
  syncUser,
  userTopic,
} from "../modules/users/users.service.ts";
import type { RequestContext, Viewer } from "./context.ts";

export interface ProcedureMeta {
  /** Who may call: set by the procedure builders, checked by the router-wide access test. */
  access?: "public" | "authed" | "admin" | "superadmin";
  /**
   * "global": the result does not depend on who asks, so every subscriber of the same input
   * shares one live run. Default: one run per user (anonymous callers share one).
   */
  liveScope?: "global" | "user";
}

const TRPC_CODE_OF: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  INSUFFICIENT_COINS: "PRECONDITION_FAILED",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

/**
 * Messages per field, keyed by the field's path: `title`, `genres.2`. Updates wrap their fields in
 * `data` (`{ id, data: { … } }`), which is left out, so that a form finds its fields by name.
 */
export function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path[0] === "data" ? issue.path.slice(1) : issue.path;
    const key = path.length > 0 ? path.map(String).join(".") : "";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      return {
        ...shape,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          appCode: cause instanceof AppError ? cause.code : shape.data.code,
          fieldErrors: cause instanceof ZodError ? fieldErrorsOf(cause) : undefined,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns an AppError thrown by a service into the matching tRPC error, keeping its message. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE_OF[cause.code], message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = t.procedure.meta({ access: "public" }).use(appErrors);

/**
 * The stored user behind a verified identity, created on first sight, read from the database on
 * every call; live queries re-run when the user's row changes.
 */
async function loadUser(ctx: RequestContext, identity: Identity): Promise<Viewer> {
  const row =
    (await findUserByIdentity(ctx.deps.db, identity)) ??
    (await syncUser(
      ctx.deps,
      identity,
      profileFromClaims(identity.claims, ctx.auth.config.claims),
      ctx.auth.superadminEmails,
    ));
  track(userTopic(row.id));
  return { id: row.id, role: row.role, age: row.age as Age | null };
}

/**
 * For public functions whose answer depends on who asks (age-rated content, …): the signed-in
 * caller, or null for anonymous callers and callers whose token has expired. Never refuses anyone.
 */
export async function optionalUser(ctx: RequestContext): Promise<Viewer | null> {
  const identity = ctx.session.identity;
  if (!identity || isExpired(identity)) return null;
  return loadUser(ctx, identity);
}

/**
 * Signed-in callers. The user and role are read from the database on every call (never taken
 * from the token or the client), and live queries re-run when the user's row changes.
 */
export const authedProcedure = publicProcedure.meta({ access: "authed" }).use(async ({ ctx, next }) => {
  const identity = ctx.session.identity;
  if (!identity) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in first." });
  if (isExpired(identity))
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Your session has expired." });
  const user: Viewer = await loadUser(ctx, identity);
  return next({ ctx: { user } });
});

export const adminProcedure = authedProcedure.meta({ access: "admin" }).use(({ ctx, next }) => {
  if (ctx.user.role !== "admin" && ctx.user.role !== "superadmin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "Only administrators can do this." });
  }
  return next();
});

export const superadminProcedure = authedProcedure.meta({ access: "superadmin" }).use(({ ctx, next }) => {
  if (ctx.user.role !== "superadmin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "Only superadministrators can do this." });
  }
  return next();
});
