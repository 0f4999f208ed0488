// The part of a story the editor changes and autosaves: its scenes, its start and its own stats.
// Every edit is a pure function from one draft to the next that leaves untouched scenes as the
// same objects, so the autosave finds what changed by identity and the graph redraws only the
// scenes that did.
import type { StoryChoice, StoryScene, StoryStat } from "@litverse/shared/stories/story-model";

export interface StoryDraft {
  startSceneId: string | null;
  scenes: readonly StoryScene[];
  /** The story's own stats; its preset's come from the server and are not edited here. */
  ownStats: readonly StoryStat[];
}

export interface Position {
  x: number;
  y: number;
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A short random id matching STORY_ID_PATTERN: "s-k3j9x0qa". */
export function newId(prefix: "s" | "c"): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  let id = `${prefix}-`;
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

export function emptyScene(id: string, position: Position, title = "New scene"): StoryScene {
  return {
    id,
    title,
    text: "",
    image: null,
    position: { x: Math.round(position.x), y: Math.round(position.y) },
    effects: [],
    ending: null,
    choices: [],
    warnings: [],
  };
}

export function newChoice(target: string | null, label = "Continue"): StoryChoice {
  return { id: newId("c"), label, target, condition: null, effects: [], priceCoins: 0 };
}

// One index per scenes array: drafts are immutable, so it is built once and shared by every reader.
const indexes = new WeakMap<readonly StoryScene[], Map<string, StoryScene>>();

export function scenesById(draft: Pick<StoryDraft, "scenes">): Map<string, StoryScene> {
  let index = indexes.get(draft.scenes);
  if (!index) {
    index = new Map(draft.scenes.map((scene) => [scene.id, scene]));
    indexes.set(draft.scenes, index);
  }
  return index;
}

export function sceneOf(draft: StoryDraft, id: string | null | undefined): StoryScene | undefined {
  return id ? scenesById(draft).get(id) : undefined;
}

function mapScenes(draft: StoryDraft, change: (scene: StoryScene) => StoryScene): StoryDraft {
  let isChanged = false;
  const scenes = draft.scenes.map((scene) => {
    const next = change(scene);
    if (next !== scene) isChanged = true;
    return next;
  });
  return isChanged ? { ...draft, scenes } : draft;
}

export function addScene(draft: StoryDraft, scene: StoryScene): StoryDraft {
  return {
    ...draft,
    scenes: [...draft.scenes, scene],
    // The first scene of an empty story is where it starts.
    startSceneId: draft.startSceneId ?? scene.id,
  };
}

export function updateScene(
  draft: StoryDraft,
  id: string,
  change: Partial<Omit<StoryScene, "id">> | ((scene: StoryScene) => StoryScene),
): StoryDraft {
  return mapScenes(draft, (scene) => {
    if (scene.id !== id) return scene;
    return typeof change === "function" ? change(scene) : { ...scene, ...change };
  });
}

/**
 * Removes the scenes. Choices that led to them stay, unconnected, so that their labels,
 * conditions and effects are not lost with the scene (validation lists them to reconnect).
 */
export function deleteScenes(draft: StoryDraft, ids: Iterable<string>): StoryDraft {
  const gone = new Set(ids);
  if (gone.size === 0) return draft;
  const scenes = draft.scenes
    .filter((scene) => !gone.has(scene.id))
    .map((scene) =>
      scene.choices.some((choice) => choice.target !== null && gone.has(choice.target))
        ? {
            ...scene,
            choices: scene.choices.map((choice) =>
              choice.target !== null && gone.has(choice.target) ? { ...choice, target: null } : choice,
            ),
          }
        : scene,
    );
  if (scenes.length === draft.scenes.length) return draft;
  return {
    ...draft,
    scenes,
    startSceneId: draft.startSceneId !== null && gone.has(draft.startSceneId) ? null : draft.startSceneId,
  };
}

export function moveScenes(draft: StoryDraft, positions: ReadonlyMap<string, Position>): StoryDraft {
  return mapScenes(draft, (scene) => {
    const to = positions.get(scene.id);
    if (!to) return scene;
    const x = Math.round(to.x);
    const y = Math.round(to.y);
    return x === scene.position.x && y === scene.position.y ? scene : { ...scene, position: { x, y } };
  });
}

export function addChoice(draft: StoryDraft, sceneId: string, choice: StoryChoice): StoryDraft {
  return updateScene(draft, sceneId, (scene) => ({ ...scene, choices: [...scene.choices, choice] }));
}

export function updateChoice(
  draft: StoryDraft,
  sceneId: string,
  choiceId: string,
  change: Partial<Omit<StoryChoice, "id">>,
): StoryDraft {
  return updateScene(draft, sceneId, (scene) => ({
    ...scene,
    choices: scene.choices.map((choice) => (choice.id === choiceId ? { ...choice, ...change } : choice)),
  }));
}

export interface ChoiceRef {
  sceneId: string;
  choiceId: string;
}

export function deleteChoices(draft: StoryDraft, refs: readonly ChoiceRef[]): StoryDraft {
  if (refs.length === 0) return draft;
  const bySceneId = new Map<string, Set<string>>();
  for (const ref of refs) {
    const set = bySceneId.get(ref.sceneId) ?? new Set<string>();
    set.add(ref.choiceId);
    bySceneId.set(ref.sceneId, set);
  }
  return mapScenes(draft, (scene) => {
    const gone = bySceneId.get(scene.id);
    if (!gone || !scene.choices.some((choice) => gone.has(choice.id))) return scene;
    return { ...scene, choices: scene.choices.filter((choice) => !gone.has(choice.id)) };
  });
}

/** Moves a choice one place up (-1) or down (+1) in its scene's list: the order readers see. */
export function reorderChoice(draft: StoryDraft, sceneId: string, choiceId: string, by: -1 | 1): StoryDraft {
  return updateScene(draft, sceneId, (scene) => {
    const from = scene.choices.findIndex((choice) => choice.id === choiceId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= scene.choices.length) return scene;
    const choices = [...scene.choices];
    const [moved] = choices.splice(from, 1);
    if (moved) choices.splice(to, 0, moved);
    return { ...scene, choices };
  });
}

export function setStartScene(draft: StoryDraft, sceneId: string): StoryDraft {
  return draft.startSceneId === sceneId ? draft : { ...draft, startSceneId: sceneId };
}

export function setOwnStats(draft: StoryDraft, ownStats: readonly StoryStat[]): StoryDraft {
  return { ...draft, ownStats };
}

/** Whether the scenes need laying out: more than one, all at the same spot (none was placed). */
export function needsLayout(scenes: readonly StoryScene[]): boolean {
  const first = scenes[0];
  if (!first || scenes.length < 2) return false;
  return scenes.every(
    (scene) => scene.position.x === first.position.x && scene.position.y === first.position.y,
  );
}

/**
 * The nearest place to `around` (a card's top-left corner) where a card of `size` overlaps no
 * scene, searched in rings of card-sized steps, so a new scene never hides another.
 */
export function freeSpot(
  scenes: readonly StoryScene[],
  around: Position,
  size: { width: number; height: number },
): Position {
  const gap = 24;
  const isFree = (at: Position) =>
    scenes.every(
      (scene) =>
        at.x + size.width + gap <= scene.position.x ||
        scene.position.x + size.width + gap <= at.x ||
        at.y + size.height + gap <= scene.position.y ||
        scene.position.y + size.height + gap <= at.y,
    );
  const stepX = size.width + gap;
  const stepY = size.height + gap;
  for (let ring = 0; ring <= 12; ring++) {
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const at = { x: Math.round(around.x + dx * stepX), y: Math.round(around.y + dy * stepY) };
        if (isFree(at)) return at;
      }
    }
  }
  return { x: Math.round(around.x), y: Math.round(around.y) };
}
