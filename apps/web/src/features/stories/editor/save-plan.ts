// What an autosave sends: only the scenes that differ from what the server last accepted, the
// scenes that are gone, and the start and own stats when they changed, in calls small enough for
// the server (STORY_LIMITS.maxScenesPerSave scenes and a payload limit). A scene or stat list the
// server would refuse as it stands (a choice with its words cleared while being retyped) is held
// back with the reason, and the rest is saved. Pure, so the rules are tested without a server.
import type { StoryScene, StoryStat } from "@litverse/shared/stories/story-model";
import type { StoryDraft } from "./story-draft.ts";

/** What the server holds, as far as this editor knows: the draft it last accepted. */
export interface SavedState {
  scenes: ReadonlyMap<string, StoryScene>;
  startSceneId: string | null;
  ownStats: readonly StoryStat[];
}

export interface SaveBatch {
  upsertScenes?: StoryScene[];
  deleteSceneIds?: string[];
  startSceneId?: string | null;
  ownStats?: StoryStat[];
}

export interface SaveLimits {
  maxScenes: number;
  /** Bytes of scenes a call may carry, below the server's payload limit. */
  maxBytes: number;
}

/** Why the server would refuse this as it stands; null when it would not. */
export interface SaveChecks {
  scene: (scene: StoryScene) => string | null;
  stats: (stats: readonly StoryStat[]) => string | null;
}

export interface SavePlan {
  batches: SaveBatch[];
  /** Changes that cannot be sent yet, and why. */
  heldBack: string[];
}

const NO_CHECKS: SaveChecks = { scene: () => null, stats: () => null };

export function savedStateOf(draft: StoryDraft): SavedState {
  return {
    scenes: new Map(draft.scenes.map((scene) => [scene.id, scene])),
    startSceneId: draft.startSceneId,
    ownStats: draft.ownStats,
  };
}

/** Same content: the same object, or the same fields (an edit undone by hand). */
function isSame<T>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

const encoder = new TextEncoder();

/** The calls that bring the server from `saved` to `draft`, in order; none when they agree. */
export function planSave(
  saved: SavedState,
  draft: StoryDraft,
  limits: SaveLimits,
  checks: SaveChecks = NO_CHECKS,
): SavePlan {
  const heldBack: string[] = [];
  const upserts: StoryScene[] = [];
  const present = new Set<string>();
  for (const scene of draft.scenes) {
    present.add(scene.id);
    const before = saved.scenes.get(scene.id);
    if (before && isSame(before, scene)) continue;
    const problem = checks.scene(scene);
    if (problem) heldBack.push(problem);
    else upserts.push(scene);
  }
  const deletes = [...saved.scenes.keys()].filter((id) => !present.has(id));
  // A start scene that is held back cannot be named yet either.
  const isStartReady =
    draft.startSceneId === null ||
    saved.scenes.has(draft.startSceneId) ||
    upserts.some((s) => s.id === draft.startSceneId);
  const isStartChanged = draft.startSceneId !== saved.startSceneId && isStartReady;
  let areStatsChanged = !isSame(saved.ownStats, draft.ownStats);
  if (areStatsChanged) {
    const problem = checks.stats(draft.ownStats);
    if (problem) {
      heldBack.push(problem);
      areStatsChanged = false;
    }
  }
  if (upserts.length === 0 && deletes.length === 0 && !isStartChanged && !areStatsChanged) {
    return { batches: [], heldBack };
  }

  const batches: SaveBatch[] = [];
  let sceneList: StoryScene[] = [];
  let idList: string[] = [];
  let bytes = 0;
  const close = () => {
    const batch: SaveBatch = {};
    if (sceneList.length > 0) batch.upsertScenes = sceneList;
    if (idList.length > 0) batch.deleteSceneIds = idList;
    batches.push(batch);
    sceneList = [];
    idList = [];
    bytes = 0;
  };
  for (const scene of upserts) {
    const size = encoder.encode(JSON.stringify(scene)).length;
    if (sceneList.length > 0 && (sceneList.length >= limits.maxScenes || bytes + size > limits.maxBytes))
      close();
    sceneList.push(scene);
    bytes += size;
  }
  for (const id of deletes) {
    if (sceneList.length + idList.length >= limits.maxScenes) close();
    idList.push(id);
  }
  close();
  const batch = batches.at(-1) as SaveBatch;
  // The start goes with the last call, once the scene it names has arrived.
  if (isStartChanged) batch.startSceneId = draft.startSceneId;
  if (areStatsChanged) batch.ownStats = [...draft.ownStats];
  return { batches, heldBack };
}

/** The saved state once the server has accepted `batch`. */
export function afterSave(saved: SavedState, batch: SaveBatch): SavedState {
  const scenes = new Map(saved.scenes);
  for (const scene of batch.upsertScenes ?? []) scenes.set(scene.id, scene);
  for (const id of batch.deleteSceneIds ?? []) scenes.delete(id);
  return {
    scenes,
    startSceneId: batch.startSceneId !== undefined ? batch.startSceneId : saved.startSceneId,
    ownStats: batch.ownStats ?? saved.ownStats,
  };
}
