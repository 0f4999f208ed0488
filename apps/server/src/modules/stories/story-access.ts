// Finding a story for whoever asks: administrators see every story; readers see published ones
// rated at most their age, like catalogue titles.
import type { StoryStat } from "@litverse/shared/stories/story-model";
import { eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { Viewer } from "../../core/service-deps.ts";
import { isAdminViewer, viewerAge } from "../content/index.ts";
import { visibleItem } from "../reports/index.ts";
import { statPresets, stories, storyVersions } from "./schema.ts";

export type StoryRow = typeof stories.$inferSelect;
export type VersionRow = typeof storyVersions.$inferSelect;

/** Public media URLs of a story's cover and scene pictures (named by their content's hash). */
export const STORY_COVERS_AREA = "story-covers";
export const STORY_IMAGES_AREA = "story-images";
export const storyCoverUrl = (key: string | null): string | null => (key ? `/media/${key}` : null);
export const sceneImagePrefix = (storyId: string) => `/media/${STORY_IMAGES_AREA}/${storyId}/`;

export async function loadStory(db: Executor, storyId: string): Promise<StoryRow> {
  const [row] = await db.select().from(stories).where(eq(stories.id, storyId));
  if (!row) throw new AppError("NOT_FOUND", "No such story.");
  return row;
}

/** A column of a query joining `stories`: whether moderators leave the story shown to this viewer. */
export const storyShownTo = (viewer: Viewer) => visibleItem("story", stories.id, viewer).mapWith(Boolean);

/** NOT_FOUND for a story moderators hid from the viewer; administrators still see it. */
export function refuseHiddenStory(viewer: Viewer, isShown: boolean): void {
  if (!isShown && !isAdminViewer(viewer)) throw new AppError("NOT_FOUND", "No such story.");
}

/** A published story the viewer may read (not hidden from them), with its newest version. */
export async function readableStory(
  db: Executor,
  viewer: Viewer,
  storyId: string,
): Promise<{ story: StoryRow; version: VersionRow }> {
  const [row] = await db
    .select({ story: stories, version: storyVersions, isShown: storyShownTo(viewer) })
    .from(stories)
    .innerJoin(storyVersions, eq(storyVersions.id, stories.versionId))
    .where(eq(stories.id, storyId));
  if (row?.story.status !== "published") throw new AppError("NOT_FOUND", "No such story.");
  refuseHiddenStory(viewer, row.isShown);
  if (!isAdminViewer(viewer) && row.story.ageRating > viewerAge(viewer)) {
    throw new AppError("FORBIDDEN", `This story is rated ${row.story.ageRating}+.`);
  }
  return row;
}

/** The stats of a story's preset, or none. */
export async function presetStatsOf(db: Executor, presetId: string | null): Promise<StoryStat[]> {
  if (!presetId) return [];
  const [preset] = await db
    .select({ stats: statPresets.stats })
    .from(statPresets)
    .where(eq(statPresets.id, presetId));
  return preset?.stats ?? [];
}
