// What every dialog that spends coins shares (an episode's unlock, a story's premium choice): the
// coloured notice and the "Not enough coins" step, which says how many more are needed and sends
// the reader to buy them with the address to come back to.
import { Coins, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { buyCoinsPath, coins } from "./unlock-links.ts";

export function CoinNotice({
  icon: Icon,
  tone,
  children,
}: {
  icon: typeof Coins;
  tone: "amber" | "green";
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-xl border p-3 text-sm",
        tone === "amber"
          ? "border-amber-300/60 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
          : "border-emerald-300/60 bg-emerald-50 text-emerald-950 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-100",
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** The dialog's body once the coins turned out too few: the shortfall, back, and buying coins. */
export function InsufficientCoinsContent({
  what,
  price,
  balance,
  need,
  returnTo,
  afterBuying,
  onBack,
  onCloseAutoFocus,
}: {
  /** What the price was for, as the start of a sentence: "Unlocking episode 4". */
  what: string;
  price: number;
  balance: number;
  need: number;
  /** Where buying coins comes back to. */
  returnTo: string;
  /** What happens on coming back: "unlock the episode". */
  afterBuying: string;
  onBack: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <DialogContent
      size="sm"
      onCloseAutoFocus={onCloseAutoFocus}
      title="Not enough coins"
      description={`${what} costs ${coins(price)} and you have ${coins(balance)}.`}
      footer={
        <>
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
          <Button variant="gradient" asChild>
            <Link to={buyCoinsPath(need, returnTo)}>
              <Coins aria-hidden />
              Buy coins
            </Link>
          </Button>
        </>
      }
    >
      <CoinNotice icon={Wallet} tone="amber">
        <p className="font-semibold" data-testid="coins-needed">
          You need {coins(need)} more.
        </p>
        <p className="mt-0.5">After buying, you come back here to {afterBuying}.</p>
      </CoinNotice>
    </DialogContent>
  );
}
