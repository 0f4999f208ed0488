// Paid campaigns, as their advertisers make and run them: submitting holds the budget, an edited
// creative goes back to review, pausing keeps the hold, stopping gives back what is left.
import { createHash } from "node:crypto";
import type {
  AdCampaign,
  AdOptions,
  AdPlacement,
  AdPricing,
  AdSettings,
  AdStatus,
} from "@litverse/shared/ads";
import {
  AD_MAX_BUDGET_COINS,
  AD_MAX_DAYS,
  AD_MIN_BUDGET_COINS,
  AD_PLACEMENT_LABELS,
} from "@litverse/shared/ads";
import type { createCampaignInput, updateCampaignInput } from "@litverse/shared/ads-inputs";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser, Viewer } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import { getCoinBalance } from "../coins/index.ts";
import { loadAdSettings, placementSettings } from "./ad-settings.ts";
import { closeCampaign, fitHoldToBudget, lockCampaign } from "./money.ts";
import { adCampaigns } from "./schema.ts";
import { adServerFor } from "./serving.ts";
import { type ResolvedTarget, resolveTarget } from "./targets.ts";
import { ADS_TOPIC, advertiserTopic, campaignTopic } from "./topics.ts";
import { type CampaignRow, campaignViewOf, campaignViews } from "./views.ts";

type CreateInput = z.output<typeof createCampaignInput>;
type UpdateInput = z.output<typeof updateCampaignInput>;
/** The fields every campaign has, paid or house. */
export type CampaignFields = Omit<CreateInput, "pricing" | "budgetCoins">;

const AD_PICTURE_EDGE = 1200;

/** Stores an uploaded picture, re-encoded, as the ad's; returns its key. */
export async function storeAdPicture(
  deps: ServiceDeps,
  uploaderId: string,
  campaignId: string,
  uploadId: string,
): Promise<string> {
  const image = await reencodeUploadedImage(deps, uploaderId, uploadId, { maxEdge: AD_PICTURE_EDGE });
  const hash = createHash("sha256").update(image.data).digest("hex").slice(0, 12);
  const key = `ad-images/${campaignId}/ad-${hash}.webp`;
  await deps.media.storage.writeFile(key, image.data);
  return key;
}

/** The columns a campaign's form sets, checked against the placements open to ads. */
export function fieldValues(
  fields: CampaignFields,
  target: ResolvedTarget,
  settings: AdSettings,
  now = new Date(),
) {
  for (const placement of fields.placements) {
    if (!placementSettings(settings, placement).enabled) {
      throw new AppError("BAD_REQUEST", `${AD_PLACEMENT_LABELS[placement]} is not taking ads at the moment.`);
    }
  }
  const endsAt = new Date(fields.endsAt);
  if (endsAt <= now) throw new AppError("BAD_REQUEST", "The end must be in the future.");
  return {
    name: fields.name,
    targetKind: target.kind,
    targetId: target.id,
    targetUrl: target.url,
    headline: fields.headline,
    body: fields.body,
    cta: fields.cta,
    placements: fields.placements,
    contentTypes: fields.audience.contentTypes,
    genres: fields.audience.genres,
    languages: fields.audience.languages,
    startsAt: new Date(fields.startsAt),
    endsAt,
  };
}

/** Thousandths of a coin per charged event, per placement, at today's prices. */
function ratesOf(settings: AdSettings, placements: readonly AdPlacement[], pricing: AdPricing) {
  return Object.fromEntries(
    placements.map((placement) => {
      const entry = placementSettings(settings, placement);
      return [placement, pricing === "cpm" ? entry.cpmCoins : entry.cpcCoins * 1000];
    }),
  ) as Partial<Record<AdPlacement, number>>;
}

export function announceCampaign(deps: ServiceDeps, row: Pick<CampaignRow, "id" | "ownerId">): void {
  adServerFor(deps).markStale();
  deps.changes.changed(
    ADS_TOPIC,
    campaignTopic(row.id),
    ...(row.ownerId ? [advertiserTopic(row.ownerId)] : []),
  );
}

export async function getAdOptions(deps: ServiceDeps, viewer: SessionUser): Promise<AdOptions> {
  track(ADS_TOPIC);
  const [settings, balance] = await Promise.all([loadAdSettings(deps.db), getCoinBalance(deps, viewer)]);
  return {
    placements: settings.placements.filter((entry) => entry.enabled),
    minBudgetCoins: AD_MIN_BUDGET_COINS,
    maxBudgetCoins: AD_MAX_BUDGET_COINS,
    maxDays: AD_MAX_DAYS,
    balance: balance.total,
  };
}

export async function listMyCampaigns(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: { status?: AdStatus | null },
): Promise<AdCampaign[]> {
  track(advertiserTopic(viewer.id));
  const rows = await deps.db
    .select()
    .from(adCampaigns)
    .where(
      and(
        eq(adCampaigns.ownerId, viewer.id),
        eq(adCampaigns.isHouse, false),
        input.status ? eq(adCampaigns.status, input.status) : undefined,
      ),
    )
    .orderBy(desc(adCampaigns.createdAt))
    .limit(200);
  return campaignViews(deps.db, deps.media, rows);
}

/** The advertiser's own target: one they may see (nobody promotes what they may not read). */
async function advertiserTarget(
  deps: ServiceDeps,
  viewer: Viewer,
  fields: CampaignFields,
): Promise<ResolvedTarget> {
  const target = await resolveTarget(deps, {
    kind: fields.target.kind,
    id: fields.target.id ?? null,
    url: null,
  });
  if (target.ageRating > (viewer.age ?? 13)) {
    throw new AppError("FORBIDDEN", `That is rated ${target.ageRating}+, above your age setting.`);
  }
  return target;
}

