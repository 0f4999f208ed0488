// The Rules tab: every reward rule in its group, what it is worth now against its default, and a
// dialog that changes it after showing what the change would have granted over the last week.
import { STREAK_MILESTONES, type XpSource } from "@litverse/shared/rewards";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { RuleDialog, type RuleRow } from "./admin-rule-dialog.tsx";
import { ruleLabel, XP_SOURCE_UNITS } from "./reward-labels.ts";
import { useRewardRules } from "./use-reward-rules.ts";

const GROUPS: Array<{ kind: RuleRow["kind"]; title: string; text: string }> = [
  {
    kind: "checkin",
    title: "Daily check-in",
    text: "Bonus coins for each day of the 7-day cycle. Missing a day starts the cycle again.",
  },
  {
    kind: "streak",
    title: "Streak milestones",
    text: `Bonus coins on reaching a streak of ${STREAK_MILESTONES.join(", ")} days.`,
  },
  {
    kind: "league",
    title: "League prizes",
    text: "Bonus coins for the top three of each league group when the week ends (with XP above 0).",
  },
  {
    kind: "xp",
    title: "XP",
    text: "XP per unit of verified activity, up to a cap per person and day (their own day).",
  },
];

export function RulesTab() {
  const rules = useRewardRules();
  const [editing, setEditing] = useState<RuleRow | null>(null);
  if (rules.isError && !rules.data) {
    return (
      <ErrorState title="Could not load the rules" error={rules.error} onRetry={() => void rules.refetch()} />
    );
  }
  if (!rules.data) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading the rules">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  return (
    <div className="space-y-8">
      {GROUPS.map((group) => {
        const rows = rules.data.filter((rule) => rule.kind === group.kind);
        const isXp = group.kind === "xp";
        return (
          <section key={group.kind} aria-labelledby={`rules-${group.kind}`} className="space-y-2">
            <h2 id={`rules-${group.kind}`} className="text-lg font-semibold">
              {group.title}
            </h2>
            <p className="text-sm text-muted-foreground">{group.text}</p>
            <Table>
              <THead>
                <tr>
                  <TH>Rule</TH>
                  <TH className="text-right">{isXp ? "XP each" : "Coins"}</TH>
                  {isXp ? <TH className="text-right">Cap a day</TH> : null}
                  <TH>
                    <span className="sr-only">Change</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {rows.map((rule) => {
                  const isChanged =
                    rule.amount !== rule.defaultAmount || (isXp && rule.dailyCap !== rule.defaultDailyCap);
                  return (
                    <TR key={rule.key} data-testid="rule-row" data-rule={rule.key}>
                      <TD wrap>
                        <span className="font-medium">{ruleLabel(rule.key)}</span>
                        {isXp ? (
                          <span className="block text-xs text-muted-foreground">
                            per {XP_SOURCE_UNITS[rule.key.slice(3) as XpSource]}
                          </span>
                        ) : null}
                        {isChanged ? (
                          <Badge variant="brand" className="mt-1">
                            Default {rule.defaultAmount}
                            {isXp ? `, cap ${rule.defaultDailyCap}` : ""}
                          </Badge>
                        ) : null}
                      </TD>
                      <TD className="text-right font-semibold tabular-nums">{rule.amount}</TD>
                      {isXp ? <TD className="text-right tabular-nums">{rule.dailyCap}</TD> : null}
                      <TD className="w-0 text-right">
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setEditing(rule)}
                          aria-label={`Change ${ruleLabel(rule.key)}`}
                        >
                          <Pencil aria-hidden />
                          <span className="max-sm:sr-only">Change</span>
                        </Button>
                      </TD>
                    </TR>
                  );
                })}
              </TBody>
            </Table>
          </section>
        );
      })}
      <RuleDialog rule={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
