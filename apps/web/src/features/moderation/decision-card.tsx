// A decision as it reads in a review's history and in the author's own statement of reasons: what
// was decided, under which rule, in whose words, and what became of its appeal.
import {
  COMMUNITY_RULE_LABELS,
  MODERATION_ACTION_LABELS,
  type ModerationAppeal,
  type ModerationDecision,
} from "@litverse/shared/moderation";
import { Bot } from "lucide-react";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { AUDIENCE_LABELS } from "./moderation-values.ts";

const APPEAL_BADGES: Record<ModerationAppeal["state"], { label: string; variant: BadgeVariant }> = {
  pending: { label: "Appeal waiting", variant: "brand" },
  upheld: { label: "Appeal upheld", variant: "success" },
  rejected: { label: "Appeal rejected", variant: "neutral" },
};

export function AppealBadge({ appeal }: { appeal: ModerationAppeal }) {
  const { label, variant } = APPEAL_BADGES[appeal.state];
  return <Badge variant={variant}>{label}</Badge>;
}

/** The action with its particulars: "Hide (from readers under 18)", "Suspend the author (7 days)". */
export function actionText(
  decision: Pick<ModerationDecision, "action" | "audience" | "suspendedDays">,
): string {
  const label = MODERATION_ACTION_LABELS[decision.action];
  if (decision.action === "hide" && decision.audience)
    return `${label} (from ${AUDIENCE_LABELS[decision.audience].toLowerCase()})`;
  if (decision.action === "suspend" && decision.suspendedDays) {
    return `${label} (${decision.suspendedDays} ${decision.suspendedDays === 1 ? "day" : "days"})`;
  }
  return label;
}

/** A decision in a review's lists: compact, for moderators. */
export function DecisionSummary({
  decision,
  showTarget = false,
}: {
  decision: ModerationDecision;
  showTarget?: boolean;
}) {
  return (
    <div className="space-y-1 text-sm" data-testid="decision">
      <p className="flex flex-wrap items-center gap-1.5">
        <span className="font-semibold">{actionText(decision)}</span>
        {decision.isAutomated ? (
          <Badge>
            <Bot aria-hidden />
            Automated
          </Badge>
        ) : null}
        {decision.reversedAt ? <Badge variant="success">Reversed</Badge> : null}
        {decision.appeal ? <AppealBadge appeal={decision.appeal} /> : null}
      </p>
      {showTarget ? <p className="text-muted-foreground">{decision.target.label}</p> : null}
      {decision.rule ? (
        <p>
          <span className="text-muted-foreground">Rule: </span>
          {COMMUNITY_RULE_LABELS[decision.rule]}
          {decision.legalGround ? (
            <span className="text-muted-foreground"> ({decision.legalGround})</span>
          ) : null}
        </p>
      ) : null}
      {decision.explanation ? (
        <p className="break-words whitespace-pre-line">{decision.explanation}</p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {decision.decidedBy
          ? decision.decidedBy.name
          : decision.isAutomated
            ? "Automatically"
            : "A moderator"}{" "}
        · {formatDateTime(decision.decidedAt)} · appealable until {formatDate(decision.appealableUntil)}
      </p>
    </div>
  );
}
