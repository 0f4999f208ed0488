// The value of a parsed story expression, total by the rules in story-expressions.ts's header.
import type { BinaryOperator, Expr, StoryValue } from "./story-expressions.ts";

/** Finite numbers only, and no -0 (it would print as "-0"). */
export function toNumber(value: unknown): number {
  if (typeof value === "boolean") return value ? 1 : 0;
  return typeof value === "number" && Number.isFinite(value) ? value + 0 : 0;
}

export function toBoolean(value: unknown): boolean {
  // Stryker disable next-line StringLiteral: without the test, true and false go through toNumber as 1 and 0 and come back as themselves
  return typeof value === "boolean" ? value : toNumber(value) !== 0;
}

/** Anything that is not true/false becomes a finite number, so stray data cannot leak through. */
export function toValue(value: unknown): StoryValue {
  return typeof value === "boolean" ? value : toNumber(value);
}

/**
 * The value of an expression. Never throws: see the header for the rules that make it total.
 * Names are looked up as own properties only, so `constructor` is just a missing name.
 */
export function evaluate(expr: Expr, env: Record<string, StoryValue>): StoryValue {
  switch (expr.kind) {
    case "literal":
      return toValue(expr.value);
    case "name":
      return Object.hasOwn(env, expr.name) ? toValue(env[expr.name]) : 0;
    case "unary": {
      const operand = evaluate(expr.operand, env);
      return expr.op === "not" ? !toBoolean(operand) : toNumber(-toNumber(operand));
    }
    case "binary":
      return evaluateBinary(expr.op, evaluate(expr.left, env), evaluate(expr.right, env));
    default:
      // Only reachable with data that is not an Expr (say, an old saved form).
      return 0;
  }
}

function evaluateBinary(op: BinaryOperator, left: StoryValue, right: StoryValue): StoryValue {
  if (op === "and") return toBoolean(left) && toBoolean(right);
  if (op === "or") return toBoolean(left) || toBoolean(right);
  if (op === "==" || op === "!=") {
    // Same kinds compare directly; a number against true/false compares true as 1 and false as 0.
    const equal = typeof left === typeof right ? left === right : toNumber(left) === toNumber(right);
    return op === "==" ? equal : !equal;
  }
  const a = toNumber(left);
  const b = toNumber(right);
  switch (op) {
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    case "+":
      return toNumber(a + b);
    case "-":
      return toNumber(a - b);
    case "*":
      return toNumber(a * b);
    // Division and remainder by zero give Infinity or NaN, which toNumber turns into 0.
    case "/":
      return toNumber(a / b);
    case "%":
      return toNumber(a % b);
    default:
      return 0;
  }
}

/** Whether a condition holds: its value, with numbers true when they are not 0. */
export function isTrue(expr: Expr, env: Record<string, StoryValue>): boolean {
  return toBoolean(evaluate(expr, env));
}
