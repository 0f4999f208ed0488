// The names a parsed story expression reads, its canonical text and its type problems.
import { type BinaryOperator, COMPARISONS, type Expr, type ValueKind } from "./story-expressions.ts";

/** Every stat or flag the expression reads, sorted and without repeats. */
export function namesIn(expr: Expr): string[] {
  const names = new Set<string>();
  const visit = (e: Expr): void => {
    if (e.kind === "name") names.add(e.name);
    else if (e.kind === "unary") visit(e.operand);
    else if (e.kind === "binary") {
      visit(e.left);
      visit(e.right);
    }
  };
  visit(expr);
  return [...names].sort();
}

/** Binding strength: or 1, and 2, not 3, comparisons 4, + - 5, * / % 6, unary minus 7, values 8. */
function precedence(expr: Expr): number {
  switch (expr.kind) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: formatExpression compares a precedence only with < or <= a level up to 7 and === 4, so 7, 8 and undefined (no case) rank alike
    case "literal":
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: 7 and 8 rank alike (see above)
      return typeof expr.value === "number" && expr.value < 0 ? 7 : 8;
    // Stryker disable next-line ConditionalExpression,StringLiteral: falling into "unary" gives 7 and no case gives undefined, which rank as 8 does
    case "name":
      return 8;
    case "unary":
      return expr.op === "not" ? 3 : 7;
    case "binary":
      return binaryPrecedence(expr.op);
  }
}

function binaryPrecedence(op: BinaryOperator): number {
  if (op === "or") return 1;
  if (op === "and") return 2;
  if (COMPARISONS.has(op)) return 4;
  if (op === "+" || op === "-") return 5;
  return 6;
}

/** A number in plain decimals: the grammar has no exponent, so 1e21 is written out in full. */
function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return "0";
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = match;
  const digits = whole + fraction;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  // Stryker disable next-line StringLiteral,MethodExpression: unreachable, String(n) uses an exponent only from 1e21, where the point (22 or more) is past all of at most 17 digits
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Canonical text with as few parentheses as the grammar allows. Parsing it gives back the same
 * expression for anything parseExpression produced (it never produces negative or non-finite
 * literals; those are written as `-3` and `0`).
 */
export function formatExpression(expr: Expr): string {
  switch (expr.kind) {
    case "literal":
      return typeof expr.value === "boolean" ? String(expr.value) : plainNumber(expr.value);
    case "name":
      return expr.name;
    case "unary": {
      const level = expr.op === "not" ? 3 : 7;
      const operand = wrap(expr.operand, precedence(expr.operand) < level);
      if (expr.op === "not") return `not ${operand}`;
      return operand.startsWith("-") ? `- ${operand}` : `-${operand}`;
    }
    case "binary": {
      const level = binaryPrecedence(expr.op);
      // Left-associative: an equal-level child needs parentheses only on the right; comparisons
      // do not chain, so an equal-level child needs them on either side.
      const comparison = level === 4;
      const left = wrap(
        expr.left,
        precedence(expr.left) < level || (comparison && precedence(expr.left) === 4),
      );
      const right = wrap(expr.right, precedence(expr.right) <= level);
      return `${left} ${expr.op} ${right}`;
    }
  }
}

function wrap(expr: Expr, parenthesise: boolean): string {
  const text = formatExpression(expr);
  return parenthesise ? `(${text})` : text;
}

/** An expression quoted in a message, shortened if long. */
function quote(expr: Expr): string {
  const text = formatExpression(expr);
  return `'${text.length > 40 ? `${text.slice(0, 39)}…` : text}'`;
}

const KIND_WORDS: Record<ValueKind, string> = { number: "a number", boolean: "true or false" };

/**
 * Type problems an author should fix, in reading order and without repeats; empty when fine.
 * `expected` is what the whole expression should be: "boolean" for a condition, "number" for an
 * amount.
 */
export function checkExpression(
  expr: Expr,
  known: Record<string, ValueKind>,
  expected?: ValueKind,
): string[] {
  const problems: string[] = [];
  const report = (problem: string) => {
    if (!problems.includes(problem)) problems.push(problem);
  };
  // Returns null for an unknown name, so one unknown name is reported once, not at every use.
  const typeOf = (e: Expr): ValueKind | null => {
    switch (e.kind) {
      case "literal":
        return typeof e.value === "boolean" ? "boolean" : "number";
      case "name": {
        const kind = Object.hasOwn(known, e.name) ? known[e.name] : undefined;
        if (kind === "number" || kind === "boolean") return kind;
        report(`'${e.name}' is not a stat or flag of this story`);
        return null;
      }
      case "unary": {
        const operand = typeOf(e.operand);
        const needs: ValueKind = e.op === "not" ? "boolean" : "number";
        if (operand !== null && operand !== needs) {
          report(`'${e.op}' needs ${KIND_WORDS[needs]}, but ${quote(e.operand)} is ${KIND_WORDS[operand]}`);
        }
        return needs;
      }
      case "binary": {
        const left = typeOf(e.left);
        const right = typeOf(e.right);
        if (e.op === "==" || e.op === "!=") {
          if (left !== null && right !== null && left !== right) {
            report(`'${e.op}' compares a number with true or false in ${quote(e)}`);
          }
          return "boolean";
        }
        const needs: ValueKind = e.op === "and" || e.op === "or" ? "boolean" : "number";
        const verb = COMPARISONS.has(e.op) ? "compares" : "needs";
        const what = needs === "boolean" ? "true or false on both sides" : "numbers";
        for (const [side, kind] of [
          [e.left, left],
          [e.right, right],
        ] as const) {
          if (kind !== null && kind !== needs) {
            report(`'${e.op}' ${verb} ${what}, but ${quote(side)} is ${KIND_WORDS[kind]}`);
          }
        }
        return COMPARISONS.has(e.op) ? "boolean" : needs;
      }
    }
  };
  const kind = typeOf(expr);
  if (expected && kind !== null && kind !== expected) {
    report(`This should be ${KIND_WORDS[expected]}, but ${quote(expr)} is ${KIND_WORDS[kind]}`);
  }
  return problems;
}
