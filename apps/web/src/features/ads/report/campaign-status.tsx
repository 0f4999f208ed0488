// A campaign's status as a badge ("Scheduled" while a running ad's start is still to come), and
// what it promotes in a line.
import {
  AD_STATUS_LABELS,
  AD_TARGET_KIND_LABELS,
  type AdCampaign,
  type AdStatus,
  type AdTarget,
} from "@litverse/shared/ads";
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
