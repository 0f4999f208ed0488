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
export const COMPARISONS = new Set(["==", "!=", "<", "<=", ">", ">="]);
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
// Reading effects

export type Effect =
  | { kind: "set"; name: string; value: Expr }
  | { kind: "add"; name: string; amount: Expr }
  | { kind: "toggle"; name: string };

export type ParseEffectResult = { ok: true; effect: Effect } | { ok: false; error: ExpressionError };

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
