// The team's house ads: the same creatives, audiences and schedules as paid ones, no coins, and a
// priority against paid ads. Approved as they are made (the team is the reviewer).
import type { AdCampaign } from "@litverse/shared/ads";
import type { createHouseAdInput, updateHouseAdInput } from "@litverse/shared/ads-inputs";
import type { Age } from "@litverse/shared/constants";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { loadAdSettings } from "./ad-settings.ts";
import { announceCampaign, fieldValues, storeAdPicture } from "./campaigns.service.ts";
import { lockCampaign } from "./money.ts";
import { adCampaigns } from "./schema.ts";
import { resolveTarget } from "./targets.ts";
import { ADS_TOPIC } from "./topics.ts";
import { type CampaignRow, campaignViewOf, campaignViews } from "./views.ts";

type CreateInput = z.output<typeof createHouseAdInput>;
type UpdateInput = z.output<typeof updateHouseAdInput>;

export async function listHouseAds(deps: ServiceDeps): Promise<AdCampaign[]> {
  track(ADS_TOPIC);
  const rows = await deps.db
    .select()
    .from(adCampaigns)
    .where(eq(adCampaigns.isHouse, true))
    .orderBy(desc(adCampaigns.createdAt))
    .limit(200);
  return campaignViews(deps.db, deps.media, rows);
}

/** The target's own rating, or the team's choice when it has none of its own (plans, links) or a lower one. */
async function houseTarget(deps: ServiceDeps, input: CreateInput) {
  const target = await resolveTarget(deps, {
    kind: input.target.kind,
    id: input.target.id ?? null,
    url: input.target.url ?? null,
  });
  return { target, minAge: Math.max(target.ageRating, input.minAge) as Age };
}

export async function createHouseAd(
  deps: ServiceDeps,
  admin: SessionUser,
  input: CreateInput,
): Promise<{ campaignId: string }> {
  const { target, minAge } = await houseTarget(deps, input);
  const values = fieldValues(input, target, await loadAdSettings(deps.db));
  const id = crypto.randomUUID();
  const imageKey = input.pictureUploadId
    ? await storeAdPicture(deps, admin.id, id, input.pictureUploadId)
    : null;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.insert(adCampaigns).values({
      id,
      ownerId: null,
      isHouse: true,
      ...values,
      imageKey,
      minAge,
      priority: input.priority,
      status: "active",
      reviewedBy: admin.id,
      reviewedAt: new Date(),
    });
    noteChange({
      objectType: "house-ad",
      objectId: id,
      before: null,
      after: { ...values, priority: input.priority },
    });
    announceCampaign(deps, { id, ownerId: null });
  });
  return { campaignId: id };
}

async function lockHouseAd(tx: Parameters<typeof lockCampaign>[0], campaignId: string): Promise<CampaignRow> {
  const row = await lockCampaign(tx, campaignId);
  if (!row.isHouse) throw new AppError("NOT_FOUND", "There is no such house ad.");
  return row;
}

export async function updateHouseAd(
  deps: ServiceDeps,
  admin: SessionUser,
  input: UpdateInput,
): Promise<AdCampaign> {
  const { target, minAge } = await houseTarget(deps, input);
  const values = fieldValues(input, target, await loadAdSettings(deps.db));
  const imageKey = input.pictureUploadId
    ? await storeAdPicture(deps, admin.id, input.campaignId, input.pictureUploadId)
    : undefined;
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const current = await lockHouseAd(tx, input.campaignId);
    if (current.status === "stopped")
      throw new AppError("CONFLICT", "This house ad is stopped. Make a new one instead.");
    const [updated] = await tx
      .update(adCampaigns)
      .set({
        ...values,
        ...(input.pictureUploadId !== undefined ? { imageKey: imageKey ?? null } : {}),
        minAge,
        priority: input.priority,
        // A schedule moved past its old end runs again.
        ...(current.status === "ended" ? { status: "active" as const, endedAt: null } : {}),
      })
      .where(eq(adCampaigns.id, current.id))
      .returning();
    noteChange({ objectType: "house-ad", objectId: current.id, before: current, after: updated });
    announceCampaign(deps, current);
    return updated as CampaignRow;
  });
  return campaignViewOf(deps.db, deps.media, row);
}

export async function setHouseAdState(
  deps: ServiceDeps,
  campaignId: string,
  state: "active" | "paused" | "stopped",
): Promise<AdCampaign> {
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const current = await lockHouseAd(tx, campaignId);
    if (current.status === "stopped") throw new AppError("CONFLICT", "This house ad is stopped for good.");
    if (state === "active" && current.endsAt <= new Date()) {
      throw new AppError("CONFLICT", "This house ad's schedule has ended. Change its end to run it again.");
    }
    const [updated] = await tx
      .update(adCampaigns)
      .set({ status: state, ...(state === "stopped" ? { endedAt: new Date() } : {}) })
      .where(eq(adCampaigns.id, current.id))
      .returning();
    noteChange({
      objectType: "house-ad",
      objectId: current.id,
      before: { status: current.status },
      after: { status: state },
    });
    announceCampaign(deps, current);
    return updated as CampaignRow;
  });
  return campaignViewOf(deps.db, deps.media, row);
}
