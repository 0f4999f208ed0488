// Finding scenes by words in their title or text, for the map's search and the choice's target.
import type { StoryScene } from "@litverse/shared/stories/story-model";

export interface SceneMatch {
  scene: StoryScene;
  /** Where the words were found; a title match ranks first. */
  isTitleMatch: boolean;
}

/** Scenes whose title or text holds `query` (any case), title matches first; all scenes for "". */
export function findScenes(scenes: readonly StoryScene[], query: string, limit: number): SceneMatch[] {
  const needle = query.trim().toLocaleLowerCase();
  const inTitle: SceneMatch[] = [];
  const inText: SceneMatch[] = [];
  for (const scene of scenes) {
    if (needle === "" || scene.title.toLocaleLowerCase().includes(needle)) {
      inTitle.push({ scene, isTitleMatch: true });
      if (inTitle.length >= limit) break;
    } else if (inText.length < limit && scene.text.toLocaleLowerCase().includes(needle)) {
      inText.push({ scene, isTitleMatch: false });
    }
  }
  return [...inTitle, ...inText].slice(0, limit);
}
