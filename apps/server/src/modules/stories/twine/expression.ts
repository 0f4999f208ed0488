/**
 * The small expression language shared by both story formats' conditions and assignments, read
 * into a tree and printed in our own grammar: names without `$`, `== != < <= > >=`, `and or not`,
 * numbers, `true`/`false` and parentheses. Anything outside it (strings, temporary variables,
 * properties, arithmetic in conditions, function calls) makes the whole expression untranslatable.
 */

export type Expr =
  | { kind: "var"; name: string }
  | { kind: "num"; value: number }
  | { kind: "bool"; value: boolean }
  | { kind: "not"; operand: Expr }
  | { kind: "logic"; op: "and" | "or"; left: Expr; right: Expr }
  | { kind: "compare"; op: CompareOp; left: Expr; right: Expr };

export type CompareOp = "==" | "!=" | "<" | "<=" | ">" | ">=";

export interface Token {
  kind: "var" | "temp" | "num" | "word" | "sym" | "other";
  text: string;
}

/** Deeper parentheses than this are refused, so that hostile input cannot exhaust the stack. */
const MAX_DEPTH = 32;

const WORD_OPS: Record<string, CompareOp> = {
  is: "==",
  eq: "==",
  isnot: "!=",
  neq: "!=",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
};
const SYMBOL_OPS: Record<string, CompareOp> = {
  "==": "==",
  "===": "==",
  "!=": "!=",
  "!==": "!=",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
};
const SYMBOLS = [
  "===",
  "!==",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "+=",
  "-=",
  "++",
  "--",
  "<",
  ">",
  "!",
  "(",
  ")",
  "=",
  "+",
  "-",
  ",",
];

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    const word = /[$_]?[A-Za-z_][\w]*/y;
    word.lastIndex = i;
    const wordMatch = word.exec(source);
    if (wordMatch && (char === "$" || char === "_" || /[A-Za-z]/.test(char))) {
      const text = wordMatch[0];
      const after = source[i + text.length];
      // Properties and calls (`$player.gold`, `random(1)`) are outside the language.
      const kind =
        after === "." || after === "[" || after === "(" || after === "$"
          ? "other"
          : char === "$"
            ? "var"
            : char === "_"
              ? "temp"
              : "word";
      tokens.push({ kind, text: kind === "var" ? text.slice(1) : text });
      i += text.length;
      continue;
    }
    const number = /\d+(?:\.\d+)?/y;
    number.lastIndex = i;
    const numberMatch = number.exec(source);
    if (numberMatch) {
      tokens.push({ kind: "num", text: numberMatch[0] });
      i += numberMatch[0].length;
      continue;
    }
    const symbol = SYMBOLS.find((candidate) => source.startsWith(candidate, i));
    tokens.push({ kind: symbol ? "sym" : "other", text: symbol ?? char });
    i += symbol ? symbol.length : 1;
  }
  return tokens;
}

/** Reads a whole condition; null when any part of it is outside the language. */
export function parseCondition(source: string): Expr | null {
  return parseTokens(tokenize(source));
}

export function parseTokens(tokens: Token[]): Expr | null {
  const parser = new ConditionParser(tokens);
  const expr = parser.parseOr(0);
  return expr && parser.atEnd() ? expr : null;
}

class ConditionParser {
  private index = 0;
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  atEnd(): boolean {
    return this.index === this.tokens.length;
  }

  parseOr(depth: number): Expr | null {
    let left = this.parseAnd(depth);
    while (left && this.accept("or", "||")) {
      const right = this.parseAnd(depth);
      left = right ? { kind: "logic", op: "or", left, right } : null;
    }
    return left;
  }

  private parseAnd(depth: number): Expr | null {
    let left = this.parseNot(depth);
    while (left && this.accept("and", "&&")) {
      const right = this.parseNot(depth);
      left = right ? { kind: "logic", op: "and", left, right } : null;
    }
    return left;
  }

  private parseNot(depth: number): Expr | null {
    if (depth > MAX_DEPTH) return null;
    if (this.accept("not", "!")) {
      const operand = this.parseNot(depth + 1);
      return operand ? { kind: "not", operand } : null;
    }
    return this.parseCompare(depth);
  }

  private parseCompare(depth: number): Expr | null {
    const left = this.parsePrimary(depth);
    if (!left) return null;
    const op = this.compareOp();
    if (!op) return left;
    const right = this.parsePrimary(depth);
    return right ? { kind: "compare", op, left, right } : null;
  }

