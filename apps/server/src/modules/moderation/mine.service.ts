// A person's own side of moderation: the reports they made and what became of them, and the
// decisions about their content, each with its statement of reasons and its appeal.
import type { ModerationDecision, MyReport } from "@litverse/shared/moderation";
import { and, desc, eq, sql } from "drizzle-orm";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { REPORTS_TOPIC } from "../reports/index.ts";
import { moderationItems, reports } from "../reports/schema.ts";
import { decisionsOf } from "./decision-views.ts";
import { summaryOf } from "./decisions.service.ts";
import { describeTargets } from "./describe.ts";
import { moderationDecisions } from "./schema.ts";
import { decisionsTopic } from "./topics.ts";

const MY_REPORTS_PAGE = 30;

export async function listMyReports(
  deps: ServiceDeps,
  user: SessionUser,
  input: { cursor?: string | null | undefined },
): Promise<{ reports: MyReport[]; nextCursor: string | null }> {
  track(REPORTS_TOPIC);
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  // The item's latest decision, for what became of a settled report.
  const latestDecision = sql<
    string | null
  >`(select ${moderationDecisions.action} || '|' || coalesce(${moderationDecisions.rule}, '')
    from ${moderationDecisions} where ${moderationDecisions.itemId} = ${reports.itemId}
    order by ${moderationDecisions.decidedAt} desc limit 1)`;
  const rows = await deps.db
    .select({ report: reports, item: moderationItems, decision: latestDecision })
    .from(reports)
    .innerJoin(moderationItems, eq(moderationItems.id, reports.itemId))
    .where(and(eq(reports.reporterId, user.id), after ? olderThan(reports, after) : undefined))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(MY_REPORTS_PAGE + 1);
  const page = rows.slice(0, MY_REPORTS_PAGE);
  const targets = await describeTargets(
    deps.db,
    page.map((row) => row.item),
  );
  const last = page.at(-1);
  return {
    reports: page.map(({ report, decision }, index) => {
      const [action, rule] = decision?.split("|") ?? [];
      return {
        id: report.id,
        target: {
          kind: report.targetKind,
          label: targets[index]?.label ?? "",
          link: targets[index]?.link ?? null,
        },
        category: report.category,
        details: report.details,
        createdAt: report.createdAt.toISOString(),
        status: report.status,
        outcome:
          report.status !== "open" && action
            ? summaryOf(action as Parameters<typeof summaryOf>[0], rule || null)
            : null,
      };
    }),
    nextCursor:
      rows.length > MY_REPORTS_PAGE && last ? encodeTimeCursor(last.report.createdAt, last.report.id) : null,
  };
}

/** The decisions against the person's content (dismissals are not about them), newest first. */
export async function listMyDecisions(deps: ServiceDeps, user: SessionUser): Promise<ModerationDecision[]> {
  track(decisionsTopic(user.id));
  return decisionsOf(
    deps.db,
    and(eq(moderationDecisions.authorId, user.id), eq(moderationDecisions.isStrike, true)),
  );
}
