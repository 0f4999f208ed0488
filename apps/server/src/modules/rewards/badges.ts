// Badges: each counts one measure, and a tier is earned when the count reaches its threshold.
// Measures are kept per person as they change, and badges are evaluated right then, inside the
// transaction of the activity that moved the measure.
import { type BadgeMeasure, type BadgeView, DEFAULT_BADGES } from "@litverse/shared/rewards";
import type { createBadgeInput } from "@litverse/shared/rewards-inputs";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { badgeDefinitions, badgeMeasureMarks, badgeMeasures, earnedBadges } from "./schema.ts";
import { BADGE_DEFINITIONS_TOPIC, badgesTopic } from "./topics.ts";

/** Puts the default badges in place, leaving any already there as they are. Run at start-up. */
export async function ensureDefaultBadges(db: Executor): Promise<void> {
  await db
    .insert(badgeDefinitions)
    .values(DEFAULT_BADGES.map((badge) => ({ ...badge })))
    .onConflictDoNothing({ target: badgeDefinitions.key });
}

/**
 * Counts `key` (a title, a language, a night, …) towards a measure once: counting it again changes
 * nothing.
 */
export async function countTowards(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  measure: BadgeMeasure,
  key: string,
): Promise<void> {
  const [mark] = await tx
    .insert(badgeMeasureMarks)
    .values({ userId, measure, key })
    .onConflictDoNothing()
    .returning({ key: badgeMeasureMarks.key });
  if (!mark) return;
  const [row] = await tx
    .insert(badgeMeasures)
    .values({ userId, measure, value: 1 })
    .onConflictDoUpdate({
      target: [badgeMeasures.userId, badgeMeasures.measure],
      set: { value: sql`${badgeMeasures.value} + 1`, updatedAt: new Date() },
    })
    .returning({ value: badgeMeasures.value });
  await awardTiersReached(deps, tx, userId, measure, row?.value ?? 0);
}

/** Raises a measure that is a record rather than a count (the longest streak); never lowers it. */
export async function raiseMeasure(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  measure: BadgeMeasure,
  value: number,
): Promise<void> {
  const [row] = await tx
    .insert(badgeMeasures)
    .values({ userId, measure, value })
    .onConflictDoUpdate({
      target: [badgeMeasures.userId, badgeMeasures.measure],
      set: { value: sql`greatest(${badgeMeasures.value}, excluded.value)`, updatedAt: new Date() },
    })
    .returning({ value: badgeMeasures.value });
  await awardTiersReached(deps, tx, userId, measure, row?.value ?? 0);
}

/** Earns every tier whose threshold the value has reached; a tier is earned once, with its date. */
async function awardTiersReached(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  measure: BadgeMeasure,
  value: number,
): Promise<void> {
  const badges = await tx
    .select({ id: badgeDefinitions.id, thresholds: badgeDefinitions.thresholds })
    .from(badgeDefinitions)
    .where(and(eq(badgeDefinitions.measure, measure), eq(badgeDefinitions.isActive, true)));
  const reached = badges.flatMap((badge) =>
    badge.thresholds.flatMap((threshold, index) =>
      threshold <= value ? [{ userId, badgeId: badge.id, tier: index + 1 }] : [],
    ),
  );
  if (reached.length > 0) await tx.insert(earnedBadges).values(reached).onConflictDoNothing();
  deps.changes.changed(badgesTopic(userId));
}

/** Every active badge with the person's progress: earned tiers with their dates, and what is left. */
export async function listBadges(deps: ServiceDeps, viewer: SessionUser): Promise<BadgeView[]> {
  track(badgesTopic(viewer.id), BADGE_DEFINITIONS_TOPIC);
  const { db } = deps;
  const [definitions, measures, earned] = await Promise.all([
    db
      .select()
      .from(badgeDefinitions)
      .where(eq(badgeDefinitions.isActive, true))
      .orderBy(asc(badgeDefinitions.createdAt), asc(badgeDefinitions.key)),
    db
      .select({ measure: badgeMeasures.measure, value: badgeMeasures.value })
      .from(badgeMeasures)
      .where(eq(badgeMeasures.userId, viewer.id)),
    db
      .select({ badgeId: earnedBadges.badgeId, tier: earnedBadges.tier, earnedAt: earnedBadges.earnedAt })
      .from(earnedBadges)
      .where(eq(earnedBadges.userId, viewer.id)),
  ]);
  const progressOf = new Map(measures.map((row) => [row.measure, row.value]));
  const earnedAt = new Map(earned.map((row) => [`${row.badgeId}:${row.tier}`, row.earnedAt.toISOString()]));
  return definitions.map((badge) => {
    const tiers = badge.thresholds.map((threshold, index) => ({
      tier: index + 1,
      threshold,
      earnedAt: earnedAt.get(`${badge.id}:${index + 1}`) ?? null,
    }));
    const earnedTier = tiers.filter((tier) => tier.earnedAt !== null).at(-1)?.tier ?? 0;
    return {
      id: badge.id,
      key: badge.key,
      name: badge.name,
      description: badge.description,
      icon: badge.icon,
      measure: badge.measure,
      progress: progressOf.get(badge.measure) ?? 0,
      tiers,
      earnedTier,
      nextThreshold: tiers.find((tier) => tier.earnedAt === null)?.threshold ?? null,
    };
  });
}

/**
 * A new badge from one of the fixed measures. People who already meet a tier earn it at once, in
 * one statement per tier rather than one per person.
 */
export async function createBadge(
  deps: ServiceDeps,
  admin: SessionUser,
  input: z.output<typeof createBadgeInput>,
): Promise<{ badgeId: string }> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [badge] = await tx
      .insert(badgeDefinitions)
      .values({ ...input, createdBy: admin.id })
      .onConflictDoNothing({ target: badgeDefinitions.key })
      .returning();
    if (!badge) throw new AppError("CONFLICT", "A badge with this key already exists: choose another key.");
    const { id: _id, createdBy: _by, createdAt: _at, ...fields } = badge;
    noteChange({ objectType: "badge", objectId: badge.id, before: null, after: fields });
    for (const [index, threshold] of input.thresholds.entries()) {
      await tx
        .insert(earnedBadges)
        .select(
          tx
            .select({
              userId: badgeMeasures.userId,
              badgeId: sql`${badge.id}::uuid`.as("badge_id"),
              tier: sql`${index + 1}::smallint`.as("tier"),
              earnedAt: sql`now()`.as("earned_at"),
            })
            .from(badgeMeasures)
            .where(and(eq(badgeMeasures.measure, input.measure), gte(badgeMeasures.value, threshold))),
        )
        .onConflictDoNothing();
    }
    deps.changes.changed(BADGE_DEFINITIONS_TOPIC);
    return { badgeId: badge.id };
  });
}
