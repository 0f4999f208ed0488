import { STORY_ID_PATTERN, type StoryScene, type StoryStat } from "@litverse/shared/stories/story-model";
import { describe, expect, it } from "vitest";
import {
  COALESCE_MS,
  canRedo,
  canUndo,
  HISTORY_LIMIT,
  record,
  redo,
  startHistory,
  undo,
} from "./edit-history.ts";
import { findScenes } from "./find-scenes.ts";
import { mapShapes, sceneAt } from "./map-shapes.ts";
import { scenesInWindow, windowArea, windowKey } from "./map-window.ts";
import { arriveAt, choicesAt, type PreviewStory, stepBack, takeChoice } from "./preview-engine.ts";
import { afterSave, planSave, savedStateOf } from "./save-plan.ts";
import {
  addChoice,
  addScene,
  deleteChoices,
  deleteScenes,
  emptyScene,
  freeSpot,
  moveScenes,
  needsLayout,
  newChoice,
  newId,
  reorderChoice,
  type StoryDraft,
  sceneOf,
  updateChoice,
  updateScene,
} from "./story-draft.ts";
import { indexIssues } from "./story-issues.ts";

function scene(id: string, choices: Array<[string, string | null]> = [], extra: Partial<StoryScene> = {}) {
  return {
    ...emptyScene(id, { x: 0, y: 0 }, id),
    choices: choices.map(([choiceId, target]) => ({ ...newChoice(target, choiceId), id: choiceId })),
    ...extra,
  };
}

function draft(scenes: StoryScene[], startSceneId: string | null = scenes[0]?.id ?? null): StoryDraft {
  return { scenes, startSceneId, ownStats: [] };
}

describe("draft edits", () => {
  it("makes ids the story model accepts", () => {
    for (let i = 0; i < 50; i++) {
      expect(newId("s")).toMatch(STORY_ID_PATTERN);
      expect(newId("c")).toMatch(/^c-[a-z0-9]{10}$/);
    }
  });

  it("keeps untouched scenes as the same objects", () => {
    const before = draft([scene("a", [["to-b", "b"]]), scene("b")]);
    const after = updateScene(before, "b", { text: "Hello" });
    expect(after.scenes[0]).toBe(before.scenes[0]);
    expect(sceneOf(after, "b")?.text).toBe("Hello");
    // An edit that changes nothing gives back the same draft.
    expect(moveScenes(before, new Map([["a", { x: 0.2, y: -0.3 }]]))).toBe(before);
  });

  it("starts at the first scene added to an empty story", () => {
    const first = addScene(draft([], null), scene("a"));
    expect(first.startSceneId).toBe("a");
    expect(addScene(first, scene("b")).startSceneId).toBe("a");
  });

  it("leaves choices into a deleted scene unconnected, and the start empty when it goes", () => {
    const before = draft([
      scene("a", [
        ["to-b", "b"],
        ["to-c", "c"],
      ]),
      scene("b"),
      scene("c"),
    ]);
    const after = deleteScenes(before, ["b"]);
    expect(after.scenes.map((s) => s.id)).toEqual(["a", "c"]);
    expect(sceneOf(after, "a")?.choices.map((c) => c.target)).toEqual([null, "c"]);
    expect(after.scenes[1]).toBe(before.scenes[2]);
    expect(deleteScenes(before, ["a"]).startSceneId).toBeNull();
  });

  it("adds, changes, orders and removes choices", () => {
    let d = draft([scene("a"), scene("b")]);
    d = addChoice(d, "a", { ...newChoice("b", "One"), id: "one" });
    d = addChoice(d, "a", { ...newChoice(null, "Two"), id: "two" });
    d = updateChoice(d, "a", "two", { target: "a", priceCoins: 5 });
    expect(sceneOf(d, "a")?.choices[1]).toMatchObject({ target: "a", priceCoins: 5, label: "Two" });
    d = reorderChoice(d, "a", "two", -1);
    expect(sceneOf(d, "a")?.choices.map((c) => c.id)).toEqual(["two", "one"]);
    expect(reorderChoice(d, "a", "two", -1)).toBe(d);
    d = deleteChoices(d, [{ sceneId: "a", choiceId: "two" }]);
    expect(sceneOf(d, "a")?.choices.map((c) => c.id)).toEqual(["one"]);
  });

  it("rounds moved positions to whole pixels", () => {
    const d = moveScenes(draft([scene("a")]), new Map([["a", { x: 10.6, y: -3.2 }]]));
    expect(sceneOf(d, "a")?.position).toEqual({ x: 11, y: -3 });
  });

  it("lays out only stories whose scenes were never placed", () => {
    expect(needsLayout([scene("a"), scene("b")])).toBe(true);
    expect(needsLayout([scene("a")])).toBe(false);
    expect(needsLayout([scene("a"), scene("b", [], { position: { x: 5, y: 0 } })])).toBe(false);
  });
});

