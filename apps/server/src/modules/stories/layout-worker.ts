// Lays out a story in a worker thread: dagre takes seconds on large stories (which would stall
// every other call on this process) and recurses as deep as the story's longest path.
import { parentPort, Worker, workerData } from "node:worker_threads";
import { layoutScenes } from "@litverse/shared/stories/story-layout";
import type { StoryScene } from "@litverse/shared/stories/story-model";

type LayoutInput = { scenes: Array<Pick<StoryScene, "id" | "choices">>; startSceneId: string | null };
type Position = { x: number; y: number };

/** Stories up to this size are laid out on the spot: it takes a few milliseconds. */
const INLINE_SCENES = 60;

export async function layoutInWorker(
  scenes: LayoutInput["scenes"],
  startSceneId: string | null,
): Promise<Map<string, Position>> {
  if (scenes.length <= INLINE_SCENES) return layoutScenes(scenes, startSceneId);
  const slim = scenes.map((scene) => ({
    id: scene.id,
    choices: scene.choices.map((choice) => ({ ...choice, label: "", condition: null, effects: [] })),
  }));
  const positions = await new Promise<Array<[string, Position]>>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { scenes: slim, startSceneId } satisfies LayoutInput,
      resourceLimits: { stackSizeMb: 256 },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The layout stopped early (${code}).`)));
  });
  return new Map(positions);
}

if (parentPort && (workerData as LayoutInput | undefined)?.scenes) {
  const input = workerData as LayoutInput;
  parentPort.postMessage([...layoutScenes(input.scenes, input.startSceneId)]);
}
