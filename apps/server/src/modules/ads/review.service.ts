// The team's review of paid ads: the queue with each ad as readers will see it and its
// advertiser's history; approving starts it, rejecting gives the hold back with a reason the
// advertiser reads (and may answer by editing and resubmitting).
import type { AdCampaign, AdReviewEntry } from "@litverse/shared/ads";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { noteChange } from "../../core/audit.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { notify } from "../notifications/index.ts";
import { users } from "../users/schema.ts";
import { announceCampaign } from "./campaigns.service.ts";
import { closeCampaign, lockCampaign } from "./money.ts";
import { adCampaigns } from "./schema.ts";
import { ADS_TOPIC } from "./topics.ts";
import { type CampaignRow, campaignViewOf, campaignViews, coinsOfMilli } from "./views.ts";

const QUEUE_LIMIT = 100;

export async function getReviewQueue(
  deps: ServiceDeps,
  status: "in_review" | "rejected" | "active",
): Promise<AdReviewEntry[]> {
  track(ADS_TOPIC);
  const rows = await deps.db
    .select()
    .from(adCampaigns)
    .where(and(eq(adCampaigns.isHouse, false), eq(adCampaigns.status, status)))
    // Waiting: the longest waiting first; the others: the latest first.
    .orderBy(status === "in_review" ? asc(adCampaigns.submittedAt) : desc(adCampaigns.submittedAt))
    .limit(QUEUE_LIMIT);
  const [views, histories] = await Promise.all([
    campaignViews(deps.db, deps.media, rows),
    advertiserHistories(
      deps,
      rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])),
    ),
  ]);
  return views.map((campaign) => ({
    campaign,
    advertiserHistory: campaign.advertiser ? (histories.get(campaign.advertiser.id) ?? null) : null,
  }));
}

async function advertiserHistories(deps: ServiceDeps, ownerIds: string[]) {
  const ids = [...new Set(ownerIds)];
  if (ids.length === 0) return new Map<string, NonNullable<AdReviewEntry["advertiserHistory"]>>();
  const rows = await deps.db
    .select({
      id: users.id,
      memberSince: users.createdAt,
      campaigns: sql<number>`count(${adCampaigns.id})::int`,
      approved: sql<number>`(count(*) filter (where ${adCampaigns.reviewedAt} is not null and ${adCampaigns.status} <> 'rejected'))::int`,
      rejected: sql<number>`(count(*) filter (where ${adCampaigns.status} = 'rejected'))::int`,
      spentMilli: sql<number>`coalesce(sum(${adCampaigns.spentMilli}), 0)::bigint`,
    })
    .from(users)
    .leftJoin(adCampaigns, and(eq(adCampaigns.ownerId, users.id), eq(adCampaigns.isHouse, false)))
    .where(inArray(users.id, ids))
    .groupBy(users.id);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        campaigns: row.campaigns,
        approved: row.approved,
        rejected: row.rejected,
        spentCoins: coinsOfMilli(Number(row.spentMilli)),
        memberSince: row.memberSince.toISOString(),
      },
    ]),
  );
}

async function paidCampaign(
  tx: Parameters<typeof lockCampaign>[0],
  campaignId: string,
): Promise<CampaignRow> {
  const row = await lockCampaign(tx, campaignId);
  if (row.isHouse) throw new AppError("NOT_FOUND", "There is no such campaign to review.");
  return row;
}

export async function approveCampaign(
  deps: ServiceDeps,
  admin: SessionUser,
  campaignId: string,
): Promise<AdCampaign> {
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const current = await paidCampaign(tx, campaignId);
    if (current.status !== "in_review") throw new AppError("CONFLICT", "This ad is not waiting for review.");
    const reviewed = { reviewedBy: admin.id, reviewedAt: new Date(), rejectionReason: null };
    // Approved after its end: nothing left to run, so its hold comes back at once.
    const approved =
      current.endsAt <= new Date()
        ? await closeCampaign(deps, tx, current, "ended", reviewed)
        : ((
            await tx
              .update(adCampaigns)
              .set({ status: "active", ...reviewed })
              .where(eq(adCampaigns.id, current.id))
              .returning()
          )[0] as CampaignRow);
    noteChange({
      objectType: "ad-campaign",
      objectId: current.id,
      before: { status: current.status },
      after: { status: approved.status },
    });
    announceCampaign(deps, current);
    return approved;
  });
  if (row.ownerId) {
    await notify(deps, row.ownerId, {
      kind: "system",
      title: "Your ad was approved",
      body: `“${row.name}” ${row.status === "active" ? "is running" : "was approved after its end; its coins are back in your wallet"}.`,
      link: "/ads/my-ads",
    });
  }
  return campaignViewOf(deps.db, deps.media, row);
}

export async function rejectCampaign(
  deps: ServiceDeps,
  admin: SessionUser,
  input: { campaignId: string; reason: string },
): Promise<AdCampaign> {
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const current = await paidCampaign(tx, input.campaignId);
    if (!["in_review", "active", "paused"].includes(current.status)) {
      throw new AppError("CONFLICT", "This ad is not under review or running.");
    }
    const rejected = await closeCampaign(deps, tx, current, "rejected", {
      rejectionReason: input.reason,
      reviewedBy: admin.id,
      reviewedAt: new Date(),
    });
    noteChange({
      objectType: "ad-campaign",
      objectId: current.id,
      before: { status: current.status },
      after: { status: "rejected", reason: input.reason },
    });
    announceCampaign(deps, current);
    return rejected;
  });
  if (row.ownerId) {
    await notify(deps, row.ownerId, {
      kind: "system",
      title: "Your ad was not approved",
      body: `“${row.name}”: ${input.reason} What was held is back in your wallet; edit the ad to submit it again.`,
      link: "/ads/my-ads",
    });
  }
  return campaignViewOf(deps.db, deps.media, row);
}