describe("undo and redo", () => {
  it("steps back and forward, and a new edit drops what was undone", () => {
    let h = startHistory(1);
    h = record(h, 2, null, 0);
    h = record(h, 3, null, 10);
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    expect(undo(h)).toBe(h);
    h = record(h, 9, null, 20);
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual([1]);
  });

  it("folds quick edits of one field into one step, but not edits of another or after a pause", () => {
    let h = startHistory("");
    h = record(h, "H", "scene:a:text", 0);
    h = record(h, "He", "scene:a:text", 300);
    h = record(h, "Hey", "scene:a:text", 600);
    expect(h.past).toEqual([""]);
    h = record(h, "Hey!", "scene:a:title", 700);
    expect(h.past).toEqual(["", "Hey"]);
    h = record(h, "Hey!!", "scene:a:title", 700 + COALESCE_MS);
    expect(h.past).toEqual(["", "Hey", "Hey!"]);
    // After an undo the next edit is its own step even with the same key.
    h = record(undo(h), "x", "scene:a:title", 700 + COALESCE_MS + 1);
    expect(h.past).toEqual(["", "Hey", "Hey!"]);
  });

  it("keeps at most the last HISTORY_LIMIT steps", () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = record(h, i, null, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });
});

describe("what an autosave sends", () => {
  const LIMITS = { maxScenes: 500, maxBytes: 800_000 };

  it("nothing when nothing changed", () => {
    const d = draft([scene("a"), scene("b")]);
    expect(planSave(savedStateOf(d), d, LIMITS).batches).toEqual([]);
  });

  it("only the changed and new scenes, the deleted ids and a changed start", () => {
    const before = draft([scene("a", [["to-b", "b"]]), scene("b"), scene("c")]);
    let d = updateScene(before, "a", { text: "Changed" });
    d = addScene(d, scene("d"));
    d = deleteScenes(d, ["c"]);
    d = { ...d, startSceneId: "d" };
    const [batch, ...rest] = planSave(savedStateOf(before), d, LIMITS).batches;
    expect(rest).toEqual([]);
    expect(batch?.upsertScenes?.map((s) => s.id)).toEqual(["a", "d"]);
    expect(batch?.deleteSceneIds).toEqual(["c"]);
    expect(batch?.startSceneId).toBe("d");
    expect(batch?.ownStats).toBeUndefined();
  });

  it("not a scene changed and changed back by hand, nor after an undo", () => {
    const before = draft([scene("a")]);
    const there = updateScene(before, "a", { text: "x" });
    const back = updateScene(there, "a", { text: "" });
    expect(planSave(savedStateOf(before), back, LIMITS).batches).toEqual([]);
  });

  it("own stats when they changed", () => {
    const before = draft([scene("a")]);
    const stat: StoryStat = {
      name: "gold",
      label: "Gold",
      kind: "number",
      min: 0,
      max: null,
      default: 0,
      visible: true,
    };
    const [batch] = planSave(savedStateOf(before), { ...before, ownStats: [stat] }, LIMITS).batches;
    expect(batch).toEqual({ ownStats: [stat] });
  });

  it("splits large changes into calls of at most the limit, start with the last, and follows them", () => {
    const before = draft(Array.from({ length: 5 }, (_, i) => scene(`old${i}`)));
    let d = deleteScenes(before, ["old0", "old1", "old2"]);
    for (let i = 0; i < 6; i++) d = addScene(d, scene(`new${i}`));
    d = { ...d, startSceneId: "new5" };
    const { batches } = planSave(savedStateOf(before), d, { maxScenes: 4, maxBytes: 1e6 });
    expect(batches.map((b) => [b.upsertScenes?.length ?? 0, b.deleteSceneIds?.length ?? 0])).toEqual([
      [4, 0],
      [2, 2],
      [0, 1],
    ]);
    expect(batches.map((b) => b.startSceneId)).toEqual([undefined, undefined, "new5"]);
    let saved = savedStateOf(before);
    for (const batch of batches) saved = afterSave(saved, batch);
    expect(planSave(saved, d, { maxScenes: 4, maxBytes: 1e6 }).batches).toEqual([]);
  });

  it("keeps each call under the byte limit", () => {
    const before = draft([]);
    let d = before;
    for (let i = 0; i < 5; i++) d = addScene(d, scene(`big${i}`, [], { text: "é".repeat(2_000) }));
    const { batches } = planSave(savedStateOf(before), d, { maxScenes: 500, maxBytes: 9_000 });
    // Each scene is a little over 4,000 bytes (é is two bytes in UTF-8): two fit a call.
    expect(batches.map((b) => b.upsertScenes?.length)).toEqual([2, 2, 1]);
  });

  it("holds back what the server would refuse, says why, and saves the rest", () => {
    const before = draft([scene("a"), scene("b")]);
    let d = updateScene(before, "a", { text: "fine" });
    d = updateScene(d, "b", { title: "" });
    d = addScene(d, scene("c"));
    d = { ...d, startSceneId: "b", ownStats: [] };
    const checks = {
      scene: (s: StoryScene) => (s.title === "" ? "A scene needs a title" : null),
      stats: () => null,
    };
    const plan = planSave(savedStateOf(before), d, LIMITS, checks);
    expect(plan.heldBack).toEqual(["A scene needs a title"]);
    expect(plan.batches.map((b) => b.upsertScenes?.map((s) => s.id))).toEqual([["a", "c"]]);
    // b exists on the server already, so it can be the start even while its change waits.
    expect(plan.batches[0]?.startSceneId).toBe("b");
    const newStart = planSave(
      savedStateOf(before),
      { ...addScene(before, scene("n", [], { title: "" })), startSceneId: "n" },
      LIMITS,
      checks,
    );
    expect(newStart.batches).toEqual([]);
    expect(newStart.heldBack).toHaveLength(1);
  });
});

