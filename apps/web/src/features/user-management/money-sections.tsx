// The person's money: their coins (balance and latest ledger entries), what they bought, and
// their subscription.
import type { LedgerEntryKind, PlanTier, WalletEntry } from "@litverse/shared/coins";
import { type AdminPaymentRow, formatPrice, type PaymentStatus } from "@litverse/shared/payments";
import type { SubscriptionStatus } from "@litverse/shared/subscriptions";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount, formatDate, formatDateTime } from "../../lib/format.ts";
import { signedCoins } from "./person-values.ts";
import { NoneYet, SectionCard } from "./section-card.tsx";
import type { PersonRecordSent } from "./use-person.ts";

const ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = {
  purchase: "Purchase",
  grant: "Gift",
  unlock: "Unlock",
  expiry: "Expired",
  reversal: "Refund",
  ad_hold: "Ad budget",
  ad_spend: "Ad spend",
  ad_release: "Ad budget back",
};

export function CoinsSection({ coins }: { coins: PersonRecordSent["coins"] }) {
  return (
    <SectionCard title="Coins">
      <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="coin-balance">
        {formatCount(coins.total)} <span className="text-base font-medium text-muted-foreground">coins</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {formatCount(coins.purchased)} purchased · {formatCount(coins.bonus)} bonus
      </p>
      <h3 className="mt-4 text-sm font-semibold">Latest entries</h3>
      {coins.entries.length === 0 ? (
        <NoneYet>No coin activity yet.</NoneYet>
      ) : (
        <ul className="mt-1 divide-y divide-[var(--border)]">
          {coins.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function EntryRow({ entry }: { entry: WalletEntry }) {
  const amount = entry.purchased + entry.bonus;
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm">
      <span className="min-w-0">
        <span className={cn("block break-words", entry.reversed && "text-muted-foreground line-through")}>
          {entry.memo}
        </span>
        <span className="block text-xs text-muted-foreground">
          {ENTRY_KIND_LABELS[entry.kind]} · {formatDateTime(entry.createdAt)}
          {entry.reversed ? " · refunded" : ""}
        </span>
      </span>
      <span
        className={cn(
          "shrink-0 font-medium tabular-nums",
          amount > 0 ? "text-emerald-700 dark:text-emerald-300" : "text-foreground",
        )}
      >
        {signedCoins(amount)}
      </span>
    </li>
  );
}

const PAYMENT_LOOK: Record<PaymentStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: "Pending", variant: "warning" },
  paid: { label: "Paid", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
  canceled: { label: "Canceled", variant: "neutral" },
  refunded: { label: "Refunded", variant: "brand" },
};

function whatWasBought(payment: AdminPaymentRow): string {
  if (payment.purpose === "subscription") return payment.planName ?? "Subscription";
  const coins = `${formatCount(payment.coins)} coins${payment.bonusCoins > 0 ? ` + ${formatCount(payment.bonusCoins)} bonus` : ""}`;
  return payment.packageName ? `${payment.packageName} (${coins})` : coins;
}

export function PurchasesSection({ payments }: { payments: AdminPaymentRow[] }) {
  return (
    <SectionCard title="Purchases" description="The latest payments, newest first.">
      {payments.length === 0 ? (
        <NoneYet>No purchases.</NoneYet>
      ) : (
        <Table caption="Purchases">
          <THead>
            <TR>
              <TH>Date</TH>
              <TH>Package</TH>
              <TH className="text-right">Amount</TH>
              <TH>Status</TH>
            </TR>
          </THead>
          <TBody>
            {payments.map((payment) => {
              const look = PAYMENT_LOOK[payment.status];
              return (
                <TR key={payment.id}>
                  <TD>{formatDateTime(payment.paidAt ?? payment.createdAt)}</TD>
                  <TD wrap>{whatWasBought(payment)}</TD>
                  <TD className="text-right tabular-nums">
                    {formatPrice(payment.amountMinor, payment.currency)}
                  </TD>
                  <TD>
                    <Badge variant={look.variant}>{look.label}</Badge>
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      )}
    </SectionCard>
  );
}

const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: "Incomplete",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  expired: "Expired",
};
const TIER_LABELS: Record<PlanTier, string> = { premium: "Premium", vvip: "VVIP" };

export function SubscriptionSection({ subscription }: { subscription: PersonRecordSent["subscription"] }) {
  const current = subscription.subscription;
  return (
    <SectionCard title="Subscription">
      {current ? (
        <div className="space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{current.plan.name}</span>
            <Badge variant={current.plan.tier === "vvip" ? "vvip" : "premium"}>
              {TIER_LABELS[current.plan.tier]}
            </Badge>
          </p>
          <p>
            <span className="text-muted-foreground">Status: </span>
            {SUBSCRIPTION_STATUS_LABELS[current.status]}
            {current.isInForce ? "" : " (no access now)"}
          </p>
          {current.currentPeriodEnd ? (
            <p>
              <span className="text-muted-foreground">
                {current.cancelAtPeriodEnd || !current.isInForce ? "Ends: " : "Renews: "}
              </span>
              {formatDate(current.currentPeriodEnd)}
            </p>
          ) : null}
        </div>
      ) : (
        <NoneYet>None.</NoneYet>
      )}
      {subscription.vvipGrantEndsAt ? (
        <p className="mt-2 text-sm">
          <span className="text-muted-foreground">VVIP grant until: </span>
          {formatDate(subscription.vvipGrantEndsAt)}
        </p>
      ) : null}
    </SectionCard>
  );
}
