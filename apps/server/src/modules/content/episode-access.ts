// Who may open which episode. One place decides, for the episode list (why an episode is locked)
// and for the payload (whether its files are handed out).
import type { AccessType, EpisodeLock } from "@litverse/shared/content";
import type { Viewer } from "../../core/service-deps.ts";

/** What a viewer holds that opens locked episodes. */
export interface Entitlements {
  /** Episodes unlocked for good. */
  unlockedEpisodeIds: ReadonlySet<string>;
  /** Plan tiers the viewer holds now. */
  tiers: ReadonlySet<Exclude<AccessType, "free">>;
}

export const NO_ENTITLEMENTS: Entitlements = { unlockedEpisodeIds: new Set(), tiers: new Set() };

/** Episode 1 of a premium or VVIP title is open to everyone, so that readers can try it. */
export const PREVIEW_EPISODE_NUMBER = 1;

/**
 * Null when `viewer` may open the episode; otherwise what stands in the way. Titles above the
 * viewer's age never get this far: they are not shown at all.
 */
export function episodeLock(
  viewer: Pick<Viewer, "role"> | null,
  title: { accessType: AccessType },
  episode: { id: string; number: number; priceCoins: number },
  entitlements: Entitlements,
): EpisodeLock | null {
  if (viewer?.role === "admin" || viewer?.role === "superadmin") return null;
  if (title.accessType !== "free" && episode.number !== PREVIEW_EPISODE_NUMBER) {
    // A VVIP plan includes everything premium.
    const holdsTier =
      entitlements.tiers.has(title.accessType) ||
      (title.accessType === "premium" && entitlements.tiers.has("vvip"));
    if (!holdsTier) return { reason: "tier", accessType: title.accessType };
  }
  if (episode.priceCoins > 0 && !entitlements.unlockedEpisodeIds.has(episode.id)) {
    return { reason: "price", priceCoins: episode.priceCoins };
  }
  return null;
}

export function lockMessage(lock: EpisodeLock): string {
  if (lock.reason === "tier") {
    return lock.accessType === "vvip"
      ? "This episode is for VVIP members."
      : "This episode is for Premium members.";
  }
  return `This episode costs ${lock.priceCoins} coins to unlock.`;
}
