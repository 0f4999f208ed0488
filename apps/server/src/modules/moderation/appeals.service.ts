// Appeals: an author may appeal a decision about their content once, within the window; a
// moderator other than the one who decided hears it. An upheld appeal restores the content and
// undoes the strike and its effects (earnings unfrozen, suspension or ban lifted).
import type { ModerationAppeal, ModerationDecision } from "@litverse/shared/moderation";
import { and, eq, type SQL } from "drizzle-orm";
import { noteChange } from "../../core/audit.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { createAdminNotification } from "../admin-notifications/index.ts";
import { mailModerationNotice } from "../mail/index.ts";
import { notify } from "../notifications/index.ts";
import { moderationItems } from "../reports/schema.ts";
import { liftRestriction } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { decisionsOf, toAppeal } from "./decision-views.ts";
import { hasActiveEarningRestriction } from "./decisions.service.ts";
import { announceVisibility } from "./hidden-announcements.ts";
import { namesOf } from "./queue.service.ts";
import { moderationAppeals, moderationDecisions } from "./schema.ts";
import { decisionsTopic, MODERATION_TOPIC } from "./topics.ts";

const NO_SUCH_DECISION = "No such decision about your content.";

/** The signed-in author's appeal of a decision about their content. */
export function appealDecision(
  deps: ServiceDeps,
  author: SessionUser,
  input: { decisionId: string; explanation: string },
): Promise<ModerationAppeal> {
  const mine = and(eq(moderationDecisions.id, input.decisionId), eq(moderationDecisions.authorId, author.id));
  return fileAppeal(deps, mine, input.explanation);
}

/** An appeal through the link in a decision's statement, for an author who cannot sign in. */
export function appealByKey(
  deps: ServiceDeps,
  input: { key: string; explanation: string },
): Promise<ModerationAppeal> {
  return fileAppeal(deps, eq(moderationDecisions.appealKey, input.key), input.explanation);
}

/** The decision behind an appeal link, with its appeal if there is one. */
export async function decisionByKey(deps: ServiceDeps, key: string): Promise<ModerationDecision> {
  const [decision] = await decisionsOf(deps.db, eq(moderationDecisions.appealKey, key), 1);
  if (!decision) throw new AppError("NOT_FOUND", NO_SUCH_DECISION);
  return decision;
}

async function fileAppeal(
  deps: ServiceDeps,
  which: SQL | undefined,
  explanation: string,
): Promise<ModerationAppeal> {
  const appeal = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [decision] = await tx.select().from(moderationDecisions).where(which).for("update");
    if (!decision?.authorId) throw new AppError("NOT_FOUND", NO_SUCH_DECISION);
    if (!decision.isStrike) throw new AppError("BAD_REQUEST", "Nothing was decided against you here.");
    if (decision.reversedAt) throw new AppError("CONFLICT", "This decision has already been reversed.");
    if (decision.appealableUntil.getTime() < Date.now()) {
      throw new AppError(
        "BAD_REQUEST",
        `The time to appeal this decision ended on ${decision.appealableUntil.toISOString().slice(0, 10)}.`,
      );
    }
    const [row] = await tx
      .insert(moderationAppeals)
      .values({ decisionId: decision.id, authorId: decision.authorId, explanation })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("CONFLICT", "You have already appealed this decision.");
    deps.changes.changed(MODERATION_TOPIC, decisionsTopic(decision.authorId));
    return row;
  });
  await createAdminNotification(deps, {
    kind: "report",
    title: "New appeal",
    body: "A decision was appealed; a moderator other than the one who made it should hear it.",
    link: "/admin/flagged-content?state=appealed",
  });
  return toAppeal(appeal, new Map());
}

export async function decideAppeal(
  deps: ServiceDeps,
  moderator: SessionUser,
  input: { appealId: string; outcome: "upheld" | "rejected"; reply: string },
): Promise<ModerationAppeal> {
  const { appeal, decision } = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [found] = await tx
      .select({ appeal: moderationAppeals, decision: moderationDecisions })
      .from(moderationAppeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
      .where(eq(moderationAppeals.id, input.appealId))
      .for("update");
    if (!found) throw new AppError("NOT_FOUND", "No such appeal.");
    if (found.appeal.state !== "pending")
      throw new AppError("CONFLICT", "This appeal has already been decided.");
    if (found.decision.decidedBy === moderator.id) {
      throw new AppError("FORBIDDEN", "A different moderator decides an appeal.");
    }
    const now = new Date();
    const [decided] = await tx
      .update(moderationAppeals)
      .set({ state: input.outcome, reply: input.reply, decidedBy: moderator.id, decidedAt: now })
      .where(eq(moderationAppeals.id, found.appeal.id))
      .returning();
    if (!decided) throw new Error("An appeal vanished while it was decided");
    noteChange({
      objectType: "moderation-appeal",
      objectId: decided.id,
      before: found.appeal,
      after: decided,
    });
    if (input.outcome === "upheld") {
      await tx
        .update(moderationDecisions)
        .set({ reversedAt: now })
        .where(eq(moderationDecisions.id, found.decision.id));
      // The content is shown again, and the item no longer counts as decided against its author.
      const [item] = await tx
        .update(moderationItems)
        .set({ hiddenFrom: null, autoHiddenAt: null, removedAt: null })
        .where(eq(moderationItems.id, found.decision.itemId))
        .returning();
      if (item) announceVisibility(deps, item);
      const authorId = found.decision.authorId;
      if (
        found.decision.action === "restrict_earning" &&
        authorId &&
        !(await hasActiveEarningRestriction(tx, authorId))
      ) {
        await tx.update(users).set({ earningsFrozenAt: null }).where(eq(users.id, authorId));
      }
    }
    deps.changes.changed(MODERATION_TOPIC);
    if (found.decision.authorId) deps.changes.changed(decisionsTopic(found.decision.authorId));
    return { appeal: decided, decision: found.decision };
  });
  // A suspension or a ban is lifted in its own transaction, as it ends sessions everywhere.
  if (
    input.outcome === "upheld" &&
    decision.authorId &&
    (decision.action === "suspend" || decision.action === "ban")
  ) {
    await liftRestriction(deps, moderator, decision.authorId);
  }
  if (decision.authorId) {
    const outcome = {
      title: input.outcome === "upheld" ? "Your appeal was upheld" : "Your appeal was not upheld",
      body:
        input.outcome === "upheld"
          ? `We reversed our decision and undid its effects. ${input.reply}`
          : `Our decision stands. ${input.reply}`,
      link: "/settings/safety",
    };
    const dedupeKey = `moderation-appeal:${appeal.id}`;
    await notify(deps, decision.authorId, { kind: "system", ...outcome, dedupeKey });
    await mailModerationNotice(deps, decision.authorId, outcome, dedupeKey);
  }
  return toAppeal(appeal, await namesOf(deps.db, [moderator.id]));
}
