// The Purchases tab: every payment, newest first, with a refund for paid coin purchases (the money
// back through the provider, the coins taken back by a reversal in the ledger).
import {
  type AdminPaymentRow,
  formatPrice,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "@litverse/shared/payments";
import { ReceiptText } from "lucide-react";
import { useState } from "react";
import { PagedListStates, SearchBox, useSearchQuery } from "../../components/paged-list/list-parts.tsx";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { ReasonDialog } from "../../components/ui/reason-dialog.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { usePayments, useRefundPayment } from "./use-purchases.ts";

const STATUS_LOOK: Record<PaymentStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: "Pending", variant: "warning" },
  paid: { label: "Paid", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
  canceled: { label: "Canceled", variant: "neutral" },
  refunded: { label: "Refunded", variant: "brand" },
};

const STATUS_ITEMS = [
  { value: "all", label: "All statuses" },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: STATUS_LOOK[status].label })),
];

function whatWasBought(payment: AdminPaymentRow): string {
  if (payment.purpose === "subscription") return payment.planName ?? "Subscription";
  const coins = `${payment.coins.toLocaleString("en-US")} coins${payment.bonusCoins > 0 ? ` + ${payment.bonusCoins.toLocaleString("en-US")} bonus` : ""}`;
  return payment.packageName ? `${payment.packageName} (${coins})` : coins;
}

export function PurchasesTab() {
  const [text, query, setText] = useSearchQuery();
  const [status, setStatus] = useState<"all" | PaymentStatus>("all");
  const { first, list } = usePayments(query, status);
  const refund = useRefundPayment();
  const [refunding, setRefunding] = useState<AdminPaymentRow | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox value={text} onChange={setText} label="Search by email, name or reference" />
        <NativeSelect
          items={STATUS_ITEMS}
          value={status}
          onValueChange={(value) => setStatus(value as "all" | PaymentStatus)}
          aria-label="Status"
          className="sm:w-44"
        />
      </div>
      <PagedListStates
        first={first}
        list={list}
        what="payments"
        empty={
          <EmptyState
            as="h3"
            icon={ReceiptText}
            title={query || status !== "all" ? "No payment matches" : "No payments yet"}
            text={
              query || status !== "all"
                ? "Try another search or status."
                : "Coin purchases and subscription payments will show here."
            }
          />
        }
      >
        <Table caption="Payments">
          <THead>
            <tr>
              <TH>Payment</TH>
              <TH className="text-right">Amount</TH>
            </tr>
          </THead>
          <TBody>
            {list.items.map((payment) => {
              const look = STATUS_LOOK[payment.status];
              const canRefund = payment.status === "paid" && payment.purpose === "coins";
              return (
                <TR key={payment.id} data-testid="payment-row" data-status={payment.status}>
                  <TD wrap>
                    <span className="block font-medium break-words">
                      {payment.user.name ?? payment.user.email ?? "Deleted account"}
                    </span>
                    <span className="block text-sm break-words">{whatWasBought(payment)}</span>
                    <span className="block text-xs text-muted-foreground">
                      {formatDateTime(payment.paidAt ?? payment.createdAt)}
                      {payment.user.name && payment.user.email ? ` · ${payment.user.email}` : ""}
                    </span>
                  </TD>
                  <TD className="w-0 text-right align-top">
                    <span className="block font-medium tabular-nums">
                      {formatPrice(payment.amountMinor, payment.currency)}
                    </span>
                    <Badge variant={look.variant} className="mt-1">
                      {look.label}
                    </Badge>
                    {canRefund ? (
                      <div className="mt-2">
                        <Button variant="secondary" size="sm" onClick={() => setRefunding(payment)}>
                          Refund
                        </Button>
                      </div>
                    ) : null}
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      </PagedListStates>
      <ReasonDialog
        open={refunding !== null}
        onOpenChange={(open) => {
          if (!open) setRefunding(null);
        }}
        title="Refund this purchase?"
        description={
          refunding
            ? `${formatPrice(refunding.amountMinor, refunding.currency)} goes back to ${refunding.user.name ?? refunding.user.email ?? "the buyer"}, and the ${whatWasBought(refunding)} leave their wallet. Coins already spent must be refunded first.`
            : ""
        }
        confirmLabel="Refund purchase"
        reasonHint="Kept with the refund for the audit trail."
        failureMessage="Could not refund it. Please try again."
        onConfirm={async (reason) => {
          if (!refunding) return;
          await refund(refunding.id, reason);
        }}
      />
    </div>
  );
}
