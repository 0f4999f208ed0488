// Bonus coins a reward rule grants, through the ledger, and what administrators do about abuse:
// see them, and revoke one with a reversal.
import type { RewardGrantPage, RewardRuleKey } from "@litverse/shared/rewards";
import type { listRewardGrantsInput, revokeRewardGrantInput } from "@litverse/shared/rewards-inputs";
import { and, desc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Transaction } from "../../core/db/client.ts";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { creditCoinsMany, reverseEntry } from "../coins/index.ts";
import { users } from "../users/schema.ts";
import { rewardGrants } from "./schema.ts";
import { REWARD_GRANTS_TOPIC, rewardsTopic } from "./topics.ts";

export interface RewardCredit {
  userId: string;
  ruleKey: RewardRuleKey;
  /**
   * Within the family, what makes the grant once-only: the person's local date for a check-in.
   * The family groups rules that share periods (every check-in day is one family).
   */
  family: string;
  period: string;
  coins: number;
  memo: string;
  grantedAt: Date;
}

/**
 * Credits bonus coins for a reward and records the grant. Returns the grant's id, or null when
 * there is nothing to grant (a rule worth 0) or it was granted before: the ledger's idempotency
 * key `reward:<family>:<period>` makes a retry grant nothing.
 */
export async function grantRewardCoins(
  deps: ServiceDeps,
  tx: Transaction,
  credit: RewardCredit,
): Promise<string | null> {
  const [grantId] = await grantRewardCoinsMany(deps, tx, [credit]);
  return grantId ?? null;
}

/** Of these credits' people, those whose earnings moderators froze: they are granted nothing. */
async function frozenEarners(tx: Transaction, credits: readonly RewardCredit[]): Promise<Set<string>> {
  const ids = [...new Set(credits.map((credit) => credit.userId))];
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.earningsFrozenAt)));
  return new Set(rows.map((row) => row.id));
}

/**
 * grantRewardCoins for many rewards at once (a league week's prizes), by the same rules, in a few
 * statements: one set-based ledger credit and one insert of the grants. The grant ids come back in
 * the order given, null where there was nothing to grant.
 */
export async function grantRewardCoinsMany(
  deps: ServiceDeps,
  tx: Transaction,
  credits: readonly RewardCredit[],
): Promise<(string | null)[]> {
  const frozen = await frozenEarners(tx, credits);
  const paying = credits.flatMap((credit, index) =>
    credit.coins > 0 && !frozen.has(credit.userId) ? [{ credit, index }] : [],
  );
  const entries = await creditCoinsMany(
    deps,
    tx,
    paying.map(({ credit }) => ({
      userId: credit.userId,
      kind: "grant",
      bonus: credit.coins,
      memo: credit.memo,
      idempotencyKey: `reward:${credit.family}:${credit.period}`,
      grantedAt: credit.grantedAt,
    })),
  );
  const granted = paying.flatMap(({ credit, index }, at) => {
    const entry = entries[at];
    return entry ? [{ credit, index, entryId: entry.id }] : [];
  });
  const grantIds: (string | null)[] = credits.map(() => null);
  if (granted.length === 0) return grantIds;
  const rows = await tx
    .insert(rewardGrants)
    .values(
      granted.map(({ credit, entryId }) => ({
        userId: credit.userId,
        ruleKey: credit.ruleKey,
        period: credit.period,
        coins: credit.coins,
        entryId,
        createdAt: credit.grantedAt,
      })),
    )
    .returning({ id: rewardGrants.id, entryId: rewardGrants.entryId });
  const grantOfEntry = new Map(rows.map((row) => [row.entryId, row.id]));
  for (const { index, entryId } of granted) {
    const grantId = grantOfEntry.get(entryId);
    // Stryker disable next-line StringLiteral: never thrown, since every entry credited gets its grant row in the insert just above
    if (!grantId) throw new AppError("CONFLICT", "Could not record the reward.");
    grantIds[index] = grantId;
  }
  deps.changes.changed(REWARD_GRANTS_TOPIC);
  return grantIds;
}

export async function listGrants(
  deps: ServiceDeps,
  input: z.output<typeof listRewardGrantsInput>,
): Promise<RewardGrantPage> {
  track(REWARD_GRANTS_TOPIC);
  const { db } = deps;
  const conditions: SQL[] = [];
  if (input.userId) conditions.push(eq(rewardGrants.userId, input.userId));
  if (input.status === "active") conditions.push(isNull(rewardGrants.revokedAt));
  if (input.status === "revoked") conditions.push(isNotNull(rewardGrants.revokedAt));
  if (input.cursor) conditions.push(olderThan(rewardGrants, decodeTimeCursor(input.cursor)));
  const rows = await db
    .select({
      grant: rewardGrants,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(rewardGrants)
    .innerJoin(users, eq(users.id, rewardGrants.userId))
    .where(and(...conditions))
    .orderBy(desc(rewardGrants.createdAt), desc(rewardGrants.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ grant, user }) => ({
      id: grant.id,
      user,
      ruleKey: grant.ruleKey,
      period: grant.period,
      coins: grant.coins,
      entryId: grant.entryId,
      createdAt: grant.createdAt.toISOString(),
      revokedAt: grant.revokedAt?.toISOString() ?? null,
      revokeReason: grant.revokeReason,
    })),
    nextCursor:
      last && rows.length > input.limit ? encodeTimeCursor(last.grant.createdAt, last.grant.id) : null,
  };
}

/** A grant as the audit trail keeps it. */
function grantSnapshot(row: typeof rewardGrants.$inferSelect) {
  return {
    userId: row.userId,
    ruleKey: row.ruleKey,
    period: row.period,
    coins: row.coins,
    entryId: row.entryId,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
    revokeReason: row.revokeReason,
    reversalEntryId: row.reversalEntryId,
  };
}

/**
 * Takes a grant's coins back with a reversal in the ledger, once: the grant's row is locked first,
 * so two administrators revoking at once cannot both reverse it. Refused when the coins have
 * since been spent (the ledger never lets a wallet go below zero).
 */
export async function revokeGrant(
  deps: ServiceDeps,
  admin: SessionUser,
  input: z.output<typeof revokeRewardGrantInput>,
): Promise<{ reversalEntryId: string }> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [grant] = await tx
      .select()
      .from(rewardGrants)
      .where(eq(rewardGrants.id, input.grantId))
      .for("update");
    if (!grant) throw new AppError("NOT_FOUND", "There is no such grant.");
    if (grant.revokedAt) throw new AppError("CONFLICT", "This grant has already been revoked.");
    const reversal = await reverseEntry(deps, tx, grant.entryId, {
      memo: `Reward revoked: ${input.reason}`,
      createdBy: admin.id,
    });
    const [revoked] = await tx
      .update(rewardGrants)
      .set({
        revokedAt: new Date(),
        revokedBy: admin.id,
        revokeReason: input.reason,
        reversalEntryId: reversal.id,
      })
      .where(eq(rewardGrants.id, grant.id))
      .returning();
    deps.changes.changed(REWARD_GRANTS_TOPIC, rewardsTopic(grant.userId));
    noteChange({
      objectType: "reward-grant",
      objectId: grant.id,
      before: grantSnapshot(grant),
      after: revoked ? grantSnapshot(revoked) : null,
    });
    return { reversalEntryId: reversal.id };
  });
}
