// One advertiser's ad under review: the ad in every place it chose, as readers will see it; what
// it promotes, when, for how much and to whom; who is paying and how their earlier ads went; and,
// for those who may manage ads, the decision.
import { AD_PLACEMENT_LABELS, type AdCampaign, type AdReviewEntry } from "@litverse/shared/ads";
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { formatRelativeDate } from "../../../lib/format.ts";
import { AdCardView } from "../ad-card.tsx";
import { CampaignStatusBadge } from "../report/campaign-status.tsx";
import { useCanManageAds, useReviewDecisions } from "./use-ad-review.ts";
import { AdvertiserPanel, CampaignFacts } from "./user-ads-facts.tsx";
import { RejectAdDialog } from "./user-ads-reject-dialog.tsx";

export function UserAdEntry({ entry }: { entry: AdReviewEntry }) {
  const { campaign, advertiserHistory } = entry;
  const headingId = useId();
  const canManage = useCanManageAds();
  const decisions = useReviewDecisions();
  const [isRejecting, setIsRejecting] = useState(false);
  const isWaiting = campaign.status === "in_review";
  const canTakeDown = campaign.status === "active" || campaign.status === "paused";

  return (
    <article aria-labelledby={headingId} data-testid="user-ad" data-campaign-id={campaign.id}>
      <Card>
        <CardHeader>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle id={headingId} className="text-lg break-words">
                {campaign.name}
              </CardTitle>
              <CampaignStatusBadge campaign={campaign} />
              {campaign.hidden ? <Badge variant="danger">Hidden after reports</Badge> : null}
            </div>
            <CardDescription>
              Submitted {formatRelativeDate(campaign.createdAt)}
              {campaign.reviewedAt ? ` · reviewed ${formatRelativeDate(campaign.reviewedAt)}` : ""}
            </CardDescription>
          </div>
          {canManage && (isWaiting || canTakeDown) ? (
            <div className="flex flex-wrap gap-2">
              {isWaiting ? (
                <Button
                  size="sm"
                  onClick={() => decisions.approve(campaign.id, campaign.name)}
                  isLoading={decisions.approvingId === campaign.id}
                >
                  <Check aria-hidden />
                  Approve
                </Button>
              ) : null}
              <Button size="sm" variant="secondary" onClick={() => setIsRejecting(true)}>
                <X aria-hidden />
                {isWaiting ? "Reject…" : "Take down…"}
              </Button>
            </div>
          ) : null}
        </CardHeader>
        <CardContent className="space-y-6">
          {campaign.rejectionReason ? (
            <div className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900 dark:border-rose-400/30 dark:bg-rose-400/10 dark:text-rose-100">
              <p className="font-semibold">Reason given to the advertiser</p>
              <p className="mt-1 whitespace-pre-line">{campaign.rejectionReason}</p>
            </div>
          ) : null}
          <AdPreviews campaign={campaign} />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <CampaignFacts campaign={campaign} />
            <AdvertiserPanel advertiser={campaign.advertiser} history={advertiserHistory} />
          </div>
        </CardContent>
      </Card>
      <RejectAdDialog
        campaign={campaign}
        open={isRejecting}
        onOpenChange={setIsRejecting}
        onReject={(reason) => decisions.reject(campaign.id, reason, campaign.name)}
      />
    </article>
  );
}

/** Widths that show each look as it is: a card as on a phone, the reels slide at a phone's height. */
const PREVIEW_WIDTHS: Record<AdCampaign["placements"][number], string> = {
  home: "w-[85%] sm:w-96",
  explore: "w-[85%] sm:w-96",
  reels: "w-40 sm:w-52",
  "episode-end": "w-[85%] sm:w-80",
};

/** The ad once per placement it chose: side by side on wide screens, a row to swipe on phones. */
function AdPreviews({ campaign }: { campaign: AdCampaign }) {
  const headingId = useId();
  const ad = { ...campaign.creative, house: campaign.house };
  return (
    <div className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold">
        As readers will see it
      </h3>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the row scrolls sideways on phones, so it takes focus for the keyboard
        tabIndex={0}
        aria-labelledby={headingId}
        className="-mx-4 flex snap-x snap-mandatory items-start gap-4 overflow-x-auto px-4 pb-2 sm:-mx-5 sm:px-5 lg:mx-0 lg:flex-wrap lg:overflow-visible lg:px-0"
        data-testid="ad-previews"
      >
        {campaign.placements.map((placement) => (
          <figure
            key={placement}
            className={cn("shrink-0 snap-start space-y-1.5", PREVIEW_WIDTHS[placement])}
          >
            <figcaption className="text-xs font-medium text-muted-foreground">
              {AD_PLACEMENT_LABELS[placement]}
            </figcaption>
            <AdCardView ad={ad} placement={placement} preview />
          </figure>
        ))}
      </section>
    </div>
  );
}
