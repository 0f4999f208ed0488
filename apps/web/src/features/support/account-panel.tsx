// Beside a ticket: the person's wallet (by kind, with bonus lots), latest payments with the
// provider's status (re-check a pending one, refund a paid one), unlocks, subscription, and
// compensation coins. Live: the coins a re-check credits show here at once.

import type { AdminPaymentRow } from "@litverse/shared/payments";
import { formatPrice } from "@litverse/shared/payments";
import { COMPENSATION_MAX_COINS } from "@litverse/shared/support";
import { Coins, RefreshCw } from "lucide-react";
import { useState } from "react";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";
import { useGrantCompensation, usePaymentActions, useRequesterAccount } from "./use-requester-account.ts";

const RECHECKABLE = new Set(["pending", "failed", "canceled"]);

export function AccountPanel({ ticketId }: { ticketId: string }) {
  const account = useRequesterAccount(ticketId);
  if (account.isError) {
    return (
      <ErrorState
        title="Could not load the account"
        error={account.error}
        onRetry={() => void account.refetch()}
      />
    );
  }
  if (!account.data) return <Skeleton className="h-72 w-full" />;
  const { person, email, joinedAt, balance, bonusLots, payments, unlocks, subscription } = account.data;
  const liveLots = bonusLots.filter((lot) => !lot.expired && lot.remaining > 0);
  return (
    <section className="space-y-4 rounded-2xl border border-border bg-card p-4" aria-label="Account">
      <div className="flex items-center gap-3">
        <PersonAvatar person={person} size="md" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{person.name}</p>
          <p className="truncate text-xs text-muted-foreground">
            {email ?? "No email"} · joined {formatDate(joinedAt)}
          </p>
        </div>
      </div>
      <div>
        <h2 className="text-sm font-semibold">Wallet</h2>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="panel-balance">
          {formatCount(balance.total)} coins
        </p>
        <p className="text-xs text-muted-foreground">
          {formatCount(balance.purchased)} purchased · {formatCount(balance.bonus)} bonus in {liveLots.length}{" "}
          lot
          {liveLots.length === 1 ? "" : "s"}
          {liveLots[0] ? `, the next expiring ${formatDate(liveLots[0].expiresAt)}` : ""}
        </p>
      </div>
      <div>
        <h2 className="text-sm font-semibold">Subscription</h2>
        <p className="text-sm">
          {subscription.subscription
            ? `${subscription.subscription.plan.name}: ${subscription.subscription.status}`
            : "None"}
          {subscription.vvipGrantEndsAt ? ` · VVIP until ${formatDate(subscription.vvipGrantEndsAt)}` : ""}
        </p>
      </div>
      <div>
        <h2 className="text-sm font-semibold">Payments</h2>
        {payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">None</p>
        ) : (
          <ul className="mt-1 space-y-2">
            {payments.map((payment) => (
              <PaymentRow key={payment.id} ticketId={ticketId} payment={payment} />
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="text-sm font-semibold">Unlocks</h2>
        {unlocks.length === 0 ? (
          <p className="text-sm text-muted-foreground">None</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {unlocks.map((unlock) => (
              <li key={unlock._id} className="flex justify-between gap-2">
                <span className="truncate">
                  {unlock.content.title}, ep. {unlock.episode.number}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {unlock.revokedAt ? "refunded" : `${unlock.coins} coins`} · {formatDate(unlock.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <CompensationForm ticketId={ticketId} />
    </section>
  );
}

function PaymentRow({ ticketId, payment }: { ticketId: string; payment: AdminPaymentRow }) {
  const { recheck, isRechecking, refund, isRefundPending } = usePaymentActions(ticketId, payment.id);
  const [isRefunding, setIsRefunding] = useState(false);
  const [reason, setReason] = useState("");
  const variant =
    payment.status === "paid" ? "success" : payment.status === "pending" ? "warning" : "neutral";
  return (
    <li className="rounded-xl border border-border p-2.5 text-sm" data-testid="panel-payment">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">
          {formatPrice(payment.amountMinor, payment.currency)}
          <span className="font-normal text-muted-foreground">
            {payment.purpose === "coins"
              ? ` · ${formatCount(payment.coins + payment.bonusCoins)} coins`
              : ` · ${payment.planName ?? "plan"}`}
          </span>
        </span>
        <Badge variant={variant}>{payment.status}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {payment.provider} · {formatDate(payment.createdAt)}
        {payment.failureReason ? ` · ${payment.failureReason}` : ""}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {RECHECKABLE.has(payment.status) ? (
          <Button size="sm" variant="secondary" isLoading={isRechecking} onClick={recheck}>
            <RefreshCw aria-hidden /> Re-check with {payment.provider}
          </Button>
        ) : null}
        {payment.status === "paid" && payment.purpose === "coins" && !isRefunding ? (
          <Button size="sm" variant="ghost" onClick={() => setIsRefunding(true)}>
            Refund
          </Button>
        ) : null}
      </div>
      {isRefunding ? (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            refund(reason, () => setIsRefunding(false));
          }}
        >
          <Input
            aria-label="Reason for the refund"
            placeholder="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button size="sm" type="submit" variant="danger" isLoading={isRefundPending}>
            Refund
          </Button>
        </form>
      ) : null}
    </li>
  );
}

function CompensationForm({ ticketId }: { ticketId: string }) {
  const [coins, setCoins] = useState("");
  const [reason, setReason] = useState("");
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [message, setMessage] = useState<string | null>(null);
  const { grant, isGranting } = useGrantCompensation(ticketId);
  return (
    <form
      className="space-y-2 border-t border-border pt-4"
      aria-label="Compensation"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        grant(
          { coins: Number(coins), reason, requestId },
          {
            onGranted: () => {
              setCoins("");
              setReason("");
              setRequestId(crypto.randomUUID());
              setMessage("Granted.");
            },
            onFailed: setMessage,
          },
        );
      }}
    >
      <h2 className="flex items-center gap-1.5 text-sm font-semibold">
        <Coins className="size-4" aria-hidden /> Compensation
      </h2>
      <div className="flex gap-2">
        <Input
          aria-label="Bonus coins"
          type="number"
          min={1}
          max={COMPENSATION_MAX_COINS}
          placeholder="Coins"
          className="w-24"
          value={coins}
          onChange={(event) => setCoins(event.target.value)}
        />
        <Input
          aria-label="Reason"
          placeholder="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className="flex items-center gap-2">
        <Button
          size="sm"
          type="submit"
          variant="secondary"
          isLoading={isGranting}
          disabled={!coins || !reason.trim()}
        >
          Grant bonus coins
        </Button>
        {message ? (
          <span role="status" className="text-xs text-muted-foreground">
            {message}
          </span>
        ) : null}
      </div>
    </form>
  );
}
