// Rejecting an advertiser's ad, waiting or running: the reason is required, since the advertiser
// reads it (and may edit the ad and submit it again); what is left of the budget goes back to
// their wallet. The server's refusal stays in the dialog.
import type { AdCampaign } from "@litverse/shared/ads";
import { AD_REJECTION_MAX_LENGTH, rejectCampaignInput } from "@litverse/shared/ads-inputs";
import { type FormEvent, useId, useState } from "react";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/errors.ts";
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
  const formId = useId();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const change = (next: boolean) => {
    if (isPending) return;
    if (next) {
      setReason("");
      setReasonError(null);
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = rejectCampaignInput.safeParse({ campaignId: campaign.id, reason });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      if (issue?.path[0] === "reason") setReasonError(issue.message);
      else setFormError(issue?.message ?? "Check the reason.");
      return;
    }
    setReasonError(null);
    setFormError(null);
    setIsPending(true);
    try {
      await onReject(checked.data.reason);
      setIsPending(false);
      onOpenChange(false);
    } catch (error) {
      setIsPending(false);
      const details = describeError(error, "Could not reject the ad.");
      setReasonError(details.fieldErrors.reason?.[0] ?? null);
      setFormError(details.message);
    }
  };

  const isRunning = campaign.status !== "in_review";
  const left = budgetLeft(campaign);
  const who = campaign.advertiser?.name ?? "The advertiser";
  const coins = left ? `${formatCoins(left.coins)} coins` : "The coins";

  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title={isRunning ? `Take down “${campaign.name}”?` : `Reject “${campaign.name}”?`}
      description={
        isRunning
          ? `It stops showing at once. ${who} reads your reason; ${coins} left of its budget go back to their wallet.`
          : `${who} reads your reason and may edit the ad and submit it again. ${coins} held for it go back to their wallet.`
      }
      submitLabel={isRunning ? "Take down" : "Reject"}
      submitVariant="danger"
      isPending={isPending}
      isCancelDisabled={isPending}
      error={formError}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <Field
        label="Reason for the advertiser"
        required
        error={reasonError}
        hint="What is wrong with the ad, and what would make it acceptable."
      >
        <Textarea
          value={reason}
          rows={4}
          maxLength={AD_REJECTION_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
