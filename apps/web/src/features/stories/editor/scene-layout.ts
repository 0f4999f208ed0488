// Automatic layout in a Web Worker (layout-worker.ts), one worker for the page, started when first
// needed.
import type { StoryScene } from "@litverse/shared/stories/story-model";
import type { Position } from "./story-draft.ts";

export interface LayoutRequest {
  id: number;
  scenes: Array<Pick<StoryScene, "id" | "choices">>;
  startSceneId: string | null;
}

export type LayoutResponse =
  | { id: number; positions: Array<[string, Position]> }
  | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (response: LayoutResponse) => void>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL("./layout-worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<LayoutResponse>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  worker.onerror = () => {
    for (const [id, reply] of waiting) reply({ id, error: "The layout stopped unexpectedly." });
    waiting.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/** Positions for the scenes, from the start scene downwards; rejects with a message to show. */
export function layOut(
  scenes: readonly StoryScene[],
  startSceneId: string | null,
): Promise<Map<string, Position>> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, (response) =>
      "error" in response ? reject(new Error(response.error)) : resolve(new Map(response.positions)),
    );
    // Only what the layout reads crosses over: texts can be large.
    const request: LayoutRequest = {
      id,
      scenes: scenes.map((scene) => ({ id: scene.id, choices: scene.choices })),
      startSceneId,
    };
    layoutWorker().postMessage(request);
  });
}