describe("the preview", () => {
  const stats: StoryStat[] = [
    { name: "courage", label: "Courage", kind: "number", min: 0, max: 10, default: 1, visible: true },
    {
      name: "met",
      label: "Met the dragon",
      kind: "boolean",
      min: null,
      max: null,
      default: false,
      visible: false,
    },
  ];
  const scenes = [
    scene("gate", [
      ["brave", "cave"],
      ["timid", "home"],
      ["nowhere", null],
    ]),
    scene("cave", [], { effects: ["toggle met", "courage += 2"], ending: { name: "The cave" } }),
    scene("home", [], { ending: { name: "Home" } }),
  ];
  const gate = scenes[0] as StoryScene;
  gate.choices[0] = {
    ...(gate.choices[0] as StoryScene["choices"][number]),
    condition: "courage >= 3 and not met",
  };
  gate.choices[1] = {
    ...(gate.choices[1] as StoryScene["choices"][number]),
    effects: ["courage -= 5", "broken +"],
    priceCoins: 20,
  };
  const story: PreviewStory = { scenes: new Map(scenes.map((s) => [s.id, s])), stats };

  it("locks a choice whose condition fails, saying why in the stats' words", () => {
    const state = arriveAt(story, "gate", { courage: 1, met: false });
    const choices = choicesAt(story, state);
    expect(choices.map((c) => [c.id, c.state])).toEqual([
      ["brave", "locked"],
      ["timid", "open"],
      ["nowhere", "unconnected"],
    ]);
    expect(choices[0]?.reason).toBe("Needs Courage 3 or more and not Met the dragon");
    expect(choices[1]?.priceCoins).toBe(20);
    // A locked choice cannot be taken.
    expect(takeChoice(story, state, "brave")).toBe(state);
  });

  it("plays from any scene with the values chosen, applying effects in order within bounds", () => {
    let state = arriveAt(story, "gate", { courage: 4, met: false });
    expect(choicesAt(story, state)[0]?.state).toBe("open");
    state = takeChoice(story, state, "brave");
    expect(state.sceneId).toBe("cave");
    expect(state.values).toEqual({ courage: 6, met: true });
    expect(choicesAt(story, state)).toEqual([]);
    state = stepBack(state);
    expect(state).toMatchObject({ sceneId: "gate", values: { courage: 4, met: false } });
    const home = takeChoice(story, state, "timid");
    expect(home.values.courage).toBe(0);
    expect(home.skipped).toEqual(["broken +"]);
  });
});

