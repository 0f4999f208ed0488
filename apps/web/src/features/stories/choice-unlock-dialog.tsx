// Paying for a premium choice, in the same look and steps as an episode's unlock: the price and the
// balance, then the choice is paid and taken; when the coins are too few, the shared "Not enough
// coins" step leads to buying them and back to the play. Paid once per reader and story: the server
// checks the price the reader saw.
import type { PlayChoice } from "@litverse/shared/stories";
import { Coins } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { CoinNotice, coins, InsufficientCoinsContent } from "../unlocks/index.ts";
import { playPath } from "./story-labels.ts";
import { useChoiceUnlock } from "./use-choices.ts";

export function ChoiceUnlockDialog({
  storyId,
  choice,
  onOpenChange,
  onPay,
  onCloseAutoFocus,
}: {
  storyId: string;
  /** The priced choice; closed while null. */
  choice: PlayChoice | null;
  onOpenChange: (open: boolean) => void;
  /** Takes the choice at the price shown; rejects as the server did. */
  onPay: (choice: PlayChoice, priceCoins: number) => Promise<void>;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={choice !== null} onOpenChange={onOpenChange}>
      {choice ? (
        <PriceStep
          key={choice.id}
          storyId={storyId}
          choice={choice}
          onPay={onPay}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </Dialog>
  );
}

function PriceStep({
  storyId,
  choice,
  onPay,
  onCloseAutoFocus,
}: {
  storyId: string;
  choice: PlayChoice;
  onPay: (choice: PlayChoice, priceCoins: number) => Promise<void>;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { balance, shortBy, isPaying, pay, backToPrice } = useChoiceUnlock(choice, onPay);
  const price = choice.priceCoins;

  if (shortBy !== null) {
    return (
      <InsufficientCoinsContent
        what="This choice"
        price={price}
        balance={balance ?? 0}
        need={shortBy}
        returnTo={playPath(storyId)}
        afterBuying="take the choice"
        onBack={backToPrice}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    );
  }

  return (
    <DialogContent
      size="sm"
      onCloseAutoFocus={onCloseAutoFocus}
      title="A premium choice"
      description={`“${choice.label}” costs ${coins(price)}. You pay once: it stays open for you in this story.`}
      footer={
        <Button
          variant="gradient"
          disabled={balance === undefined}
          isLoading={isPaying}
          onClick={() => void pay()}
        >
          <Coins aria-hidden />
          Unlock for {coins(price)}
        </Button>
      }
    >
      <CoinNotice icon={Coins} tone="amber">
        <span data-testid="coin-balance">
          {balance === undefined ? "Your coin balance is loading." : `You have ${coins(balance)}.`}
        </span>
      </CoinNotice>
    </DialogContent>
  );
}
