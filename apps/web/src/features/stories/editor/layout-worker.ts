// Lays out scenes away from the page: dagre takes seconds on a large story, and the map stays
// usable meanwhile.
import { layoutScenes } from "@litverse/shared/stories/story-layout";
import type { LayoutRequest, LayoutResponse } from "./scene-layout.ts";

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, scenes, startSceneId } = event.data;
  let response: LayoutResponse;
  try {
    response = { id, positions: [...layoutScenes(scenes, startSceneId)] };
  } catch {
    // Dagre recurses along paths; a story with a very long chain can run out of stack.
    response = { id, error: "This story is too large to lay out automatically." };
  }
  self.postMessage(response);
};
