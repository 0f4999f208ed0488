// Deciding about a reported item: dismiss the reports, hide or remove the item, restrict what its
// author earns, warn, suspend or ban them. Every decision but a dismissal is a strike; each sends
// the author a statement of reasons and tells the reporters what became of their reports, and
// each is in the audit trail. Removed content is kept, hidden, until the appeal window ends.

import { randomBytes } from "node:crypto";
import {
  APPEAL_WINDOW_DAYS,
  COMMUNITY_RULE_LABELS,
  MODERATION_KIND_LABELS,
  type ModerationAction,
  type ModerationDecision,
} from "@litverse/shared/moderation";
import type { decideInput } from "@litverse/shared/moderation-inputs";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { mailModerationNotice } from "../mail/index.ts";
import { notify } from "../notifications/index.ts";
import { REPORTS_TOPIC } from "../reports/index.ts";
import { moderationItems, reporterStanding, reports } from "../reports/schema.ts";
import { restrictAccount } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { decisionsOf } from "./decision-views.ts";
import { announceVisibility } from "./hidden-announcements.ts";
import { loadItem } from "./queue.service.ts";
import { illegalContentNotices, moderationDecisions } from "./schema.ts";
import { decisionsTopic, MODERATION_TOPIC } from "./topics.ts";

type DecideInput = z.output<typeof decideInput>;
type ItemRow = typeof moderationItems.$inferSelect;

const DAY_MS = 86_400_000;

/** The page where an author appeals a decision without signing in. */
export const appealPath = (key: string) => `/appeal/${key}`;

/** What a decision means for the author, in a sentence of their statement of reasons. */
export function consequenceOf(
  action: ModerationAction,
  days: number | null,
  audience: string | null,
): string {
  switch (action) {
    case "dismiss":
      return "Nothing changes: the reports were not upheld.";
    case "hide":
      return audience === "minors"
        ? "It is no longer shown to readers under 18."
        : "It is no longer shown to anyone but you and the moderators.";
    case "remove":
      return "It has been removed. It is kept, hidden, until the time to appeal ends, then deleted.";
    case "restrict_earning":
      return "Your coin earnings and reward payouts are frozen until the decision is reversed.";
    case "warn":
      return "This is a warning: it counts as a strike on your account.";
    case "suspend":
      return `Your account is suspended for ${days} day${days === 1 ? "" : "s"}.`;
    case "ban":
      return "Your account is banned.";
  }
}

/** What the reporters are told became of their reports. */
function outcomeForReporters(action: ModerationAction): string {
  if (action === "dismiss") return "we looked at it and found no breach of our rules";
  if (action === "hide" || action === "remove") return "we agreed and took it down";
  return "we agreed and acted on the account responsible";
}

export async function decide(
  deps: ServiceDeps,
  moderator: SessionUser,
  input: DecideInput,
): Promise<ModerationDecision> {
  const item = await loadItem(deps.db, input.itemId);
  if (item.claimedBy && item.claimedBy !== moderator.id) {
    throw new AppError("CONFLICT", "Another moderator is on this item: ask them, or release it first.");
  }
  const actsOnAccount =
    input.action === "suspend" || input.action === "ban" || input.action === "restrict_earning";
  if ((actsOnAccount || input.action === "warn") && !item.authorId) {
    throw new AppError("BAD_REQUEST", "This item has no author left to act on.");
  }
  const appealKey = randomBytes(18).toString("base64url");
  // The account is restricted first, in its own transaction (ending sessions and sockets), so that
  // a refusal (the last superadmin, one's own account) leaves no decision behind. Its sign-in
  // refusal says how to appeal, since the person can no longer sign in to do it.
  if ((input.action === "suspend" || input.action === "ban") && item.authorId) {
    await restrictAccount(deps, moderator, item.authorId, {
      kind: input.action,
      days: input.suspendDays ?? 1,
      reason: `${input.explanation} To appeal: ${appealPath(appealKey)}`,
      hideContent: false,
    });
  }
  const { decisionId, reporters } = await deps.changes.inTransaction(deps.db, async (tx) => {
    const locked = await loadItem(tx, item.id, true);
    const now = new Date();
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        itemId: locked.id,
        authorId: locked.authorId,
        action: input.action,
        hiddenFrom: input.action === "hide" ? (input.audience ?? "everyone") : null,
        rule: input.action === "dismiss" ? null : (input.rule ?? null),
        legalGround: input.legalGround || null,
        explanation: input.explanation,
        suspendedDays: input.action === "suspend" ? (input.suspendDays ?? null) : null,
        isAutomated: false,
        isStrike: input.action !== "dismiss",
        decidedBy: moderator.id,
        decidedAt: now,
        appealableUntil: new Date(now.getTime() + APPEAL_WINDOW_DAYS * DAY_MS),
        appealKey,
      })
      .returning();
    if (!decision) throw new Error("A decision was not stored");
    await applyToItem(deps, tx, locked, input, now);
    if (input.action === "restrict_earning" && locked.authorId) {
      await tx.update(users).set({ earningsFrozenAt: now }).where(eq(users.id, locked.authorId));
    }
    const reporters = await settleReports(
      tx,
      locked.id,
      input.action === "dismiss" ? "dismissed" : "upheld",
      moderator.id,
      now,
    );
    await tx
      .update(illegalContentNotices)
      .set({ outcome: summaryOf(input.action, input.rule ?? null), decidedAt: now })
      .where(eq(illegalContentNotices.itemId, locked.id));
    noteChange({ objectType: "moderation-decision", objectId: decision.id, before: null, after: decision });
    deps.changes.changed(MODERATION_TOPIC, REPORTS_TOPIC);
    if (locked.authorId) deps.changes.changed(decisionsTopic(locked.authorId));
    return { decisionId: decision.id, reporters };
  });
  await sendStatements(deps, item, input, { decisionId, appealKey }, reporters);
  const [view] = await decisionsOf(deps.db, eq(moderationDecisions.id, decisionId));
  if (!view) throw new Error("A decision vanished after it was made");
  return view;
}

