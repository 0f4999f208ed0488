// A scene's choices as large buttons, numbered for the keyboard. A locked one says what it needs
// and cannot be taken; a premium one shows its price (and opens the unlock dialog); a paid one says
// it is open.
import type { PlayChoice } from "@litverse/shared/stories";
import { CheckCircle2, Coins, Lock } from "lucide-react";
import { cn } from "../../components/ui/cn.ts";
import { coins } from "../unlocks/index.ts";

export function ChoiceList({
  choices,
  onPick,
  isBusy,
}: {
  choices: PlayChoice[];
  onPick: (choice: PlayChoice) => void;
  /** While a choice is on its way: nothing more can be picked. */
  isBusy: boolean;
}) {
  return (
    <ol className="space-y-3" aria-label="Choices" data-testid="choices">
      {choices.map((choice, index) => {
        const isLocked = choice.state === "locked";
        const number = index + 1;
        const reasonId = `choice-${choice.id}-reason`;
        return (
          <li key={choice.id}>
            <button
              type="button"
              onClick={() => (isLocked || isBusy ? null : onPick(choice))}
              aria-disabled={isLocked || isBusy || undefined}
              aria-describedby={isLocked && choice.lockReason ? reasonId : undefined}
              data-state={choice.state}
              className={cn(
                "flex min-h-14 w-full items-center gap-3 rounded-2xl border px-4 py-3 text-left text-base transition",
                isLocked
                  ? "cursor-not-allowed border-dashed border-border bg-(--muted)/60 text-muted-foreground"
                  : "border-border bg-card shadow-sm hover:border-brand-400 hover:bg-brand-50/60 dark:hover:border-brand-400/50 dark:hover:bg-brand-500/10",
                isBusy && !isLocked && "cursor-progress opacity-70",
              )}
            >
              <span
                aria-hidden
                className={cn(
                  "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums",
                  isLocked
                    ? "bg-stone-200 text-stone-500 dark:bg-white/10 dark:text-stone-400"
                    : "bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100",
                )}
              >
                {isLocked ? <Lock className="size-4" /> : number}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words">{choice.label}</span>
                {isLocked && choice.lockReason ? (
                  <span id={reasonId} className="mt-0.5 block text-sm">
                    {choice.lockReason}
                  </span>
                ) : null}
              </span>
              {choice.state === "priced" ? (
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-400 px-2.5 py-1 text-sm font-semibold text-amber-950">
                  <Coins className="size-4" aria-hidden />
                  {coins(choice.priceCoins)}
                </span>
              ) : choice.state === "paid" ? (
                <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-300">
                  <CheckCircle2 className="size-4" aria-hidden />
                  Unlocked
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
