// The story expression language: grammar, messages, limits, evaluation, type checks and effects,
// with properties over generated expressions, texts and effects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyEffects,
  checkEffect,
  formatEffect,
  initialValues,
  type StatDefinition,
} from "./story-expression-effects.ts";
import { evaluate, isTrue } from "./story-expression-eval.ts";
import { checkExpression, formatExpression, namesIn } from "./story-expression-format.ts";
import { effectOf, expressionOf } from "./story-expressions.test-support.ts";
import {
  type BinaryOperator,
  type Effect,
  type Expr,
  MAX_EXPRESSION_LENGTH,
  parseEffect,
  parseExpression,
  type StoryValue,
} from "./story-expressions.ts";
import { STAT_NAME_PATTERN } from "./story-model.ts";

/** Every operation in parentheses, to show how the parser grouped the text. */
function grouped(expr: Expr): string {
  switch (expr.kind) {
    case "literal":
      return String(expr.value);
    case "name":
      return expr.name;
    case "unary":
      return expr.op === "not" ? `(not ${grouped(expr.operand)})` : `(-${grouped(expr.operand)})`;
    case "binary":
      return `(${grouped(expr.left)} ${expr.op} ${grouped(expr.right)})`;
  }
}

describe("precedence and associativity", () => {
  it.each([
    ["a or b and c", "(a or (b and c))"],
    ["a and b or c", "((a and b) or c)"],
    ["a or b or c", "((a or b) or c)"],
    ["a and b and c", "((a and b) and c)"],
    ["not a and b", "((not a) and b)"],
    ["not a or b", "((not a) or b)"],
    ["not a == b", "(not (a == b))"],
    ["not not a", "(not (not a))"],
    ["a and not b < c", "(a and (not (b < c)))"],
    ["a || b && !c", "(a or (b and (not c)))"],
    ["!a&&b", "((not a) and b)"],
    ["a + b < c * d", "((a + b) < (c * d))"],
    ["a < b and c >= d or e", "(((a < b) and (c >= d)) or e)"],
    ["a <= b", "(a <= b)"],
    ["a > b", "(a > b)"],
    ["a != b", "(a != b)"],
    ["(a == b) == c", "((a == b) == c)"],
    ["a == (b == c)", "(a == (b == c))"],
    ["a + b * c", "(a + (b * c))"],
    ["a * b + c", "((a * b) + c)"],
    ["a - b - c", "((a - b) - c)"],
    ["1 - 2 + 3", "((1 - 2) + 3)"],
    ["a / b / c", "((a / b) / c)"],
    ["a % b * c", "((a % b) * c)"],
    ["a - (b - c)", "(a - (b - c))"],
    ["-a * b", "((-a) * b)"],
    ["-(a * b)", "(-(a * b))"],
    ["- -a", "(-(-a))"],
    ["--a", "(-(-a))"],
    ["2 - -3", "(2 - (-3))"],
    ["(a or b) and c", "((a or b) and c)"],
    ["((a))", "a"],
    ["$gold >= 10", "(gold >= 10)"],
    ["2.5 * 10", "(2.5 * 10)"],
    ["007", "7"],
    ["true or false", "(true or false)"],
    ["And or TRUE", "(And or TRUE)"],
    [" \t\na\n ", "a"],
  ])("%s groups as %s", (text, expected) => {
    expect(grouped(expressionOf(text))).toBe(expected);
  });

  it("keeps the exact AST shape", () => {
    expect(expressionOf("courage >= 3 and not met_dragon")).toEqual({
      kind: "binary",
      op: "and",
      left: {
        kind: "binary",
        op: ">=",
        left: { kind: "name", name: "courage" },
        right: { kind: "literal", value: 3 },
      },
      right: { kind: "unary", op: "not", operand: { kind: "name", name: "met_dragon" } },
    });
  });
});