export async function createCampaign(
  deps: ServiceDeps,
  viewer: Viewer,
  input: CreateInput,
): Promise<{ campaignId: string }> {
  const target = await advertiserTarget(deps, viewer, input);
  const settings = await loadAdSettings(deps.db);
  const values = fieldValues(input, target, settings);
  const id = crypto.randomUUID();
  // The picture first: re-encoding is slow, and a refused file should refuse the campaign.
  const imageKey = input.pictureUploadId
    ? await storeAdPicture(deps, viewer.id, id, input.pictureUploadId)
    : null;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(adCampaigns)
      .values({
        id,
        ownerId: viewer.id,
        ...values,
        imageKey,
        minAge: target.ageRating,
        pricing: input.pricing,
        ratesMilli: ratesOf(settings, input.placements, input.pricing),
        budgetCoins: input.budgetCoins,
      })
      .returning();
    await fitHoldToBudget(deps, tx, row as CampaignRow);
    announceCampaign(deps, { id, ownerId: viewer.id });
  });
  return { campaignId: id };
}

/** The advertiser's own campaign, locked; NOT_FOUND for anyone else's. */
async function ownCampaign(tx: Transaction, viewer: SessionUser, campaignId: string): Promise<CampaignRow> {
  const row = await lockCampaign(tx, campaignId);
  if (row.ownerId !== viewer.id || row.isHouse) throw new AppError("NOT_FOUND", "There is no such campaign.");
  return row;
}

/** Whether what readers see of the ad changes: such an edit is reviewed again. */
export function changesCreative(
  row: CampaignRow,
  values: ReturnType<typeof fieldValues>,
  pictureChanges: boolean,
) {
  return (
    pictureChanges ||
    row.headline !== values.headline ||
    row.body !== values.body ||
    row.cta !== values.cta ||
    row.targetKind !== values.targetKind ||
    row.targetId !== values.targetId ||
    row.targetUrl !== values.targetUrl
  );
}

export async function updateCampaign(
  deps: ServiceDeps,
  viewer: Viewer,
  input: UpdateInput,
): Promise<AdCampaign> {
  const target = await advertiserTarget(deps, viewer, input);
  const settings = await loadAdSettings(deps.db);
  const values = fieldValues(input, target, settings);
  const imageKey = input.pictureUploadId
    ? await storeAdPicture(deps, viewer.id, input.campaignId, input.pictureUploadId)
    : undefined;
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const current = await ownCampaign(tx, viewer, input.campaignId);
    if (current.status === "stopped" || current.status === "ended") {
      throw new AppError("CONFLICT", "This campaign is over. Start a new one instead.");
    }
    if (input.budgetCoins * 1000 < current.spentMilli) {
      throw new AppError(
        "BAD_REQUEST",
        `The budget cannot be lower than what the campaign has spent (${Math.ceil(current.spentMilli / 1000)} coins).`,
      );
    }
    const pictureChanges = input.pictureUploadId !== undefined && (imageKey ?? null) !== current.imageKey;
    const review = current.status === "rejected" || changesCreative(current, values, pictureChanges);
    const pricingChanges =
      input.pricing !== current.pricing || values.placements.join() !== current.placements.join();
    const [updated] = await tx
      .update(adCampaigns)
      .set({
        ...values,
        ...(input.pictureUploadId !== undefined ? { imageKey: imageKey ?? null } : {}),
        minAge: target.ageRating,
        budgetCoins: input.budgetCoins,
        // Prices are those of the day the placements or the model were chosen.
        ...(pricingChanges
          ? { pricing: input.pricing, ratesMilli: ratesOf(settings, input.placements, input.pricing) }
          : {}),
        ...(review
          ? {
              status: "in_review" as const,
              submittedAt: new Date(),
              reviewedAt: null,
              reviewedBy: null,
              rejectionReason: null,
            }
          : {}),
      })
      .where(eq(adCampaigns.id, current.id))
      .returning();
    const fitted = await fitHoldToBudget(deps, tx, updated as CampaignRow);
    announceCampaign(deps, fitted);
    return fitted;
  });
  return campaignViewOf(deps.db, deps.media, row);
}

const ALLOWED_FROM: Record<"paused" | "active" | "stopped", readonly AdStatus[]> = {
  paused: ["active"],
  active: ["paused"],
  stopped: ["in_review", "active", "paused", "rejected"],
};

/** Pause, resume, or stop for good (the spend settled, the rest given back). */
export async function setCampaignState(
  deps: ServiceDeps,
  viewer: SessionUser,
  campaignId: string,
  state: "paused" | "active" | "stopped",
): Promise<AdCampaign> {
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const current = await ownCampaign(tx, viewer, campaignId);
    if (!ALLOWED_FROM[state].includes(current.status)) {
      throw new AppError(
        "CONFLICT",
        `A campaign that is ${current.status.replace("_", " ")} cannot be ${state === "active" ? "resumed" : state}.`,
      );
    }
    if (state === "active" && current.endsAt <= new Date()) {
      throw new AppError("CONFLICT", "This campaign's schedule has ended. Change its end to resume it.");
    }
    const changed =
      state === "stopped"
        ? await closeCampaign(deps, tx, current, "stopped")
        : ((
            await tx
              .update(adCampaigns)
              .set({ status: state })
              .where(eq(adCampaigns.id, current.id))
              .returning()
          )[0] as CampaignRow);
    announceCampaign(deps, changed);
    return changed;
  });
  return campaignViewOf(deps.db, deps.media, row);
}
