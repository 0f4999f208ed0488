// The whole story at a glance, drawn as a handful of SVG paths rather than a component per scene:
// the minimap in the corner, and, for a large story zoomed far out, the map itself (cards as
// coloured blocks, choices as lines). Panning over it is then only the compositor's work; a click
// on a block zooms in to that scene.
import { type ReactFlowState, useReactFlow, useStore } from "@xyflow/react";
import { type PointerEvent as ReactPointerEvent, useMemo, useRef } from "react";
import { createPortal } from "react-dom";
import { type MapShapes, SCENE_KINDS, sceneAt } from "./map-shapes.ts";
import type { StoryDraft } from "./story-draft.ts";

function ScenePaths({ shapes }: { shapes: MapShapes }) {
  return (
    <>
      {SCENE_KINDS.map((kind) =>
        shapes.scenes[kind] ? (
          <path key={kind} d={shapes.scenes[kind]} className={`map-scene map-scene-${kind}`} />
        ) : null,
      )}
    </>
  );
}

/**
 * The far-out map, drawn into React Flow's moving layer (`layer`, looked up once: its own
 * ViewportPortal looks it up again at every frame).
 */
export function SceneOverview({
  shapes,
  draft,
  layer,
  onPick,
}: {
  shapes: MapShapes;
  draft: StoryDraft;
  layer: Element;
  onPick: (sceneId: string) => void;
}) {
  const flow = useReactFlow();
  return createPortal(
    // A pointer shortcut; by keyboard the search opens a scene.
    <svg
      className="story-overview"
      width={1}
      height={1}
      aria-hidden
      onClick={(event) => {
        const at = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
        const id = sceneAt(draft, at);
        if (id) onPick(id);
      }}
    >
      <path d={shapes.choices} className="map-choices" />
      <ScenePaths shapes={shapes} />
    </svg>,
    layer,
  );
}

const MINIMAP = { width: 168, height: 112 };
const viewportOf = (state: ReactFlowState) => ({
  x: state.transform[0],
  y: state.transform[1],
  zoom: state.transform[2],
  width: state.width,
  height: state.height,
});
const sameViewport = (a: ReturnType<typeof viewportOf>, b: ReturnType<typeof viewportOf>) =>
  a.x === b.x && a.y === b.y && a.zoom === b.zoom && a.width === b.width && a.height === b.height;

/** The corner overview: every scene, and a frame for what the map shows; press or drag to move there. */
export function StoryMiniMap({ shapes }: { shapes: MapShapes }) {
  const flow = useReactFlow();
  const view = useStore(viewportOf, sameViewport);
  const box = useRef<SVGSVGElement>(null);
  // What the frame covers, in map coordinates; the drawing covers the story and the frame.
  const frame = {
    x: -view.x / view.zoom,
    y: -view.y / view.zoom,
    width: view.width / view.zoom,
    height: view.height / view.zoom,
  };
  const area = useMemo(() => {
    const pad = 80;
    return {
      x: shapes.bounds.x - pad,
      y: shapes.bounds.y - pad,
      width: shapes.bounds.width + pad * 2,
      height: shapes.bounds.height + pad * 2,
    };
  }, [shapes.bounds]);
  const minX = Math.min(area.x, frame.x);
  const minY = Math.min(area.y, frame.y);
  const maxX = Math.max(area.x + area.width, frame.x + frame.width);
  const maxY = Math.max(area.y + area.height, frame.y + frame.height);
  // Keep the drawing's proportions: the longer side fills the box.
  const scale = Math.max((maxX - minX) / MINIMAP.width, (maxY - minY) / MINIMAP.height);
  const viewWidth = MINIMAP.width * scale;
  const viewHeight = MINIMAP.height * scale;
  const viewX = minX - (viewWidth - (maxX - minX)) / 2;
  const viewY = minY - (viewHeight - (maxY - minY)) / 2;

  const moveTo = (event: ReactPointerEvent<SVGSVGElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    const x = viewX + ((event.clientX - rect.left) / rect.width) * viewWidth;
    const y = viewY + ((event.clientY - rect.top) / rect.height) * viewHeight;
    void flow.setCenter(x, y, { zoom: view.zoom });
  };

  return (
    // A pointer shortcut; by keyboard the map itself pans.
    <svg
      ref={box}
      className="story-minimap"
      width={MINIMAP.width}
      height={MINIMAP.height}
      viewBox={`${viewX} ${viewY} ${viewWidth} ${viewHeight}`}
      role="img"
      aria-label="Overview of the story map"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
      }}
    >
      <path d={shapes.choices} className="map-choices" vectorEffect="non-scaling-stroke" />
      <ScenePaths shapes={shapes} />
      <rect
        x={frame.x}
        y={frame.y}
        width={frame.width}
        height={frame.height}
        className="story-minimap-frame"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
