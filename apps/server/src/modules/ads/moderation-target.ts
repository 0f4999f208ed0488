// Ads as the moderators' report targets: one that has been shown to readers, not the reporter's own.
import { eq } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import type { ReportTarget } from "../reports/index.ts";
import { adCampaigns } from "./schema.ts";

export async function adReportTarget(
  deps: ServiceDeps,
  viewer: Viewer,
  campaignId: string,
): Promise<ReportTarget> {
  const [row] = await deps.db.select().from(adCampaigns).where(eq(adCampaigns.id, campaignId));
  // Only an approved ad has been in front of readers.
  if (!row || row.status === "in_review" || (row.status === "rejected" && !row.reviewedAt)) {
    throw new AppError("NOT_FOUND", "There is no such ad.");
  }
  if (row.ownerId === viewer.id) throw new AppError("BAD_REQUEST", "You cannot report your own ad.");
  return {
    kind: "ad",
    id: row.id,
    userId: row.ownerId,
    snapshot: [row.headline, row.body].filter(Boolean).join(" · "),
    label: `An ad: “${row.headline}”`,
  };
}
