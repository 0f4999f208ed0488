// Plays the draft in the browser for the editor's preview, with the same expression functions the
// server's player uses: arriving at a scene applies its effects, a choice shows when its condition
// holds and applies its effects when taken. Coins are not spent here: priced choices are marked and
// open, so the author can walk every path.

import { applyEffects, type StatDefinition } from "@litverse/shared/stories/story-expression-effects";
import { isTrue } from "@litverse/shared/stories/story-expression-eval";
import {
  type Effect,
  parseEffect,
  parseExpression,
  type StoryValue,
} from "@litverse/shared/stories/story-expressions";
import type { StoryChoice, StoryScene, StoryStat } from "@litverse/shared/stories/story-model";
import { describeRequirement } from "@litverse/shared/stories/story-requirements";
import { statDefinition } from "@litverse/shared/stories/story-validation";

export interface PreviewStory {
  scenes: ReadonlyMap<string, StoryScene>;
  stats: readonly StoryStat[];
}

export interface PreviewState {
  sceneId: string;
  values: Record<string, StoryValue>;
  /** Scenes passed through, oldest first, for going back. */
  trail: ReadonlyArray<{ sceneId: string; values: Record<string, StoryValue> }>;
  /** Effects that could not be applied on the way here (they do not parse). */
  skipped: string[];
}

export type PreviewChoiceState = "open" | "locked" | "unconnected";

export interface PreviewChoice {
  id: string;
  label: string;
  state: PreviewChoiceState;
  /** Why a choice is locked or cannot be taken, in words. */
  reason: string | null;
  priceCoins: number;
}

function parseEffects(texts: readonly string[]): { effects: Effect[]; skipped: string[] } {
  const effects: Effect[] = [];
  const skipped: string[] = [];
  for (const text of texts) {
    const parsed = parseEffect(text);
    if (parsed.ok) effects.push(parsed.effect);
    else skipped.push(text);
  }
  return { effects, skipped };
}

function definitions(story: PreviewStory): StatDefinition[] {
  return story.stats.map(statDefinition);
}

/** Arrives at `sceneId` with `values`: the scene's own effects apply. */
export function arriveAt(
  story: PreviewStory,
  sceneId: string,
  values: Record<string, StoryValue>,
  trail: PreviewState["trail"] = [],
): PreviewState {
  const scene = story.scenes.get(sceneId);
  const { effects, skipped } = parseEffects(scene?.effects ?? []);
  return { sceneId, values: applyEffects(effects, values, definitions(story)), trail, skipped };
}

function choiceState(
  choice: StoryChoice,
  story: PreviewStory,
  values: Record<string, StoryValue>,
): Pick<PreviewChoice, "state" | "reason"> {
  if (choice.target === null || !story.scenes.has(choice.target)) {
    return { state: "unconnected", reason: "Does not lead to a scene yet" };
  }
  const condition = choice.condition?.trim();
  if (!condition) return { state: "open", reason: null };
  const parsed = parseExpression(condition);
  if (!parsed.ok) return { state: "locked", reason: `The condition has an error: ${parsed.error.message}` };
  if (isTrue(parsed.expr, values)) return { state: "open", reason: null };
  // The words a reader sees; the author is told about hidden stats too.
  return { state: "locked", reason: describeRequirement(condition, story.stats, { revealHidden: true }) };
}

export function choicesAt(story: PreviewStory, state: PreviewState): PreviewChoice[] {
  const scene = story.scenes.get(state.sceneId);
  if (!scene || scene.ending) return [];
  return scene.choices.map((choice) => ({
    id: choice.id,
    label: choice.label,
    priceCoins: choice.priceCoins,
    ...choiceState(choice, story, state.values),
  }));
}

/** Takes an open choice: its effects apply, then the next scene's. Anything else changes nothing. */
export function takeChoice(story: PreviewStory, state: PreviewState, choiceId: string): PreviewState {
  const scene = story.scenes.get(state.sceneId);
  const choice = scene?.choices.find((item) => item.id === choiceId);
  const offered = choicesAt(story, state).find((item) => item.id === choiceId);
  if (!choice || choice.target === null || offered?.state !== "open") return state;
  const { effects, skipped } = parseEffects(choice.effects);
  const values = applyEffects(effects, state.values, definitions(story));
  const next = arriveAt(story, choice.target, values, [
    ...state.trail,
    { sceneId: state.sceneId, values: state.values },
  ]);
  return { ...next, skipped: [...skipped, ...next.skipped] };
}

/** One step back: the scene before, with the values it had. */
export function stepBack(state: PreviewState): PreviewState {
  const previous = state.trail.at(-1);
  if (!previous) return state;
  return { sceneId: previous.sceneId, values: previous.values, trail: state.trail.slice(0, -1), skipped: [] };
}
