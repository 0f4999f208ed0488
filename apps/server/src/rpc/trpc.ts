// tRPC set-up: one error shape, the guards every call passes (input, time, coming-soon mode,
// rate limits), and the procedure builders that say who may call a function.

import { randomBytes } from "node:crypto";
import type { AdminSection } from "@litverse/shared/admin-permissions";
import type { Age } from "@litverse/shared/constants";
import type { AppErrorCode } from "@litverse/shared/errors";
import { configureInputMessages } from "@litverse/shared/input-messages";
import { isAdminRole } from "@litverse/shared/users";
import { initTRPC, TRPCError } from "@trpc/server";
import { middlewareMarker, type TRPC_ERROR_CODE_KEY } from "@trpc/server/unstable-core-do-not-import";
import { eq } from "drizzle-orm";
import { ZodError } from "zod";
import { type Identity, isExpired } from "../auth/identity.ts";
import { collectChanges } from "../core/audit.ts";
import { AppError } from "../core/errors.ts";
import { inputProblem } from "../core/limits/input-guard.ts";
import { personBudgetKey, RateLimitError } from "../core/limits/rate-limits.ts";
import { stableStringify } from "../core/live/stable-stringify.ts";
import { track } from "../core/live/topics.ts";
import type { Viewer } from "../core/service-deps.ts";
import { recordAuditEvent } from "../modules/audit/index.ts";
import { requirePermission } from "../modules/permissions/index.ts";
import { isComingSoonModeOn } from "../modules/system-settings/system-settings.service.ts";
import { isDeletedSignIn } from "../modules/users/account-actions.ts";
import { assertAccountUsable } from "../modules/users/account-standing.ts";
import { users } from "../modules/users/schema.ts";
import { userTopic } from "../modules/users/topics.ts";
import { findUserByIdentity, profileFromClaims, syncUser } from "../modules/users/users.service.ts";
import type { RequestContext } from "./context.ts";

export interface ProcedureMeta {
  /** Who may call: set by the procedure builders, checked by the router-wide access test. */
  access?: "public" | "authed" | "admin" | "superadmin";
  /** The part of the admin area an administrator's function belongs to; null: every administrator's. */
  section?: AdminSection | null;
  /**
   * "global": the result does not depend on who asks, so every subscriber of the same input
   * shares one live run. Default: one run per user (anonymous callers share one).
   */
  liveScope?: "global" | "user";
  /**
   * "open": callable by everyone while coming-soon mode keeps the platform to administrators
   * (what the coming-soon page, signing in and the age gate need). Everything else is refused.
   */
  comingSoon?: "open";
  /** A budget this function spends beside the write budget every mutation spends. */
  rateLimit?: "checkout" | "message" | "friend_request";
}

export const COMING_SOON_MESSAGE = "Litverse is not open yet: for now only administrators can use it.";

/** What an unexpected failure tells the caller: nothing of its internals, and a reference to quote. */
export function internalErrorMessage(reference: string): string {
  return `Something went wrong on our side. If it keeps happening, quote reference ${reference}.`;
}

const references = new WeakMap<object, string>();

/**
 * The reference of a failed call, the same in the log and in the caller's answer: the HTTP
 * request id when there is one (set by the transport's error handler), else a new one.
 */
export function errorReference(error: object, requestId?: string): string {
  let reference = references.get(error);
  if (!reference) {
    reference = requestId ?? randomBytes(6).toString("hex");
    references.set(error, reference);
  }
  return reference;
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
  ACCOUNT_RESTRICTED: "FORBIDDEN",
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

/**
 * What a caller is told of input that failed validation: the first problem's own sentence (each
 * field says what it needs), never zod's list of issues, which tRPC would send as JSON.
 */
export function inputErrorMessage(error: ZodError): string {
  return error.issues[0]?.message ?? "Check what was sent and try again.";
}

// Issues a schema did not word get a plain sentence too, wherever this process validates input.
configureInputMessages();

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    // Never stack traces in answers, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      // Unexpected failures (a database error, a bug) keep their details for the log.
      const isInternal = shape.data.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof AppError);
      const reference = isInternal ? errorReference(error) : undefined;
      return {
        ...shape,
        message: reference
          ? internalErrorMessage(reference)
          : cause instanceof ZodError
            ? inputErrorMessage(cause)
            : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          appCode: cause instanceof AppError ? cause.code : shape.data.code,
          fieldErrors: cause instanceof ZodError ? fieldErrorsOf(cause) : undefined,
          ...(reference ? { reference } : {}),
          ...(cause instanceof RateLimitError ? { retryAfterSeconds: cause.retryAfterSeconds } : {}),
        },
      };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/** The tRPC error an AppError thrown by a service (or a guard) becomes, keeping its message. */
function asTRPCError(cause: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_OF[cause.code], message: cause.message, cause });
}

