// What opens a locked episode, and opening it: coins for good, a rental, the wait-for-free timer or
// every remaining episode at the bulk price; the plan for an episode of a Premium or VVIP title.
// When the coins are not enough, the dialog says how many more and sends the reader to buy them,
// with the episode's address to come back to (where this dialog is ready again, balance updated).
// The offers and the balance are live, and the server checks every price the reader saw.
import type { PlanTier } from "@litverse/shared/coins";
import type { EpisodeLock, EpisodeSummary } from "@litverse/shared/content";
import type { UnlockOptions } from "@litverse/shared/unlocks";
import { BookOpenCheck, Clock, Coins, Crown, Gem, Hourglass, Layers } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { readerPath } from "../../components/catalogue/labels.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { CoinNotice, InsufficientCoinsContent } from "./coin-dialog-parts.tsx";
import { coins, formatHours, plansPath } from "./unlock-links.ts";
import { useUnlockEpisode, useUnlockOptions } from "./use-unlock-episode.ts";

const PLAN_NAMES: Record<PlanTier, string> = { premium: "Premium", vvip: "VVIP" };

export interface UnlockDialogProps {
  /** The locked episode; the dialog is closed while null or while the episode is open. */
  episode: EpisodeSummary | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing (the dialog has no trigger of its own to return to). */
  onCloseAutoFocus?: (event: Event) => void;
  /** After an unlock; by default the episode opens in its reader. */
  onUnlocked?: (episode: EpisodeSummary) => void;
}

export function UnlockDialog({ episode, onOpenChange, onCloseAutoFocus, onUnlocked }: UnlockDialogProps) {
  const lock = episode?.lock ?? null;
  return (
    <Dialog open={lock !== null} onOpenChange={onOpenChange}>
      {episode && lock ? (
        lock.reason === "tier" ? (
          <TierLock episode={episode} tier={lock.accessType} onCloseAutoFocus={onCloseAutoFocus} />
        ) : (
          <PriceLock
            key={episode._id}
            episode={episode}
            lock={lock}
            onCloseAutoFocus={onCloseAutoFocus}
            onUnlocked={onUnlocked}
          />
        )
      ) : null}
    </Dialog>
  );
}

/** The episode's reader address: where buying coins or a plan comes back to. */
function useReturnTo(options: UnlockOptions | undefined): string {
  const location = useLocation();
  if (options) return readerPath(options.content.contentType, options.content._id, options.episode.number);
  return `${location.pathname}${location.search}`;
}

type Step = { kind: "choose" } | { kind: "insufficient"; need: number; price: number; what: string };

