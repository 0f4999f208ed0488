// A choice's condition in words for readers, with the stats' labels: "Needs Courage 3 or more",
// "Needs Met the dragon", "Needs Gold 10 or more and not Cursed". Conditions on hidden stats are
// not spelled out (they would give the story away); the reader learns only that the path is shut.
import { formatExpression, namesIn } from "./story-expression-format.ts";
import { type BinaryOperator, type Expr, parseExpression } from "./story-expressions.ts";
import type { StoryStat } from "./story-model.ts";

export const HIDDEN_REQUIREMENT = "Your choices so far have closed this path.";

const NUMBER_PHRASES: Partial<Record<BinaryOperator, (value: string) => string>> = {
  ">=": (value) => `${value} or more`,
  ">": (value) => `more than ${value}`,
  "<=": (value) => `${value} or less`,
  "<": (value) => `less than ${value}`,
  "==": (value) => `exactly ${value}`,
  "!=": (value) => `anything but ${value}`,
};
/** The same comparison read from the other side: `3 <= courage` is `courage >= 3`. */
const MIRRORED: Partial<Record<BinaryOperator, BinaryOperator>> = {
  ">=": "<=",
  ">": "<",
  "<=": ">=",
  "<": ">",
  "==": "==",
  "!=": "!=",
};

/**
 * "Needs …" for a condition; null when the text does not parse (validation reports that). The
 * author's preview passes `revealHidden` to read, in the same words, what a reader is not told.
 */
export function describeRequirement(
  condition: string,
  stats: readonly StoryStat[],
  { revealHidden = false }: { revealHidden?: boolean } = {},
): string | null {
  const parsed = parseExpression(condition);
  if (!parsed.ok) return null;
  const byName = new Map(stats.map((stat) => [stat.name, stat]));
  const isHidden = namesIn(parsed.expr).some((name) => byName.get(name)?.visible === false);
  if (isHidden && !revealHidden) return HIDDEN_REQUIREMENT;
  return `Needs ${phrase(parsed.expr, byName)}`;
}

function phrase(expr: Expr, stats: Map<string, StoryStat>): string {
  const label = (name: string) => stats.get(name)?.label ?? name;
  if (expr.kind === "name") return label(expr.name);
  if (expr.kind === "unary" && expr.op === "not" && expr.operand.kind === "name") {
    return `not ${label(expr.operand.name)}`;
  }
  if (expr.kind === "binary") {
    if (expr.op === "and" || expr.op === "or") {
      return `${phrase(expr.left, stats)} ${expr.op} ${phrase(expr.right, stats)}`;
    }
    const { left, right } = expr;
    if (left.kind === "name" && right.kind === "literal") return comparison(label(left.name), expr.op, right);
    const mirrored = MIRRORED[expr.op];
    if (right.kind === "name" && left.kind === "literal" && mirrored) {
      return comparison(label(right.name), mirrored, left);
    }
  }
  return withLabels(expr, stats);
}

function comparison(label: string, op: BinaryOperator, literal: Expr & { kind: "literal" }): string {
  if (typeof literal.value === "boolean") {
    const isTrue = (op === "==") === literal.value;
    return isTrue ? label : `not ${label}`;
  }
  const words = NUMBER_PHRASES[op];
  return words ? `${label} ${words(String(literal.value))}` : `${label} ${op} ${literal.value}`;
}

/** The expression as written, with each stat's label in place of its name. */
function withLabels(expr: Expr, stats: Map<string, StoryStat>): string {
  const relabel = (e: Expr): Expr => {
    if (e.kind === "name") return { kind: "name", name: stats.get(e.name)?.label ?? e.name };
    if (e.kind === "unary") return { ...e, operand: relabel(e.operand) };
    if (e.kind === "binary") return { ...e, left: relabel(e.left), right: relabel(e.right) };
    return e;
  };
  return formatExpression(relabel(expr));
}
