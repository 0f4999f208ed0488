// /coins/buy: the coin packages as cards, the one that covers what the reader is short of
// (`?need=`) picked out, and "Buy" straight to the provider's checkout. After paying, the reader
// lands on /subscription/verify, which goes back to `?returnTo=` (an episode, usually).
import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import { type CoinPackageView, formatPrice, packageCovering } from "@litverse/shared/payments";
import { Coins, Info, PackageOpen, Sparkles } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { parseNeed, parseReturnTo } from "./coins-buy-values.ts";
import { useCoinPackagesOnSale, useStartCoinCheckout } from "./use-buy-coins.ts";
import { useCoinBalance } from "./use-coin-balance.ts";
import { WalletPanel } from "./wallet-panel.tsx";

const coins = (value: number) => value.toLocaleString("en-US");

export function CoinsBuyPage() {
  useDocumentTitle("Buy Coins");
  const [params] = useSearchParams();
  const need = parseNeed(params.get("need"));
  const returnTo = parseReturnTo(params.get("returnTo"));
  const packages = useCoinPackagesOnSale();
  const balance = useCoinBalance();
  const startCheckout = useStartCoinCheckout();
  const [buyingId, setBuyingId] = useState<string | null>(null);
  const suggested = packageCovering(packages.data ?? [], need);

  const buy = async (pkg: CoinPackageView) => {
    setBuyingId(pkg.id);
    await startCheckout({ packageId: pkg.id, returnTo }, { onFailed: () => setBuyingId(null) });
  };

  return (
    <Page width="wide" className="py-8">
      <PageHeader
        title="Buy Coins"
        description="Coins unlock episodes. Pick a package; you pay on the payment provider's secure page."
        actions={
          balance.data ? (
            <p className="text-sm text-muted-foreground" data-testid="buy-balance">
              You have{" "}
              <span className="font-semibold text-foreground tabular-nums">{coins(balance.data.total)}</span>{" "}
              coins
            </p>
          ) : null
        }
      />

      {need ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-amber-300/60 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
        >
          You need <strong className="tabular-nums">{coins(need)}</strong> more coins to continue.
          {suggested ? " The highlighted package covers it." : null}
        </p>
      ) : null}

      <section aria-label="Coin packages" className="mt-6">
        {packages.isPending ? (
          <div
            role="status"
            aria-label="Loading coin packages"
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          >
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-64" />
            ))}
          </div>
        ) : packages.isError ? (
          <ErrorState
            error={packages.error}
            title="Could not load the coin packages"
            onRetry={() => void packages.refetch()}
            isRetrying={packages.isFetching}
          />
        ) : packages.data.length === 0 ? (
          <EmptyState
            icon={PackageOpen}
            title="No coin packages on sale right now"
            text="Please come back a little later."
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {packages.data.map((pkg) => (
              <li key={pkg.id}>
                <PackageCard
                  pkg={pkg}
                  isSuggested={pkg.id === suggested?.id}
                  isBuying={buyingId === pkg.id}
                  isDisabled={buyingId !== null}
                  onBuy={() => void buy(pkg)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="mt-6 flex items-start gap-2 text-sm text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Bonus coins expire {BONUS_COIN_LIFETIME_DAYS} days after they reach your wallet and are spent first.
          Purchased coins never expire.
        </span>
      </p>

      <WalletPanel className="mt-8" />
    </Page>
  );
}

function PackageCard({
  pkg,
  isSuggested,
  isBuying,
  isDisabled,
  onBuy,
}: {
  pkg: CoinPackageView;
  isSuggested: boolean;
  isBuying: boolean;
  isDisabled: boolean;
  onBuy: () => void;
}) {
  const price = formatPrice(pkg.priceMinor, pkg.currency);
  const titleId = `package-${pkg.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="coin-package"
      data-suggested={isSuggested || undefined}
      className={cn(
        "relative flex h-full flex-col rounded-2xl border bg-card p-5 shadow-sm transition",
        isSuggested
          ? "border-brand-500 ring-2 ring-brand-100 dark:border-brand-400 dark:ring-brand-700"
          : "border-border hover:border-stone-300 dark:hover:border-white/20",
      )}
    >
      {isSuggested ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-brand-600! text-white! shadow-sm dark:bg-brand-500!">
          Covers what you need
        </Badge>
      ) : null}
      <p className="text-sm font-medium text-muted-foreground">{pkg.name}</p>
      <h2 id={titleId} className="mt-3 flex items-baseline gap-2 tabular-nums">
        <Coins className="size-6 shrink-0 self-center text-amber-500" aria-hidden />
        <span className="text-3xl font-bold tracking-tight">{coins(pkg.coins)}</span>
        <span className="text-sm font-medium text-muted-foreground">coins</span>
      </h2>
      <div className="mt-3 min-h-6">
        {pkg.bonusCoins > 0 ? (
          <Badge variant="warning">
            <Sparkles aria-hidden />+{coins(pkg.bonusCoins)} bonus
          </Badge>
        ) : null}
      </div>
      <p className="mt-4 text-2xl font-semibold tabular-nums">{price}</p>
      <Button
        className="mt-5 w-full"
        size="lg"
        variant={isSuggested ? "gradient" : "primary"}
        isLoading={isBuying}
        disabled={isDisabled && !isBuying}
        onClick={onBuy}
        aria-label={`Buy ${coins(pkg.coins)} coins${pkg.bonusCoins > 0 ? ` plus ${coins(pkg.bonusCoins)} bonus` : ""} for ${price}`}
      >
        Buy
      </Button>
    </article>
  );
}
