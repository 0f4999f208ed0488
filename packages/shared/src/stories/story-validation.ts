// What is wrong with a story, for the editor's list and graph and for the server's publish check.
// Errors block publishing (a reader could get stuck on them or the player could not run them);
// warnings are worth a look but a story may be published with them. Pure and linear in the size
// of the story: every condition and effect is parsed once, and the graph is walked a few times.
import { checkEffect, type StatDefinition } from "./story-expression-effects.ts";
import { checkExpression } from "./story-expression-format.ts";
import { parseEffect, parseExpression, type ValueKind } from "./story-expressions.ts";
import type { StoryDocument, StoryScene, StoryStat } from "./story-model.ts";

export const STORY_ISSUE_CODES = [
  // Errors
  "no_start_scene",
  "duplicate_scene_id",
  "duplicate_choice_id",
  "unconnected_choice",
  "missing_target",
  "bad_condition",
  "bad_effect",
  "duplicate_stat",
  "bad_stat",
  "ending_with_choices",
  // Warnings
  "unreachable_scene",
  "dead_end",
  "no_way_out",
  "import_warning",
] as const;
export type StoryIssueCode = (typeof STORY_ISSUE_CODES)[number];

export interface StoryIssue {
  severity: "error" | "warning";
  code: StoryIssueCode;
  /** The scene the issue is in (for a choice: the scene offering it); null for the whole story. */
  sceneId: string | null;
  choiceId: string | null;
  message: string;
}

/** The stat as the expression functions see it: no bound is an absent bound. */
export function statDefinition(stat: StoryStat): StatDefinition {
  return {
    name: stat.name,
    kind: stat.kind,
    default: stat.default,
    ...(stat.min === null ? {} : { min: stat.min }),
    ...(stat.max === null ? {} : { max: stat.max }),
  };
}

/** How a scene is named in messages: its title, or its id when it has none. */
export function sceneName(scene: Pick<StoryScene, "id" | "title">): string {
  const title = scene.title.trim();
  return `“${title === "" ? scene.id : title}”`;
}

/** How a choice is named in messages. */
function choiceName(label: string): string {
  const short = label.length > 40 ? `${label.slice(0, 39)}…` : label;
  return `“${short}”`;
}

