// Rejecting an advertiser's ad, waiting or running: the reason is required, since the advertiser
// reads it (and may edit the ad and submit it again); what is left of the budget goes back to
// their wallet. The server's refusal stays in the dialog.
import type { AdCampaign } from "@litverse/shared/ads";
import { rejectCampaignInput } from "@litverse/shared/ads-inputs";
import { ReasonDialog } from "../../../components/ui/reason-dialog.tsx";
import { budgetLeft, formatCoins } from "../report/report-values.ts";

export function RejectAdDialog({
  campaign,
  open,
  onOpenChange,
  onReject,
}: {
  campaign: AdCampaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const isRunning = campaign.status !== "in_review";
  const left = budgetLeft(campaign);
  const who = campaign.advertiser?.name ?? "The advertiser";
  const coins = left ? `${formatCoins(left.coins)} coins` : "The coins";
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isRunning ? `Take down “${campaign.name}”?` : `Reject “${campaign.name}”?`}
      description={
        isRunning
          ? `It stops showing at once. ${who} reads your reason; ${coins} left of its budget go back to their wallet.`
          : `${who} reads your reason and may edit the ad and submit it again. ${coins} held for it go back to their wallet.`
      }
      confirmLabel={isRunning ? "Take down" : "Reject"}
      reasonLabel="Reason for the advertiser"
      reasonHint="What is wrong with the ad, and what would make it acceptable."
      failureMessage="Could not reject the ad."
      validate={(reason) => {
        const checked = rejectCampaignInput.shape.reason.safeParse(reason);
        return checked.success ? null : (checked.error.issues[0]?.message ?? "Check the reason.");
      }}
      onConfirm={onReject}
    />
  );
}
