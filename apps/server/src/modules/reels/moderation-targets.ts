// Reels as the moderators' report targets: a reel the reporter may watch, not their own.
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import type { ReportTarget } from "../reports/index.ts";
import { loadWatchableReel } from "./reel-access.ts";

export async function reelReportTarget(
  deps: ServiceDeps,
  viewer: Viewer,
  reelId: string,
): Promise<ReportTarget> {
  const reel = await loadWatchableReel(deps.db, viewer, reelId);
  if (reel.creatorId === viewer.id) throw new AppError("BAD_REQUEST", "You cannot report your own reel.");
  return {
    kind: "reel",
    id: reel.id,
    userId: reel.creatorId,
    snapshot: reel.caption || null,
    label: reel.caption ? `A reel: “${reel.caption.slice(0, 60)}”` : "A reel",
  };
}
