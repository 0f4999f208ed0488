// One house ad in the team's list: what it promotes, its status and priority, where and when it
// runs, its totals, and running, pausing, stopping, editing it or opening its figures.
import { AD_PLACEMENT_LABELS, type AdCampaign, HOUSE_AD_PRIORITY_LABELS } from "@litverse/shared/ads";
import { BarChart3, Pause, Pencil, Play, Square } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { toastError } from "../../../lib/errors.ts";
import { formatCount, formatDateTime } from "../../../lib/format.ts";
import { CampaignHeading, targetLine } from "../report/campaign-status.tsx";
import { clickThroughRate, formatShare } from "../report/report-values.ts";
import { type HouseAdState, useHouseAdState } from "./use-platform-ads.ts";

export function PlatformAdCard({
  ad,
  onEdit,
  onReport,
}: {
  ad: AdCampaign;
  onEdit: () => void;
  onReport: () => void;
}) {
  const state = useHouseAdState();
  const isOver = ad.status === "stopped";
  const change = (next: HouseAdState) => () =>
    void state
      .set(ad.id, next)
      .catch((error: unknown) => toastError(error, "Could not change the house ad."));
  return (
    <article
      aria-labelledby={`house-ad-${ad.id}`}
      className="space-y-3 rounded-2xl border border-border bg-card p-4 shadow-sm"
      data-testid="house-ad"
    >
      <CampaignHeading
        campaign={ad}
        headingId={`house-ad-${ad.id}`}
        badges={ad.priority ? <Badge variant="neutral">{HOUSE_AD_PRIORITY_LABELS[ad.priority]}</Badge> : null}
      >
        <p className="truncate text-sm text-muted-foreground">
          {targetLine(ad.target)}
          {ad.minAge > 13 ? ` · ${ad.minAge}+` : ""}
        </p>
      </CampaignHeading>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">Where</dt>
          <dd>{ad.placements.map((placement) => AD_PLACEMENT_LABELS[placement]).join(", ")}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">When</dt>
          <dd>
            {formatDateTime(ad.startsAt)} to {formatDateTime(ad.endsAt)}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-muted-foreground">So far</dt>
          <dd className="tabular-nums">
            {formatCount(ad.totals.impressions)} impressions · {formatCount(ad.totals.viewable)} viewable ·{" "}
            {formatCount(ad.totals.clicks)} clicks · CTR {formatShare(clickThroughRate(ad.totals))}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-1.5">
        {isOver ? null : (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <Pencil aria-hidden />
            Edit
          </Button>
        )}
        {ad.status === "active" ? (
          <Button variant="secondary" size="sm" onClick={change("paused")} disabled={state.isPending}>
            <Pause aria-hidden />
            Pause
          </Button>
        ) : null}
        {ad.status === "paused" ? (
          <Button variant="secondary" size="sm" onClick={change("active")} disabled={state.isPending}>
            <Play aria-hidden />
            Run
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onReport}>
          <BarChart3 aria-hidden />
          View figures
        </Button>
        {isOver ? null : (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="text-rose-600 dark:text-rose-400">
                <Square aria-hidden />
                Stop
              </Button>
            }
            title="Stop this house ad?"
            description="It stops for good; its figures stay. Make a new one to run it again."
            confirmLabel="Stop house ad"
            onConfirm={() => state.set(ad.id, "stopped")}
            errorFallback="Could not stop the house ad."
          />
        )}
      </div>
    </article>
  );
}
