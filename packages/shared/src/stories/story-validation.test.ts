// The story checks: each error and warning on a small story, and the time a 2,000-scene story takes.
import { describe, expect, it } from "vitest";
import type { StoryChoice, StoryDocument, StoryScene, StoryStat } from "./story-model.ts";
import { hasErrors, type StoryIssue, validateStory } from "./story-validation.ts";

function scene(
  id: string,
  choices: Array<Partial<StoryChoice> & { target: string | null }>,
  extra: Partial<StoryScene> = {},
): StoryScene {
  return {
    id,
    title: id.toUpperCase(),
    text: `Text of ${id}`,
    image: null,
    position: { x: 0, y: 0 },
    effects: [],
    ending: null,
    choices: choices.map((choice, index) => ({
      id: `${id}-c${index + 1}`,
      label: `Go to ${choice.target}`,
      condition: null,
      effects: [],
      priceCoins: 0,
      ...choice,
    })),
    warnings: [],
    ...extra,
  };
}
const ending = (id: string, name = `The ${id} ending`) => scene(id, [], { ending: { name } });

const courage: StoryStat = {
  name: "courage",
  label: "Courage",
  kind: "number",
  min: 0,
  max: 10,
  default: 1,
  visible: true,
};
const metDragon: StoryStat = {
  name: "met_dragon",
  label: "Met the dragon",
  kind: "boolean",
  min: null,
  max: null,
  default: false,
  visible: false,
};

function doc(
  scenes: StoryScene[],
  stats: StoryStat[] = [courage, metDragon],
  startSceneId: string | null = "a",
): StoryDocument {
  return { title: "Test", startSceneId, stats, scenes };
}
const codes = (issues: StoryIssue[]) =>
  issues.map((issue) => `${issue.severity}:${issue.code}:${issue.sceneId ?? "-"}:${issue.choiceId ?? "-"}`);

describe("validateStory", () => {
  it("a sound story has no issues", () => {
    const story = doc([
      scene(
        "a",
        [
          { target: "b", condition: "courage >= 2 and not met_dragon", effects: ["courage += 1"] },
          { target: "c" },
        ],
        { effects: ["toggle met_dragon"] },
      ),
      scene("b", [{ target: "c", priceCoins: 5 }]),
      ending("c"),
    ]);
    expect(validateStory(story)).toEqual([]);
  });

  it("needs a start scene that exists", () => {
    expect(codes(validateStory(doc([ending("a")], [], null)))).toEqual(["error:no_start_scene:-:-"]);
    expect(validateStory(doc([ending("a")], [], "zzz"))[0]?.message).toBe(
      "The start scene “zzz” does not exist",
    );
  });

  it("reports choices that lead nowhere or to a missing scene", () => {
    const issues = validateStory(
      doc([scene("a", [{ target: null }, { target: "ghost" }, { target: "b" }]), ending("b")]),
    );
    expect(codes(issues)).toEqual(["error:unconnected_choice:a:a-c1", "error:missing_target:a:a-c2"]);
    expect(issues[1]?.message).toBe("Scene “A”, choice “Go to ghost” leads to “ghost”, which does not exist");
    expect(hasErrors(issues)).toBe(true);
  });

  it("reports conditions and effects that do not parse, name unknown stats or mix kinds", () => {
    const issues = validateStory(
      doc([
        scene(
          "a",
          [
            { target: "b", condition: "courage >=" },
            { target: "b", condition: "luck > 2" },
            { target: "b", condition: "courage + 1" },
            { target: "b", effects: ["toggle courage", "gold += 1", "met_dragon += 1", "courage = "] },
          ],
          { effects: ["met_dragon = 3"] },
        ),
        ending("b"),
      ]),
    );
    expect(codes(issues)).toEqual([
      "error:bad_effect:a:-",
      "error:bad_condition:a:a-c1",
      "error:bad_condition:a:a-c2",
      "error:bad_condition:a:a-c3",
      "error:bad_effect:a:a-c4",
      "error:bad_effect:a:a-c4",
      "error:bad_effect:a:a-c4",
      "error:bad_effect:a:a-c4",
    ]);
    expect(issues[2]?.message).toBe(
      "Scene “A”, choice “Go to b”: condition: 'luck' is not a stat or flag of this story",
    );
    expect(issues[5]?.message).toContain("'gold' is not a stat or flag of this story");
  });

  it("reports repeated stats and stats whose bounds or start value do not fit", () => {
    const issues = validateStory(
      doc(
        [ending("a")],
        [
          courage,
          { ...courage, label: "Again" },
          { ...courage, name: "gold", min: 5, max: 1 },
          { ...courage, name: "luck", default: 20 },
          { ...metDragon, name: "flag", default: 1 },
        ],
      ),
    );
    expect(codes(issues)).toEqual([
      "error:duplicate_stat:-:-",
      "error:bad_stat:-:-",
      "error:bad_stat:-:-",
      "error:bad_stat:-:-",
    ]);
  });

  it("refuses an ending with choices, and repeated ids", () => {
    const issues = validateStory(
      doc([
        scene("a", [{ target: "b" }, { target: "b", id: "a-c1" }]),
        scene("b", [{ target: "a" }], { ending: { name: "End" } }),
        ending("a"),
      ]),
    );
    expect(codes(issues)).toEqual([
      "error:duplicate_scene_id:a:-",
      "error:duplicate_choice_id:a:a-c1",
      "error:ending_with_choices:b:-",
    ]);
  });

  it("warns of unreachable scenes, dead ends, loops with no way out and import warnings", () => {
    const issues = validateStory(
      doc([
        scene("a", [{ target: "b" }, { target: "d" }, { target: "e" }]),
        ending("b"),
        scene("c", [{ target: "b" }], { warnings: ["Not translated: <<goto 'x'>>"] }),
        scene("d", []),
        scene("e", [{ target: "f" }]),
        scene("f", [{ target: "e" }]),
      ]),
    );
    expect(codes(issues)).toEqual([
      "warning:import_warning:c:-",
      "warning:unreachable_scene:c:-",
      "warning:dead_end:d:-",
      "warning:no_way_out:e:-",
      "warning:no_way_out:f:-",
    ]);
    expect(hasErrors(issues)).toBe(false);
    expect(issues[3]?.message).toBe("Scene “E” is in a loop with no way to an ending");
  });

  it("a loop that can be left is fine", () => {
    const issues = validateStory(
      doc([scene("a", [{ target: "b" }]), scene("b", [{ target: "a" }, { target: "c" }]), ending("c")]),
    );
    expect(issues).toEqual([]);
  });

  it("finds nothing wrong in a sound story of 2,000 scenes", () => {
    const count = 2_000;
    const scenes: StoryScene[] = [];
    for (let i = 0; i < count; i++) {
      const id = `s${i}`;
      if (i >= count - 20) {
        scenes.push(ending(id));
        continue;
      }
      const targets = [i + 1, i + 2, Math.max(0, i - 5), count - 20 + (i % 20)].map(
        (n) => `s${Math.min(n, count - 1)}`,
      );
      scenes.push(
        scene(
          id,
          targets.map((target, index) => ({
            target,
            // A few hundred different texts, as in a real story; each is parsed once.
            condition: index === 1 ? `courage >= ${i % 150} and not met_dragon` : null,
            effects: index === 0 ? [`courage += ${i % 100}`, "toggle met_dragon"] : [],
          })),
          { effects: ["courage -= 1"] },
        ),
      );
    }
    const story = doc(scenes, [courage, metDragon], "s0");
    // How long this takes is measured by `npm run bench:stories` (saving and publishing validate).
    expect(validateStory(story)).toEqual([]);
  });
});
