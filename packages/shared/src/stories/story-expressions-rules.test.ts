// The story expression language at its edges: boundaries of letters and lengths, nesting that
// closes again, every comparison on both sides of its limit, and type checks around unknown names.
// The broad tables and properties are in story-expressions.test.ts.
import { describe, expect, it } from "vitest";
import { applyEffects, checkEffect, initialValues, type StatDefinition } from "./story-expression-effects.ts";
import { evaluate } from "./story-expression-eval.ts";
import { checkExpression, formatExpression, namesIn } from "./story-expression-format.ts";
import { expressionOf } from "./story-expressions.test-support.ts";
import { parseEffect, parseExpression, type StoryValue } from "./story-expressions.ts";

describe("reading names and numbers", () => {
  it("takes Z and z as letters of a name, first or later", () => {
    expect(namesIn(expressionOf("Zed + zz > a_Z and z"))).toEqual(["Zed", "a_Z", "z", "zz"]);
  });

  it("quotes only the misread word, not the whole text", () => {
    expect(parseExpression("gold + 3abc")).toEqual({
      ok: false,
      error: {
        message: "'3abc' is neither a number nor a name (names start with a letter) at 8",
        position: 7,
      },
    });
  });

  it("quotes a property path of 40 characters in full and shortens one of 41", () => {
    const forty = `x.${"y".repeat(38)}`;
    expect(parseExpression(forty)).toEqual({
      ok: false,
      error: { message: `Names use only letters, digits and '_': '${forty}' has a '.' at 2`, position: 1 },
    });
    expect(parseExpression(`${forty}y`)).toEqual({
      ok: false,
      error: {
        message: `Names use only letters, digits and '_': '${forty.slice(0, 39)}…' has a '.' at 2`,
        position: 1,
      },
    });
  });

  it("measures a property path from where it starts, however far into the text", () => {
    const text = `${"gold + ".repeat(6)}x.y`;
    expect(parseExpression(text)).toEqual({
      ok: false,
      error: { message: "Names use only letters, digits and '_': 'x.y' has a '.' at 44", position: 43 },
    });
  });
});

describe("nesting", () => {
  // Each closed level is given back, so only depth at one place counts, not how many there are.
  it.each([
    ["parentheses", `${"(a) and ".repeat(40)}a`],
    ["not", `${"not a and ".repeat(40)}a`],
    ["minus", `${"-1 + ".repeat(40)}1`],
  ])("allows 40 %s one after another", (_, text) => {
    expect(parseExpression(text).ok).toBe(true);
  });
});

describe("faults that are not the author's", () => {
  it("are thrown, not dressed up as a message about the text", () => {
    // Not a string: a programming error, which must not reach an author as a syntax error.
    const notText = { length: 1, 0: "a" } as unknown as string;
    expect(() => parseExpression(notText)).toThrow(TypeError);
  });
});

describe("namesIn", () => {
  it("finds names that are only under 'not' or '-'", () => {
    expect(namesIn(expressionOf("not seen or -counted > 0"))).toEqual(["counted", "seen"]);
  });
});

describe("formatExpression", () => {
  it.each([
    ["a < b and c", "a < b and c"],
    ["a == b or not c", "a == b or not c"],
    ["(a < b) + 1", "(a < b) + 1"],
  ])("%s is written %s", (text, expected) => {
    expect(formatExpression(expressionOf(text))).toBe(expected);
  });
});

describe("checkExpression", () => {
  const known = { gold: "number", met_dragon: "boolean" } as const;

  it("quotes an expression of 40 characters in full and shortens one of 41", () => {
    const forty = "gold + gold + gold + gold + gold + 12345";
    expect(checkExpression(expressionOf(`not (${forty})`), known)).toEqual([
      `'not' needs true or false, but '${forty}' is a number`,
    ]);
    expect(checkExpression(expressionOf(`not (${forty}6)`), known)).toEqual([
      `'not' needs true or false, but '${forty.slice(0, 39)}…' is a number`,
    ]);
  });

  it.each(["not unknown", "-unknown > 1", "gold == unknown", "true != unknown", "unknown == gold"])(
    "%s reports only the unknown name",
    (text) => {
      expect(checkExpression(expressionOf(text), known, "boolean")).toEqual([
        "'unknown' is not a stat or flag of this story",
      ]);
    },
  );
});

describe("evaluate", () => {
  const env: Record<string, StoryValue> = { gold: 10, met_dragon: true, shy: false };

  it.each<[string, StoryValue]>([
    ["gold < 9", false],
    ["gold < 10", false],
    ["gold < 11", true],
    ["gold <= 9", false],
    ["gold <= 10", true],
    ["gold <= 11", true],
    ["gold > 9", true],
    ["gold > 10", false],
    ["gold > 11", false],
    ["gold >= 9", true],
    ["gold >= 10", true],
    ["gold >= 11", false],
    ["shy or met_dragon", true],
    ["met_dragon or shy", true],
    ["met_dragon or met_dragon", true],
    ["shy or shy", false],
    ["met_dragon", true],
    ["shy", false],
    ["true", true],
    ["false", false],
  ])("%s is %s", (text, expected) => {
    expect(evaluate(expressionOf(text), env)).toBe(expected);
  });
});

describe("stats and effects", () => {
  it("takes a bound that is not a finite number as no bound", () => {
    const stats: StatDefinition[] = [
      { name: "a", kind: "number", min: Number.POSITIVE_INFINITY, default: 5 },
      { name: "b", kind: "number", max: Number.NEGATIVE_INFINITY, default: 5 },
      { name: "c", kind: "number", min: Number.NaN, max: Number.NaN, default: 5 },
    ];
    expect(initialValues(stats)).toEqual({ a: 5, b: 5, c: 5 });
  });

  it("keeps true and false of keys that are not stats", () => {
    expect(applyEffects([], { note: true, other: false }, [])).toEqual({ note: true, other: false });
  });

  it("wants a number for '+=' and '-='", () => {
    const stats: StatDefinition[] = [
      { name: "gold", kind: "number", default: 0 },
      { name: "met_dragon", kind: "boolean", default: false },
    ];
    const result = parseEffect("gold += met_dragon");
    if (!result.ok) throw new Error(result.error.message);
    expect(checkEffect(result.effect, stats)).toEqual([
      "This should be a number, but 'met_dragon' is true or false",
    ]);
  });
});
