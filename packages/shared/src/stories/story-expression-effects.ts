// Stats and what choices do to them: starting values, applying, writing and checking effects.
import { evaluate, toBoolean, toNumber, toValue } from "./story-expression-eval.ts";
import { checkExpression, formatExpression } from "./story-expression-format.ts";
import type { Effect, StoryValue, ValueKind } from "./story-expressions.ts";

export interface StatDefinition {
  name: string;
  kind: ValueKind;
  min?: number;
  max?: number;
  default: StoryValue;
}

/** A value made to fit its stat: true/false for a flag, a finite number within min and max otherwise. */
function fit(stat: StatDefinition, value: unknown): StoryValue {
  if (stat.kind === "boolean") return toBoolean(value);
  let number = toNumber(value);
  // Bounds that are not finite numbers mean "no bound"; if min > max, max wins.
  if (typeof stat.min === "number" && Number.isFinite(stat.min) && number < stat.min) number = stat.min;
  if (typeof stat.max === "number" && Number.isFinite(stat.max) && number > stat.max) number = stat.max;
  return toNumber(number);
}

/** The first definition of a name counts; the editor is expected to reject repeats. */
function definitionsByName(stats: StatDefinition[]): Map<string, StatDefinition> {
  const byName = new Map<string, StatDefinition>();
  for (const stat of stats) if (!byName.has(stat.name)) byName.set(stat.name, stat);
  return byName;
}

/** Every stat at its default, fitted to its kind and bounds. */
export function initialValues(stats: StatDefinition[]): Record<string, StoryValue> {
  // Object.fromEntries, not assignment, so a stat named `__proto__` is an ordinary key.
  return Object.fromEntries(
    [...definitionsByName(stats).values()].map((stat) => [stat.name, fit(stat, stat.default)]),
  );
}

/**
 * The values after the effects, applied in order, each seeing the ones before. Returns a new
 * record and leaves `env` alone. Every defined stat comes out fitted to its kind and bounds (a
 * stat missing from `env` starts at its default); effects on names that are not stats are
 * skipped, as are `+=` on a flag and `toggle` on a number (checkEffect reports all three).
 */
export function applyEffects(
  effects: Effect[],
  env: Record<string, StoryValue>,
  stats: StatDefinition[],
): Record<string, StoryValue> {
  const definitions = definitionsByName(stats);
  const values = new Map<string, StoryValue>(
    Object.entries(env).map(([name, value]) => [name, toValue(value)]),
  );
  for (const stat of definitions.values()) {
    values.set(stat.name, fit(stat, values.has(stat.name) ? values.get(stat.name) : stat.default));
  }
  for (const effect of effects) {
    const stat = definitions.get(effect.name);
    if (!stat) continue;
    const current = values.get(stat.name);
    const now = () => Object.fromEntries(values);
    if (effect.kind === "set") values.set(stat.name, fit(stat, evaluate(effect.value, now())));
    else if (effect.kind === "add" && stat.kind === "number") {
      values.set(stat.name, fit(stat, toNumber(current) + toNumber(evaluate(effect.amount, now()))));
    } else if (effect.kind === "toggle" && stat.kind === "boolean")
      values.set(stat.name, !toBoolean(current));
  }
  return Object.fromEntries(values);
}

/** The short form parseEffect reads. */
export function formatEffect(effect: Effect): string {
  if (effect.kind === "toggle") return `toggle ${effect.name}`;
  if (effect.kind === "set") return `${effect.name} = ${formatExpression(effect.value)}`;
  if (effect.amount.kind === "unary" && effect.amount.op === "-") {
    return `${effect.name} -= ${formatExpression(effect.amount.operand)}`;
  }
  return `${effect.name} += ${formatExpression(effect.amount)}`;
}

/** Problems with an effect against the story's stats, for the editor; empty when fine. */
export function checkEffect(effect: Effect, stats: StatDefinition[]): string[] {
  const stat = definitionsByName(stats).get(effect.name);
  if (!stat) return [`'${effect.name}' is not a stat or flag of this story`];
  const known: Record<string, ValueKind> = Object.fromEntries(stats.map((s) => [s.name, s.kind]));
  switch (effect.kind) {
    case "toggle":
      return stat.kind === "boolean" ? [] : [`'toggle' needs a flag, but '${stat.name}' is a number`];
    case "add":
      if (stat.kind === "boolean") return [`'+=' and '-=' need a number, but '${stat.name}' is a flag`];
      return checkExpression(effect.amount, known, "number");
    case "set":
      return checkExpression(effect.value, known, stat.kind);
  }
}
