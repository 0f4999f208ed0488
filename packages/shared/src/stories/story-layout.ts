// Where scenes sit on the editor's map when nobody placed them: the importer lays out stories whose
// files have no positions, and the editor's Auto-layout button uses the same function, so a story
// looks the same whichever did it. Dagre (a maintained layered-graph layout) ranks scenes from the
// start downwards and orders each rank to keep choices from crossing.
import dagre from "@dagrejs/dagre";
import type { StoryScene } from "./story-model.ts";

/** The size the editor draws a scene's card at; the layout keeps cards this far apart. */
export const SCENE_CARD_SIZE = { width: 220, height: 96 } as const;

/** Above this many scenes the layout trades some tidiness for time. */
export const LARGE_STORY_SCENES = 300;

export interface LayoutOptions {
  /** Top to bottom (default) or left to right. */
  direction?: "TB" | "LR";
}

/**
 * Positions (the top-left corner of each scene's card) for every scene, in whole pixels, with the
 * start scene's rank first. Choices to missing scenes are ignored.
 */
export function layoutScenes(
  scenes: ReadonlyArray<Pick<StoryScene, "id" | "choices">>,
  startSceneId: string | null,
  options: LayoutOptions = {},
): Map<string, { x: number; y: number }> {
  const graph = new dagre.graphlib.Graph({ multigraph: false });
  // Dagre's best ranking and crossing reduction grow much faster than the story: above a few
  // hundred scenes they take minutes, so large stories get its quick ranking and ordering.
  const isLarge = scenes.length > LARGE_STORY_SCENES;
  graph.setGraph({
    rankdir: options.direction ?? "TB",
    nodesep: 40,
    ranksep: 80,
    marginx: 20,
    marginy: 20,
    ranker: isLarge ? "longest-path" : "network-simplex",
  });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(scenes.map((scene) => scene.id));
  // The start goes in first, so that ties in ranking favour it.
  const ordered = [...scenes].sort((a, b) => Number(b.id === startSceneId) - Number(a.id === startSceneId));
  for (const scene of ordered) graph.setNode(scene.id, { ...SCENE_CARD_SIZE });
  for (const scene of ordered) {
    for (const choice of scene.choices) {
      if (choice.target !== null && ids.has(choice.target) && choice.target !== scene.id) {
        graph.setEdge(scene.id, choice.target);
      }
    }
  }
  dagre.layout(graph, { disableOptimalOrderHeuristic: isLarge });
  const positions = new Map<string, { x: number; y: number }>();
  for (const scene of scenes) {
    const node = graph.node(scene.id);
    // Dagre gives centres; cards are placed by their corner.
    positions.set(scene.id, {
      x: Math.round((node?.x ?? 0) - SCENE_CARD_SIZE.width / 2),
      y: Math.round((node?.y ?? 0) - SCENE_CARD_SIZE.height / 2),
    });
  }
  return positions;
}
