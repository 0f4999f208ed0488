// The ads' settings, read and saved by the team.
import type { AdLayout, AdSettings } from "@litverse/shared/ads";
import { noteChange } from "../../core/audit.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { loadAdSettings } from "./ad-settings.ts";
import { adSettings } from "./schema.ts";
import { adServerFor } from "./serving.ts";
import { ADS_TOPIC } from "./topics.ts";

/** What every page may know of the settings: where ads go, and how often in the reels feed. */
export async function getAdLayout(deps: ServiceDeps): Promise<AdLayout> {
  track(ADS_TOPIC);
  const settings = await loadAdSettings(deps.db);
  return {
    placements: settings.placements.filter((entry) => entry.enabled).map((entry) => entry.placement),
    reelsEvery: settings.reelsEvery,
  };
}

export async function getAdSettings(deps: ServiceDeps): Promise<AdSettings> {
  track(ADS_TOPIC);
  return loadAdSettings(deps.db);
}

/** Saves the settings; placements not given keep theirs. */
export async function setAdSettings(deps: ServiceDeps, input: AdSettings): Promise<AdSettings> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const before = await loadAdSettings(tx);
    const after: AdSettings = {
      placements: before.placements.map(
        (entry) => input.placements.find((given) => given.placement === entry.placement) ?? entry,
      ),
      reelsEvery: input.reelsEvery,
      adFreeTiers: input.adFreeTiers,
    };
    await tx
      .insert(adSettings)
      .values({ id: 1, settings: after })
      .onConflictDoUpdate({ target: adSettings.id, set: { settings: after, updatedAt: new Date() } });
    noteChange({ objectType: "ad-settings", objectId: "1", before, after });
    deps.changes.changed(ADS_TOPIC);
    adServerFor(deps).markStale();
    return after;
  });
}
