// The header's coin balance: live, with a breakdown in its tooltip; a click leads to buying coins.
import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import * as Tooltip from "@radix-ui/react-tooltip";
import { Coins } from "lucide-react";
import { Link } from "react-router";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

const formatCoins = (value: number) => value.toLocaleString();

export function CoinWallet() {
  const balance = useLiveQuery(trpc.coins.getCoinBalance.queryOptions());
  const data = balance.data;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Link
          to="/coins/buy"
          className="inline-flex h-10 items-center gap-1.5 rounded-full border border-amber-300/60 bg-amber-50 px-3 text-sm font-semibold text-amber-900 transition hover:bg-amber-100 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200 dark:hover:bg-amber-400/20"
          data-testid="coin-wallet"
          aria-label={
            data ? `${formatCoins(data.total)} coins. Buy coins` : "Coin balance loading. Buy coins"
          }
        >
          <Coins className="size-4 shrink-0" aria-hidden />
          <span className="tabular-nums">{data ? formatCoins(data.total) : "Loading..."}</span>
        </Link>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="bottom"
          sideOffset={6}
          className="z-50 max-w-64 rounded-lg bg-foreground px-3 py-2 text-xs text-background shadow-lg"
        >
          {data ? (
            <p className="font-medium">
              {formatCoins(data.purchased)} purchased · {formatCoins(data.bonus)} bonus
            </p>
          ) : null}
          <p className={data ? "mt-1 opacity-80" : ""}>
            Bonus coins expire {BONUS_COIN_LIFETIME_DAYS} days after earning.
          </p>
          <Tooltip.Arrow className="fill-[var(--foreground)]" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