describe("finding scenes", () => {
  const scenes = [
    scene("a", [], { title: "The Gate", text: "A dragon sleeps." }),
    scene("b", [], { title: "Dragon's lair", text: "" }),
    scene("c", [], { title: "Home", text: "Quiet." }),
  ];
  it("finds words in titles first, then in text, in any case", () => {
    expect(findScenes(scenes, "DRAGON", 10).map((m) => [m.scene.id, m.isTitleMatch])).toEqual([
      ["b", true],
      ["a", false],
    ]);
    expect(findScenes(scenes, "nothing", 10)).toEqual([]);
    expect(findScenes(scenes, "  ", 2).map((m) => m.scene.id)).toEqual(["a", "b"]);
  });
});

describe("a place for a new scene", () => {
  const size = { width: 200, height: 100 };
  it("is where asked when that is free, and the nearest free place otherwise", () => {
    expect(freeSpot([], { x: 10.4, y: 20 }, size)).toEqual({ x: 10, y: 20 });
    const taken = [scene("a", [], { position: { x: 0, y: 0 } })];
    const spot = freeSpot(taken, { x: 50, y: 30 }, size);
    expect(spot).not.toEqual({ x: 50, y: 30 });
    // One step away (a card and a gap), not further.
    expect(Math.max(Math.abs(spot.x - 50) / 224, Math.abs(spot.y - 30) / 124)).toBe(1);
  });
});

describe("the window of a large story given to the map", () => {
  const grid = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      scene(`g${i}`, i + 1 < count ? [[`c${i}`, `g${i + 1}`]] : [], {
        position: { x: (i % 20) * 300, y: Math.floor(i / 20) * 200 },
      }),
    );
  const view = (x: number, y: number, zoom: number) => ({
    transform: [x, y, zoom] as const,
    width: 900,
    height: 600,
  });

  it("stays the same while the view moves within a cell, and changes when it leaves", () => {
    const key = windowKey(view(0, 0, 1));
    expect(windowKey(view(-100, -50, 1))).toBe(key);
    expect(windowKey(view(-5_000, 0, 1))).not.toBe(key);
    expect(windowKey(view(0, 0, 0.5))).not.toBe(key);
  });

  it("always covers what is on screen, with the far ends of choices and what must be kept", () => {
    const d = draft(grid(400));
    for (const [x, y, zoom] of [
      [0, 0, 1],
      [-2_345, -1_234, 0.8],
      [-4_000, -3_000, 0.55],
      [123, 456, 1.7],
    ] as const) {
      const v = view(x, y, zoom);
      const shown = scenesInWindow(d, windowArea(windowKey(v)), ["g399"]);
      const screen = { left: -x / zoom, top: -y / zoom, right: (-x + 900) / zoom, bottom: (-y + 600) / zoom };
      for (const s of d.scenes) {
        const isOnScreen =
          s.position.x + 224 > screen.left &&
          s.position.x < screen.right &&
          s.position.y + 96 > screen.top &&
          s.position.y < screen.bottom;
        if (isOnScreen) expect(shown.has(s.id)).toBe(true);
      }
      expect(shown.has("g399")).toBe(true);
      expect(shown.size).toBeLessThan(400);
    }
    // A choice leaving the window brings its far end along.
    const shown = scenesInWindow(d, { x: 0, y: 0, width: 10, height: 10 }, []);
    expect([...shown].sort()).toEqual(["g0", "g1"]);
  });
});

describe("the map drawn as one picture", () => {
  it("groups scenes by kind, draws choices as lines and finds the scene under a point", () => {
    const d = draft([
      scene("a", [["to-b", "b"]], { position: { x: 0, y: 0 } }),
      scene("b", [], { position: { x: 300, y: 200 }, ending: { name: "End" } }),
      scene("c", [], { position: { x: 600, y: 0 } }),
    ]);
    const issues = indexIssues([
      { severity: "warning", code: "unreachable_scene", sceneId: "c", choiceId: null, message: "" },
    ]);
    const shapes = mapShapes(d, issues);
    expect(shapes.scenes.start).toContain("M0 0");
    expect(shapes.scenes.ending).toContain("M300 200");
    expect(shapes.scenes.warning).toContain("M600 0");
    expect(shapes.scenes.plain).toBe("");
    expect(shapes.choices).toBe("M110 96L410 200");
    expect(shapes.bounds).toEqual({ x: 0, y: 0, width: 820, height: 296 });
    expect(sceneAt(d, { x: 310, y: 250 })).toBe("b");
    expect(sceneAt(d, { x: 250, y: 150 })).toBeNull();
  });
});
