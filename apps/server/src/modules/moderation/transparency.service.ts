// Transparency: what was reported and noticed in a period, what was decided (by people or
// automatically), how fast, and what became of appeals; and the statements of reasons in the
// fields of the EU's DSA Transparency Database, for its CSV upload.
import {
  type CommunityRule,
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationKind,
  REPORT_CATEGORIES,
  type TransparencyReport,
} from "@litverse/shared/moderation";
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { moderationItems, reports } from "../reports/schema.ts";
import { moderationAppeals, moderationDecisions } from "./schema.ts";

interface Period {
  from: string;
  to: string;
}

/** The period's bounds: from the start of `from` to the end of `to` (UTC days). */
function bounds(period: Period) {
  const start = new Date(`${period.from}T00:00:00Z`);
  const end = new Date(new Date(`${period.to}T00:00:00Z`).getTime() + 86_400_000);
  return { start, end };
}

export async function getTransparencyReport(db: Executor, period: Period): Promise<TransparencyReport> {
  const { start, end } = bounds(period);
  const inPeriod = (column: Parameters<typeof gte>[0]) => and(gte(column, start), lt(column, end));
  const isNotice = sql`${reports.source} = 'notice'`;
  const [byCategory, byKind, decisions, autoHidden, median, appeals] = await Promise.all([
    db
      .select({
        category: reports.category,
        reports: sql<number>`(count(*) filter (where not ${isNotice}))::int`,
        notices: sql<number>`(count(*) filter (where ${isNotice}))::int`,
      })
      .from(reports)
      .where(inPeriod(reports.createdAt))
      .groupBy(reports.category),
    db
      .select({
        kind: reports.targetKind,
        reports: sql<number>`(count(*) filter (where not ${isNotice}))::int`,
        notices: sql<number>`(count(*) filter (where ${isNotice}))::int`,
      })
      .from(reports)
      .where(inPeriod(reports.createdAt))
      .groupBy(reports.targetKind),
    db
      .select({
        action: moderationDecisions.action,
        isAutomated: moderationDecisions.isAutomated,
        n: count(),
      })
      .from(moderationDecisions)
      .where(inPeriod(moderationDecisions.decidedAt))
      .groupBy(moderationDecisions.action, moderationDecisions.isAutomated),
    // Items hidden at once when their reports crossed a threshold: automated hiding.
    db.select({ n: count() }).from(moderationItems).where(inPeriod(moderationItems.autoHiddenAt)),
    db
      .select({
        hours: sql<number | null>`percentile_cont(0.5) within group (order by
          extract(epoch from ${moderationDecisions.decidedAt} - ${moderationItems.firstReportedAt}) / 3600)`,
      })
      .from(moderationDecisions)
      .innerJoin(moderationItems, eq(moderationItems.id, moderationDecisions.itemId))
      .where(and(inPeriod(moderationDecisions.decidedAt), eq(moderationDecisions.isAutomated, false))),
    db
      .select({ state: moderationAppeals.state, n: count() })
      .from(moderationAppeals)
      .where(inPeriod(moderationAppeals.createdAt))
      .groupBy(moderationAppeals.state),
  ]);
  const counted = (action: ModerationAction, automated: boolean) =>
    decisions.find((row) => row.action === action && row.isAutomated === automated)?.n ?? 0;
  const appealsIn = (state: string) => appeals.find((row) => row.state === state)?.n ?? 0;
  return {
    from: period.from,
    to: period.to,
    reportsByCategory: REPORT_CATEGORIES.map((category) => {
      const row = byCategory.find((entry) => entry.category === category);
      return { category, reports: row?.reports ?? 0, notices: row?.notices ?? 0 };
    }).filter((row) => row.reports + row.notices > 0),
    reportsByKind: byKind
      .map((row) => ({ kind: row.kind as ModerationKind, reports: row.reports, notices: row.notices }))
      .sort((a, b) => b.reports + b.notices - (a.reports + a.notices)),
    decisionsByAction: MODERATION_ACTIONS.map((action) => ({
      action,
      automated: counted(action, true) + (action === "hide" ? (autoHidden[0]?.n ?? 0) : 0),
      human: counted(action, false),
    })).filter((row) => row.automated + row.human > 0),
    medianHoursToDecision:
      median[0]?.hours === null || median[0]?.hours === undefined
        ? null
        : Math.round(Number(median[0].hours) * 10) / 10,
    appeals: {
      received: appeals.reduce((sum, row) => sum + row.n, 0),
      upheld: appealsIn("upheld"),
      rejected: appealsIn("rejected"),
      pending: appealsIn("pending"),
    },
  };
}