/** Who a budget belongs to: the person, or the client's address when nobody is signed in. */
function budgetKey(ctx: RequestContext): string {
  const identity = ctx.session.identity;
  return identity ? personBudgetKey(identity) : `ip:${ctx.clientIp}`;
}

/**
 * The checks every call passes, in this order, as one middleware (each level of tRPC's middleware
 * chain copies the call's options, a large share of a cheap call's cost):
 * - input no function should have to meet is refused before any schema reads it;
 * - the call gets an answer within the time limit; work that runs on is not waited for;
 * - while coming-soon mode is on, only administrators use the platform: every function but the
 *   few the coming-soon page needs refuses everyone else (live queries follow the mode as it
 *   changes);
 * - every write spends from the caller's write budget, some functions from a budget of their own;
 * - an AppError thrown here or further on becomes the matching tRPC error, and input refused by
 *   its schema one whose message is the first problem's sentence.
 */
const callGuards = t.middleware(async ({ ctx, meta, type, getRawInput, next }) => {
  let timer: NodeJS.Timeout | undefined;
  try {
    const problem = inputProblem(await getRawInput());
    if (problem) throw new AppError("BAD_REQUEST", problem);
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new TRPCError({ code: "TIMEOUT", message: "This took too long. Please try again." })),
        ctx.limits.callTimeoutMs,
      );
    });
    const guarded = async () => {
      // The administrator let through is passed on, so that the user is read once per call.
      let loadedViewer: Viewer | undefined;
      if (meta?.comingSoon !== "open" && (await isComingSoonModeOn(ctx.deps))) {
        const viewer = await optionalUser(ctx);
        if (!viewer || !isAdminRole(viewer.role)) throw new AppError("FORBIDDEN", COMING_SOON_MESSAGE);
        loadedViewer = viewer;
      }
      if (type === "mutation") {
        const key = budgetKey(ctx);
        await ctx.limits.rates.consume("write", key);
        if (meta?.rateLimit) await ctx.limits.rates.consume(meta.rateLimit, key);
      }
      // The context is copied at every level a new part of it is passed to: only when there is one.
      return loadedViewer ? next({ ctx: { loadedViewer } }) : next();
    };
    const result = await Promise.race([guarded(), timeout]);
    if (!result.ok && result.error.cause instanceof AppError) throw asTRPCError(result.error.cause);
    if (!result.ok && result.error.code === "BAD_REQUEST" && result.error.cause instanceof ZodError) {
      // Input that failed its schema: the error says the first problem in words, for every caller.
      const cause = result.error.cause;
      throw new TRPCError({ code: "BAD_REQUEST", message: inputErrorMessage(cause), cause });
    }
    return result;
  } catch (error) {
    throw error instanceof AppError ? asTRPCError(error) : error;
  } finally {
    clearTimeout(timer);
  }
});

/** Inputs longer than this are not worth a cache entry (and would make large keys). */
const MAX_CACHED_INPUT_CHARS = 1024;

/** Where the read cache keeps a function's result for a (parsed) input. */
export function readCacheKey(path: string, inputKey: string): string {
  return `${path}\n${inputKey}`;
}

/**
 * Serves a query's result from the read cache (live/read-cache.ts) when it may be shared: only a
 * query of global live scope, whose result is by definition the same for every caller. Placed
 * last, after the input is parsed, so that every access check and validation before it still
 * runs on every call; only the work of the resolver itself is saved. Topics the cached run read
 * are tracked again, so a live query served from the cache still re-runs when they change.
 */
export const cachedRead = t.middleware(async ({ ctx, meta, type, path, input, next }) => {
  if (type !== "query" || meta?.liveScope !== "global") return next();
  const inputKey = stableStringify(input);
  if (inputKey.length > MAX_CACHED_INPUT_CHARS) return next();
  const { value, topics } = await ctx.deps.changes.reads.read(readCacheKey(path, inputKey), async () => {
    const result = await next();
    if (!result.ok) throw result.error;
    return result.data;
  });
  track(...topics);
  return { marker: middlewareMarker, ok: true as const, data: value, ctx };
});

export const publicProcedure = t.procedure.meta({ access: "public" }).use(callGuards);

/**
 * The stored user behind a verified identity, created on first sight, read from the database
 * (or kept from the last read until the row changes) and refused when the account may not be
 * used; live queries re-run when the user's row changes.
 */
async function loadUser(ctx: RequestContext, identity: Identity): Promise<Viewer> {
  const row =
    (await storedCaller(ctx, identity)) ??
    (await refuseDeletedAccount(ctx, identity)) ??
    (await syncUser(
      ctx.deps,
      identity,
      profileFromClaims(identity.claims, ctx.auth.config.claims),
      ctx.auth.superadminEmails,
    ));
  track(userTopic(row.id));
  // A suspension, a ban or "sign out everywhere" refuses the next call, live queries included
  // (the row's topic re-runs them).
  assertAccountUsable(row, identity.claims.iat);
  return { id: row.id, role: row.role, age: row.age as Age | null };
}

