// Campaigns as the advertiser, the reviewers and the team see them, built in batches.
import type { AdCampaign, AdPlacement } from "@litverse/shared/ads";
import type { Age } from "@litverse/shared/constants";
import type { ContentType } from "@litverse/shared/content";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import type { MediaDeps } from "../../core/service-deps.ts";
import { moderationItems } from "../reports/schema.ts";
import { users } from "../users/schema.ts";
import type { adCampaigns } from "./schema.ts";
import { type ResolvedTarget, resolveTargets, targetKey } from "./targets.ts";

export type CampaignRow = typeof adCampaigns.$inferSelect;

/** What a campaign's target shows when it is no longer there to promote (unpublished, hidden). */
function goneTarget(row: CampaignRow): ResolvedTarget {
  return {
    kind: row.targetKind,
    id: row.targetId,
    url: row.targetUrl,
    label: "No longer available",
    imageUrl: null,
    href: "/",
    ageRating: row.minAge as Age,
    contentType: null,
    genres: [],
    language: null,
  };
}

export const adImageUrl = (key: string | null) => (key ? `/media/${key}` : null);

/** Thousandths of a coin as coins, to the thousandth. */
export const coinsOfMilli = (milli: number) => Math.round(milli) / 1000;

/** Moderators' hiding of ads, by campaign id: from everyone, or from readers under 18. */
export async function hiddenAds(
  db: Executor,
  ids?: readonly string[],
): Promise<Map<string, "everyone" | "minors">> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({ id: moderationItems.targetId, hiddenFrom: moderationItems.hiddenFrom })
    .from(moderationItems)
    .where(
      and(
        eq(moderationItems.kind, "ad"),
        isNotNull(moderationItems.hiddenFrom),
        ids ? inArray(moderationItems.targetId, [...ids]) : undefined,
      ),
    );
  return new Map(rows.flatMap((row) => (row.hiddenFrom ? [[row.id, row.hiddenFrom] as const] : [])));
}

export function campaignView(
  row: CampaignRow,
  target: ResolvedTarget,
  advertiser: AdCampaign["advertiser"],
  hidden: boolean,
  now = new Date(),
): AdCampaign {
  return {
    id: row.id,
    name: row.name,
    house: row.isHouse,
    advertiser,
    target: {
      kind: target.kind,
      id: target.id,
      url: target.url,
      label: target.label,
      imageUrl: target.imageUrl,
      href: target.href,
    },
    creative: {
      headline: row.headline,
      body: row.body,
      cta: row.cta,
      imageUrl: adImageUrl(row.imageKey) ?? target.imageUrl,
      ownPicture: row.imageKey !== null,
    },
    placements: row.placements as AdPlacement[],
    audience: {
      contentTypes: row.contentTypes as ContentType[],
      genres: row.genres,
      languages: row.languages,
    },
    minAge: row.minAge as Age,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    pricing: row.pricing,
    rates: Object.fromEntries(
      Object.entries(row.ratesMilli).map(([placement, milli]) => [
        placement,
        row.pricing === "cpc" ? milli / 1000 : milli,
      ]),
    ),
    budgetCoins: row.budgetCoins,
    priority: row.priority,
    status: row.status,
    scheduled: row.status === "active" && row.startsAt > now,
    rejectionReason: row.status === "rejected" ? row.rejectionReason : null,
    hidden,
    totals: {
      impressions: row.impressions,
      viewable: row.viewable,
      clicks: row.clicks,
      spentCoins: coinsOfMilli(row.spentMilli),
    },
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The campaigns as views, in the order given. */
export async function campaignViews(
  db: Executor,
  media: MediaDeps,
  rows: readonly CampaignRow[],
): Promise<AdCampaign[]> {
  if (rows.length === 0) return [];
  const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))];
  const [targets, owners, hidden] = await Promise.all([
    resolveTargets(
      db,
      media,
      rows.map((row) => ({ kind: row.targetKind, id: row.targetId, url: row.targetUrl })),
    ),
    ownerIds.length === 0
      ? []
      : db
          .select({ id: users.id, name: users.name, handle: users.handle })
          .from(users)
          .where(inArray(users.id, ownerIds)),
    hiddenAds(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const ownerOf = new Map(owners.map((owner) => [owner.id, owner]));
  const now = new Date();
  return rows.map((row) => {
    const owner = row.ownerId ? ownerOf.get(row.ownerId) : undefined;
    return campaignView(
      row,
      targets.get(targetKey({ kind: row.targetKind, id: row.targetId, url: row.targetUrl })) ??
        goneTarget(row),
      owner ? { id: owner.id, name: owner.name ?? "Someone", handle: owner.handle } : null,
      hidden.has(row.id),
      now,
    );
  });
}

export async function campaignViewOf(db: Executor, media: MediaDeps, row: CampaignRow): Promise<AdCampaign> {
  const [view] = await campaignViews(db, media, [row]);
  return view as AdCampaign;
}
