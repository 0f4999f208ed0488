// The rules of a story without the database: what a published version keeps of each scene, how
// long a story reads, which choices a reader may take, and what effects do to their stats.

import type { PlayChoice, PlayStat } from "@litverse/shared/stories";
import { STORY_WORDS_PER_MINUTE } from "@litverse/shared/stories";
import { applyEffects, initialValues } from "@litverse/shared/stories/story-expression-effects";
import { isTrue } from "@litverse/shared/stories/story-expression-eval";
import {
  type Effect,
  type Expr,
  parseEffect,
  parseExpression,
  type StoryValue,
} from "@litverse/shared/stories/story-expressions";
import type { StoryDocument, StoryScene, StoryStat } from "@litverse/shared/stories/story-model";
import { describeRequirement } from "@litverse/shared/stories/story-requirements";
import { statDefinition } from "@litverse/shared/stories/story-validation";
import type { PublishedChoice, PublishedScene } from "./schema.ts";

export type StatValues = Record<string, StoryValue>;

/** A story's stats: its preset's, then its own. */
export function effectiveStats(
  presetStats: readonly StoryStat[],
  ownStats: readonly StoryStat[],
): StoryStat[] {
  return [...presetStats, ...ownStats];
}

/** Scene ids breadth first from the start, then the scenes no path reaches, in story order. */
export function scenesFromStart(doc: Pick<StoryDocument, "scenes" | "startSceneId">): string[] {
  const byId = new Map(doc.scenes.map((scene) => [scene.id, scene]));
  const order: string[] = [];
  const seen = new Set<string>();
  const queue = doc.startSceneId && byId.has(doc.startSceneId) ? [doc.startSceneId] : [];
  for (const id of queue) seen.add(id);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as string;
    order.push(id);
    for (const choice of byId.get(id)?.choices ?? []) {
      if (choice.target && byId.has(choice.target) && !seen.has(choice.target)) {
        seen.add(choice.target);
        queue.push(choice.target);
      }
    }
  }
  for (const scene of doc.scenes) if (!seen.has(scene.id)) order.push(scene.id);
  return order;
}

/**
 * Each scene as a published version keeps it: every choice carries its target's arrival effects
 * and ending, so that taking it reads only the scene it is made in. Choices that lead nowhere are
 * dropped (publishing refuses them anyway).
 */
export function publishScenes(
  doc: StoryDocument,
): Array<{ sceneId: string; ordinal: number; scene: PublishedScene }> {
  const byId = new Map(doc.scenes.map((scene) => [scene.id, scene]));
  return scenesFromStart(doc).map((sceneId, ordinal) => {
    const scene = byId.get(sceneId) as StoryScene;
    const choices: PublishedChoice[] = [];
    for (const choice of scene.choices) {
      const target = choice.target ? byId.get(choice.target) : undefined;
      if (!target) continue;
      choices.push({
        id: choice.id,
        label: choice.label,
        target: target.id,
        condition: choice.condition?.trim() ? choice.condition : null,
        effects: choice.effects,
        priceCoins: choice.priceCoins,
        arrival: { effects: target.effects, ending: target.ending?.name ?? null },
      });
    }
    return {
      sceneId,
      ordinal,
      scene: {
        title: scene.title,
        text: scene.text,
        image: scene.image,
        ending: scene.ending,
        effects: scene.effects,
        choices,
      },
    };
  });
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * Minutes to read one path: the scenes on the shortest way from the start to an ending (all of
 * them when no ending is reachable) at the average words of a scene.
 */
export function estimateMinutes(doc: StoryDocument): number {
  if (doc.scenes.length === 0) return 1;
  const byId = new Map(doc.scenes.map((scene) => [scene.id, scene]));
  const words = doc.scenes.reduce((sum, scene) => sum + wordCount(scene.text), 0) / doc.scenes.length;
  let pathLength = doc.scenes.length;
  const depth = new Map<string, number>();
  const queue = doc.startSceneId && byId.has(doc.startSceneId) ? [doc.startSceneId] : [];
  if (queue[0]) depth.set(queue[0], 1);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as string;
    const scene = byId.get(id);
    const here = depth.get(id) ?? 1;
    if (scene?.ending) {
      pathLength = here;
      break;
    }
    for (const choice of scene?.choices ?? []) {
      if (choice.target && byId.has(choice.target) && !depth.has(choice.target)) {
        depth.set(choice.target, here + 1);
        queue.push(choice.target);
      }
    }
  }
  return Math.max(1, Math.ceil((pathLength * words) / STORY_WORDS_PER_MINUTE));
}

