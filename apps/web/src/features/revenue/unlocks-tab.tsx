// The Unlocks tab: every episode unlock, newest first, with a refund for coin unlocks (the coins
// back to the reader's wallet, the episode locked again).
import type { AdminUnlockRow } from "@litverse/shared/unlocks";
import { LockOpen } from "lucide-react";
import { useState } from "react";
import { PagedListStates, SearchBox, useSearchQuery } from "../../components/paged-list/list-parts.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ReasonDialog } from "../../components/ui/reason-dialog.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useRefundUnlock, useUnlocks } from "./use-unlocks.ts";

const KIND_LABELS: Record<AdminUnlockRow["kind"], string> = {
  coins: "Coins",
  bulk: "All remaining",
  wait_free: "Wait for free",
  rental: "Rental",
};

const coins = (value: number) => `${value.toLocaleString("en-US")} coins`;

export function UnlocksTab() {
  const [text, query, setText] = useSearchQuery();
  const { first, list } = useUnlocks(query);
  const refund = useRefundUnlock();
  const [refunding, setRefunding] = useState<AdminUnlockRow | null>(null);

  return (
    <div className="space-y-4">
      <SearchBox value={text} onChange={setText} label="Search by email or title" />
      <PagedListStates
        first={first}
        list={list}
        what="unlocks"
        empty={
          <EmptyState
            as="h3"
            icon={LockOpen}
            title={query ? "No unlock matches" : "No unlocks yet"}
            text={
              query
                ? "Try another search."
                : "Episodes readers open with coins, rentals and wait-for-free will show here."
            }
          />
        }
      >
        <Table caption="Unlocks">
          <THead>
            <tr>
              <TH>Unlock</TH>
              <TH className="text-right">Coins</TH>
            </tr>
          </THead>
          <TBody>
            {list.items.map((unlock) => (
              <TR
                key={unlock._id}
                data-testid="unlock-row"
                data-refunded={unlock.revokedAt ? "true" : "false"}
              >
                <TD wrap>
                  <span className="block font-medium break-words">
                    {unlock.content.title}, episode {unlock.episode.number}
                  </span>
                  <span className="block text-sm break-words">
                    {unlock.user.name ?? unlock.user.email ?? "Deleted account"}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {formatDateTime(unlock.createdAt)} · {KIND_LABELS[unlock.kind]}
                  </span>
                </TD>
                <TD className="w-0 text-right align-top">
                  <span className="block font-medium tabular-nums">
                    {unlock.coins > 0 ? unlock.coins.toLocaleString("en-US") : "–"}
                  </span>
                  {unlock.episodesInEntry > 1 ? (
                    <span className="block text-xs text-muted-foreground">
                      for {unlock.episodesInEntry} episodes
                    </span>
                  ) : null}
                  {unlock.revokedAt ? (
                    <Badge variant="brand" className="mt-1">
                      Refunded
                    </Badge>
                  ) : null}
                  {unlock.isRefundable ? (
                    <div className="mt-2">
                      <Button variant="secondary" size="sm" onClick={() => setRefunding(unlock)}>
                        Refund
                      </Button>
                    </div>
                  ) : null}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </PagedListStates>
      <ReasonDialog
        open={refunding !== null}
        onOpenChange={(open) => {
          if (!open) setRefunding(null);
        }}
        title="Refund this unlock?"
        description={
          refunding
            ? `${coins(refunding.coins)} go back to ${refunding.user.name ?? refunding.user.email ?? "the reader"}'s wallet and ${
                refunding.episodesInEntry > 1
                  ? `the ${refunding.episodesInEntry} episodes bought together lock again`
                  : `“${refunding.content.title}”, episode ${refunding.episode.number}, locks again`
              }.`
            : ""
        }
        confirmLabel="Refund unlock"
        reasonHint="Kept with the refund for the audit trail."
        failureMessage="Could not refund it. Please try again."
        onConfirm={async (reason) => {
          if (!refunding) return;
          await refund(refunding._id, reason);
        }}
      />
    </div>
  );
}
