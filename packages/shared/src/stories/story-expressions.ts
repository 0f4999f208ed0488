// The expression language of interactive stories: conditions on choices (`courage >= 3 and not
// met_dragon`) and the effects a choice has on stats and flags (`gold += 5`, `toggle met_dragon`).
//
// Story text comes from authors, so it is parsed by a fixed grammar and never run as code. The
// grammar, lowest precedence first:
//
//   expression = or ;
//   or         = and , { ( "or" | "||" ) , and } ;
//   and        = not , { ( "and" | "&&" ) , not } ;
//   not        = ( "not" | "!" ) , not | comparison ;
//   comparison = sum , [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) , sum ] ;   (* no chains *)
//   sum        = product , { ( "+" | "-" ) , product } ;
//   product    = unary , { ( "*" | "/" | "%" ) , unary } ;
//   unary      = "-" , unary | primary ;
//   primary    = number | "true" | "false" | name | "(" , expression , ")" ;
//   number     = digit , { digit } , [ "." , digit , { digit } ] ;        (* no exponent *)
//   name       = [ "$" ] , first , { first | digit } ;   (* not a keyword, at most 40 characters *)
//   first      = "A".."Z" | "a".."z" | "_" ;           (* no '.': a name is never a property path *)
//   effect     = name , ( "=" | "+=" | "-=" ) , expression | "toggle" , name ;
//
// Keywords (`and or not true false`) are case-sensitive and are not names. The `$` of Twine's
// `$gold` is dropped. Binary operators are left-associative. A text has at most 500 characters,
// 32 levels of nesting (parentheses, `not`, `-`) and 200 nodes, so a condition stays readable and
// the recursive parser and evaluator stay shallow.
//
// Evaluation is total, so a story can never crash on a condition: a missing name is 0, a number
// in a true/false position is true when it is not 0 (and true/false is 1/0 in a number position),
// division or remainder by zero is 0 and any result that is not a finite number is 0.

export type StoryValue = number | boolean;
export type ValueKind = "number" | "boolean";

export type UnaryOperator = "not" | "-";
export type BinaryOperator =
  | "or"
  | "and"
  | "=="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "+"
  | "-"
  | "*"
  | "/"
  | "%";

/** The parsed form of an expression. `&&`, `||` and `!` are stored as `and`, `or` and `not`. */
export type Expr =
  | { kind: "literal"; value: StoryValue }
  | { kind: "name"; name: string }
  | { kind: "unary"; op: UnaryOperator; operand: Expr }
  | { kind: "binary"; op: BinaryOperator; left: Expr; right: Expr };

/** `position` is the offset in the text (the text's length for "at the end"); messages count from 1. */
export interface ExpressionError {
  message: string;
  position: number;
}
export type ParseExpressionResult = { ok: true; expr: Expr } | { ok: false; error: ExpressionError };

export const MAX_EXPRESSION_LENGTH = 500;
export const MAX_EXPRESSION_DEPTH = 32;
export const MAX_EXPRESSION_NODES = 200;
export const MAX_NAME_LENGTH = 40;

const KEYWORDS = new Set(["and", "or", "not", "true", "false"]);
const COMPARISONS = new Set(["==", "!=", "<", "<=", ">", ">="]);
const TWO_CHARACTER_OPERATORS = ["==", "!=", "<=", ">=", "&&", "||"];
const ONE_CHARACTER_OPERATORS = "<>!+-*/%()";
const CANONICAL: Record<string, string> = { "&&": "and", "||": "or", "!": "not" };

// ---------------------------------------------------------------------------------------------
// Reading the text

interface Token {
  type: "number" | "name" | "boolean" | "operator" | "end";
  /** As written, for messages. */
  text: string;
  /** The operator in canonical form, the name without `$`, or the number's text. */
  symbol: string;
  position: number;
  end: number;
}

