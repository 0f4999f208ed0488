// The header's coin balance: live, with a breakdown in its tooltip; a click leads to buying coins.
// The tooltip's code (and the positioning library under it) arrives after the first paint: until
// then the same link shows without it.
import { Coins } from "lucide-react";
import { Suspense } from "react";
import { Link, type LinkProps } from "react-router";
import { lazyAfterLoad } from "../../lib/after-load.ts";
import { useCoinBalance } from "../coins/index.ts";
import { type CoinBalance, formatCoins } from "./coin-balance.ts";

const CoinWalletTooltip = lazyAfterLoad(
  async () => (await import("./coin-wallet-tooltip.tsx")).CoinWalletTooltip,
);

export function CoinWallet() {
  const balance = useCoinBalance();
  const link = <CoinWalletLink balance={balance.data} />;
  return (
    <Suspense fallback={link}>
      <CoinWalletTooltip balance={balance.data}>{link}</CoinWalletTooltip>
    </Suspense>
  );
}

function CoinWalletLink({ balance, ...props }: { balance: CoinBalance | undefined } & Omit<LinkProps, "to">) {
  // Props from the tooltip's trigger (events, state, ref) pass through to the link.
  return (
    <Link
      {...props}
      to="/coins/buy"
      className="inline-flex h-10 items-center gap-1.5 rounded-full border border-amber-300/60 bg-amber-50 px-3 text-sm font-semibold text-amber-900 transition hover:bg-amber-100 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200 dark:hover:bg-amber-400/20"
      data-testid="coin-wallet"
      aria-label={
        balance ? `${formatCoins(balance.total)} coins. Buy coins` : "Coin balance loading. Buy coins"
      }
    >
      <Coins className="size-4 shrink-0" aria-hidden />
      <span className="tabular-nums">{balance ? formatCoins(balance.total) : "Loading..."}</span>
    </Link>
  );
}