  private compareOp(): CompareOp | null {
    const token = this.tokens[this.index];
    if (!token) return null;
    let op: CompareOp | undefined;
    if (token.kind === "word") op = WORD_OPS[token.text];
    if (token.kind === "sym") op = SYMBOL_OPS[token.text];
    if (!op) return null;
    this.index++;
    // Harlowe writes inequality as `is not`.
    if (token.text === "is" && this.accept("not")) return "!=";
    return op;
  }

  private parsePrimary(depth: number): Expr | null {
    const token = this.tokens[this.index];
    if (!token) return null;
    if (token.kind === "sym" && token.text === "(") {
      if (depth > MAX_DEPTH) return null;
      this.index++;
      const inner = this.parseOr(depth + 1);
      return inner && this.accept(")") ? inner : null;
    }
    const negative = token.kind === "sym" && token.text === "-";
    const value = negative ? this.tokens[this.index + 1] : token;
    if (value?.kind === "num") {
      this.index += negative ? 2 : 1;
      return { kind: "num", value: Number(value.text) * (negative ? -1 : 1) };
    }
    if (negative) return null;
    this.index++;
    if (token.kind === "var") return { kind: "var", name: token.text };
    if (token.kind === "word" && (token.text === "true" || token.text === "false")) {
      return { kind: "bool", value: token.text === "true" };
    }
    return null;
  }

  private accept(...texts: string[]): boolean {
    const token = this.tokens[this.index];
    if (token && (token.kind === "word" || token.kind === "sym") && texts.includes(token.text)) {
      this.index++;
      return true;
    }
    return false;
  }
}

/** Combines conditions with `and`; an empty list is no condition at all. */
export function allOf(conditions: Expr[]): Expr | null {
  let result: Expr | null = null;
  for (const condition of conditions) {
    result = result ? { kind: "logic", op: "and", left: result, right: condition } : condition;
  }
  return result;
}

/** The condition an `else` branch needs; comparisons are inverted rather than wrapped in `not`. */
export function negate(expr: Expr): Expr {
  if (expr.kind === "not") return expr.operand;
  if (expr.kind === "bool") return { kind: "bool", value: !expr.value };
  if (expr.kind === "compare") {
    const inverse: Record<CompareOp, CompareOp> = {
      "==": "!=",
      "!=": "==",
      "<": ">=",
      "<=": ">",
      ">": "<=",
      ">=": "<",
    };
    return { ...expr, op: inverse[expr.op] };
  }
  return { kind: "not", operand: expr };
}

export function printExpr(expr: Expr): string {
  switch (expr.kind) {
    case "var":
      return expr.name;
    case "num":
      return String(expr.value);
    case "bool":
      return String(expr.value);
    case "not":
      return `not ${printOperand(expr.operand, true)}`;
    case "compare":
      return `${printOperand(expr.left, true)} ${expr.op} ${printOperand(expr.right, true)}`;
    case "logic": {
      const side = (operand: Expr) =>
        operand.kind === "logic" && operand.op !== expr.op ? `(${printExpr(operand)})` : printExpr(operand);
      return `${side(expr.left)} ${expr.op} ${side(expr.right)}`;
    }
  }
}

/** Anything but a name or a literal is parenthesised, so that no reader depends on precedence. */
function printOperand(expr: Expr, atomicOnly: boolean): string {
  const atomic = expr.kind === "var" || expr.kind === "num" || expr.kind === "bool";
  return atomic || !atomicOnly ? printExpr(expr) : `(${printExpr(expr)})`;
}

export type StatKind = "number" | "boolean";

/** How a condition uses each variable: compared with numbers, or taken as true/false. */
export function collectUsage(
  expr: Expr,
  use: (name: string, kind: StatKind) => void,
  asBoolean = true,
): void {
  switch (expr.kind) {
    case "var":
      if (asBoolean) use(expr.name, "boolean");
      return;
    case "not":
      collectUsage(expr.operand, use, true);
      return;
    case "logic":
      collectUsage(expr.left, use, true);
      collectUsage(expr.right, use, true);
      return;
    case "compare": {
      const ordered = expr.op !== "==" && expr.op !== "!=";
      for (const [side, other] of [
        [expr.left, expr.right],
        [expr.right, expr.left],
      ] as const) {
        if (side.kind !== "var") {
          collectUsage(side, use, false);
          continue;
        }
        if (ordered || other.kind === "num") use(side.name, "number");
        else if (other.kind === "bool") use(side.name, "boolean");
      }
      return;
    }
    default:
      return;
  }
}
