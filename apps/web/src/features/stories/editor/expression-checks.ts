// What is wrong with a condition or an effect as the author types it, against the story's stats:
// the parser's message with where it happened, or the type checker's problems.
import { checkEffect } from "@litverse/shared/stories/story-expression-effects";
import { checkExpression } from "@litverse/shared/stories/story-expression-format";
import { parseEffect, parseExpression, type ValueKind } from "@litverse/shared/stories/story-expressions";
import type { StoryStat } from "@litverse/shared/stories/story-model";
import { statDefinition } from "@litverse/shared/stories/story-validation";

export type ExpressionKind = "condition" | "effect";

export function expressionProblems(
  text: string,
  kind: ExpressionKind,
  stats: readonly StoryStat[],
): string[] {
  if (text.trim() === "") return kind === "effect" ? ["Write an effect, or remove it"] : [];
  if (kind === "condition") {
    const parsed = parseExpression(text);
    if (!parsed.ok) return [`${parsed.error.message}`];
    const known: Record<string, ValueKind> = Object.create(null);
    for (const stat of stats) known[stat.name] ??= stat.kind;
    return checkExpression(parsed.expr, known, "boolean");
  }
  const parsed = parseEffect(text);
  if (!parsed.ok) return [parsed.error.message];
  return checkEffect(parsed.effect, stats.map(statDefinition));
}