const VISIBILITY: Partial<Record<ModerationAction, string>> = {
  hide: "DECISION_VISIBILITY_CONTENT_DISABLED",
  remove: "DECISION_VISIBILITY_CONTENT_REMOVED",
};
const STATEMENT_CATEGORY: Record<CommunityRule, string> = {
  illegal_content: "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH",
  child_safety: "STATEMENT_CATEGORY_PROTECTION_OF_MINORS",
  self_harm: "STATEMENT_CATEGORY_SELF_HARM",
  violence: "STATEMENT_CATEGORY_VIOLENCE",
  harassment: "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH",
  hate: "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH",
  sexual_content: "STATEMENT_CATEGORY_PORNOGRAPHY_OR_SEXUALIZED_CONTENT",
  misinformation: "STATEMENT_CATEGORY_NEGATIVE_EFFECTS_ON_CIVIC_DISCOURSE_OR_ELECTIONS",
  intellectual_property: "STATEMENT_CATEGORY_INTELLECTUAL_PROPERTY_INFRINGEMENTS",
  impersonation: "STATEMENT_CATEGORY_SCAMS_AND_FRAUD",
  spam: "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
  other: "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
};
const CONTENT_TYPE: Record<ModerationKind, string> = {
  profile: "CONTENT_TYPE_TEXT",
  profile_picture: "CONTENT_TYPE_IMAGE",
  message: "CONTENT_TYPE_TEXT",
  club_post: "CONTENT_TYPE_TEXT",
  club_poll: "CONTENT_TYPE_TEXT",
  reel: "CONTENT_TYPE_VIDEO",
  reel_comment: "CONTENT_TYPE_TEXT",
  story: "CONTENT_TYPE_TEXT",
  title: "CONTENT_TYPE_TEXT",
  ad: "CONTENT_TYPE_IMAGE",
  address: "CONTENT_TYPE_OTHER",
};

const COLUMNS = [
  "puid",
  "decision_visibility",
  "decision_monetary",
  "decision_provision",
  "decision_account",
  "account_type",
  "decision_ground",
  "illegal_content_legal_ground",
  "incompatible_content_ground",
  "category",
  "content_type",
  "automated_detection",
  "automated_decision",
  "source_type",
  "content_date",
  "application_date",
  "decision_facts",
] as const;

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Every decision against content or an account in the period (dismissals are not statements). */
export async function exportStatementsOfReasons(
  db: Executor,
  period: Period,
): Promise<{ csv: string; count: number }> {
  const { start, end } = bounds(period);
  const rows = await db
    .select({ decision: moderationDecisions, item: moderationItems })
    .from(moderationDecisions)
    .innerJoin(moderationItems, eq(moderationItems.id, moderationDecisions.itemId))
    .where(
      and(
        gte(moderationDecisions.decidedAt, start),
        lt(moderationDecisions.decidedAt, end),
        eq(moderationDecisions.isStrike, true),
      ),
    )
    .orderBy(moderationDecisions.decidedAt);
  const lines = rows.map(({ decision, item }) => {
    const isIllegal = decision.rule === "illegal_content" || decision.rule === "child_safety";
    const fields: Record<(typeof COLUMNS)[number], string> = {
      puid: decision.id,
      decision_visibility: VISIBILITY[decision.action] ?? "",
      decision_monetary: decision.action === "restrict_earning" ? "DECISION_MONETARY_SUSPENSION" : "",
      decision_provision: "",
      decision_account:
        decision.action === "suspend"
          ? "DECISION_ACCOUNT_SUSPENDED"
          : decision.action === "ban"
            ? "DECISION_ACCOUNT_TERMINATED"
            : "",
      account_type: "ACCOUNT_TYPE_PRIVATE",
      decision_ground: isIllegal ? "DECISION_GROUND_ILLEGAL_CONTENT" : "DECISION_GROUND_INCOMPATIBLE_CONTENT",
      illegal_content_legal_ground: isIllegal ? (decision.legalGround ?? "") : "",
      incompatible_content_ground: isIllegal ? "" : `Community rules: ${decision.rule ?? "other"}`,
      category: STATEMENT_CATEGORY[decision.rule ?? "other"],
      content_type: CONTENT_TYPE[item.kind],
      automated_detection: decision.isAutomated ? "Yes" : "No",
      automated_decision: decision.isAutomated
        ? "AUTOMATED_DECISION_FULLY"
        : "AUTOMATED_DECISION_NOT_AUTOMATED",
      source_type: item.hasNotice ? "SOURCE_ARTICLE_16" : "SOURCE_VOLUNTARY",
      content_date: item.firstReportedAt.toISOString().slice(0, 10),
      application_date: decision.decidedAt.toISOString().slice(0, 10),
      decision_facts: decision.explanation,
    };
    return COLUMNS.map((column) => csvCell(fields[column])).join(",");
  });
  return { csv: [COLUMNS.join(","), ...lines].join("\r\n"), count: rows.length };
}
