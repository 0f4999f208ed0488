// The story's map: scenes as cards, choices as arrows. Pan and zoom, drag scenes (saved on drop),
// drag from a scene's lower handle onto another scene to add a choice to it (or onto empty space
// to add a new scene with it), Delete to remove, arrow keys to nudge. Only what is on screen is
// drawn, so a story of thousands of scenes pans smoothly.
import "@xyflow/react/dist/style.css";
import "./story-graph.css";
import { SCENE_CARD_SIZE } from "@litverse/shared/stories/story-layout";
import {
  Background,
  type Connection,
  ControlButton,
  Controls,
  type EdgeChange,
  type FinalConnectionState,
  MarkerType,
  type NodeChange,
  type OnConnectEnd,
  Panel,
  ReactFlow,
  useReactFlow,
  useStore,
} from "@xyflow/react";
import { Maximize } from "lucide-react";
import { useTheme } from "next-themes";
import { useCallback, useMemo, useRef, useState } from "react";
import { ChoiceEdge } from "./choice-edge.tsx";
import { FAR_ZOOM, FarContext } from "./graph-detail.ts";
import {
  type ChoiceEdge as ChoiceEdgeType,
  GraphElements,
  type SceneNode as SceneNodeType,
} from "./graph-elements.ts";
import { SceneOverview, StoryMiniMap } from "./map-overview.tsx";
import { mapShapes } from "./map-shapes.ts";
import { scenesInWindow, windowArea, windowKey } from "./map-window.ts";
import { SceneNode } from "./scene-node.tsx";
import {
  addChoice,
  addScene,
  type ChoiceRef,
  deleteChoices,
  deleteScenes,
  emptyScene,
  moveScenes,
  newChoice,
  newId,
  type Position,
  type StoryDraft,
  sceneOf,
  updateChoice,
} from "./story-draft.ts";
import type { IssueIndex } from "./story-issues.ts";
import type { DraftHistory } from "./use-draft-history.ts";

export interface GraphSelection {
  sceneIds: ReadonlySet<string>;
  /** choiceKey(sceneId, choiceId) of the selected arrows. */
  choiceKeys: ReadonlySet<string>;
}

export const NO_SELECTION: GraphSelection = { sceneIds: new Set(), choiceKeys: new Set() };

const NODE_TYPES = { scene: SceneNode };
const NO_EDGES: ChoiceEdgeType[] = [];
const NO_NODES: SceneNodeType[] = [];
/** From this many scenes, far out the map is drawn as one picture (map-overview.tsx). */
const OVERVIEW_FROM = 150;
const EDGE_TYPES = { choice: ChoiceEdge };
const DEFAULT_EDGE_OPTIONS = { markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } };
const DELETE_KEYS = ["Delete", "Backspace"];
const PRO_OPTIONS = { hideAttribution: false };
/** Up to this many scenes the whole story fits on screen at the start; beyond, the start scene is shown. */
const FIT_ALL_UP_TO = 60;

function refOfEdge(id: string): ChoiceRef | null {
  const slash = id.indexOf("/");
  return slash < 0 ? null : { sceneId: id.slice(0, slash), choiceId: id.slice(slash + 1) };
}

