import { readFileSync } from "node:fs";
import path from "node:path";
import { checkExpression } from "@litverse/shared/stories/story-expression-format";
import { parseExpression } from "@litverse/shared/stories/story-expressions";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../core/config.ts";
import { translateStory } from "./translate.ts";
import { parseTwee } from "./twee.ts";

const story = (name: string) => parseTwee(readFileSync(path.join(REPO_ROOT, "fixtures/twine", name), "utf8"));
const inline = (format: string, text: string) =>
  translateStory({
    title: "T",
    ifid: null,
    format,
    formatVersion: null,
    start: "A",
    passages: [
      { name: "A", tags: [], position: null, size: null, text },
      { name: "B", tags: [], position: null, size: null, text: "" },
    ],
  });

describe("translating SugarCube", () => {
  const draft = translateStory(story("lantern-sugarcube.twee"));
  const scene = (key: string) => draft.scenes.find((candidate) => candidate.key === key);

  it("makes scenes, choices, stats and effects", () => {
    expect(draft.start).toBe("Lighthouse Door");
    expect(draft.scenes.map((candidate) => candidate.key)).not.toContain("StoryInit");
    expect(draft.stats).toEqual([
      { name: "oil", kind: "number", default: 2 },
      { name: "hasKey", kind: "boolean", default: false },
    ]);
    expect(scene("Lighthouse Door")?.choices).toEqual([
      { label: "Try the door", target: "Stairwell", condition: null, effects: [] },
      { label: "Search the rocks", target: "Rocks", condition: null, effects: [] },
    ]);
    expect(scene("Rocks")?.effects).toEqual([
      { kind: "set", name: "hasKey", value: "true" },
      { kind: "add", name: "oil", value: "1" },
    ]);
    expect(scene("Rocks")?.text).toBe("Between two rocks you find a rusted key and a can of lamp oil.");
    expect(scene("Lamp Room")?.choices).toEqual([
      { label: "Light the lamp", target: "Beacon", condition: "oil >= 2", effects: [] },
      { label: "Light it anyway", target: "Darkness", condition: "oil < 2", effects: [] },
    ]);
    expect(scene("Lamp Room")?.effects).toEqual([{ kind: "add", name: "oil", value: "-1" }]);
  });

  it("keeps what it cannot translate visible and warns of it", () => {
    const stairwell = scene("Stairwell");
    expect(stairwell?.choices).toEqual([
      { label: "Unlock the lamp room", target: "Lamp Room", condition: "hasKey == true", effects: [] },
      { label: "Go back down", target: "Lighthouse Door", condition: null, effects: [] },
    ]);
    expect(stairwell?.text).toContain("<<script>>");
    expect(stairwell?.warnings[0]).toMatch(/^Not translated: <<script>>/);
    expect(scene("Beacon")?.warnings).toEqual(['Not translated: <<goto "Lighthouse Door">>']);
    expect(draft.warnings).toContain('Passage "Beacon": 1 part(s) not fully translated');
  });
});

describe("translating Harlowe", () => {
  const draft = translateStory(story("harbour-harlowe.twee"));
  const scene = (key: string) => draft.scenes.find((candidate) => candidate.key === key);

  it("makes scenes, choices, stats and effects", () => {
    expect(draft.stats).toEqual([
      { name: "coins", kind: "number", default: 3 },
      { name: "ticket", kind: "boolean", default: false },
    ]);
    expect(scene("Quay")?.choices).toEqual([
      { label: "Ticket office", target: "Office", condition: null, effects: [] },
      { label: "Walk to the market", target: "Market", condition: null, effects: [] },
      { label: "Board the ferry", target: "Ferry", condition: null, effects: [] },
    ]);
    expect(scene("Quay")?.effects).toEqual([{ kind: "add", name: "coins", value: "2" }]);
    expect(scene("Office")?.choices).toEqual([
      { label: "Buy a ticket", target: "Bought", condition: "coins >= 4 and not ticket", effects: [] },
      { label: "Leave", target: "Quay", condition: "not (coins >= 4 and not ticket)", effects: [] },
    ]);
    expect(scene("Bought")?.effects).toEqual([
      { kind: "set", name: "ticket", value: "true" },
      { kind: "add", name: "coins", value: "-4" },
    ]);
  });

  it("keeps other changers, temporary variables and conditional text visible", () => {
    expect(scene("Office")?.text).toContain('(text-colour: "grey")[');
    expect(scene("Office")?.warnings).toContain('Not translated: (text-colour: "grey")[');
    expect(scene("Market")?.warnings).toEqual(["Not translated: (set: _bargain to true)"]);
    const ferry = scene("Ferry");
    expect(ferry?.text).toContain("(if: $ticket is true)[The ferry pulls away from the lights.]");
    expect(ferry?.choices).toEqual([
      { label: "Quay", target: "Quay", condition: "ticket != true", effects: [] },
    ]);
  });
});