describe("error messages", () => {
  it.each([
    ["", "The expression is empty", 0],
    ["   ", "The expression is empty", 0],
    ["courage >= 3 and", "Expected a value after 'and' at the end", 16],
    ["a and or b", "Expected a value after 'and' at 7", 6],
    ["not", "Expected a value after 'not' at the end", 3],
    ["- ", "Expected a value after '-' at the end", 2],
    ["()", "Expected a value after '(' at 2", 1],
    ["* 2", "Expected a value at 1", 0],
    ["gold #", "Unknown character '#' at 6", 5],
    ["a + 😀", "Unknown character '😀' at 5", 4],
    ["😀 + #", "Unknown character '😀' at 1", 0],
    ["a\u200Bb", "Unknown character U+200B at 2", 1],
    ["a\u0000", "Unknown character U+0000 at 2", 1],
    ["café", "Names use only the letters A to Z, digits and '_', not 'é', at 4", 3],
    ["a + (b * 2", "Unclosed '(' opened at 5", 4],
    ["((a)", "Unclosed '(' opened at 1", 0],
    ["a)", "Unmatched ')' at 2", 1],
    ["a < b < c", "'a < b < c' needs parentheses or 'and' at 7", 6],
    ["x == 1 >= y", "'a == b >= c' needs parentheses or 'and' at 8", 7],
    ["a b", "Expected an operator such as 'and' or '+' before 'b' at 3", 2],
    ["(a b)", "Expected an operator such as 'and' or '+' before 'b' at 4", 3],
    ["3 true", "Expected an operator such as 'and' or '+' before 'true' at 3", 2],
    ["a == not b", "'not' needs parentheses here, as in 'a == (not b)', at 6", 5],
    ["1 + !b", "'!' needs parentheses here, as in 'a == (not b)', at 5", 4],
    ["gold = 3", "Use '==' to compare at 6", 5],
    ["a & b", "Use 'and' (or '&&') at 3", 2],
    ["a | b", "Use 'or' (or '||') at 3", 2],
    ["3.", "Expected a digit after '.' at the end", 2],
    ["3.x", "Expected a digit after '.' at 3", 2],
    ["3.4.5", "A number has at most one '.' at 4", 3],
    [".5", "Write '0.5' rather than '.5' at 1", 0],
    ["1e5", "'1e5' is neither a number nor a name (names start with a letter) at 1", 0],
    ["3abc", "'3abc' is neither a number nor a name (names start with a letter) at 1", 0],
    [`1${"0".repeat(400)}`, "The number is too large at 1", 0],
    ["$", "Expected a name right after '$' at the end", 1],
    ["$ gold", "Expected a name right after '$' at 2", 1],
    ["$not", "'$not' cannot be a name: 'not' is a word of the language at 1", 0],
    [`a + ${"x".repeat(41)}`, "The name 'xxxxxxxxxxxxxxxxxxxx…' is too long: at most 40 characters at 5", 4],
    ["gold.constructor > 1", "Names use only letters, digits and '_': 'gold.constructor' has a '.' at 5", 4],
    ["1 + $player.hp", "Names use only letters, digits and '_': '$player.hp' has a '.' at 12", 11],
    ["a.b.c", "Names use only letters, digits and '_': 'a.b.c' has a '.' at 2", 1],
    ["gold. == 1", "Names use only letters, digits and '_': 'gold.' has a '.' at 5", 4],
    ["gold.5", "Names use only letters, digits and '_': 'gold.5' has a '.' at 5", 4],
    [
      `x.${"y".repeat(50)}`,
      `Names use only letters, digits and '_': 'x.${"y".repeat(37)}…' has a '.' at 2`,
      1,
    ],
  ])("%j: %s", (text, message, position) => {
    expect(parseExpression(text)).toEqual({ ok: false, error: { message, position } });
  });

  it("counts columns in characters, not UTF-16 units", () => {
    expect(parseExpression("(😀)")).toEqual({
      ok: false,
      error: { message: "Unknown character '😀' at 2", position: 1 },
    });
  });
});

