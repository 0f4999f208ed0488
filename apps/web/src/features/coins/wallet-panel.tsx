// The reader's coin wallet (shown on /coins/buy): the balance, each bonus lot with what is left of
// it and when it expires, and every coin movement, newest first. The balance and the first page of
// history are live; older entries load as the reader scrolls down to them.
import { BONUS_COIN_LIFETIME_DAYS, type LedgerEntryKind, type WalletEntry } from "@litverse/shared/coins";
import {
  Coins,
  Gift,
  History,
  Hourglass,
  LockOpen,
  type LucideIcon,
  Megaphone,
  ShoppingBag,
  Sparkles,
  Undo2,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { useCoinBalance } from "./use-coin-balance.ts";
import { useWalletFirstPage, useWalletHistory } from "./use-wallet.ts";
import {
  describeSplit,
  expiresIn,
  formatSignedCoins,
  type LotState,
  lotState,
  orderLots,
} from "./wallet-values.ts";

const coins = (value: number) => value.toLocaleString("en-US");

export function WalletPanel({ className }: { className?: string }) {
  return (
    <section
      aria-labelledby="wallet-heading"
      className={cn("space-y-4", className)}
      data-testid="wallet-panel"
    >
      <h2 id="wallet-heading" className="sr-only">
        Your wallet
      </h2>
      <BalanceCard />
      <BonusLots />
      <HistoryCard />
    </section>
  );
}

function BalanceCard() {
  const balance = useCoinBalance();
  const data = balance.data;
  return (
    <div
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-amber-400 via-amber-500 to-orange-500 p-5 text-amber-950 shadow-md sm:p-6 dark:from-amber-500/25 dark:via-amber-500/15 dark:to-orange-500/10 dark:text-amber-50 dark:ring-1 dark:ring-amber-400/25"
      data-testid="wallet-balance"
    >
      <Coins className="absolute -top-4 -right-4 size-32 opacity-15" aria-hidden />
      <p className="text-sm font-semibold tracking-wide uppercase opacity-80">Coin balance</p>
      {data ? (
        <>
          <p className="mt-1 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">
            {coins(data.total)}
            <span className="ml-2 text-lg font-semibold opacity-80">coins</span>
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-xl bg-white/30 px-3 py-2 dark:bg-white/5">
              <dt className="opacity-80">Purchased</dt>
              <dd className="text-lg font-semibold tabular-nums">{coins(data.purchased)}</dd>
            </div>
            <div className="rounded-xl bg-white/30 px-3 py-2 dark:bg-white/5">
              <dt className="opacity-80">Bonus</dt>
              <dd className="text-lg font-semibold tabular-nums">{coins(data.bonus)}</dd>
            </div>
          </dl>
          <p className="mt-3 text-xs opacity-80">
            Purchased coins never expire. Bonus coins expire {BONUS_COIN_LIFETIME_DAYS} days after earning and
            are spent first.
          </p>
        </>
      ) : balance.isError ? (
        <p className="mt-2 text-sm font-medium">
          Could not load your balance.{" "}
          <button type="button" className="underline" onClick={() => void balance.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <div role="status" aria-label="Loading your balance" className="mt-2 space-y-3">
          <p className="text-4xl font-bold opacity-60">Loading...</p>
          <div className="grid grid-cols-2 gap-3">
            <div className="h-14 rounded-xl bg-white/30 dark:bg-white/5" />
            <div className="h-14 rounded-xl bg-white/30 dark:bg-white/5" />
          </div>
        </div>
      )}
    </div>
  );
}

const LOT_LABELS: Record<LotState, string> = { active: "Active", used: "Used up", expired: "Expired" };

function BonusLots() {
  const wallet = useWalletFirstPage();
  const lots = wallet.data ? orderLots(wallet.data.bonusLots) : null;
  if (!lots || lots.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle as="h3">Bonus coins</CardTitle>
          <CardDescription>Each gift of bonus coins, what is left of it and when it expires.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2" aria-label="Bonus coin lots">
          {lots.map((lot) => {
            const state = lotState(lot);
            const isActive = state === "active";
            const share = lot.granted > 0 ? lot.remaining / lot.granted : 0;
            return (
              <li
                key={lot.id}
                data-testid="bonus-lot"
                data-state={state}
                className={cn(
                  "rounded-xl border border-border p-3",
                  isActive ? "bg-card" : "bg-muted/50 text-muted-foreground",
                )}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="font-semibold tabular-nums">
                    <span className={isActive ? "text-foreground" : undefined}>{coins(lot.remaining)}</span>
                    <span className="font-normal text-muted-foreground"> of {coins(lot.granted)} left</span>
                  </p>
                  {isActive ? (
                    <p className="text-sm">
                      <span className="font-medium">Expires {expiresIn(lot.expiresAt)}</span>
                      <span className="text-muted-foreground">
                        {" "}
                        · <time dateTime={lot.expiresAt}>{formatDateTime(lot.expiresAt)}</time>
                      </span>
                    </p>
                  ) : (
                    <p className="flex items-center gap-2 text-sm">
                      <Badge variant="neutral">{LOT_LABELS[state]}</Badge>
                      <time dateTime={lot.expiresAt}>
                        {state === "expired" ? "" : "Expires "}
                        {formatDate(lot.expiresAt)}
                      </time>
                    </p>
                  )}
                </div>
                <div
                  className="mt-2 h-1.5 overflow-hidden rounded-full bg-stone-200 dark:bg-white/10"
                  aria-hidden
                >
                  <div
                    className={cn("h-full rounded-full", isActive ? "bg-amber-500" : "bg-stone-400/60")}
                    style={{ width: `${Math.round(share * 100)}%` }}
                  />
                </div>
                <p className="mt-1.5 text-xs text-muted-foreground">
                  Received <time dateTime={lot.grantedAt}>{formatDate(lot.grantedAt)}</time>
                </p>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

const KIND_LOOK: Record<LedgerEntryKind, { icon: LucideIcon; label: string; tone: string }> = {
  purchase: {
    icon: ShoppingBag,
    label: "Purchase",
    tone: "bg-emerald-50 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300",
  },
  grant: {
    icon: Gift,
    label: "Gift",
    tone: "bg-amber-50 text-amber-700 dark:bg-amber-400/10 dark:text-amber-300",
  },
  unlock: {
    icon: LockOpen,
    label: "Unlock",
    tone: "bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100",
  },
  expiry: {
    icon: Hourglass,
    label: "Expired",
    tone: "bg-stone-100 text-stone-600 dark:bg-white/10 dark:text-stone-300",
  },
  reversal: {
    icon: Undo2,
    label: "Refund",
    tone: "bg-sky-50 text-sky-700 dark:bg-sky-400/10 dark:text-sky-300",
  },
  ad_hold: {
    icon: Megaphone,
    label: "Ad budget",
    tone: "bg-violet-50 text-violet-700 dark:bg-violet-400/10 dark:text-violet-300",
  },
  ad_spend: {
    icon: Megaphone,
    label: "Ad spend",
    tone: "bg-violet-50 text-violet-700 dark:bg-violet-400/10 dark:text-violet-300",
  },
  ad_release: {
    icon: Megaphone,
    label: "Ad budget back",
    tone: "bg-violet-50 text-violet-700 dark:bg-violet-400/10 dark:text-violet-300",
  },
};

function HistoryRow({ entry }: { entry: WalletEntry }) {
  const look = KIND_LOOK[entry.kind];
  const Icon = look.icon;
  const total = entry.purchased + entry.bonus;
  return (
    <li
      className="flex items-start gap-3 border-t border-border py-3 first:border-t-0"
      data-testid="wallet-entry"
      data-kind={entry.kind}
    >
      <span
        className={cn(
          "mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full",
          look.tone,
        )}
        title={look.label}
      >
        <Icon className="size-4" aria-hidden />
        <span className="sr-only">{look.label}</span>
      </span>
      <div className="min-w-0 flex-1">
        <p className={cn("font-medium break-words", entry.reversed && "text-muted-foreground")}>
          {entry.memo}
          {entry.reversed ? (
            <Badge variant="neutral" className="ml-2 align-middle">
              Refunded
            </Badge>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
            {formatDateTime(entry.createdAt)}
          </time>
          {" · "}
          {describeSplit(entry)}
        </p>
      </div>
      <p
        className={cn(
          "shrink-0 text-right font-semibold tabular-nums",
          total > 0 ? "text-emerald-700 dark:text-emerald-300" : "text-foreground",
          entry.reversed && "line-through decoration-1 opacity-60",
        )}
      >
        <span aria-hidden>{formatSignedCoins(total)}</span>
        <span className="sr-only">{`${total >= 0 ? "In" : "Out"}: ${Math.abs(total)} coins`}</span>
      </p>
    </li>
  );
}

function HistoryCard() {
  const { first, older, entries, hasMore, isLoadingMore, loadMore } = useWalletHistory();

  const sentinel = useRef<HTMLDivElement>(null);
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore) return;
    const observer = new IntersectionObserver(
      (found) => {
        if (found.some((item) => item.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore]);

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle as="h3">History</CardTitle>
          <CardDescription>Coins in and out of your wallet, newest first.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="pt-1 sm:pt-2">
        {first.isError && !first.data ? (
          <ErrorState
            title="Could not load your history"
            error={first.error}
            onRetry={() => void first.refetch()}
            isRetrying={first.isFetching}
          />
        ) : !first.data ? (
          <div role="status" aria-label="Loading your history" className="space-y-3">
            {[0, 1, 2, 3].map((key) => (
              <div key={key} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="flex-1 space-y-1.5">
                  <Skeleton className="h-4 w-3/5" />
                  <Skeleton className="h-3 w-2/5" />
                </div>
                <Skeleton className="h-4 w-10" />
              </div>
            ))}
          </div>
        ) : entries.length === 0 ? (
          <EmptyState
            as="h3"
            icon={Sparkles}
            title="No coin activity yet"
            text="Coins you buy, receive and spend will show here."
            className="border-0 py-8"
          />
        ) : (
          <>
            <ul aria-label="Wallet history">
              {entries.map((entry) => (
                <HistoryRow key={entry.id} entry={entry} />
              ))}
            </ul>
            <div ref={sentinel} />
            {older.isError ? (
              <p className="mt-3 text-center text-sm text-rose-600 dark:text-rose-400" role="alert">
                Could not load older entries.{" "}
                <button type="button" className="font-medium underline" onClick={() => void older.refetch()}>
                  Try again
                </button>
              </p>
            ) : hasMore ? (
              <div className="mt-3 flex justify-center">
                <Button variant="secondary" size="sm" isLoading={isLoadingMore} onClick={loadMore}>
                  <History aria-hidden />
                  Show older
                </Button>
              </div>
            ) : entries.length > 10 ? (
              <p className="mt-3 text-center text-xs text-muted-foreground">That is everything.</p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
