// The story as a handful of SVG paths (scenes grouped by kind, choices as lines), for the minimap
// and the far-out map, and the scene under a point of it.
import { SCENE_CARD_SIZE } from "@litverse/shared/stories/story-layout";
import { type StoryDraft, scenesById } from "./story-draft.ts";
import type { IssueIndex } from "./story-issues.ts";

export const SCENE_KINDS = ["plain", "start", "ending", "warning", "error"] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export interface MapShapes {
  /** One path of rectangles per kind of scene. */
  scenes: Record<SceneKind, string>;
  /** Every choice as a straight line. */
  choices: string;
  bounds: { x: number; y: number; width: number; height: number };
}

const { width: W, height: H } = SCENE_CARD_SIZE;

function kindOf(id: string, draft: StoryDraft, issues: IssueIndex, isEnding: boolean): SceneKind {
  const issue = issues.byScene.get(id);
  if (issue) return issue.severity;
  if (isEnding) return "ending";
  return draft.startSceneId === id ? "start" : "plain";
}

export function mapShapes(draft: StoryDraft, issues: IssueIndex): MapShapes {
  const parts: Record<SceneKind, string[]> = { plain: [], start: [], ending: [], warning: [], error: [] };
  const lines: string[] = [];
  const index = scenesById(draft);
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const scene of draft.scenes) {
    const { x, y } = scene.position;
    parts[kindOf(scene.id, draft, issues, scene.ending !== null)].push(`M${x} ${y}h${W}v${H}h${-W}z`);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + W);
    maxY = Math.max(maxY, y + H);
    for (const choice of scene.choices) {
      const target = choice.target === null ? undefined : index.get(choice.target);
      if (!target || target === scene) continue;
      lines.push(`M${x + W / 2} ${y + H}L${target.position.x + W / 2} ${target.position.y}`);
    }
  }
  const isEmpty = draft.scenes.length === 0;
  return {
    scenes: {
      plain: parts.plain.join(""),
      start: parts.start.join(""),
      ending: parts.ending.join(""),
      warning: parts.warning.join(""),
      error: parts.error.join(""),
    },
    choices: lines.join(""),
    bounds: isEmpty
      ? { x: 0, y: 0, width: W, height: H }
      : { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
  };
}

/** The scene whose card holds the point (map coordinates), the topmost if cards overlap. */
export function sceneAt(draft: StoryDraft, point: { x: number; y: number }): string | null {
  for (let i = draft.scenes.length - 1; i >= 0; i--) {
    const scene = draft.scenes[i];
    if (!scene) continue;
    const { x, y } = scene.position;
    if (point.x >= x && point.x <= x + W && point.y >= y && point.y <= y + H) return scene.id;
  }
  return null;
}