describe("limits", () => {
  it("accepts 500 characters and refuses 501", () => {
    expect(parseExpression(`1${" ".repeat(MAX_EXPRESSION_LENGTH - 1)}`).ok).toBe(true);
    expect(parseExpression(`1${" ".repeat(MAX_EXPRESSION_LENGTH)}`)).toEqual({
      ok: false,
      error: { message: "Too long: at most 500 characters", position: 500 },
    });
  });

  it("accepts 40-character names and refuses 41", () => {
    expect(expressionOf("x".repeat(40))).toEqual({ kind: "name", name: "x".repeat(40) });
    expect(expressionOf(`$${"x".repeat(40)}`)).toEqual({ kind: "name", name: "x".repeat(40) });
    expect(parseExpression(`$${"x".repeat(41)}`).ok).toBe(false);
  });

  it("accepts 200 nodes and refuses 201", () => {
    // -1 and 99 more '+1': 1 minus, 100 numbers, 99 additions.
    expect(parseExpression(`-1${"+1".repeat(99)}`).ok).toBe(true);
    const text = `1${"+1".repeat(100)}`;
    expect(parseExpression(text)).toEqual({
      ok: false,
      error: {
        message: "Too complex: at most 200 values and operators, reached at 200",
        position: 199,
      },
    });
  });

  it.each([
    ["parentheses", (n: number) => `${"(".repeat(n)}1${")".repeat(n)}`],
    ["not", (n: number) => `${"not ".repeat(n)}a`],
    ["!", (n: number) => `${"!".repeat(n)}a`],
    ["minus", (n: number) => `${"-".repeat(n)}1`],
    ["a mix", (n: number) => `${"(!-".repeat(n).slice(0, n)}a${")".repeat(Math.ceil(n / 3))}`],
  ])("nests %s 32 deep but not 33", (_, build) => {
    expect(parseExpression(build(32)).ok).toBe(true);
    const result = parseExpression(build(33));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/^Nested too deeply: at most 32 levels/);
  });

  it("does not count a long chain of operators as nesting", () => {
    expect(parseExpression(`a${" and a".repeat(60)}`).ok).toBe(true);
  });
});

