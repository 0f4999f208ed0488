// How a story's length, progress and figures read on cards, the story's page and the dashboard.
import type { StoryProgressStatus } from "@litverse/shared/stories";

/** "1 scene", "12 scenes". */
export const scenesLabel = (count: number) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? "scene" : "scenes"}`;

/** "about 15 min"; a story under a minute still reads "about 1 min". */
export const minutesLabel = (minutes: number) => `about ${Math.max(1, Math.round(minutes))} min`;

/** "1 ending", "4 endings". */
export const endingsLabel = (count: number) => `${count} ${count === 1 ? "ending" : "endings"}`;

export const PROGRESS_LABELS: Record<StoryProgressStatus, string> = {
  new: "New",
  playing: "Playing",
  finished: "Finished",
};

/** "1 of 4 endings found", or null before the first. */
export function endingsFoundLabel(found: number, endingCount: number): string | null {
  return found > 0 ? `${found} of ${endingsLabel(endingCount)} found` : null;
}

/** A fraction 0..1 as a whole percentage, "–" when there is nothing to divide. */
export const percentLabel = (fraction: number | null) =>
  fraction === null || !Number.isFinite(fraction) ? "–" : `${Math.round(fraction * 100)}%`;

/** The play page of a story. */
export const playPath = (storyId: string) => `/interactive-stories/${storyId}/play`;

/** A story's page for readers. */
export const storyPath = (storyId: string) => `/interactive-stories/${storyId}`;
