// Parsing for the expression tests: a text the test means to be valid, or a failure naming it.
import { type Effect, type Expr, parseEffect, parseExpression } from "./story-expressions.ts";

export function expressionOf(text: string): Expr {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`'${text}' did not parse: ${result.error.message}`);
  return result.expr;
}

export function effectOf(text: string): Effect {
  const result = parseEffect(text);
  if (!result.ok) throw new Error(`'${text}' did not parse: ${result.error.message}`);
  return result.effect;
}
