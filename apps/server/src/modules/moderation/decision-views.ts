// Decisions and appeals as the review page, the queue and the author's safety page show them.
import type { ModerationAppeal, ModerationDecision } from "@litverse/shared/moderation";
import { desc, eq, type SQL } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { moderationItems } from "../reports/schema.ts";
import { describeTargets } from "./describe.ts";
import { namesOf } from "./queue.service.ts";
import { moderationAppeals, moderationDecisions } from "./schema.ts";

type AppealRow = typeof moderationAppeals.$inferSelect;

/** Decisions matching `where`, newest first, with their items' targets and their appeals. */
export async function decisionsOf(
  db: Executor,
  where: SQL | undefined,
  limit = 50,
): Promise<ModerationDecision[]> {
  const rows = await db
    .select({ decision: moderationDecisions, item: moderationItems, appeal: moderationAppeals })
    .from(moderationDecisions)
    .innerJoin(moderationItems, eq(moderationItems.id, moderationDecisions.itemId))
    .leftJoin(moderationAppeals, eq(moderationAppeals.decisionId, moderationDecisions.id))
    .where(where)
    .orderBy(desc(moderationDecisions.decidedAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const [targets, names] = await Promise.all([
    describeTargets(
      db,
      rows.map((row) => row.item),
    ),
    namesOf(
      db,
      rows.flatMap((row) =>
        [row.decision.decidedBy, row.appeal?.decidedBy].filter((id): id is string => Boolean(id)),
      ),
    ),
  ]);
  return rows.map(({ decision, appeal }, index) => ({
    id: decision.id,
    itemId: decision.itemId,
    target: targets[index] as ModerationDecision["target"],
    action: decision.action,
    audience: decision.hiddenFrom,
    rule: decision.rule,
    legalGround: decision.legalGround,
    explanation: decision.explanation,
    suspendedDays: decision.suspendedDays,
    isAutomated: decision.isAutomated,
    isStrike: decision.isStrike,
    decidedBy: decision.decidedBy
      ? { id: decision.decidedBy, name: names.get(decision.decidedBy) ?? "A moderator" }
      : null,
    decidedAt: decision.decidedAt.toISOString(),
    appealableUntil: decision.appealableUntil.toISOString(),
    reversedAt: decision.reversedAt?.toISOString() ?? null,
    appeal: appeal ? toAppeal(appeal, names) : null,
  }));
}

export function toAppeal(row: AppealRow, names: Map<string, string>): ModerationAppeal {
  return {
    id: row.id,
    decisionId: row.decisionId,
    explanation: row.explanation,
    state: row.state,
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy ? { id: row.decidedBy, name: names.get(row.decidedBy) ?? "A moderator" } : null,
  };
}
