// VVIP access given by hand: a superadmin grants it to a person (by email) for a reason until a
// date, or revokes it with a reason. The grant rows are the audit trail: a revocation is written
// onto its grant, nothing is ever deleted. activeTiers (subscriptions/tiers.ts) counts the grants.
import type { VvipGrantState, VvipGrantView } from "@litverse/shared/subscriptions";
import {
  type grantVvipInput,
  type revokeVvipInput,
  VVIP_MAX_YEARS,
} from "@litverse/shared/subscriptions-inputs";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { entitlementsTopic } from "../content/topics.ts";
import { subscriptionTopic, VVIP_GRANTS_TOPIC } from "../subscriptions/topics.ts";
import { users } from "../users/schema.ts";
import { vvipGrants } from "./schema.ts";

const MINUTE_MS = 60_000;
/** The list shows this many grants, newest first. */
export const VVIP_LIST_LIMIT = 500;

const grantee = alias(users, "grantee");
const granter = alias(users, "granter");
const revoker = alias(users, "revoker");

function stateOf(grant: { revokedAt: Date | null; endsAt: Date }, now: number): VvipGrantState {
  if (grant.revokedAt) return "revoked";
  return grant.endsAt.getTime() > now ? "active" : "ended";
}

/** Every grant, active ones first, then the rest newest first, with who granted and revoked. */
export async function listVvipGrants({ db }: ServiceDeps): Promise<VvipGrantView[]> {
  track(VVIP_GRANTS_TOPIC);
  return queryGrants(db);
}

async function queryGrants(db: Executor, grantId?: string): Promise<VvipGrantView[]> {
  const rows = await db
    .select({
      grant: vvipGrants,
      userEmail: grantee.email,
      userName: grantee.name,
      grantedBy: sql<string | null>`coalesce(${granter.name}, ${granter.email})`,
      revokedBy: sql<string | null>`coalesce(${revoker.name}, ${revoker.email})`,
    })
    .from(vvipGrants)
    .innerJoin(grantee, eq(grantee.id, vvipGrants.userId))
    .leftJoin(granter, eq(granter.id, vvipGrants.grantedBy))
    .leftJoin(revoker, eq(revoker.id, vvipGrants.revokedBy))
    .where(grantId ? eq(vvipGrants.id, grantId) : undefined)
    .orderBy(
      sql`(${vvipGrants.revokedAt} is null and ${vvipGrants.endsAt} > now()) desc`,
      desc(vvipGrants.createdAt),
      desc(vvipGrants.id),
    )
    .limit(VVIP_LIST_LIMIT);
  const now = Date.now();
  return rows.map(({ grant, userEmail, userName, grantedBy, revokedBy }) => ({
    id: grant.id,
    state: stateOf(grant, now),
    user: { id: grant.userId, email: userEmail, name: userName },
    reason: grant.reason,
    endsAt: grant.endsAt.toISOString(),
    grantedAt: grant.createdAt.toISOString(),
    grantedBy,
    revokedAt: grant.revokedAt?.toISOString() ?? null,
    revokedBy: grant.revokedAt ? revokedBy : null,
    revokeReason: grant.revokeReason,
  }));
}

/** A grant as the audit trail keeps it. */
function grantSnapshot(row: typeof vvipGrants.$inferSelect) {
  return {
    userId: row.userId,
    reason: row.reason,
    endsAt: row.endsAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
    revokeReason: row.revokeReason,
  };
}

function announce(deps: ServiceDeps, userId: string): void {
  deps.changes.changed(VVIP_GRANTS_TOPIC, entitlementsTopic(userId), subscriptionTopic(userId));
}

/**
 * Gives the person with this email VVIP access until `endsAt`. A person may hold several grants
 * (say, a longer one given later); access lasts until the last of them ends.
 */
export async function grantVvip(
  deps: ServiceDeps,
  admin: SessionUser,
  input: z.output<typeof grantVvipInput>,
  now = new Date(),
): Promise<VvipGrantView> {
  if (input.endsAt.getTime() <= now.getTime() + MINUTE_MS) {
    throw new AppError("BAD_REQUEST", "The end date must be in the future.");
  }
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + VVIP_MAX_YEARS);
  if (input.endsAt > latest) {
    throw new AppError(
      "BAD_REQUEST",
      `VVIP access can be granted for at most ${VVIP_MAX_YEARS} years at a time.`,
    );
  }
  const matches = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(2);
  const [user] = matches;
  if (!user) throw new AppError("NOT_FOUND", `Nobody has an account with the email ${input.email}.`);
  if (matches.length > 1) {
    // The same address at two identity providers: granting to either would be a guess.
    throw new AppError(
      "CONFLICT",
      `More than one account uses ${input.email}; grant from the user's record instead.`,
    );
  }
  const id = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(vvipGrants)
      .values({ userId: user.id, reason: input.reason, endsAt: input.endsAt, grantedBy: admin.id })
      .returning();
    if (!row) throw new AppError("CONFLICT", "Could not save the grant.");
    announce(deps, user.id);
    noteChange({ objectType: "vvip-grant", objectId: row.id, before: null, after: grantSnapshot(row) });
    return row.id;
  });
  return grantView(deps, id);
}

/** Ends a grant now. The grant stays in the list, with who revoked it, when and why. */
export async function revokeVvip(
  deps: ServiceDeps,
  admin: SessionUser,
  input: z.output<typeof revokeVvipInput>,
): Promise<VvipGrantView> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [grant] = await tx.select().from(vvipGrants).where(eq(vvipGrants.id, input.grantId)).for("update");
    if (!grant) throw new AppError("NOT_FOUND", "There is no such VVIP grant.");
    if (grant.revokedAt) throw new AppError("CONFLICT", "This grant has already been revoked.");
    if (grant.endsAt.getTime() <= Date.now()) throw new AppError("CONFLICT", "This grant has already ended.");
    const [revoked] = await tx
      .update(vvipGrants)
      .set({ revokedAt: new Date(), revokedBy: admin.id, revokeReason: input.reason })
      .where(and(eq(vvipGrants.id, grant.id), isNull(vvipGrants.revokedAt)))
      .returning();
    announce(deps, grant.userId);
    noteChange({
      objectType: "vvip-grant",
      objectId: grant.id,
      before: grantSnapshot(grant),
      after: revoked ? grantSnapshot(revoked) : null,
    });
  });
  return grantView(deps, input.grantId);
}

async function grantView(deps: ServiceDeps, grantId: string): Promise<VvipGrantView> {
  const [view] = await queryGrants(deps.db, grantId);
  if (!view) throw new AppError("NOT_FOUND", "There is no such VVIP grant.");
  return view;
}

/** When the user's VVIP grant in force ends (the latest of them), or null. */
export async function vvipGrantEndsAt({ db }: ServiceDeps, userId: string): Promise<Date | null> {
  track(entitlementsTopic(userId));
  const [row] = await db
    .select({ endsAt: sql<Date | null>`max(${vvipGrants.endsAt})` })
    .from(vvipGrants)
    .where(
      and(eq(vvipGrants.userId, userId), isNull(vvipGrants.revokedAt), sql`${vvipGrants.endsAt} > now()`),
    );
  const endsAt = row?.endsAt;
  return endsAt ? new Date(endsAt) : null;
}