export function StoryGraph({
  draft,
  issues,
  selection,
  onSelect,
  edit,
  onChoiceAdded,
  onOpenScene,
}: {
  draft: StoryDraft;
  issues: IssueIndex;
  selection: GraphSelection;
  onSelect: (selection: GraphSelection) => void;
  edit: DraftHistory["edit"];
  /** After a connection made by dragging, so the panel can offer the new choice's words. */
  onChoiceAdded: (sceneId: string, choiceId: string) => void;
  /** Brings a scene into view, close enough to work on, and selects it. */
  onOpenScene: (sceneId: string) => void;
}) {
  const flow = useReactFlow<SceneNodeType, ChoiceEdgeType>();
  const { resolvedTheme } = useTheme();
  const elements = useRef(new GraphElements()).current;
  // Where scenes being dragged are now; they join the draft when dropped.
  const [dragged, setDragged] = useState<ReadonlyMap<string, Position>>(() => new Map());
  const draggedRef = useRef(dragged);
  const [isReady, setIsReady] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [overviewLayer, setOverviewLayer] = useState<Element | null>(null);
  const isFar = useStore((state) => state.transform[2] < FAR_ZOOM);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  // A click on a card reports the card's selection and the arrow's deselection in two calls of
  // one event: each builds on the one before, not on the last render.
  const select = useCallback(
    (next: GraphSelection) => {
      selectionRef.current = next;
      onSelect(next);
    },
    [onSelect],
  );

  const nodes = useMemo(
    () => elements.nodes(draft, selection.sceneIds, issues, dragged),
    [elements, draft, selection.sceneIds, issues, dragged],
  );
  const shapes = useMemo(() => mapShapes(draft, issues), [draft, issues]);
  const isOverview = isFar && draft.scenes.length >= OVERVIEW_FROM;
  const fitStory = useCallback(
    () => void flow.fitBounds(shapes.bounds, { padding: 0.1, duration: 200 }),
    [flow, shapes.bounds],
  );
  const edges = useMemo(
    () => elements.edges(draft, selection.choiceKeys, issues),
    [elements, draft, selection.choiceKeys, issues],
  );
  // A large story is handed to React Flow a window at a time (map-window.ts).
  const isLarge = draft.scenes.length >= OVERVIEW_FROM;
  const viewKey = useStore((state) => (isLarge ? windowKey(state) : ""));
  const keptIds = useMemo(
    () => [...selection.sceneIds, ...dragged.keys()].join(" "),
    [selection.sceneIds, dragged],
  );
  const inWindow = useMemo(
    () => (viewKey ? scenesInWindow(draft, windowArea(viewKey), keptIds.split(" ")) : null),
    [viewKey, draft, keptIds],
  );
  const shownNodes = useMemo(
    () => (inWindow ? nodes.filter((node) => inWindow.has(node.id)) : nodes),
    [nodes, inWindow],
  );
  const shownEdges = useMemo(
    () => (inWindow ? edges.filter((edge) => inWindow.has(edge.source) && inWindow.has(edge.target)) : edges),
    [edges, inWindow],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<SceneNodeType>[]) => {
      const moving = new Map<string, Position>();
      let isDropped = false;
      let sceneIds: Set<string> | null = null;
      for (const change of changes) {
        if (change.type === "position" && change.position) {
          moving.set(change.id, change.position);
          if (!change.dragging) isDropped = true;
        } else if (change.type === "select") {
          sceneIds ??= new Set(selectionRef.current.sceneIds);
          if (change.selected) sceneIds.add(change.id);
          else sceneIds.delete(change.id);
        }
      }
      if (sceneIds) select({ ...selectionRef.current, sceneIds });
      if (moving.size === 0) return;
      const all = new Map([...draggedRef.current, ...moving]);
      if (isDropped) {
        // A drop or a nudge by the arrow keys: one step to undo, saved like any edit.
        const scenes = [...all.keys()].sort().join(",");
        edit((d) => moveScenes(d, all), `move:${scenes}`);
        draggedRef.current = new Map();
      } else {
        draggedRef.current = all;
      }
      setDragged(draggedRef.current);
    },
    [edit, select],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<ChoiceEdgeType>[]) => {
      let choiceKeys: Set<string> | null = null;
      for (const change of changes) {
        if (change.type !== "select") continue;
        choiceKeys ??= new Set(selectionRef.current.choiceKeys);
        if (change.selected) choiceKeys.add(change.id);
        else choiceKeys.delete(change.id);
      }
      if (choiceKeys) select({ ...selectionRef.current, choiceKeys });
    },
    [select],
  );

  const onDelete = useCallback(
    ({ nodes: goneNodes, edges: goneEdges }: { nodes: SceneNodeType[]; edges: ChoiceEdgeType[] }) => {
      const sceneIds = goneNodes.map((node) => node.id);
      // React Flow adds the arrows into and out of a deleted card; only the selected ones go. The
      // others stay as choices: out of a deleted scene they go with it, into it they are left
      // unconnected, so their words, conditions and effects are not lost.
      const refs = goneEdges
        .filter((edge) => edge.selected)
        .map((edge) => refOfEdge(edge.id))
        .filter((ref) => ref !== null);
      if (sceneIds.length === 0 && refs.length === 0) return;
      edit((d) => deleteScenes(deleteChoices(d, refs), sceneIds));
      select(NO_SELECTION);
    },
    [edit, select],
  );

  const connect = useCallback(
    (source: string, target: string) => {
      const targetScene = sceneOf(draftRef.current, target);
      const choice = newChoice(target, targetScene?.title.trim() || "Continue");
      edit((d) => addChoice(d, source, choice));
      onChoiceAdded(source, choice.id);
    },
    [edit, onChoiceAdded],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      if (connection.source && connection.target) connect(connection.source, connection.target);
    },
    [connect],
  );

  // A drop that did not land on a handle: on another scene's card it connects to that scene, on
  // empty space it makes a new scene there, led to by the new choice.
  const onConnectEnd: OnConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromNode || state.fromHandle?.type !== "source") return;
      const point = "changedTouches" in event ? event.changedTouches[0] : event;
      if (!point) return;
      const source = state.fromNode.id;
      const under = document.elementFromPoint(point.clientX, point.clientY);
      const card = under?.closest<HTMLElement>(".react-flow__node");
      const target = card?.dataset.id;
      if (target) {
        if (target !== source) connect(source, target);
        return;
      }
      if (!under?.closest(".react-flow__pane")) return;
      const at = flow.screenToFlowPosition({ x: point.clientX, y: point.clientY });
      const scene = emptyScene(newId("s"), {
        x: at.x - SCENE_CARD_SIZE.width / 2,
        y: at.y - 12,
      });
      const choice = newChoice(scene.id, "Continue");
      edit((d) => addChoice(addScene(d, scene), source, choice));
      onChoiceAdded(source, choice.id);
    },
    [connect, edit, flow, onChoiceAdded],
  );

  const onReconnect = useCallback(
    (old: ChoiceEdgeType, connection: Connection) => {
      const ref = refOfEdge(old.id);
      if (!ref || connection.source !== ref.sceneId || !connection.target) return;
      const target = connection.target;
      edit((d) => updateChoice(d, ref.sceneId, ref.choiceId, { target }));
    },
    [edit],
  );

  const onInit = useCallback(() => {
    const current = draftRef.current;
    const start = sceneOf(current, current.startSceneId) ?? current.scenes[0];
    if (current.scenes.length <= FIT_ALL_UP_TO || !start) {
      void flow.fitView({ padding: 0.2, maxZoom: 1 });
    } else {
      void flow.setCenter(
        start.position.x + SCENE_CARD_SIZE.width / 2,
        start.position.y + SCENE_CARD_SIZE.height * 2,
        { zoom: 0.8 },
      );
    }
    setOverviewLayer(box.current?.querySelector(".react-flow__viewport-portal") ?? null);
    setIsReady(true);
  }, [flow]);

  return (
    <FarContext value={isFar}>
      <div
        ref={box}
        className="story-graph relative size-full touch-none select-none"
        data-testid="story-graph"
        data-ready={isReady || undefined}
        data-zoom={isFar ? "far" : "near"}
      >
        <ReactFlow<SceneNodeType, ChoiceEdgeType>
          nodes={isOverview ? NO_NODES : shownNodes}
          edges={isOverview ? NO_EDGES : shownEdges}
          nodeTypes={NODE_TYPES}
          edgeTypes={EDGE_TYPES}
          defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onDelete={onDelete}
          onConnect={onConnect}
          onConnectEnd={onConnectEnd}
          onReconnect={onReconnect}
          isValidConnection={(connection) => connection.source !== connection.target}
          onInit={onInit}
          onlyRenderVisibleElements
          deleteKeyCode={DELETE_KEYS}
          multiSelectionKeyCode={["Meta", "Control", "Shift"]}
          minZoom={0.05}
          maxZoom={2}
          colorMode={resolvedTheme === "dark" ? "dark" : "light"}
          proOptions={PRO_OPTIONS}
          aria-label="Story map"
        >
          {/* Far out: the choices as one drawing, and no dots (thousands to paint at every frame). */}
          {isOverview && overviewLayer ? (
            <SceneOverview shapes={shapes} draft={draft} layer={overviewLayer} onPick={onOpenScene} />
          ) : null}
          {isFar ? null : <Background gap={24} />}
          <Controls showInteractive={false} showFitView={false} position="bottom-left">
            <ControlButton
              onClick={fitStory}
              title="Fit the story in view"
              aria-label="Fit the story in view"
            >
              <Maximize aria-hidden />
            </ControlButton>
          </Controls>
          <Panel position="bottom-right" className="max-sm:hidden">
            <StoryMiniMap shapes={shapes} />
          </Panel>
        </ReactFlow>
      </div>
    </FarContext>
  );
}
