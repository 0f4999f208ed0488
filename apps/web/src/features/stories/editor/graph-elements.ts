// The map's nodes and edges, built from the draft. A story can have thousands of scenes, and React
// Flow redraws a node whenever its object changes, so each build reuses the previous node and
// edge objects of every scene whose inputs did not change: typing in one scene redraws one node.
import { SCENE_CARD_SIZE } from "@litverse/shared/stories/story-layout";
import type { StoryScene } from "@litverse/shared/stories/story-model";
import { type Edge, type Node, type NodeHandle, Position as Side } from "@xyflow/react";
import { plainSceneText } from "../scene-format.ts";
import type { Position, StoryDraft } from "./story-draft.ts";
import { choiceKey, type IssueIndex, type IssueSeverity, type SceneIssueMark } from "./story-issues.ts";

export interface SceneNodeData extends Record<string, unknown> {
  title: string;
  excerpt: string;
  isStart: boolean;
  endingName: string | null;
  choiceCount: number;
  unconnectedCount: number;
  hasImage: boolean;
  issue: SceneIssueMark | null;
}
export type SceneNode = Node<SceneNodeData, "scene">;

export interface ChoiceEdgeData extends Record<string, unknown> {
  label: string;
  hasCondition: boolean;
  priceCoins: number;
  issue: IssueSeverity | null;
}
export type ChoiceEdge = Edge<ChoiceEdgeData, "choice">;

const EXCERPT_LENGTH = 90;
/** The handles' size on screen (story-graph.css). */
const HANDLE_SIZE = 14;
/**
 * Where each card's two handles are. Known up front, React Flow need not draw every card once to
 * measure them, which on a large story would draw thousands of cards before showing a few.
 */
const HANDLES: NodeHandle[] = [
  {
    type: "target",
    position: Side.Top,
    x: SCENE_CARD_SIZE.width / 2 - HANDLE_SIZE / 2,
    y: -HANDLE_SIZE / 2,
    width: HANDLE_SIZE,
    height: HANDLE_SIZE,
  },
  {
    type: "source",
    position: Side.Bottom,
    x: SCENE_CARD_SIZE.width / 2 - HANDLE_SIZE / 2,
    y: SCENE_CARD_SIZE.height - HANDLE_SIZE / 2,
    width: HANDLE_SIZE,
    height: HANDLE_SIZE,
  },
];

function excerptOf(text: string): string {
  // The start is all a card shows; a long text need not be read whole.
  const plain = plainSceneText(text.slice(0, 400)).replace(/\s+/g, " ").trim();
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH - 1)}…` : plain;
}

export function sceneTitle(scene: Pick<StoryScene, "id" | "title">): string {
  return scene.title.trim() || "Untitled scene";
}

function sceneLabel(scene: StoryScene, isStart: boolean, issue: SceneIssueMark | null): string {
  const parts = [`Scene ${sceneTitle(scene)}`];
  if (isStart) parts.push("start");
  if (scene.ending) parts.push(`ending ${scene.ending.name}`);
  parts.push(`${scene.choices.length} ${scene.choices.length === 1 ? "choice" : "choices"}`);
  if (issue) parts.push(`${issue.count} ${issue.severity === "error" ? "problems" : "warnings"}`);
  return parts.join(", ");
}

interface NodeEntry {
  scene: StoryScene;
  isStart: boolean;
  isSelected: boolean;
  issue: SceneIssueMark | undefined;
  dragged: Position | undefined;
  node: SceneNode;
}

interface EdgeEntry {
  scene: StoryScene;
  signature: string;
  edges: ChoiceEdge[];
}

export class GraphElements {
  private nodeEntries = new Map<string, NodeEntry>();
  private edgeEntries = new Map<string, EdgeEntry>();

  nodes(
    draft: StoryDraft,
    selected: ReadonlySet<string>,
    issues: IssueIndex,
    dragged: ReadonlyMap<string, Position>,
  ): SceneNode[] {
    const next = new Map<string, NodeEntry>();
    const nodes = draft.scenes.map((scene) => {
      const isStart = draft.startSceneId === scene.id;
      const isSelected = selected.has(scene.id);
      const issue = issues.byScene.get(scene.id);
      const drag = dragged.get(scene.id);
      const before = this.nodeEntries.get(scene.id);
      const isSame =
        before &&
        before.scene === scene &&
        before.isStart === isStart &&
        before.isSelected === isSelected &&
        before.issue?.severity === issue?.severity &&
        before.issue?.count === issue?.count &&
        before.dragged === drag;
      const entry: NodeEntry = isSame
        ? before
        : {
            scene,
            isStart,
            isSelected,
            issue,
            dragged: drag,
            node: {
              id: scene.id,
              type: "scene",
              position: drag ?? scene.position,
              selected: isSelected,
              // Every card has the same size: nothing to measure, and the layout agrees with it.
              width: SCENE_CARD_SIZE.width,
              height: SCENE_CARD_SIZE.height,
              measured: { ...SCENE_CARD_SIZE },
              handles: HANDLES,
              ariaLabel: sceneLabel(scene, isStart, issue ?? null),
              data: {
                title: sceneTitle(scene),
                excerpt: excerptOf(scene.text),
                isStart,
                endingName: scene.ending?.name ?? null,
                choiceCount: scene.choices.length,
                unconnectedCount: scene.choices.filter((choice) => choice.target === null).length,
                hasImage: scene.image !== null,
                issue: issue ?? null,
              },
            },
          };
      next.set(scene.id, entry);
      return entry.node;
    });
    this.nodeEntries = next;
    return nodes;
  }

  edges(draft: StoryDraft, selected: ReadonlySet<string>, issues: IssueIndex): ChoiceEdge[] {
    const exists = new Set(draft.scenes.map((scene) => scene.id));
    const next = new Map<string, EdgeEntry>();
    const edges: ChoiceEdge[] = [];
    for (const scene of draft.scenes) {
      let signature = "";
      for (const choice of scene.choices) {
        const key = choiceKey(scene.id, choice.id);
        signature += `${choice.target !== null && exists.has(choice.target) ? 1 : 0}${selected.has(key) ? 1 : 0}${issues.byChoice.get(key)?.severity ?? "-"};`;
      }
      const before = this.edgeEntries.get(scene.id);
      const entry: EdgeEntry =
        before && before.scene === scene && before.signature === signature
          ? before
          : { scene, signature, edges: this.sceneEdges(scene, exists, selected, issues) };
      next.set(scene.id, entry);
      for (const edge of entry.edges) edges.push(edge);
    }
    this.edgeEntries = next;
    return edges;
  }

  private sceneEdges(
    scene: StoryScene,
    exists: ReadonlySet<string>,
    selected: ReadonlySet<string>,
    issues: IssueIndex,
  ): ChoiceEdge[] {
    const edges: ChoiceEdge[] = [];
    for (const choice of scene.choices) {
      if (choice.target === null || !exists.has(choice.target)) continue;
      const key = choiceKey(scene.id, choice.id);
      const issue = issues.byChoice.get(key)?.severity ?? null;
      const condition = choice.condition?.trim() ?? "";
      edges.push({
        id: key,
        type: "choice",
        source: scene.id,
        target: choice.target,
        selected: selected.has(key),
        ariaLabel: `Choice ${choice.label}${issue ? `, has ${issue === "error" ? "a problem" : "a warning"}` : ""}`,
        data: { label: choice.label, hasCondition: condition !== "", priceCoins: choice.priceCoins, issue },
      });
    }
    return edges;
  }
}
