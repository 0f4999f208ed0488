// The ads' settings as stored: which placements are on, the caps per person, the prices, the
// reels interval and the plans that see no ads. One row; until the team saves, the defaults.
import type { AdPlacement, AdPlacementSettings, AdSettings } from "@litverse/shared/ads";
import { AD_PLACEMENTS } from "@litverse/shared/ads";
import { eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { adSettings } from "./schema.ts";

const DEFAULT_PLACEMENT: Record<AdPlacement, Omit<AdPlacementSettings, "placement">> = {
  home: { enabled: true, perHour: 4, perDay: 20, cpmCoins: 20, cpcCoins: 2 },
  explore: { enabled: true, perHour: 4, perDay: 20, cpmCoins: 20, cpcCoins: 2 },
  reels: { enabled: true, perHour: 6, perDay: 30, cpmCoins: 30, cpcCoins: 3 },
  "episode-end": { enabled: true, perHour: 3, perDay: 12, cpmCoins: 40, cpcCoins: 4 },
};

export const DEFAULT_AD_SETTINGS: AdSettings = {
  placements: AD_PLACEMENTS.map((placement) => ({ placement, ...DEFAULT_PLACEMENT[placement] })),
  reelsEvery: 6,
  adFreeTiers: ["premium", "vvip"],
};

/** The settings in force, every placement present in the order of AD_PLACEMENTS. */
export async function loadAdSettings(db: Executor): Promise<AdSettings> {
  const [row] = await db
    .select({ settings: adSettings.settings })
    .from(adSettings)
    .where(eq(adSettings.id, 1));
  const saved = row?.settings;
  if (!saved) return DEFAULT_AD_SETTINGS;
  return {
    placements: AD_PLACEMENTS.map(
      (placement) =>
        saved.placements.find((entry) => entry.placement === placement) ?? {
          placement,
          ...DEFAULT_PLACEMENT[placement],
        },
    ),
    reelsEvery: saved.reelsEvery,
    adFreeTiers: saved.adFreeTiers,
  };
}

export function placementSettings(settings: AdSettings, placement: AdPlacement): AdPlacementSettings {
  return (
    settings.placements.find((entry) => entry.placement === placement) ?? {
      placement,
      ...DEFAULT_PLACEMENT[placement],
    }
  );
}
