// The server's own schemas, run before sending, so a half-typed scene is held back with the reason
// rather than failing the whole save.

import { storySceneSchema } from "@litverse/shared/stories/story-model";
import { sceneName } from "@litverse/shared/stories/story-validation";
import { storyStatsSchema } from "@litverse/shared/stories-inputs";
import type { SaveChecks } from "./save-plan.ts";

export const SERVER_CHECKS: SaveChecks = {
  scene: (scene) => {
    const result = storySceneSchema.safeParse(scene);
    if (result.success) return null;
    return `Scene ${sceneName(scene)}: ${result.error.issues[0]?.message ?? "not valid"}`;
  },
  stats: (stats) => {
    const result = storyStatsSchema.safeParse(stats);
    if (result.success) return null;
    return `Stats: ${result.error.issues[0]?.message ?? "not valid"}`;
  },
};
