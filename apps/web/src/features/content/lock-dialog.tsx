// Why an episode is locked and what would open it: coins for a priced episode (unlocking with
// coins comes with the coins area; until then the way forward is buying coins), a plan for an
// episode of a Premium or VVIP title.
import type { EpisodeSummary } from "@litverse/shared/content";
import { Coins, Crown, Gem } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function LockDialog({
  episode,
  onOpenChange,
  onCloseAutoFocus,
}: {
  /** The locked episode to explain; the dialog is closed while null. */
  episode: EpisodeSummary | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing (the dialog has no trigger of its own to return to). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const lock = episode?.lock ?? null;
  return (
    <Dialog open={lock !== null} onOpenChange={onOpenChange}>
      {episode && lock ? (
        lock.reason === "price" ? (
          <PriceLock episode={episode} priceCoins={lock.priceCoins} onCloseAutoFocus={onCloseAutoFocus} />
        ) : (
          <TierLock episode={episode} accessType={lock.accessType} onCloseAutoFocus={onCloseAutoFocus} />
        )
      ) : null}
    </Dialog>
  );
}

interface LockProps {
  episode: EpisodeSummary;
  onCloseAutoFocus?: (event: Event) => void;
}

function PriceLock({ episode, priceCoins, onCloseAutoFocus }: LockProps & { priceCoins: number }) {
  const balance = useLiveQuery(trpc.coins.getCoinBalance.queryOptions());
  return (
    <DialogContent
      size="sm"
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Episode ${episode.number} is locked`}
      description={`“${episode.title}” costs ${priceCoins} coins to unlock.`}
      footer={
        <>
          <Button variant="secondary" asChild>
            <Link to="/coins/buy">Buy coins</Link>
          </Button>
          <Button disabled aria-describedby="unlock-soon">
            <Coins aria-hidden />
            Unlock for {priceCoins} coins
          </Button>
        </>
      }
    >
      <div className="flex items-center gap-3 rounded-xl border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
        <Coins className="size-5 shrink-0" aria-hidden />
        <p>
          {balance.data
            ? `You have ${balance.data.total.toLocaleString("en-US")} coins.`
            : "Your coin balance is loading."}
        </p>
      </div>
      <p id="unlock-soon" className="mt-3 text-sm text-muted-foreground">
        Unlocking episodes with coins is not available yet. It is coming soon; meanwhile you can top up your
        coins.
      </p>
    </DialogContent>
  );
}

function TierLock({ episode, accessType, onCloseAutoFocus }: LockProps & { accessType: "premium" | "vvip" }) {
  const isVvip = accessType === "vvip";
  const Icon = isVvip ? Gem : Crown;
  const plan = isVvip ? "VVIP" : "Premium";
  return (
    <DialogContent
      size="sm"
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Episode ${episode.number} is for ${plan} members`}
      description={`The first episode is free to try; the rest of this title comes with a ${plan} plan.`}
      footer={
        <Button variant="gradient" asChild>
          <Link to="/subscription/plans">See subscription plans</Link>
        </Button>
      }
    >
      <div
        className={
          isVvip
            ? "flex items-center gap-3 rounded-xl bg-gradient-to-r from-fuchsia-600 to-violet-600 p-3 text-sm text-white"
            : "flex items-center gap-3 rounded-xl bg-amber-400 p-3 text-sm text-amber-950"
        }
      >
        <Icon className="size-5 shrink-0" aria-hidden />
        <p>
          {isVvip
            ? "VVIP members open every title on Litverse, Premium ones included."
            : "Premium members open every episode of Premium titles."}
        </p>
      </div>
    </DialogContent>
  );
}