describe("translating details", () => {
  it("negates elseif chains and nests conditions", () => {
    const draft = inline(
      "SugarCube",
      "<<if $a gt 1>>[[X->B]]<<elseif $met and not $b>>[[Y->B]]<<else>><<if $c isnot 2 or $d>>[[Z->B]]<</if>><</if>>",
    );
    expect(draft.scenes[0]?.choices.map((choice) => choice.condition)).toEqual([
      "a > 1",
      "a <= 1 and met and not b",
      "a <= 1 and not (met and not b) and (c != 2 or d)",
    ]);
    expect(draft.stats.map((stat) => [stat.name, stat.kind])).toEqual([
      ["a", "number"],
      ["met", "boolean"],
      ["b", "boolean"],
      ["c", "number"],
      ["d", "boolean"],
    ]);
  });

  it("turns a link's setter into what the choice does, and keeps one it cannot translate", () => {
    const draft = inline("SugarCube", "[[Pay|B][$gold -= 2, $paid to true]]\n[[Odd|B][$x to random(3)]]");
    const [pay, odd] = draft.scenes[0]?.choices ?? [];
    expect(pay).toEqual({
      label: "Pay",
      target: "B",
      condition: null,
      effects: [
        { kind: "add", name: "gold", value: "-2" },
        { kind: "set", name: "paid", value: "true" },
      ],
    });
    expect(odd?.effects).toEqual([]);
    expect(draft.scenes[0]?.warnings.join("\n")).toContain("(the link's setter)");
    expect(draft.stats.map((stat) => stat.name).sort()).toEqual(["gold", "paid"]);
  });

  it("reads toggles, string values and untranslatable conditions", () => {
    const draft = inline("SugarCube", '<<set $lit to not $lit>><<set $name to "Ann">><<if _t>>[[B]]<</if>>');
    const scene = draft.scenes[0];
    expect(scene?.effects).toEqual([{ kind: "toggle", name: "lit", value: "" }]);
    expect(scene?.text).toBe('<<set $name to "Ann">>');
    expect(scene?.choices).toEqual([{ label: "B", target: "B", condition: null, effects: [] }]);
    expect(scene?.warnings).toContain(
      'Choice "B" is always offered: its condition <<if _t>> was not translated',
    );
  });

  it("reads Harlowe's link forms and (unless:)", () => {
    const draft = inline("Harlowe", '(unless: $x < 3)[[[Go->B]]](link-goto: "B")[[B<-Back]]');
    expect(draft.scenes[0]?.choices).toEqual([
      { label: "Go", target: "B", condition: "x >= 3", effects: [] },
      { label: "B", target: "B", condition: null, effects: [] },
      { label: "Back", target: "B", condition: null, effects: [] },
    ]);
  });

  it("warns of missing targets and unknown formats", () => {
    const draft = inline("Snowman", "[[Nowhere]]");
    expect(draft.warnings[0]).toMatch(/Snowman/);
    expect(draft.scenes[0]?.warnings).toEqual(['Choice "Nowhere" leads to "Nowhere", which is not a scene']);
  });

  it("stays fast on hostile markup", () => {
    for (const text of [
      "[[".repeat(50_000),
      "<<".repeat(50_000),
      "<<a".repeat(30_000),
      "(a:".repeat(30_000),
      '(a: "'.repeat(20_000),
      "(if: $a)[".repeat(30_000),
      "<<if $a>>".repeat(10_000),
      "<<script>>".repeat(10_000),
    ]) {
      for (const format of ["SugarCube", "Harlowe"]) {
        const started = performance.now();
        inline(format, text);
        expect(performance.now() - started).toBeLessThan(1_000);
      }
    }
  });
});

describe("what the translation writes", () => {
  it("is in the stories' own expression language, naming only the story's stats", () => {
    for (const name of ["lantern-sugarcube.twee", "harbour-harlowe.twee"]) {
      const draft = translateStory(story(name));
      const known = Object.fromEntries(draft.stats.map((stat) => [stat.name, stat.kind]));
      const conditions = draft.scenes.flatMap((scene) =>
        scene.choices.flatMap((choice) => choice.condition ?? []),
      );
      expect(conditions.length, name).toBeGreaterThan(0);
      for (const condition of conditions) {
        const parsed = parseExpression(condition);
        if (!parsed.ok) throw new Error(`${name}: ${condition}: ${parsed.error.message}`);
        expect(checkExpression(parsed.expr, known), `${name}: ${condition}`).toEqual([]);
      }
      for (const effect of draft.scenes.flatMap((scene) => scene.effects)) {
        if (effect.kind === "toggle") continue;
        const parsed = parseExpression(effect.value);
        expect(parsed.ok, `${name}: ${effect.name} ${effect.kind} ${effect.value}`).toBe(true);
      }
    }
  });
});
