// Which scenes of a large story React Flow is given: those around the view (a screen's margin on
// every side), the ones their choices connect to, and whatever is selected or being dragged.
// React Flow only draws what is on screen, but at every frame of a pan it still walks every scene
// and choice it holds; handing it a few hundred instead of thousands keeps each frame small. The
// window moves in steps of a screen, so between steps nothing is recomputed.
import { SCENE_CARD_SIZE } from "@litverse/shared/stories/story-layout";
import type { StoryDraft } from "./story-draft.ts";

export interface ViewState {
  /** React Flow's transform: x, y, zoom. */
  transform: readonly [number, number, number];
  /** The map's size on screen. */
  width: number;
  height: number;
}

interface Cell {
  x: number;
  y: number;
  /** A zoom bucket: half powers of two. */
  zoomStep: number;
}

function cellOf(view: ViewState): Cell {
  const [x, y, zoom] = view.transform;
  const zoomStep = Math.round(Math.log2(zoom) * 2);
  const { width, height } = cellSize(view, zoomStep);
  return { x: Math.floor(-x / zoom / width), y: Math.floor(-y / zoom / height), zoomStep };
}

/** A cell is the view's size at the lowest zoom of its bucket, so the view always fits in one. */
function cellSize(view: Pick<ViewState, "width" | "height">, zoomStep: number) {
  const zoom = 2 ** ((zoomStep - 0.5) / 2);
  return { width: Math.max(view.width, 200) / zoom, height: Math.max(view.height, 200) / zoom };
}

/** Changes only when the view moves into another cell: what a store selector should return. */
export function windowKey(view: ViewState): string {
  const cell = cellOf(view);
  return `${cell.x}:${cell.y}:${cell.zoomStep}:${Math.round(view.width)}:${Math.round(view.height)}`;
}

/** The map area the window covers for a key: its cell and the cells around it. */
export function windowArea(key: string): { x: number; y: number; width: number; height: number } {
  const [x = 0, y = 0, zoomStep = 0, width = 0, height = 0] = key.split(":").map(Number);
  const size = cellSize({ width, height }, zoomStep);
  return {
    x: (x - 1) * size.width,
    y: (y - 1) * size.height,
    width: size.width * 3,
    height: size.height * 3,
  };
}

/** Scenes in the area, those connected to them by a choice either way, and `keep`. */
export function scenesInWindow(
  draft: StoryDraft,
  area: { x: number; y: number; width: number; height: number },
  keep: Iterable<string>,
): Set<string> {
  const inside = new Set<string>(keep);
  for (const scene of draft.scenes) {
    const { x, y } = scene.position;
    if (
      x + SCENE_CARD_SIZE.width >= area.x &&
      x <= area.x + area.width &&
      y + SCENE_CARD_SIZE.height >= area.y &&
      y <= area.y + area.height
    ) {
      inside.add(scene.id);
    }
  }
  // The far ends of choices that cross the window's edge, so their arrows can be drawn.
  const window = new Set(inside);
  for (const scene of draft.scenes) {
    const isIn = inside.has(scene.id);
    for (const choice of scene.choices) {
      if (choice.target === null) continue;
      if (isIn) window.add(choice.target);
      else if (inside.has(choice.target)) window.add(scene.id);
    }
  }
  return window;
}
