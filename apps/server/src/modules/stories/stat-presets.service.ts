// Stat presets: reusable sets of stats that stories attach (a story's effective stats are its
// preset's, then its own). A preset in use cannot be deleted; changing one changes the drafts of
// the stories using it, while their published versions keep the stats they were published with.
import type { StatPreset } from "@litverse/shared/stories";
import type { createStatPresetInput, updateStatPresetInput } from "@litverse/shared/stories-inputs";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { AppError, databaseErrorCode } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { statPresets, stories } from "./schema.ts";
import { STAT_PRESETS_TOPIC, STORIES_ADMIN_TOPIC, storyTopic } from "./topics.ts";

/** The unique index on the lowercased name refused a second preset of the same name. */
function isNameTaken(error: unknown): boolean {
  return databaseErrorCode(error) === "23505";
}

function nameTaken(name: string): AppError {
  return new AppError("CONFLICT", `There is already a preset named “${name}”.`);
}

/** A preset as the audit trail keeps it. */
function presetSnapshot(row: typeof statPresets.$inferSelect) {
  return { name: row.name, description: row.description, stats: row.stats };
}

export async function listStatPresets({ db }: ServiceDeps): Promise<StatPreset[]> {
  track(STAT_PRESETS_TOPIC);
  const rows = await db
    .select({
      preset: statPresets,
      storyCount: sql<number>`(select count(*) from ${stories} s where s.stat_preset_id = "stat_presets"."id")::int`,
    })
    .from(statPresets)
    .orderBy(asc(sql`lower(${statPresets.name})`));
  return rows.map(({ preset, storyCount }) => ({
    id: preset.id,
    name: preset.name,
    description: preset.description,
    stats: preset.stats,
    storyCount,
  }));
}

export async function createStatPreset(
  deps: ServiceDeps,
  input: z.output<typeof createStatPresetInput>,
): Promise<{ id: string }> {
  try {
    return await deps.changes.inTransaction(deps.db, async (tx) => {
      const [row] = await tx
        .insert(statPresets)
        .values({ name: input.name, description: input.description, stats: input.stats })
        .returning();
      if (!row) throw new AppError("CONFLICT", "The preset could not be saved.");
      deps.changes.changed(STAT_PRESETS_TOPIC);
      noteChange({ objectType: "stat-preset", objectId: row.id, before: null, after: presetSnapshot(row) });
      return { id: row.id };
    });
  } catch (error) {
    if (isNameTaken(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function updateStatPreset(
  deps: ServiceDeps,
  input: z.output<typeof updateStatPresetInput>,
): Promise<void> {
  const { data } = input;
  try {
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const [before] = await tx.select().from(statPresets).where(eq(statPresets.id, input.id)).for("update");
      const [row] = await tx
        .update(statPresets)
        .set({
          ...(data.name !== undefined ? { name: data.name } : {}),
          ...(data.description !== undefined ? { description: data.description } : {}),
          ...(data.stats !== undefined ? { stats: data.stats } : {}),
        })
        .where(eq(statPresets.id, input.id))
        .returning();
      if (!row || !before) throw new AppError("NOT_FOUND", "No such stat preset.");
      deps.changes.changed(STAT_PRESETS_TOPIC);
      noteChange({
        objectType: "stat-preset",
        objectId: row.id,
        before: presetSnapshot(before),
        after: presetSnapshot(row),
      });
      if (data.stats !== undefined) {
        // The drafts using it have new stats now: their editors must reload, and a publication is due.
        const using = await tx
          .update(stories)
          .set({ hasUnpublishedChanges: true, revision: sql`${stories.revision} + 1` })
          .where(eq(stories.statPresetId, input.id))
          .returning({ id: stories.id });
        if (using.length > 0)
          deps.changes.changed(STORIES_ADMIN_TOPIC, ...using.map((story) => storyTopic(story.id)));
      }
    });
  } catch (error) {
    if (isNameTaken(error) && data.name) throw nameTaken(data.name);
    throw error;
  }
}

export async function deleteStatPreset(deps: ServiceDeps, id: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [preset] = await tx.select().from(statPresets).where(eq(statPresets.id, id)).for("update");
    if (!preset) throw new AppError("NOT_FOUND", "No such stat preset.");
    const [used] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(stories)
      .where(eq(stories.statPresetId, id));
    const count = used?.count ?? 0;
    if (count > 0) {
      throw new AppError(
        "CONFLICT",
        `This preset is used by ${count} ${count === 1 ? "story" : "stories"}. Detach it from them first.`,
      );
    }
    await tx.delete(statPresets).where(eq(statPresets.id, id));
    deps.changes.changed(STAT_PRESETS_TOPIC);
    noteChange({ objectType: "stat-preset", objectId: id, before: presetSnapshot(preset), after: null });
  });
}
