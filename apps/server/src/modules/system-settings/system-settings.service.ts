import { type ComingSoonSettings, DEFAULT_COMING_SOON_SETTINGS } from "@litverse/shared/system-settings";
import type { UpdateComingSoonSettingsInput } from "@litverse/shared/system-settings-inputs";
import { eq } from "drizzle-orm";
import { noteChange } from "../../core/audit.ts";
import { ALL_TOPICS, track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { systemSettings } from "./schema.ts";

export const COMING_SOON_TOPIC = "settings:coming-soon";
/**
 * Announced (with COMING_SOON_TOPIC) by a write that sets the mode: what the coming-soon gate of
 * every live query depends on. Tracking the whole settings instead would re-run every live query
 * on the platform when only the page's title or text changed.
 */
export const COMING_SOON_MODE_TOPIC = "settings:coming-soon:mode";

type SettingsRow = typeof systemSettings.$inferSelect;

function toComingSoonSettings(row: SettingsRow | undefined): ComingSoonSettings {
  if (!row) return { ...DEFAULT_COMING_SOON_SETTINGS };
  return {
    isComingSoonMode: row.isComingSoonMode,
    comingSoonTitle: row.comingSoonTitle,
    comingSoonDescription: row.comingSoonDescription,
    ...(row.expectedLaunchDate ? { expectedLaunchDate: row.expectedLaunchDate } : {}),
  };
}

interface SettingsCache {
  value: Promise<ComingSoonSettings> | null;
}

const caches = new WeakMap<ServiceDeps, SettingsCache>();

/**
 * The coming-soon settings. Every call of every function asks (the coming-soon gate), so they are
 * read from the database once and kept until a change to them is announced, by this process or
 * another.
 */
export async function getComingSoonSettings(deps: ServiceDeps): Promise<ComingSoonSettings> {
  track(COMING_SOON_TOPIC);
  return cachedComingSoonSettings(deps);
}

/** Whether coming-soon mode is on; a live query asking re-runs only when the mode is set. */
export async function isComingSoonModeOn(deps: ServiceDeps): Promise<boolean> {
  track(COMING_SOON_MODE_TOPIC);
  return (await cachedComingSoonSettings(deps)).isComingSoonMode;
}

function cachedComingSoonSettings(deps: ServiceDeps): Promise<ComingSoonSettings> {
  let cache = caches.get(deps);
  if (!cache) {
    const created: SettingsCache = { value: null };
    deps.changes.subscribe((topics) => {
      if (topics.includes(COMING_SOON_TOPIC) || topics.includes(ALL_TOPICS)) created.value = null;
    });
    caches.set(deps, created);
    cache = created;
  }
  const owner = cache;
  owner.value ??= readComingSoonSettings(deps).catch((error: unknown) => {
    owner.value = null;
    throw error;
  });
  return owner.value;
}

async function readComingSoonSettings({ db }: ServiceDeps): Promise<ComingSoonSettings> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1));
  return toComingSoonSettings(row);
}

export async function updateComingSoonSettings(
  deps: ServiceDeps,
  update: UpdateComingSoonSettingsInput,
): Promise<ComingSoonSettings> {
  const values = {
    ...(update.isComingSoonMode !== undefined && { isComingSoonMode: update.isComingSoonMode }),
    ...(update.comingSoonTitle !== undefined && { comingSoonTitle: update.comingSoonTitle }),
    ...(update.comingSoonDescription !== undefined && {
      comingSoonDescription: update.comingSoonDescription,
    }),
    ...(update.expectedLaunchDate !== undefined && {
      expectedLaunchDate: update.expectedLaunchDate || null,
    }),
  };
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(systemSettings).where(eq(systemSettings.id, 1)).for("update");
    const [saved] = await tx
      .insert(systemSettings)
      .values({ id: 1, ...DEFAULT_COMING_SOON_SETTINGS, ...values })
      .onConflictDoUpdate({ target: systemSettings.id, set: { ...values, updatedAt: new Date() } })
      .returning();
    deps.changes.changed(COMING_SOON_TOPIC);
    if (update.isComingSoonMode !== undefined) deps.changes.changed(COMING_SOON_MODE_TOPIC);
    noteChange({
      objectType: "coming-soon-settings",
      objectId: "1",
      // Before the first change, the settings are the defaults.
      before: before ? toComingSoonSettings(before) : DEFAULT_COMING_SOON_SETTINGS,
      after: saved ? toComingSoonSettings(saved) : null,
    });
    return saved;
  });
  // This process's own readers see the change at once, before the announcement goes round.
  const cache = caches.get(deps);
  if (cache) cache.value = null;
  return toComingSoonSettings(row);
}
