// The automatic layout: every scene placed, the start above what it leads to, cards apart.
import { describe, expect, it } from "vitest";
import { layoutScenes, SCENE_CARD_SIZE } from "./story-layout.ts";

const scene = (id: string, targets: Array<string | null>) => ({
  id,
  choices: targets.map((target, index) => ({
    id: `${id}${index}`,
    label: "Go",
    target,
    condition: null,
    effects: [],
    priceCoins: 0,
  })),
});

describe("layoutScenes", () => {
  it("ranks scenes from the start down and keeps cards from overlapping", () => {
    const scenes = [
      scene("b", ["d"]),
      scene("a", ["b", "c", "missing"]),
      scene("c", ["d", "a"]),
      scene("d", []),
      scene("lone", [null]),
    ];
    const positions = layoutScenes(scenes, "a");
    expect([...positions.keys()].sort()).toEqual(["a", "b", "c", "d", "lone"]);
    const at = (id: string) => positions.get(id) ?? { x: Number.NaN, y: Number.NaN };
    expect(at("a").y).toBeLessThan(at("b").y);
    expect(at("b").y).toBeLessThan(at("d").y);
    const all = [...positions.values()];
    for (const [i, p] of all.entries()) {
      expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true);
      for (const q of all.slice(i + 1)) {
        const apart =
          Math.abs(p.x - q.x) >= SCENE_CARD_SIZE.width || Math.abs(p.y - q.y) >= SCENE_CARD_SIZE.height;
        expect(apart).toBe(true);
      }
    }
  });
});
