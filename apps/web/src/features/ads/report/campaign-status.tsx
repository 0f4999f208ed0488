// A campaign's status as a badge ("Scheduled" while a running ad's start is still to come), what
// it promotes in a line, and the top of its card in a list.
import {
  AD_STATUS_LABELS,
  AD_TARGET_KIND_LABELS,
  type AdCampaign,
  type AdStatus,
  type AdTarget,
} from "@litverse/shared/ads";
import { ImageOff } from "lucide-react";
import type { ReactNode } from "react";
import { Badge, type BadgeVariant } from "../../../components/ui/badge.tsx";

const VARIANTS: Record<AdStatus, BadgeVariant> = {
  in_review: "warning",
  rejected: "danger",
  active: "success",
  paused: "neutral",
  stopped: "neutral",
  ended: "neutral",
};

export function CampaignStatusBadge({ campaign }: { campaign: Pick<AdCampaign, "status" | "scheduled"> }) {
  const isScheduled = campaign.status === "active" && campaign.scheduled;
  return (
    <Badge variant={isScheduled ? "brand" : VARIANTS[campaign.status]} data-testid="campaign-status">
      {isScheduled ? "Scheduled" : AD_STATUS_LABELS[campaign.status]}
    </Badge>
  );
}

/** "Catalogue title: Thornmere"; the kind alone when the target is named by it (the plans). */
export function targetLine(target: Pick<AdTarget, "kind" | "label">): string {
  const kind = AD_TARGET_KIND_LABELS[target.kind];
  return target.label === kind ? kind : `${kind}: ${target.label}`;
}

/**
 * The top of a campaign's card in a list: its picture (or a blank), its name as the card's heading
 * with its status and any other badges, and the lines under it.
 */
export function CampaignHeading({
  campaign,
  headingId,
  badges,
  children,
}: {
  campaign: Pick<AdCampaign, "name" | "status" | "scheduled" | "creative">;
  headingId: string;
  badges?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      {campaign.creative.imageUrl ? (
        <img
          src={campaign.creative.imageUrl}
          alt=""
          className="size-14 shrink-0 rounded-xl object-cover"
          loading="lazy"
        />
      ) : (
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
          <ImageOff className="size-5" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="min-w-0 font-semibold break-words">
            {campaign.name}
          </h3>
          <CampaignStatusBadge campaign={campaign} />
          {badges}
        </div>
        {children}
      </div>
    </div>
  );
}
