// The Grants tab: every bonus-coin grant of a reward rule, newest first, filterable by status, and
// revocable with a reason (a reversal in the ledger; refused once the coins are spent).
import type { RewardGrantView, RewardRuleKey } from "@litverse/shared/rewards";
import { Coins } from "lucide-react";
import { useState } from "react";
import { PagedListStates } from "../../components/paged-list/list-parts.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { ReasonDialog } from "../../components/ui/reason-dialog.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { ruleLabel } from "./reward-labels.ts";
import { type GrantStatusFilter, useRevokeGrant, useRewardGrants } from "./use-reward-grants.ts";

const STATUS_ITEMS: Array<{ value: GrantStatusFilter; label: string }> = [
  { value: "all", label: "All grants" },
  { value: "active", label: "Active" },
  { value: "revoked", label: "Revoked" },
];

const personOf = (grant: RewardGrantView) => grant.user.name ?? grant.user.email ?? "Deleted account";

export function GrantsTab() {
  const [status, setStatus] = useState<GrantStatusFilter>("all");
  const { first, list } = useRewardGrants(status);
  const revoke = useRevokeGrant();
  const [revoking, setRevoking] = useState<RewardGrantView | null>(null);

  return (
    <div className="space-y-4">
      <NativeSelect
        items={STATUS_ITEMS}
        value={status}
        onValueChange={(value) => setStatus(value as GrantStatusFilter)}
        aria-label="Status"
        className="sm:w-44"
      />
      <PagedListStates
        first={first}
        list={list}
        what="grants"
        empty={
          <EmptyState
            as="h3"
            icon={Coins}
            title={status === "all" ? "No coins granted yet" : "No grant matches"}
            text={
              status === "all"
                ? "Check-in, streak and league coins will show here as people earn them."
                : "Try another status."
            }
          />
        }
      >
        <Table caption="Grants">
          <THead>
            <tr>
              <TH>Grant</TH>
              <TH className="text-right">Coins</TH>
            </tr>
          </THead>
          <TBody>
            {list.items.map((grant) => (
              <TR key={grant.id} data-testid="grant-row" data-status={grant.revokedAt ? "revoked" : "active"}>
                <TD wrap>
                  <span className="block font-medium break-words">{personOf(grant)}</span>
                  <span className="block text-sm">
                    {ruleLabel(grant.ruleKey as RewardRuleKey)} · {grant.period}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {formatDateTime(grant.createdAt)}
                    {grant.user.name && grant.user.email ? ` · ${grant.user.email}` : ""}
                  </span>
                  {grant.revokedAt ? (
                    <span className="mt-1 block text-xs text-muted-foreground">
                      Revoked {formatDateTime(grant.revokedAt)}: {grant.revokeReason}
                    </span>
                  ) : null}
                </TD>
                <TD className="w-0 text-right align-top">
                  <span className="block font-medium tabular-nums">{grant.coins}</span>
                  {grant.revokedAt ? (
                    <Badge variant="danger" className="mt-1">
                      Revoked
                    </Badge>
                  ) : (
                    <div className="mt-2">
                      <Button variant="secondary" size="sm" onClick={() => setRevoking(grant)}>
                        Revoke
                      </Button>
                    </div>
                  )}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </PagedListStates>
      <ReasonDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this grant?"
        description={
          revoking
            ? `${revoking.coins} bonus coins leave ${personOf(revoking)}'s wallet through a reversal in the ledger. If they have spent them, the grant cannot be revoked.`
            : ""
        }
        confirmLabel="Revoke grant"
        reasonHint="Kept with the grant and in the ledger's reversal."
        failureMessage="Could not revoke it. Please try again."
        onConfirm={async (reason) => {
          if (!revoking) return;
          await revoke(revoking, reason);
        }}
      />
    </div>
  );
}
