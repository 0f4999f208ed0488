// One of a reader's campaigns: what it promotes, its status, budget and figures, why it was
// rejected or hidden, and what can be done with it in that status.
import type { AdCampaign } from "@litverse/shared/ads";
import { BarChart3, EyeOff, Pause, Pencil, Play, Square, TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { toastError } from "../../../lib/errors.ts";
import { formatCount, formatDate } from "../../../lib/format.ts";
import { CampaignHeading, targetLine } from "../report/campaign-status.tsx";
import { budgetLeft, clickThroughRate, formatCoins, formatShare } from "../report/report-values.ts";
import { useCampaignActions } from "./use-my-ads.ts";

const EDITABLE = new Set<AdCampaign["status"]>(["in_review", "rejected", "active", "paused"]);
const STOPPABLE = new Set<AdCampaign["status"]>(["in_review", "active", "paused"]);

export function CampaignCard({
  campaign,
  onEdit,
  onReport,
}: {
  campaign: AdCampaign;
  onEdit: () => void;
  onReport: () => void;
}) {
  const actions = useCampaignActions();
  const left = budgetLeft(campaign);
  const { totals } = campaign;
  const act = (action: (id: string) => Promise<void>, fallback: string) => () =>
    void action(campaign.id).catch((error: unknown) => toastError(error, fallback));
  return (
    <article
      aria-labelledby={`campaign-${campaign.id}`}
      className="space-y-3 rounded-2xl border border-border bg-card p-4 shadow-sm"
      data-testid="my-campaign"
    >
      <CampaignHeading campaign={campaign} headingId={`campaign-${campaign.id}`}>
        <p className="truncate text-sm text-muted-foreground">{targetLine(campaign.target)}</p>
        <p className="text-xs text-muted-foreground">
          {formatDate(campaign.startsAt)} to {formatDate(campaign.endsAt)}
        </p>
      </CampaignHeading>
      {campaign.status === "rejected" ? (
        <div
          role="note"
          className="rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-400/10 dark:text-rose-100"
        >
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            Not approved
          </p>
          <p className="mt-1 break-words" data-testid="rejection-reason">
            {campaign.rejectionReason ?? "The team did not say why."}
          </p>
        </div>
      ) : null}
      {campaign.hidden ? (
        <p
          role="note"
          className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-100"
        >
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />A moderator hid this ad after readers
          reported it.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4" data-testid="campaign-figures">
        <Figure
          label="Budget / spent"
          value={`${formatCount(campaign.budgetCoins ?? 0)} / ${formatCoins(totals.spentCoins)}`}
        />
        <Figure label="Impressions" value={formatCount(totals.impressions)} />
        <Figure label="Clicks" value={formatCount(totals.clicks)} />
        <Figure label="CTR" value={formatShare(clickThroughRate(totals))} />
      </dl>
      {left && left.coins > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="campaign-held">
          {left.returned
            ? `${formatCoins(left.coins)} coins came back to your wallet.`
            : `${formatCoins(left.coins)} coins held for this ad.`}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        {campaign.status === "rejected" ? (
          <Button size="sm" onClick={onEdit}>
            <Pencil aria-hidden />
            Edit and resubmit
          </Button>
        ) : EDITABLE.has(campaign.status) ? (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <Pencil aria-hidden />
            Edit
          </Button>
        ) : null}
        {campaign.status === "active" ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={act(actions.pause, "Could not pause the ad.")}
            disabled={actions.isPending}
          >
            <Pause aria-hidden />
            Pause
          </Button>
        ) : null}
        {campaign.status === "paused" ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={act(actions.resume, "Could not resume the ad.")}
            disabled={actions.isPending}
          >
            <Play aria-hidden />
            Resume
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onReport}>
          <BarChart3 aria-hidden />
          View figures
        </Button>
        {STOPPABLE.has(campaign.status) ? (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="text-rose-600 dark:text-rose-400">
                <Square aria-hidden />
                Stop
              </Button>
            }
            title="Stop this campaign?"
            description={`It stops for good and cannot run again.${left ? ` The ${formatCoins(left.coins)} coins not spent come back to your wallet.` : ""}`}
            confirmLabel="Stop campaign"
            onConfirm={() => actions.stop(campaign.id)}
            errorFallback="Could not stop the ad."
          />
        ) : null}
      </div>
    </article>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
