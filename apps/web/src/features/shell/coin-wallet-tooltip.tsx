// The coin wallet's tooltip: the balance's breakdown and when bonus coins expire.
import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactElement } from "react";
import { type CoinBalance, formatCoins } from "./coin-balance.ts";

export function CoinWalletTooltip({
  balance,
  children,
}: {
  balance: CoinBalance | undefined;
  /** The wallet's link, which becomes the tooltip's trigger. */
  children: ReactElement;
}) {
  // The app's only Radix tooltip, so its provider lives here rather than around the whole app
  // (where it would bring the positioning library into the first page's code).
  return (
    <Tooltip.Provider delayDuration={0} skipDelayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            sideOffset={6}
            className="z-50 max-w-64 rounded-lg bg-foreground px-3 py-2 text-xs text-background shadow-lg"
          >
            {balance ? (
              <p className="font-medium">
                {formatCoins(balance.purchased)} purchased · {formatCoins(balance.bonus)} bonus
              </p>
            ) : null}
            <p className={balance ? "mt-1 opacity-80" : ""}>
              Bonus coins expire {BONUS_COIN_LIFETIME_DAYS} days after earning.
            </p>
            <Tooltip.Arrow className="fill-[var(--foreground)]" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
