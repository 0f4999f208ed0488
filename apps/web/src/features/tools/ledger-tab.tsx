// The Ledger check tab: the coin ledger's invariants checked against the whole database, on asking
// (after saying what the check does), and its report: what it counted and every violation by rule.
import type { LedgerCheckReport } from "@litverse/shared/admin-tools";
import { CircleCheck, Scale, ShieldCheck, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { countOf, formatTook, VIOLATIONS_PER_RULE, violationsByRule } from "./operations-values.ts";
import { useLedgerCheck } from "./use-ledger-check.ts";
import { useCanManageTools } from "./use-tools-access.ts";

export function LedgerTab() {
  const { report, run, isRunning } = useLedgerCheck();
  const canManage = useCanManageTools();
  const [isAsking, setIsAsking] = useState(false);

  return (
    <div className="space-y-4">
      <Card className="p-5">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="max-w-3xl space-y-2">
            <h2 className="text-lg font-semibold">Coin ledger check</h2>
            <p className="text-sm text-muted-foreground">
              Checks the coin ledger&apos;s rules against the whole database: each entry&apos;s postings sum
              to zero, no wallet goes below zero, every balance is the sum of its postings, bonus coins are
              granted, spent and expired once, each paid purchase is credited once and each refund taken back,
              and coin unlocks are revoked exactly when their payment is reversed.
            </p>
            <p className="text-sm text-muted-foreground">
              It changes nothing. It is the same check as <code className="font-mono">ledger:check</code> on
              the command line, and each run is recorded in the audit trail.
            </p>
          </div>
          {canManage ? (
            <Button className="shrink-0 self-start" isLoading={isRunning} onClick={() => setIsAsking(true)}>
              <ShieldCheck aria-hidden />
              Run the ledger check
            </Button>
          ) : (
            <p className="shrink-0 text-sm text-muted-foreground lg:max-w-56">
              Running it needs the tools permission to manage.
            </p>
          )}
        </div>
      </Card>

      {report ? (
        <LedgerReport report={report} />
      ) : (
        <EmptyState
          as="h2"
          icon={Scale}
          title="Not checked during this visit"
          text="Run the check to see what it counted, and anything that breaks the ledger's rules."
        />
      )}

      <ConfirmDialog
        open={isAsking}
        onOpenChange={setIsAsking}
        variant="primary"
        title="Run the ledger check?"
        description="It reads every ledger entry, posting and wallet balance, and every coin payment and unlock, and checks them against the ledger's rules. It changes nothing. On a large ledger it can take up to a minute; the report shows here when it is done."
        confirmLabel="Run the check"
        cancelLabel="Not now"
        onConfirm={run}
        errorFallback="The ledger check could not run."
      />
    </div>
  );
}

function LedgerReport({ report }: { report: LedgerCheckReport }) {
  const isClean = report.violations.length === 0;
  const groups = violationsByRule(report.violations);
  return (
    <section aria-labelledby="ledger-report-heading" className="space-y-4" data-testid="ledger-report">
      <div
        role="status"
        className={cn(
          "flex items-start gap-3 rounded-2xl border p-4 sm:p-5",
          isClean
            ? "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-400/20 dark:bg-emerald-400/10 dark:text-emerald-100"
            : "border-rose-200 bg-rose-50 text-rose-900 dark:border-rose-400/20 dark:bg-rose-400/10 dark:text-rose-100",
        )}
      >
        {isClean ? (
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
        ) : (
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
        )}
        <div>
          <h2 id="ledger-report-heading" className="font-semibold">
            {isClean
              ? "The ledger is consistent"
              : `${countOf(report.violations.length, "violation", "violations")} of ${countOf(groups.length, "rule", "rules")}`}
          </h2>
          <p className="text-sm opacity-90">
            Checked {formatDateTime(report.checkedAt)} in {formatTook(report.tookMs)}.
          </p>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Entries" value={report.entries.toLocaleString("en-US")} />
        <Stat label="Postings" value={report.postings.toLocaleString("en-US")} />
        <Stat label="Wallets" value={report.wallets.toLocaleString("en-US")} />
        <Stat label="Violations" value={report.violations.length.toLocaleString("en-US")} />
      </div>

      {groups.length > 0 ? (
        <Card className="divide-y divide-[var(--border)] p-0">
          {groups.map((group) => (
            <section key={group.rule} className="space-y-2 p-4 sm:p-5" data-testid="ledger-violation-rule">
              <h3 className="font-semibold">
                {group.rule[0]?.toUpperCase()}
                {group.rule.slice(1)}
              </h3>
              <ul className="space-y-1 text-sm">
                {group.details.map((detail) => (
                  <li key={detail} className="font-mono text-xs [overflow-wrap:anywhere]">
                    {detail}
                  </li>
                ))}
              </ul>
              {group.details.length >= VIOLATIONS_PER_RULE ? (
                <p className="text-xs text-muted-foreground">
                  The check lists at most {VIOLATIONS_PER_RULE} for one rule; there may be more.
                </p>
              ) : null}
            </section>
          ))}
        </Card>
      ) : null}
    </section>
  );
}