describe("names", () => {
  it("drops the $ of Twine names", () => {
    expect(expressionOf("$gold")).toEqual(expressionOf("gold"));
    expect(namesIn(expressionOf("$gold + gold > $_x9"))).toEqual(["_x9", "gold"]);
  });

  it("lists names sorted and once", () => {
    expect(namesIn(expressionOf("b + a * b and c or not (a)"))).toEqual(["a", "b", "c"]);
    expect(namesIn(expressionOf("1 + 2 > 3 or true"))).toEqual([]);
  });

  it("are exactly what a stat may be named", () => {
    const keywords = ["and", "or", "not", "true", "false"];
    const text = fc.string({ unit: fc.constantFrom(..."aZ_09.$ -é"), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(
        fc.oneof(text, fc.constantFrom("gold.constructor", "__proto__", "9lives", "a.b")),
        (written) => {
          const parsed = parseExpression(written);
          const isOneName = parsed.ok && parsed.expr.kind === "name" && parsed.expr.name === written;
          const isStatName = STAT_NAME_PATTERN.test(written) && !keywords.includes(written);
          expect(isOneName, written).toBe(isStatName);
        },
      ),
    );
  });

  it("is case-sensitive and keeps keywords out", () => {
    expect(namesIn(expressionOf("Gold + gold > 0 and True"))).toEqual(["Gold", "True", "gold"]);
    expect(namesIn(expressionOf("android or notice or truely"))).toEqual(["android", "notice", "truely"]);
  });
});

describe("evaluate", () => {
  const env: Record<string, StoryValue> = {
    gold: 10,
    courage: 3,
    met_dragon: true,
    shy: false,
    big: Number.MAX_VALUE,
    broken: Number.NaN,
    endless: Number.POSITIVE_INFINITY,
  };

  it.each<[string, StoryValue]>([
    ["gold >= 10", true],
    ["gold > 10", false],
    ["courage >= 3 and not met_dragon", false],
    ["courage >= 3 and met_dragon", true],
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["10 - 4 - 3", 3],
    ["2.5 * 2", 5],
    ["7 / 2", 3.5],
    ["7 % 3", 1],
    ["-7 % 3", -1],
    ["gold / 0", 0],
    ["gold % 0", 0],
    ["0 / 0", 0],
    ["-gold", -10],
    ["missing", 0],
    ["missing + 2", 2],
    ["not missing", true],
    ["missing == 0", true],
    ["missing or shy", false],
    ["gold and met_dragon", true],
    ["0 or shy", false],
    ["!shy && 0.5", true],
    ["met_dragon + 1", 2],
    ["met_dragon == 1", true],
    ["shy == 0", true],
    ["met_dragon == true", true],
    ["met_dragon != shy", true],
    ["gold == true", false],
    ["1 == true", true],
    ["big * 2", 0],
    ["big + big", 0],
    ["broken", 0],
    ["endless", 0],
    ["endless > 1", false],
    ["constructor", 0],
    ["toString == 0", true],
    ["__proto__ + 1", 1],
    ["hasOwnProperty", 0],
  ])("%s is %s", (text, expected) => {
    expect(evaluate(expressionOf(text), env)).toBe(expected);
  });

  it("never gives -0", () => {
    expect(Object.is(evaluate(expressionOf("-0"), {}), 0)).toBe(true);
    expect(Object.is(evaluate(expressionOf("0 * -1"), {}), 0)).toBe(true);
    expect(Object.is(evaluate(expressionOf("x"), { x: -0 }), 0)).toBe(true);
  });

  it.each<[string, boolean]>([
    ["gold", true],
    ["missing", false],
    ["gold - 10", false],
    ["0.5", true],
    ["met_dragon", true],
    ["shy", false],
    ["broken", false],
  ])("isTrue(%s) is %s", (text, expected) => {
    expect(isTrue(expressionOf(text), env)).toBe(expected);
  });

  it("survives data that is not an expression", () => {
    const junk = { kind: "mystery" } as unknown as Expr;
    expect(evaluate(junk, {})).toBe(0);
    const strange = { kind: "binary", op: "^", left: junk, right: junk } as unknown as Expr;
    expect(evaluate(strange, {})).toBe(0);
    expect(evaluate(expressionOf("x + 1"), { x: "5" } as unknown as Record<string, StoryValue>)).toBe(1);
  });
});

describe("checkExpression", () => {
  const known = { gold: "number", courage: "number", met_dragon: "boolean" } as const;

  it.each<[string, string[]]>([
    ["courage >= 3 and not met_dragon", []],
    ["gold * 2 + courage % 3 != 1 or met_dragon == false", []],
    ["dragon_slain", ["'dragon_slain' is not a stat or flag of this story"]],
    ["x + x > y", ["'x' is not a stat or flag of this story", "'y' is not a stat or flag of this story"]],
    ["constructor", ["'constructor' is not a stat or flag of this story"]],
    ["not gold", ["'not' needs true or false, but 'gold' is a number"]],
    ["gold and met_dragon", ["'and' needs true or false on both sides, but 'gold' is a number"]],
    [
      "1 or 2",
      [
        "'or' needs true or false on both sides, but '1' is a number",
        "'or' needs true or false on both sides, but '2' is a number",
      ],
    ],
    ["met_dragon + 1", ["'+' needs numbers, but 'met_dragon' is true or false"]],
    ["-met_dragon", ["'-' needs a number, but 'met_dragon' is true or false"]],
    ["met_dragon < 1", ["'<' compares numbers, but 'met_dragon' is true or false"]],
    ["(gold > 1) >= 2", ["'>=' compares numbers, but 'gold > 1' is true or false"]],
    ["gold == met_dragon", ["'==' compares a number with true or false in 'gold == met_dragon'"]],
    ["gold != true", ["'!=' compares a number with true or false in 'gold != true'"]],
    ["met_dragon == true", []],
    ["unknown == true", ["'unknown' is not a stat or flag of this story"]],
    [
      "not unknown + 1",
      [
        "'unknown' is not a stat or flag of this story",
        "'not' needs true or false, but 'unknown + 1' is a number",
      ],
    ],
  ])("%s", (text, problems) => {
    expect(checkExpression(expressionOf(text), known)).toEqual(problems);
  });

  it("checks what the whole expression should be", () => {
    expect(checkExpression(expressionOf("gold + 1"), known, "boolean")).toEqual([
      "This should be true or false, but 'gold + 1' is a number",
    ]);
    expect(checkExpression(expressionOf("met_dragon"), known, "number")).toEqual([
      "This should be a number, but 'met_dragon' is true or false",
    ]);
    expect(checkExpression(expressionOf("gold > 1"), known, "boolean")).toEqual([]);
    expect(checkExpression(expressionOf("nobody"), known, "boolean")).toEqual([
      "'nobody' is not a stat or flag of this story",
    ]);
  });

  it("shortens long expressions in messages", () => {
    const [problem] = checkExpression(expressionOf(`not (${"gold + ".repeat(10)}1)`), known);
    expect(problem).toBe(
      "'not' needs true or false, but 'gold + gold + gold + gold + gold + gold…' is a number",
    );
  });
});

describe("formatExpression", () => {
  it.each([
    ["a  ||  b&&!c", "a or b and not c"],
    ["(a or b) and c", "(a or b) and c"],
    ["(a + b) * (c - d)", "(a + b) * (c - d)"],
    ["a - (b - c)", "a - (b - c)"],
    ["(a - b) - c", "a - b - c"],
    ["(a < b) == (c < d)", "(a < b) == (c < d)"],
    ["(not a) == b", "(not a) == b"],
    ["not (a == b)", "not a == b"],
    ["(not a) + 1", "(not a) + 1"],
    ["-(a + b)", "-(a + b)"],
    ["- -a", "- -a"],
    ["-(-a)", "- -a"],
    ["not (a and b)", "not (a and b)"],
    ["$gold", "gold"],
    ["0.50", "0.5"],
    ["1000000000000000000000", "1000000000000000000000"],
    ["0.0000001", "0.0000001"],
  ])("%s is written %s", (text, expected) => {
    expect(formatExpression(expressionOf(text))).toBe(expected);
  });

  it("writes literals that the parser never makes", () => {
    expect(formatExpression({ kind: "literal", value: -3 })).toBe("-3");
    expect(formatExpression({ kind: "literal", value: Number.NaN })).toBe("0");
    expect(formatExpression({ kind: "literal", value: -1e-7 })).toBe("-0.0000001");
    expect(formatExpression({ kind: "literal", value: 1.5e22 })).toBe("15000000000000000000000");
  });
});

describe("effects", () => {
  const stats: StatDefinition[] = [
    { name: "gold", kind: "number", min: 0, max: 100, default: 10 },
    { name: "courage", kind: "number", default: 1 },
    { name: "met_dragon", kind: "boolean", default: false },
    { name: "hp", kind: "number", min: 0, max: 10, default: 10 },
  ];
  const start = initialValues(stats);
  const apply = (texts: string[], env = start) => applyEffects(texts.map(effectOf), env, stats);

  it.each<[string, Effect]>([
    ["gold += 5", { kind: "add", name: "gold", amount: { kind: "literal", value: 5 } }],
    [
      "gold -= 2",
      {
        kind: "add",
        name: "gold",
        amount: { kind: "unary", op: "-", operand: { kind: "literal", value: 2 } },
      },
    ],
    ["courage = courage * 2", { kind: "set", name: "courage", value: expressionOf("courage * 2") }],
    ["toggle met_dragon", { kind: "toggle", name: "met_dragon" }],
    ["  toggle   $met_dragon ", { kind: "toggle", name: "met_dragon" }],
    ["met_dragon = true", { kind: "set", name: "met_dragon", value: { kind: "literal", value: true } }],
    ["$gold+=1", { kind: "add", name: "gold", amount: { kind: "literal", value: 1 } }],
    ["toggle = 3", { kind: "set", name: "toggle", value: { kind: "literal", value: 3 } }],
    [
      "gold -= a - b",
      { kind: "add", name: "gold", amount: { kind: "unary", op: "-", operand: expressionOf("a - b") } },
    ],
    ["gold = -1 == 2 or x", { kind: "set", name: "gold", value: expressionOf("-1 == 2 or x") }],
  ])("reads %s", (text, expected) => {
    expect(parseEffect(text)).toEqual({ ok: true, effect: expected });
  });

  it.each([
    ["", "The effect is empty", 0],
    ["  ", "The effect is empty", 0],
    ["gold", "Expected '=', '+=' or '-=' after 'gold' at the end", 4],
    ["gold *= 2", "Expected '=', '+=' or '-=' after 'gold' at 6", 5],
    ["gold == 3", "Use '=' to set a value ('==' compares) at 6", 5],
    ["gold += ", "Expected a value after '+=' at the end", 8],
    ["gold = ", "Expected a value after '=' at the end", 7],
    ["gold += 1 +", "Expected a value after '+' at the end", 11],
    ["gold += 3 #", "Unknown character '#' at 11", 10],
    ["gold = (1", "Unclosed '(' opened at 8", 7],
    ["toggle", "Expected a flag name after 'toggle' at the end", 6],
    ["toggle 3", "Expected a flag name after 'toggle' at 8", 7],
    ["toggle a b", "Unexpected 'b' after 'toggle a' at 10", 9],
    ["5 = gold", "An effect starts with a stat name or 'toggle' at 1", 0],
    ["= 3", "An effect starts with a stat name or 'toggle' at 1", 0],
    ["true = 1", "An effect starts with a stat name or 'toggle' at 1", 0],
    ["$ = 1", "Expected a name right after '$' at 2", 1],
    ["gold.constructor = 1", "Names use only letters, digits and '_': 'gold.constructor' has a '.' at 5", 4],
    ["$gold.x += 1", "Names use only letters, digits and '_': '$gold.x' has a '.' at 6", 5],
    ["toggle met.dragon", "Names use only letters, digits and '_': 'met.dragon' has a '.' at 11", 10],
    ["gold = a.b", "Names use only letters, digits and '_': 'a.b' has a '.' at 9", 8],
    [`gold = 1${" ".repeat(500)}`, "Too long: at most 500 characters", 500],
  ])("%j: %s", (text, message, position) => {
    expect(parseEffect(text)).toEqual({ ok: false, error: { message, position } });
  });

  it("writes effects back in the short form", () => {
    for (const text of [
      "gold += 5",
      "gold -= 2",
      "courage = courage * 2",
      "toggle met_dragon",
      "gold -= -3",
    ]) {
      expect(formatEffect(effectOf(text))).toBe(text);
    }
    expect(formatEffect(effectOf("gold += -2"))).toBe("gold -= 2");
  });

  it("starts every stat at its default, fitted to its kind and bounds", () => {
    expect(start).toEqual({ gold: 10, courage: 1, met_dragon: false, hp: 10 });
    expect(
      initialValues([
        { name: "x", kind: "number", min: 0, max: 5, default: 9 },
        { name: "y", kind: "boolean", default: 1 },
        { name: "z", kind: "number", default: true },
        { name: "w", kind: "number", default: Number.NaN },
        { name: "x", kind: "boolean", default: true },
      ]),
    ).toEqual({ x: 5, y: true, z: 1, w: 0 });
  });

  it("applies effects in order, each seeing the ones before", () => {
    expect(apply(["gold += 5", "courage = gold"])).toMatchObject({ gold: 15, courage: 15 });
    expect(apply(["courage = gold", "gold += 5"])).toMatchObject({ gold: 15, courage: 10 });
    expect(apply(["gold += 1", "gold += gold", "gold -= 2"])).toMatchObject({ gold: 20 });
  });

  it("clamps numbers to the stat's bounds at every step", () => {
    expect(apply(["gold += 1000"]).gold).toBe(100);
    expect(apply(["gold -= 1000"]).gold).toBe(0);
    // Clamped at 100 before the subtraction, so the result is 50, not 960.
    expect(apply(["gold += 1000", "gold -= 50"]).gold).toBe(50);
    expect(apply(["hp = hp / 0"]).hp).toBe(0);
    expect(apply(["courage += 1000000"]).courage).toBe(1000001);
    expect(apply(["courage = 0 - 5"]).courage).toBe(-5);
  });

  it("sets flags by truthiness and numbers from flags as 1 or 0", () => {
    expect(apply(["met_dragon = gold"]).met_dragon).toBe(true);
    expect(apply(["met_dragon = gold - 10"]).met_dragon).toBe(false);
    expect(apply(["met_dragon = true", "gold = met_dragon"]).gold).toBe(1);
  });

  it("toggles flags and leaves mismatched effects alone", () => {
    expect(apply(["toggle met_dragon"]).met_dragon).toBe(true);
    expect(apply(["toggle met_dragon", "toggle met_dragon"]).met_dragon).toBe(false);
    expect(apply(["toggle gold", "met_dragon += 1", "nobody = 5", "toggle nobody"])).toEqual(start);
  });

  it("never changes the record it was given", () => {
    const env = Object.freeze({ ...start });
    const after = apply(["gold += 5", "toggle met_dragon"], env);
    expect(env).toEqual(start);
    expect(after).not.toBe(env);
  });

  it("fills in missing stats, fits stray values and keeps other keys", () => {
    const env = { gold: Number.NaN, hp: 99, courage: true, note: 7 } as Record<string, StoryValue>;
    expect(applyEffects([], env, stats)).toEqual({ gold: 0, hp: 10, courage: 1, met_dragon: false, note: 7 });
  });

  it("treats a stat named __proto__ as an ordinary stat", () => {
    const odd: StatDefinition[] = [{ name: "__proto__", kind: "number", default: 1 }];
    const values = initialValues(odd);
    expect(Object.hasOwn(values, "__proto__")).toBe(true);
    const after = applyEffects([effectOf("__proto__ += 2")], values, odd);
    expect(Object.getPrototypeOf(after)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(after, "__proto__")?.value).toBe(3);
  });

  it("checks effects against the stats", () => {
    const check = (text: string) => checkEffect(effectOf(text), stats);
    expect(check("gold += courage * 2")).toEqual([]);
    expect(check("met_dragon = gold > 3")).toEqual([]);
    expect(check("nobody = 1")).toEqual(["'nobody' is not a stat or flag of this story"]);
    expect(check("toggle gold")).toEqual(["'toggle' needs a flag, but 'gold' is a number"]);
    expect(check("met_dragon += 1")).toEqual(["'+=' and '-=' need a number, but 'met_dragon' is a flag"]);
    expect(check("gold = met_dragon")).toEqual([
      "This should be a number, but 'met_dragon' is true or false",
    ]);
    expect(check("gold -= met_dragon")).toEqual(["'-' needs a number, but 'met_dragon' is true or false"]);
    expect(check("met_dragon = 1")).toEqual(["This should be true or false, but '1' is a number"]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const BINARY_OPERATORS: BinaryOperator[] = [
  "or",
  "and",
  "==",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "+",
  "-",
  "*",
  "/",
  "%",
];

/** Expressions over the given leaves, at most `maxDepth` operators deep. */
function expressions(leaf: fc.Arbitrary<Expr>, maxDepth: number): fc.Arbitrary<Expr> {
  const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
    expr: fc.oneof(
      { maxDepth, depthSize: "small" },
      leaf,
      fc.record({
        kind: fc.constant("unary" as const),
        op: fc.constantFrom("not" as const, "-" as const),
        operand: tie("expr"),
      }),
      fc.record({
        kind: fc.constant("binary" as const),
        op: fc.constantFrom(...BINARY_OPERATORS),
        left: tie("expr"),
        right: tie("expr"),
      }),
    ),
  }));
  return expr;
}

const name = fc.constantFrom("a", "b", "gold", "met_dragon", "_x1", "toggle", "And", "TRUE", "x".repeat(40));

/** Literals the parser can produce: true, false, and finite numbers that are not negative. */
const parsedLiteral: fc.Arbitrary<StoryValue> = fc.oneof(
  fc.boolean(),
  fc.nat(1000),
  fc.double({ min: 0, max: 1e25, noNaN: true }).map((n) => n + 0),
  fc.constantFrom(1e21, 1e-7, 0.1, 123.456, 5e-324, Number.MAX_VALUE),
);

const parsedExpression = expressions(
  fc.oneof(
    parsedLiteral.map((value): Expr => ({ kind: "literal", value })),
    name.map((n): Expr => ({ kind: "name", name: n })),
  ),
  6,
);

/** Anything at all in the leaves, including NaN, infinities, -0 and names on Object.prototype. */
const anyName = fc.oneof(name, fc.constantFrom("constructor", "__proto__", "toString", "valueOf"));
const anyExpression = expressions(
  fc.oneof(
    fc.oneof(fc.boolean(), fc.double()).map((value): Expr => ({ kind: "literal", value })),
    anyName.map((n): Expr => ({ kind: "name", name: n })),
  ),
  8,
);
const anyEnv = fc.dictionary(anyName, fc.oneof(fc.boolean(), fc.double())) as fc.Arbitrary<
  Record<string, StoryValue>
>;

const TOKENS = [
  "a",
  "$b",
  "gold",
  "1",
  "2.5",
  "0",
  "true",
  "false",
  "(",
  ")",
  "and",
  "or",
  "not",
  "&&",
  "||",
  "!",
  "==",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "+",
  "-",
  "*",
  "/",
  "%",
  " ",
  "#",
  "=",
  "$",
  ".",
];
const tokenSoup = fc
  .tuple(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), fc.constantFrom("", " "))
  .map(([tokens, separator]) => tokens.join(separator));

describe("properties", () => {
  it("formatting then parsing gives back the same expression", () => {
    fc.assert(
      fc.property(parsedExpression, (expr) => {
        const text = formatExpression(expr);
        fc.pre(text.length <= MAX_EXPRESSION_LENGTH);
        expect(parseExpression(text)).toEqual({ ok: true, expr });
      }),
      { numRuns: 1000 },
    );
  });

  it("evaluate never throws and gives a finite number or a boolean, the same every time", () => {
    fc.assert(
      fc.property(anyExpression, anyEnv, (expr, env) => {
        const value = evaluate(expr, env);
        expect(typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))).toBe(
          true,
        );
        expect(Object.is(value, -0)).toBe(false);
        expect(evaluate(expr, env)).toBe(value);
        expect(typeof isTrue(expr, env)).toBe("boolean");
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ["fc.string", fc.string({ maxLength: 600 })],
    ["binary (full Unicode, lone surrogates)", fc.string({ unit: "binary", maxLength: 600 })],
    ["graphemes", fc.string({ unit: "grapheme", maxLength: 100 })],
    ["token soup", tokenSoup],
  ])("parseExpression and parseEffect never throw on %s", (_, texts) => {
    fc.assert(
      fc.property(texts, (text) => {
        const result = parseExpression(text);
        if (result.ok) {
          // Whatever parses is well formed and survives a round trip (the canonical text adds
          // spaces, so it may be longer than the limit).
          const formatted = formatExpression(result.expr);
          if (formatted.length <= MAX_EXPRESSION_LENGTH) expect(expressionOf(formatted)).toEqual(result.expr);
        } else {
          expect(result.error.message.length).toBeGreaterThan(0);
          expect(result.error.position).toBeGreaterThanOrEqual(0);
          expect(result.error.position).toBeLessThanOrEqual(text.length);
        }
        const asEffect = parseEffect(text);
        if (!asEffect.ok) {
          expect(asEffect.error.position).toBeGreaterThanOrEqual(0);
          expect(asEffect.error.position).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 1000 },
    );
  });

  const STAT_NAMES = ["s0", "s1", "s2", "f0", "f1"];
  const bound = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: undefined });
  const anyValue = fc.oneof(fc.boolean(), fc.double());
  const statsArb: fc.Arbitrary<StatDefinition[]> = fc
    .tuple(...STAT_NAMES.map((n) => fc.tuple(fc.constant(n), bound, bound, anyValue)))
    .map((rows) =>
      rows.map(([n, low, high, value]): StatDefinition => {
        if (n.startsWith("f")) return { name: n, kind: "boolean", default: value };
        const [min, max] = low !== undefined && high !== undefined && low > high ? [high, low] : [low, high];
        return { name: n, kind: "number", min, max, default: value };
      }),
    );
  const effectName = fc.constantFrom(...STAT_NAMES, "other");
  const effectExpression = expressions(
    fc.oneof(
      fc.oneof(fc.boolean(), fc.double()).map((value): Expr => ({ kind: "literal", value })),
      fc.constantFrom(...STAT_NAMES, "other").map((n): Expr => ({ kind: "name", name: n })),
    ),
    4,
  );
  const effectArb: fc.Arbitrary<Effect> = fc.oneof(
    fc.record({ kind: fc.constant("set" as const), name: effectName, value: effectExpression }),
    fc.record({ kind: fc.constant("add" as const), name: effectName, amount: effectExpression }),
    fc.record({ kind: fc.constant("toggle" as const), name: effectName }),
  );
  const envArb = fc.dictionary(fc.constantFrom(...STAT_NAMES, "other"), anyValue) as fc.Arbitrary<
    Record<string, StoryValue>
  >;

  it("applyEffects keeps every stat of its kind and within its bounds, and leaves its input alone", () => {
    fc.assert(
      fc.property(statsArb, fc.array(effectArb, { maxLength: 10 }), envArb, (stats, effects, env) => {
        const before = { ...env };
        const after = applyEffects(effects, env, stats);
        expect(env).toEqual(before);
        for (const stat of stats) {
          const value = after[stat.name];
          if (stat.kind === "boolean") {
            expect(typeof value).toBe("boolean");
            continue;
          }
          expect(typeof value).toBe("number");
          expect(Number.isFinite(value)).toBe(true);
          if (stat.min !== undefined) expect(value).toBeGreaterThanOrEqual(stat.min);
          if (stat.max !== undefined) expect(value).toBeLessThanOrEqual(stat.max);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("applying effects all at once is applying them one after another", () => {
    fc.assert(
      fc.property(statsArb, fc.array(effectArb, { maxLength: 6 }), envArb, (stats, effects, env) => {
        const stepwise = effects.reduce(
          (state, e) => applyEffects([e], state, stats),
          applyEffects([], env, stats),
        );
        expect(applyEffects(effects, env, stats)).toEqual(stepwise);
      }),
      { numRuns: 300 },
    );
  });

  it("effects written in the short form read back the same", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ kind: fc.constant("set" as const), name, value: parsedExpression }),
          fc.record({ kind: fc.constant("add" as const), name, amount: parsedExpression }),
          fc.record({ kind: fc.constant("toggle" as const), name }),
        ),
        (original: Effect) => {
          const text = formatEffect(original);
          fc.pre(text.length <= MAX_EXPRESSION_LENGTH);
          expect(parseEffect(text)).toEqual({ ok: true, effect: original });
        },
      ),
      { numRuns: 500 },
    );
  });
});