/** Every problem of the story, errors first, each group in the order of the scenes. */
export function validateStory(doc: StoryDocument): StoryIssue[] {
  const errors: StoryIssue[] = [];
  const warnings: StoryIssue[] = [];
  const error = (code: StoryIssueCode, sceneId: string | null, choiceId: string | null, message: string) =>
    errors.push({ severity: "error", code, sceneId, choiceId, message });
  const warning = (code: StoryIssueCode, sceneId: string | null, choiceId: string | null, message: string) =>
    warnings.push({ severity: "warning", code, sceneId, choiceId, message });

  checkStats(doc.stats, error);
  const definitions = doc.stats.map(statDefinition);
  const kinds: Record<string, ValueKind> = Object.create(null);
  for (const stat of doc.stats) if (!Object.hasOwn(kinds, stat.name)) kinds[stat.name] = stat.kind;

  const scenes = new Map<string, StoryScene>();
  for (const scene of doc.scenes) {
    if (scenes.has(scene.id)) {
      error("duplicate_scene_id", scene.id, null, `Two scenes have the id “${scene.id}”`);
      continue;
    }
    scenes.set(scene.id, scene);
  }

  if (doc.startSceneId === null) error("no_start_scene", null, null, "Choose the scene the story starts at");
  else if (!scenes.has(doc.startSceneId)) {
    error("no_start_scene", null, null, `The start scene “${doc.startSceneId}” does not exist`);
  }

  // Stories repeat the same conditions and effects many times: each text is checked once.
  const effectProblems = memo((text: string) => {
    const parsed = parseEffect(text);
    return parsed.ok ? checkEffect(parsed.effect, definitions) : [parsed.error.message];
  });
  const conditionProblems = memo((text: string) => {
    const parsed = parseExpression(text);
    return parsed.ok ? checkExpression(parsed.expr, kinds, "boolean") : [parsed.error.message];
  });
  const checkEffects = (effects: string[], sceneId: string, choiceId: string | null, where: string) => {
    for (const text of effects) {
      for (const problem of effectProblems(text)) {
        error("bad_effect", sceneId, choiceId, `${where}: “${text}”: ${problem}`);
      }
    }
  };

  // Where each scene leads, for the walks below.
  const next = new Map<string, string[]>();
  // Choice ids are unique in the whole story: a reader pays for a premium choice once, by its id.
  const choiceIds = new Set<string>();
  for (const scene of scenes.values()) {
    const where = `Scene ${sceneName(scene)}`;
    const targets: string[] = [];
    checkEffects(scene.effects, scene.id, null, `${where}, on arrival`);
    if (scene.ending && scene.choices.length > 0) {
      error(
        "ending_with_choices",
        scene.id,
        null,
        `${where} is an ending but offers choices: remove them or unmark the ending`,
      );
    }
    for (const choice of scene.choices) {
      const what = `${where}, choice ${choiceName(choice.label)}`;
      if (choiceIds.has(choice.id))
        error("duplicate_choice_id", scene.id, choice.id, `${what} repeats the id “${choice.id}”`);
      choiceIds.add(choice.id);
      if (choice.target === null)
        error("unconnected_choice", scene.id, choice.id, `${what} does not lead anywhere`);
      else if (!scenes.has(choice.target)) {
        error(
          "missing_target",
          scene.id,
          choice.id,
          `${what} leads to “${choice.target}”, which does not exist`,
        );
      } else targets.push(choice.target);
      if (choice.condition !== null && choice.condition.trim() !== "") {
        for (const problem of conditionProblems(choice.condition)) {
          error("bad_condition", scene.id, choice.id, `${what}: condition: ${problem}`);
        }
      }
      checkEffects(choice.effects, scene.id, choice.id, what);
    }
    next.set(scene.id, targets);
    for (const text of scene.warnings) warning("import_warning", scene.id, null, `${where}: ${text}`);
  }

  const start = doc.startSceneId !== null && scenes.has(doc.startSceneId) ? doc.startSceneId : null;
  const reachable = walk(start === null ? [] : [start], (id) => next.get(id) ?? []);

  // Walking backwards from the endings (and from dead ends, which the dead-end warning covers)
  // finds the scenes a reader can leave; the reachable rest go round in circles.
  const previous = new Map<string, string[]>();
  for (const [from, targets] of next) {
    for (const to of targets) {
      const list = previous.get(to);
      if (list) list.push(from);
      else previous.set(to, [from]);
    }
  }
  const isDeadEnd = (scene: StoryScene) => !scene.ending && (next.get(scene.id)?.length ?? 0) === 0;
  const exits = [...scenes.values()]
    .filter((scene) => scene.ending || isDeadEnd(scene))
    .map((scene) => scene.id);
  const canLeave = walk(exits, (id) => previous.get(id) ?? []);

  for (const scene of scenes.values()) {
    const where = `Scene ${sceneName(scene)}`;
    if (start !== null && !reachable.has(scene.id)) {
      warning("unreachable_scene", scene.id, null, `${where} cannot be reached from the start`);
    }
    if (isDeadEnd(scene)) {
      warning("dead_end", scene.id, null, `${where} has no way on and is not marked as an ending`);
    } else if (reachable.has(scene.id) && !canLeave.has(scene.id)) {
      warning("no_way_out", scene.id, null, `${where} is in a loop with no way to an ending`);
    }
  }

  return [...errors, ...warnings];
}

function memo<T>(fn: (text: string) => T): (text: string) => T {
  const results = new Map<string, T>();
  return (text) => {
    let result = results.get(text);
    if (result === undefined) {
      result = fn(text);
      results.set(text, result);
    }
    return result;
  };
}

/** Every scene reachable from `from` by `step`, `from` included. */
function walk(from: string[], step: (id: string) => string[]): Set<string> {
  const seen = new Set<string>(from);
  const queue = [...from];
  for (let i = 0; i < queue.length; i++) {
    for (const to of step(queue[i] as string)) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

/** Repeated names, bounds the wrong way round, and defaults of the wrong kind or out of bounds. */
function checkStats(
  stats: StoryStat[],
  error: (code: StoryIssueCode, sceneId: null, choiceId: null, message: string) => void,
): void {
  const seen = new Set<string>();
  for (const stat of stats) {
    const what = `Stat “${stat.name}”`;
    if (seen.has(stat.name)) error("duplicate_stat", null, null, `Two stats are named “${stat.name}”`);
    seen.add(stat.name);
    if (stat.kind === "boolean") {
      if (typeof stat.default !== "boolean")
        error("bad_stat", null, null, `${what} is a flag: its start value is true or false`);
      continue;
    }
    if (typeof stat.default !== "number") {
      error("bad_stat", null, null, `${what} is a number: its start value is a number`);
      continue;
    }
    if (stat.min !== null && stat.max !== null && stat.min > stat.max) {
      error("bad_stat", null, null, `${what}: the minimum ${stat.min} is above the maximum ${stat.max}`);
    } else if (
      (stat.min !== null && stat.default < stat.min) ||
      (stat.max !== null && stat.default > stat.max)
    ) {
      error("bad_stat", null, null, `${what}: the start value ${stat.default} is outside its bounds`);
    }
  }
}

/** Whether the story may be published: no errors. */
export function hasErrors(issues: readonly StoryIssue[]): boolean {
  return issues.some((issue) => issue.severity === "error");
}