/** Hides, removes or shows the item again as the decision says, and marks it decided. */
async function applyToItem(deps: ServiceDeps, tx: Transaction, item: ItemRow, input: DecideInput, now: Date) {
  const shown = { hiddenFrom: null, autoHiddenAt: null, removedAt: null };
  const visibility =
    input.action === "dismiss"
      ? shown
      : input.action === "hide"
        ? { hiddenFrom: input.audience ?? "everyone", removedAt: null }
        : input.action === "remove"
          ? { hiddenFrom: "everyone" as const, removedAt: now }
          : {};
  const [after] = await tx
    .update(moderationItems)
    .set({
      ...visibility,
      state: "decided",
      decidedAt: now,
      openReports: 0,
      weight: 0,
      severity: 0,
      claimedBy: null,
      claimedAt: null,
    })
    .where(eq(moderationItems.id, item.id))
    .returning();
  noteChange({ objectType: "moderation-item", objectId: item.id, before: item, after });
  if (after?.hiddenFrom !== item.hiddenFrom || after?.removedAt !== item.removedAt)
    announceVisibility(deps, item);
}

/** Closes the item's open reports, and adds each to its reporter's standing. */
async function settleReports(
  tx: Transaction,
  itemId: string,
  status: "upheld" | "dismissed",
  moderatorId: string,
  now: Date,
): Promise<string[]> {
  const settled = await tx
    .update(reports)
    .set({ status, resolvedBy: moderatorId, resolvedAt: now })
    .where(and(eq(reports.itemId, itemId), eq(reports.status, "open")))
    .returning({ reporterId: reports.reporterId });
  const reporters = [...new Set(settled.flatMap((row) => (row.reporterId ? [row.reporterId] : [])))];
  if (reporters.length === 0) return [];
  const isUpheld = status === "upheld";
  await tx
    .insert(reporterStanding)
    .values(reporters.map((userId) => ({ userId, upheld: isUpheld ? 1 : 0, dismissed: isUpheld ? 0 : 1 })))
    .onConflictDoUpdate({
      target: reporterStanding.userId,
      set: {
        upheld: sql`${reporterStanding.upheld} + excluded.upheld`,
        dismissed: sql`${reporterStanding.dismissed} + excluded.dismissed`,
        updatedAt: now,
      },
    });
  return reporters;
}

/** A decision in a line, for reporters, notice senders and a person's own reports. */
export function summaryOf(action: ModerationAction, rule: string | null): string {
  const because =
    rule && rule in COMMUNITY_RULE_LABELS
      ? ` (${COMMUNITY_RULE_LABELS[rule as keyof typeof COMMUNITY_RULE_LABELS]})`
      : "";
  switch (action) {
    case "dismiss":
      return "No breach found: the content stays.";
    case "hide":
      return `Hidden${because}.`;
    case "remove":
      return `Removed${because}.`;
    case "restrict_earning":
      return `The author's earnings were frozen${because}.`;
    case "warn":
      return `The author was warned${because}.`;
    case "suspend":
      return `The author was suspended${because}.`;
    case "ban":
      return `The author was banned${because}.`;
  }
}

/** The author's statement of reasons, and the reporters' news of what became of their reports. */
async function sendStatements(
  deps: ServiceDeps,
  item: ItemRow,
  input: DecideInput,
  { decisionId, appealKey }: { decisionId: string; appealKey: string },
  reporters: string[],
) {
  const what = MODERATION_KIND_LABELS[item.kind].toLowerCase();
  if (item.authorId && input.action !== "dismiss") {
    const rule = input.rule ? COMMUNITY_RULE_LABELS[input.rule] : "our community rules";
    const statement = {
      title: `A decision about your ${what}`,
      body: `${consequenceOf(input.action, input.suspendDays ?? null, input.audience ?? null)} Rule: ${rule}. ${input.explanation} You can appeal within ${Math.round(APPEAL_WINDOW_DAYS / 30)} months.`,
      link: appealPath(appealKey),
    };
    const dedupeKey = `moderation-decision:${decisionId}`;
    await notify(deps, item.authorId, { kind: "system", ...statement, dedupeKey });
    await mailModerationNotice(deps, item.authorId, statement, dedupeKey);
  }
  for (const reporterId of reporters.filter((id) => id !== item.authorId)) {
    await notify(deps, reporterId, {
      kind: "system",
      title: "About your report",
      body: `You reported ${item.label.charAt(0).toLowerCase()}${item.label.slice(1)}: ${outcomeForReporters(input.action)}. Thank you for telling us.`,
      link: "/settings/safety",
      dedupeKey: `moderation-outcome:${decisionId}:${reporterId}`,
    });
  }
}

/** Whether a person has an earnings restriction still in force (not reversed by an appeal). */
export async function hasActiveEarningRestriction(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: moderationDecisions.id })
    .from(moderationDecisions)
    .where(
      and(
        eq(moderationDecisions.authorId, userId),
        eq(moderationDecisions.action, "restrict_earning"),
        sql`${moderationDecisions.reversedAt} is null`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