const effectCache = new Map<string, Effect | null>();

/** Parsed effects, each text parsed once per process; effects that do not parse are skipped. */
function parsedEffects(texts: readonly string[]): Effect[] {
  const effects: Effect[] = [];
  for (const text of texts) {
    let effect = effectCache.get(text);
    if (effect === undefined) {
      const parsed = parseEffect(text);
      effect = parsed.ok ? parsed.effect : null;
      if (effectCache.size > 10_000) effectCache.clear();
      effectCache.set(text, effect);
    }
    if (effect) effects.push(effect);
  }
  return effects;
}

/** The values after these effects, every stat fitted to its kind and bounds. */
export function applyStoryEffects(
  texts: readonly string[],
  values: StatValues,
  stats: readonly StoryStat[],
): StatValues {
  return applyEffects(parsedEffects(texts), values, stats.map(statDefinition));
}

/** Every stat at its start value. */
export function startValues(stats: readonly StoryStat[]): StatValues {
  return initialValues(stats.map(statDefinition));
}

/** Values carried to another version: the stats it still has (of the same kind) keep theirs. */
export function carryValues(values: StatValues, stats: readonly StoryStat[]): StatValues {
  const carried: StatValues = {};
  for (const stat of stats) {
    const value = Object.hasOwn(values, stat.name) ? values[stat.name] : undefined;
    if (value !== undefined && typeof value === (stat.kind === "boolean" ? "boolean" : "number")) {
      carried[stat.name] = value;
    }
  }
  return applyStoryEffects([], carried, stats);
}

const conditionCache = new Map<string, Expr | null>();

/** Whether the condition holds; one that does not parse never does. Each text is parsed once. */
export function conditionHolds(condition: string | null, values: StatValues): boolean {
  if (condition === null) return true;
  let expr = conditionCache.get(condition);
  if (expr === undefined) {
    const parsed = parseExpression(condition);
    expr = parsed.ok ? parsed.expr : null;
    if (conditionCache.size > 10_000) conditionCache.clear();
    conditionCache.set(condition, expr);
  }
  return expr !== null && isTrue(expr, values);
}

/** What a reader is offered at a scene, in the author's order. */
export function playChoices(
  scene: PublishedScene,
  values: StatValues,
  stats: readonly StoryStat[],
  paidChoiceIds: ReadonlySet<string>,
): PlayChoice[] {
  if (scene.ending) return [];
  return scene.choices.map((choice) => {
    const isOpen = conditionHolds(choice.condition, values);
    const state: PlayChoice["state"] = !isOpen
      ? "locked"
      : choice.priceCoins === 0
        ? "open"
        : paidChoiceIds.has(choice.id)
          ? "paid"
          : "priced";
    return {
      id: choice.id,
      label: choice.label,
      state,
      lockReason: isOpen ? null : lockReason(choice, stats),
      priceCoins: choice.priceCoins,
    };
  });
}

export function lockReason(choice: Pick<PublishedChoice, "condition">, stats: readonly StoryStat[]): string {
  return (
    (choice.condition && describeRequirement(choice.condition, stats)) ??
    "This choice is not open to you yet."
  );
}

/** The stats a reader sees, with their values. */
export function visibleStats(stats: readonly StoryStat[], values: StatValues): PlayStat[] {
  return stats
    .filter((stat) => stat.visible)
    .map((stat) => ({
      name: stat.name,
      label: stat.label,
      kind: stat.kind,
      value: Object.hasOwn(values, stat.name) ? (values[stat.name] as StoryValue) : stat.default,
      min: stat.min,
      max: stat.max,
    }));
}

/** The start of a scene's text, for a save slot's label. */
export function excerptOf(text: string, max = 90): string {
  const plain = text.replace(/[*_]+/g, "").replace(/\s+/g, " ").trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
