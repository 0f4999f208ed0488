// Interactive stories for tests and benchmarks: a small story with a condition, an effect, a loop
// and a premium choice, stories of any size, and publishing one through the real services.
import type { StoryChoice, StoryScene, StoryStat } from "@litverse/shared/stories/story-model";
import type { SessionUser } from "../core/service-deps.ts";
import { createStory, publishStory, saveStoryDraft } from "../modules/stories/story-drafts.service.ts";
import type { Platform } from "../platform.ts";

export function storyScene(
  id: string,
  choices: Array<Partial<StoryChoice> & Pick<StoryChoice, "id" | "target">>,
  extra: Partial<StoryScene> = {},
): StoryScene {
  return {
    id,
    title: id,
    text: `You are at ${id}.`,
    image: null,
    position: { x: 0, y: 0 },
    effects: [],
    ending: null,
    choices: choices.map((choice) => ({
      label: `Go to ${choice.target}`,
      condition: null,
      effects: [],
      priceCoins: 0,
      ...choice,
    })),
    warnings: [],
    ...extra,
  };
}

export const COURAGE: StoryStat = {
  name: "courage",
  label: "Courage",
  kind: "number",
  min: 0,
  max: 5,
  default: 1,
  visible: true,
};

/** The price of the cave story's bribe. */
export const BRIBE_PRICE = 20;

/**
 * The cave: train (courage + 1, back to the start), enter (needs courage 2) to the dragon, bribe
 * the guard (20 coins) to the treasure, or walk home. Three endings.
 */
export function caveStory(): { stats: StoryStat[]; startSceneId: string; scenes: StoryScene[] } {
  return {
    stats: [COURAGE],
    startSceneId: "gate",
    scenes: [
      storyScene(
        "gate",
        [
          { id: "enter", label: "Enter the cave", target: "dragon", condition: "courage >= 2" },
          { id: "train", label: "Train", target: "gate", effects: ["courage += 1"] },
          { id: "bribe", label: "Bribe the guard", target: "treasure", priceCoins: BRIBE_PRICE },
          { id: "leave", label: "Walk home", target: "home" },
        ],
        { text: "A cave mouth, and a guard." },
      ),
      storyScene("dragon", [], { ending: { name: "The dragon's friend" }, effects: ["courage += 2"] }),
      storyScene("treasure", [], { ending: { name: "Rich" } }),
      storyScene("home", [], { ending: { name: "Home again" } }),
    ],
  };
}

/**
 * A published story of `sceneCount` scenes: a long road of scenes with three choices each (on,
 * a shortcut, a detour back), with a condition and effects on the way, ending in ten endings.
 */
export function largeStory(sceneCount: number): {
  stats: StoryStat[];
  startSceneId: string;
  scenes: StoryScene[];
} {
  const endings = 10;
  const scenes: StoryScene[] = [];
  for (let i = 0; i < sceneCount; i++) {
    const id = `s${i}`;
    if (i >= sceneCount - endings) {
      scenes.push(storyScene(id, [], { ending: { name: `Ending ${i - (sceneCount - endings) + 1}` } }));
      continue;
    }
    const at = (n: number) => `s${Math.min(n, sceneCount - 1)}`;
    scenes.push(
      storyScene(
        id,
        [
          { id: `${id}-on`, label: "Go on", target: at(i + 1), effects: ["courage += 1"] },
          { id: `${id}-run`, label: "Run ahead", target: at(i + 2), condition: "courage >= 2" },
          { id: `${id}-back`, label: "Look back", target: at(Math.max(0, i - 3)) },
        ],
        {
          text: `Scene ${i}. ${"The road goes on through the hills and the woods. ".repeat(6)}`,
          position: { x: (i % 40) * 260, y: Math.floor(i / 40) * 140 },
          effects: i % 10 === 0 ? ["courage -= 1"] : [],
        },
      ),
    );
  }
  return { stats: [COURAGE], startSceneId: "s0", scenes };
}

/** Creates and publishes a story as `admin` through the services; returns its id. */
export async function publishedStory(
  platform: Platform,
  admin: SessionUser,
  story: { stats: StoryStat[]; startSceneId: string; scenes: StoryScene[] },
  title = "The Cave",
): Promise<string> {
  const { storyId } = await createStory(platform.deps, admin, { title });
  let revision = 0;
  const scenes = story.scenes;
  // The first save removes the blank start scene a new story has.
  for (let i = 0; i < Math.max(1, scenes.length); i += 500) {
    ({ revision } = await saveStoryDraft(platform.deps, {
      storyId,
      baseRevision: revision,
      upsertScenes: scenes.slice(i, i + 500),
      deleteSceneIds: i === 0 && !scenes.some((scene) => scene.id === "start") ? ["start"] : [],
      ...(i === 0 ? { startSceneId: story.startSceneId, ownStats: story.stats } : {}),
    }));
  }
  await publishStory(platform.deps, admin, storyId);
  return storyId;
}