/**
 * The caller's stored row, kept between calls until its user's topic is announced (every change
 * to a user row announces it, in this process at once and in the others through the change bus;
 * while the bus is out of step nothing is kept). Not kept before the row exists.
 */
async function storedCaller(ctx: RequestContext, identity: Identity) {
  const { value } = await ctx.deps.changes.callers.read(
    `${identity.issuerKey}\n${identity.subject}`,
    async () => {
      const row = await findUserByIdentity(ctx.deps.db, identity);
      if (row) track(userTopic(row.id));
      return row;
    },
  );
  return value;
}

/**
 * A token of Litverse's own sign-in whose account was deleted (it stays valid until it expires)
 * must not make a new user: the account is gone. Only asked on first sight of an identity.
 */
async function refuseDeletedAccount(ctx: RequestContext, identity: Identity): Promise<undefined> {
  if (await isDeletedSignIn(ctx.deps.db, identity)) {
    throw new AppError("UNAUTHORIZED", "This account no longer exists.");
  }
  return undefined;
}

/**
 * For public functions whose answer depends on who asks (age-rated content, …): the signed-in
 * caller, or null for anonymous callers and callers whose token has expired. Never refuses anyone.
 */
export async function optionalUser(ctx: RequestContext & { loadedViewer?: Viewer }): Promise<Viewer | null> {
  if (ctx.loadedViewer) return ctx.loadedViewer;
  const identity = ctx.session.identity;
  if (!identity || isExpired(identity)) return null;
  return loadUser(ctx, identity);
}

/**
 * Signed-in callers. The user and role come from the database (kept until the row changes, never
 * taken from the token or the client), and live queries re-run when the user's row changes.
 */
export const authedProcedure = publicProcedure.meta({ access: "authed" }).use(async ({ ctx, next }) => {
  const identity = ctx.session.identity;
  if (!identity) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in first." });
  if (isExpired(identity))
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Your session has expired." });
  const user: Viewer = ctx.loadedViewer ?? (await loadUser(ctx, identity));
  return next({ ctx: { user } });
});

/** Who an audited action was done by, as the trail names them: the account as it is now. */
async function actorLabelOf(ctx: RequestContext, user: Viewer): Promise<string> {
  const [row] = await ctx.deps.db
    .select({ name: users.name, handle: users.handle, email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  const who = row?.name ?? row?.email ?? "Someone";
  return row?.handle ? `${who} (@${row.handle}, ${user.role})` : `${who} (${user.role})`;
}

/**
 * What every administrator's function passes after the role check: an admin's permissions must
 * reach the function's section (view for a query, manage for a change), read from the database on
 * every call; a live query re-runs, and is refused, when they change. Every change that succeeds
 * is recorded in the audit trail with who, from where, and the changes the services noted.
 */
const permissionAndAudit = t.middleware(async ({ ctx, meta, type, path, getRawInput, next }) => {
  const user = (ctx as typeof ctx & { user: Viewer }).user;
  const section = meta?.section ?? null;
  if (section && user.role === "admin") {
    await requirePermission(ctx.deps.db, user, section, type === "query" ? "view" : "manage");
  }
  if (type !== "mutation") return next();
  const { result, changes } = await collectChanges(() => next());
  if (result.ok) {
    await recordAuditEvent(ctx.deps, {
      source: "app",
      actorId: user.id,
      actorLabel: await actorLabelOf(ctx, user),
      action: path,
      section,
      input: await getRawInput(),
      changes,
      address: ctx.clientIp,
      device: ctx.userAgent ?? null,
    });
  }
  return result;
});

const adminBase = authedProcedure
  .meta({ access: "admin" })
  .use(({ ctx, next }) => {
    if (ctx.user.role !== "admin" && ctx.user.role !== "superadmin") {
      throw new TRPCError({ code: "FORBIDDEN", message: "Only administrators can do this." });
    }
    return next();
  })
  .use(permissionAndAudit);

/**
 * Administrators (and superadministrators) whose permissions reach `section`; null for what every
 * administrator has whatever their permissions (their own notifications).
 */
export const adminProcedure = (section: AdminSection | null) => adminBase.meta({ section });

const superadminBase = authedProcedure
  .meta({ access: "superadmin" })
  .use(({ ctx, next }) => {
    if (ctx.user.role !== "superadmin") {
      throw new TRPCError({ code: "FORBIDDEN", message: "Only superadministrators can do this." });
    }
    return next();
  })
  .use(permissionAndAudit);

/** Superadministrators only; `section` files the function under its part of the admin area. */
export const superadminProcedure = (section: AdminSection) => superadminBase.meta({ section });