function PriceLock({
  episode,
  lock,
  onCloseAutoFocus,
  onUnlocked,
}: {
  episode: EpisodeSummary;
  lock: Extract<EpisodeLock, { reason: "price" }>;
  onCloseAutoFocus?: (event: Event) => void;
  onUnlocked?: (episode: EpisodeSummary) => void;
}) {
  const navigate = useNavigate();
  const {
    query,
    pay: payFor,
    unlockEpisode,
    unlockAllRemaining,
    pendingMethod,
    isUnlockingAll,
    isBusy,
  } = useUnlockEpisode(episode._id);
  const options = query.data;
  const returnTo = useReturnTo(options);
  const [step, setStep] = useState<Step>({ kind: "choose" });

  const opened = () => {
    if (onUnlocked) onUnlocked(episode);
    else if (options) navigate(readerPath(options.content.contentType, options.content._id, episode.number));
  };

  /** Pays `price` for `what`, or explains first that the coins are not enough. */
  const pay = (price: number, what: string, run: () => Promise<unknown>, done: string) =>
    payFor(price, run, done, {
      onShort: (need) => setStep({ kind: "insufficient", need, price, what }),
      onOpened: opened,
    });

  const price = options?.priceCoins ?? lock.priceCoins;

  if (step.kind === "insufficient") {
    return (
      <InsufficientCoinsContent
        what={step.what}
        price={step.price}
        balance={options?.balance ?? 0}
        need={step.need}
        returnTo={returnTo}
        afterBuying="unlock the episode"
        onBack={() => setStep({ kind: "choose" })}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    );
  }

  if (options && options.lock === null) {
    // Unlocked meanwhile (here, in another tab, or by the rental or plan): nothing left to do.
    return (
      <DialogContent
        size="sm"
        onCloseAutoFocus={onCloseAutoFocus}
        title={`Episode ${episode.number} is open`}
        description={`“${episode.title}” is yours to read.`}
        footer={
          <Button
            onClick={() =>
              navigate(readerPath(options.content.contentType, options.content._id, episode.number))
            }
          >
            <BookOpenCheck aria-hidden />
            Open episode {episode.number}
          </Button>
        }
      >
        <CoinNotice icon={BookOpenCheck} tone="green">
          {options.rentedUntil
            ? `Rented until ${formatDateTime(options.rentedUntil)}.`
            : "Unlocked: it stays open for you."}
        </CoinNotice>
      </DialogContent>
    );
  }

  const rental = options?.rental ?? null;
  const waitForFree = options?.waitForFree ?? null;
  const bulk = options?.bulk && options.bulk.episodeCount > 1 ? options.bulk : null;
  const unlockLabel = `Unlock for ${coins(price)}`;

  return (
    <DialogContent
      size="sm"
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Episode ${episode.number} is locked`}
      description={`“${episode.title}” costs ${coins(price)} to unlock for good.`}
      footer={
        <Button
          variant="gradient"
          disabled={!options || isBusy}
          isLoading={pendingMethod === "coins"}
          onClick={() =>
            void pay(
              price,
              `Unlocking episode ${episode.number}`,
              () => unlockEpisode("coins", price),
              `Episode ${episode.number} unlocked`,
            )
          }
        >
          <Coins aria-hidden />
          {unlockLabel}
        </Button>
      }
    >
      <CoinNotice icon={Coins} tone="amber">
        <span data-testid="coin-balance">
          {options ? `You have ${coins(options.balance)}.` : "Your coin balance is loading."}
        </span>
      </CoinNotice>
      {!options ? (
        <div className="mt-3 space-y-2" role="status" aria-label="Loading the offers">
          <Skeleton className="h-14 w-full rounded-xl" />
          <Skeleton className="h-14 w-full rounded-xl" />
        </div>
      ) : rental || waitForFree || bulk ? (
        <div className="mt-4 space-y-2">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Other ways to read it
          </p>
          {waitForFree ? (
            <Offer
              icon={Hourglass}
              label={waitForFree.isAvailable ? "Wait for free: read it free now" : "Wait for free"}
              detail={
                waitForFree.isAvailable
                  ? `One episode of this title free every ${formatHours(waitForFree.hours)}.`
                  : `Your next free episode is ready ${formatRelativeDate(waitForFree.nextAt ?? "")}.`
              }
              price="Free"
              disabled={!waitForFree.isAvailable || isBusy}
              isLoading={pendingMethod === "wait_free"}
              onClick={() =>
                void pay(
                  0,
                  "",
                  () => unlockEpisode("wait_free", 0),
                  `Episode ${episode.number} unlocked for free`,
                )
              }
            />
          ) : null}
          {rental ? (
            <Offer
              icon={Clock}
              label={`Rent for ${formatHours(rental.hours)}`}
              detail="Read it as often as you like until the rental ends."
              price={coins(rental.priceCoins)}
              disabled={isBusy}
              isLoading={pendingMethod === "rental"}
              onClick={() =>
                void pay(
                  rental.priceCoins,
                  `Renting episode ${episode.number}`,
                  () => unlockEpisode("rental", rental.priceCoins),
                  `Episode ${episode.number} rented for ${formatHours(rental.hours)}`,
                )
              }
            />
          ) : null}
          {bulk ? (
            <Offer
              icon={Layers}
              label={`Unlock all remaining ${bulk.episodeCount} episodes for ${coins(bulk.priceCoins)}`}
              detail={
                bulk.savingCoins > 0
                  ? `Save ${coins(bulk.savingCoins)} (${bulk.discountPercent}% off ${coins(bulk.fullPriceCoins)}).`
                  : "Every priced episode out now, in one go."
              }
              disabled={isBusy}
              isLoading={isUnlockingAll}
              onClick={() =>
                void pay(
                  bulk.priceCoins,
                  `Unlocking ${bulk.episodeCount} episodes`,
                  () => unlockAllRemaining(options.content._id, bulk.priceCoins),
                  `${bulk.episodeCount} episodes unlocked`,
                )
              }
            />
          ) : null}
        </div>
      ) : null}
    </DialogContent>
  );
}

function TierLock({
  episode,
  tier,
  onCloseAutoFocus,
}: {
  episode: EpisodeSummary;
  tier: PlanTier;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const query = useUnlockOptions(episode._id);
  const returnTo = useReturnTo(query.data);
  const isVvip = tier === "vvip";
  const Icon = isVvip ? Gem : Crown;
  const plan = PLAN_NAMES[tier];
  return (
    <DialogContent
      size="sm"
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Episode ${episode.number} is for ${plan} members`}
      description={`The first episode is free to try; the rest of this title comes with a ${plan} plan. It cannot be unlocked with coins.`}
      footer={
        <Button variant="gradient" asChild>
          <Link to={plansPath(tier, returnTo)}>
            <Icon aria-hidden />
            See {plan} plans
          </Link>
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

/** One way to open the episode besides coins for good: a full-width button with its price. */
function Offer({
  icon: Icon,
  label,
  detail,
  price,
  disabled,
  isLoading,
  onClick,
}: {
  icon: typeof Coins;
  label: string;
  detail: string;
  /** Left out when the label says it already. */
  price?: string;
  disabled?: boolean;
  isLoading?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={cn(
        "flex w-full items-center gap-3 rounded-xl border border-border bg-card p-3 text-left transition",
        "hover:border-brand-300 hover:bg-brand-50/60 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
        "disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:border-border disabled:hover:bg-card",
        "dark:hover:border-brand-400/40 dark:hover:bg-brand-500/10",
      )}
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100">
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-muted-foreground">{detail}</span>
      </span>
      {price || isLoading ? (
        <span className="shrink-0 text-sm font-semibold tabular-nums">{isLoading ? "…" : price}</span>
      ) : null}
    </button>
  );
}