/** Thrown inside the parser only; the exported functions turn it into an error value. */
class ExpressionSyntaxError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(message);
    this.position = position;
  }
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isNameStart = (c: string | undefined) =>
  c !== undefined && ((c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || c === "_");
const isNamePart = (c: string | undefined) => isNameStart(c) || isDigit(c);

/** "at 5" (counting characters from 1, as an author would) or "at the end". */
function where(text: string, position: number): string {
  if (position >= text.length) return "at the end";
  return `at ${[...text.slice(0, position)].length + 1}`;
}

/** A character quoted for a message; invisible ones by their code so the message stays readable. */
function describeCharacter(character: string): string {
  if (/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character)) return `'${character}'`;
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Hands out tokens one at a time, so the first problem in reading order is the one reported. */
class Lexer {
  private readonly text: string;
  private index: number;
  private lookahead: Token | null = null;
  constructor(text: string, start: number) {
    this.text = text;
    this.index = start;
  }

  peek(): Token {
    this.lookahead ??= this.read();
    return this.lookahead;
  }

  next(): Token {
    const token = this.peek();
    this.lookahead = null;
    return token;
  }

  fail(message: string, position: number): never {
    throw new ExpressionSyntaxError(`${message} ${where(this.text, position)}`, position);
  }

  private read(): Token {
    const text = this.text;
    let i = this.index;
    while (i < text.length && /\s/.test(text[i] as string)) i++;
    const start = i;
    const token = (type: Token["type"], end: number, symbol = text.slice(start, end)): Token => {
      this.index = end;
      return { type, text: text.slice(start, end), symbol, position: start, end };
    };
    const c = text[i];
    if (c === undefined) return token("end", i, "");

    if (isDigit(c)) {
      while (isDigit(text[i])) i++;
      if (text[i] === ".") {
        if (!isDigit(text[i + 1])) this.fail("Expected a digit after '.'", i + 1);
        i++;
        while (isDigit(text[i])) i++;
        if (text[i] === ".") this.fail("A number has at most one '.'", i);
      }
      if (isNameStart(text[i])) {
        while (isNamePart(text[i])) i++;
        this.fail(
          `'${text.slice(start, i)}' is neither a number nor a name (names start with a letter)`,
          start,
        );
      }
      if (!Number.isFinite(Number(text.slice(start, i)))) this.fail("The number is too large", start);
      return token("number", i);
    }

    if (c === "." && isDigit(text[i + 1])) this.fail("Write '0.5' rather than '.5'", i);

    if (c === "$" || isNameStart(c)) {
      const nameStart = c === "$" ? i + 1 : i;
      if (!isNameStart(text[nameStart])) this.fail("Expected a name right after '$'", nameStart);
      i = nameStart;
      while (isNamePart(text[i])) i++;
      // A property path (`gold.constructor`, Twine's `$player.hp`) is not a name: named for what
      // was written rather than left to the '.' being an unknown character.
      if (text[i] === ".") {
        let end = i;
        while (text[end] === "." || isNamePart(text[end])) end++;
        const written = end - start > 40 ? `${text.slice(start, start + 39)}…` : text.slice(start, end);
        this.fail(`Names use only letters, digits and '_': '${written}' has a '.'`, i);
      }
      const name = text.slice(nameStart, i);
      if (KEYWORDS.has(name)) {
        if (c === "$") this.fail(`'$${name}' cannot be a name: '${name}' is a word of the language`, start);
        return token(name === "true" || name === "false" ? "boolean" : "operator", i);
      }
      if (name.length > MAX_NAME_LENGTH) {
        this.fail(
          `The name '${name.slice(0, 20)}…' is too long: at most ${MAX_NAME_LENGTH} characters`,
          start,
        );
      }
      return token("name", i, name);
    }

    const pair = text.slice(i, i + 2);
    if (TWO_CHARACTER_OPERATORS.includes(pair)) return token("operator", i + 2, CANONICAL[pair] ?? pair);
    if (ONE_CHARACTER_OPERATORS.includes(c)) return token("operator", i + 1, CANONICAL[c] ?? c);
    // Common slips get a hint rather than a bare "unknown character".
    if (c === "=") this.fail("Use '==' to compare", i);
    if (c === "&") this.fail("Use 'and' (or '&&')", i);
    if (c === "|") this.fail("Use 'or' (or '||')", i);
    const character = String.fromCodePoint(text.codePointAt(i) ?? 0);
    if (/\p{L}/u.test(character)) {
      this.fail(`Names use only the letters A to Z, digits and '_', not ${describeCharacter(character)},`, i);
    }
    return this.fail(`Unknown character ${describeCharacter(character)}`, i);
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing

class Parser {
  private depth = 0;
  private nodes = 0;
  /** The last token consumed, for "Expected a value after 'and'". */
  private previous: string | null;
  private readonly text: string;
  readonly lexer: Lexer;

  constructor(text: string, start: number, after: string | null) {
    this.text = text;
    this.lexer = new Lexer(text, start);
    this.previous = after;
  }

  /** An expression running to the end of the text. */
  whole(): Expr {
    if (this.previous === null && this.lexer.peek().type === "end") {
      throw new ExpressionSyntaxError("The expression is empty", 0);
    }
    const expr = this.or();
    const extra = this.lexer.peek();
    if (extra.type !== "end") {
      if (extra.symbol === ")") this.lexer.fail("Unmatched ')'", extra.position);
      this.unexpected(extra);
    }
    return expr;
  }

  private take(): Token {
    const token = this.lexer.next();
    this.previous = token.text;
    return token;
  }

  private isOperator(symbols: string[]): boolean {
    const token = this.lexer.peek();
    return token.type === "operator" && symbols.includes(token.symbol);
  }

  private make(expr: Expr, at: Token): Expr {
    this.nodes++;
    if (this.nodes > MAX_EXPRESSION_NODES) {
      this.lexer.fail(
        `Too complex: at most ${MAX_EXPRESSION_NODES} values and operators, reached`,
        at.position,
      );
    }
    return expr;
  }

  private enter(at: Token): void {
    this.depth++;
    if (this.depth > MAX_EXPRESSION_DEPTH) {
      this.lexer.fail(
        `Nested too deeply: at most ${MAX_EXPRESSION_DEPTH} levels of parentheses, 'not' and '-', reached`,
        at.position,
      );
    }
  }

  private unexpected(token: Token): never {
    return this.lexer.fail(
      `Expected an operator such as 'and' or '+' before '${token.text}'`,
      token.position,
    );
  }

  /** Left-associative binary levels share this loop. */
  private chain(symbols: string[], operand: () => Expr): Expr {
    let left = operand();
    while (this.isOperator(symbols)) {
      const token = this.take();
      const right = operand();
      left = this.make({ kind: "binary", op: token.symbol as BinaryOperator, left, right }, token);
    }
    return left;
  }

  private or = (): Expr => this.chain(["or"], this.and);
  private and = (): Expr => this.chain(["and"], this.not);

  private not = (): Expr => {
    if (!this.isOperator(["not"])) return this.comparison();
    const token = this.take();
    this.enter(token);
    const operand = this.not();
    this.depth--;
    return this.make({ kind: "unary", op: "not", operand }, token);
  };

  private comparison = (): Expr => {
    const left = this.sum();
    if (!this.isOperator([...COMPARISONS])) return left;
    const token = this.take();
    const right = this.sum();
    const again = this.lexer.peek();
    if (again.type === "operator" && COMPARISONS.has(again.symbol)) {
      this.lexer.fail(`'a ${token.text} b ${again.text} c' needs parentheses or 'and'`, again.position);
    }
    return this.make({ kind: "binary", op: token.symbol as BinaryOperator, left, right }, token);
  };

  private sum = (): Expr => this.chain(["+", "-"], this.product);
  private product = (): Expr => this.chain(["*", "/", "%"], this.unary);

  private unary = (): Expr => {
    if (!this.isOperator(["-"])) return this.primary();
    const token = this.take();
    this.enter(token);
    const operand = this.unary();
    this.depth--;
    return this.make({ kind: "unary", op: "-", operand }, token);
  };

  private primary(): Expr {
    const token = this.lexer.peek();
    if (token.type === "number") {
      this.take();
      return this.make({ kind: "literal", value: Number(token.symbol) }, token);
    }
    if (token.type === "boolean") {
      this.take();
      return this.make({ kind: "literal", value: token.symbol === "true" }, token);
    }
    if (token.type === "name") {
      this.take();
      return this.make({ kind: "name", name: token.symbol }, token);
    }
    if (token.symbol === "(") {
      this.take();
      this.enter(token);
      const inner = this.or();
      const close = this.lexer.peek();
      if (close.type === "end") {
        throw new ExpressionSyntaxError(
          `Unclosed '(' opened ${where(this.text, token.position)}`,
          token.position,
        );
      }
      if (close.symbol !== ")") this.unexpected(close);
      this.take();
      this.depth--;
      return inner;
    }
    if (token.symbol === "not") {
      // `a == not b` reads naturally but `not` binds looser than `==`, as in most languages.
      this.lexer.fail(`'${token.text}' needs parentheses here, as in 'a == (not b)',`, token.position);
    }
    const after = this.previous === null ? "" : ` after '${this.previous}'`;
    return this.lexer.fail(`Expected a value${after}`, token.position);
  }
}

function tooLong(text: string): ExpressionError | null {
  if (text.length <= MAX_EXPRESSION_LENGTH) return null;
  return {
    message: `Too long: at most ${MAX_EXPRESSION_LENGTH} characters`,
    position: MAX_EXPRESSION_LENGTH,
  };
}

function caught(error: unknown): ExpressionError {
  if (error instanceof ExpressionSyntaxError) return { message: error.message, position: error.position };
  throw error;
}

export function parseExpression(text: string): ParseExpressionResult {
  const long = tooLong(text);
  if (long) return { ok: false, error: long };
  try {
    return { ok: true, expr: new Parser(text, 0, null).whole() };
  } catch (error) {
    return { ok: false, error: caught(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// Looking at a parsed expression

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

// ---------------------------------------------------------------------------------------------
// Evaluating

/** Finite numbers only, and no -0 (it would print as "-0"). */
function toNumber(value: unknown): number {
  if (typeof value === "boolean") return value ? 1 : 0;
  return typeof value === "number" && Number.isFinite(value) ? value + 0 : 0;
}

function toBoolean(value: unknown): boolean {
  // Stryker disable next-line StringLiteral: without the test, true and false go through toNumber as 1 and 0 and come back as themselves
  return typeof value === "boolean" ? value : toNumber(value) !== 0;
}

/** Anything that is not true/false becomes a finite number, so stray data cannot leak through. */
function toValue(value: unknown): StoryValue {
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

// ---------------------------------------------------------------------------------------------
// Stats and effects

export interface StatDefinition {
  name: string;
  kind: ValueKind;
  min?: number;
  max?: number;
  default: StoryValue;
}

export type Effect =
  | { kind: "set"; name: string; value: Expr }
  | { kind: "add"; name: string; amount: Expr }
  | { kind: "toggle"; name: string };

export type ParseEffectResult = { ok: true; effect: Effect } | { ok: false; error: ExpressionError };

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

/**
 * An effect in an author's short form: `gold += 5`, `gold -= 2`, `courage = courage * 2`,
 * `met_dragon = true` or `toggle met_dragon`. `x -= e` is stored as adding `-e`.
 */
export function parseEffect(text: string): ParseEffectResult {
  const long = tooLong(text);
  if (long) return { ok: false, error: long };
  try {
    return { ok: true, effect: readEffect(text) };
  } catch (error) {
    return { ok: false, error: caught(error) };
  }
}

function readEffect(text: string): Effect {
  const lexer = new Lexer(text, 0);
  const start = text.search(/\S/);
  if (start === -1) throw new ExpressionSyntaxError("The effect is empty", 0);
  // Checked before reading a token, so `= 3` is not answered with a hint about '=='.
  const opening = text[start];
  if (opening !== "$" && !isNameStart(opening))
    lexer.fail("An effect starts with a stat name or 'toggle'", start);
  const first = lexer.next();
  if (first.type !== "name") lexer.fail("An effect starts with a stat name or 'toggle'", first.position);

  // The assignment operators are read here, before the expression lexer (which rejects '=').
  let i = first.end;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  const operator = ["+=", "-=", "=="].find((op) => text.startsWith(op, i)) ?? (text[i] === "=" ? "=" : null);
  if (operator === "==") lexer.fail("Use '=' to set a value ('==' compares)", i);
  if (operator !== null) {
    const value = new Parser(text, i + operator.length, operator).whole();
    if (operator === "=") return { kind: "set", name: first.symbol, value };
    const amount: Expr = operator === "+=" ? value : { kind: "unary", op: "-", operand: value };
    return { kind: "add", name: first.symbol, amount };
  }
  if (first.text === "toggle") {
    const flag = lexer.next();
    if (flag.type !== "name") lexer.fail("Expected a flag name after 'toggle'", flag.position);
    const extra = lexer.next();
    if (extra.type !== "end")
      lexer.fail(`Unexpected '${extra.text}' after 'toggle ${flag.text}'`, extra.position);
    return { kind: "toggle", name: flag.symbol };
  }
  return lexer.fail(`Expected '=', '+=' or '-=' after '${first.text}'`, i);
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
