import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInline, parseSceneText, plainSceneText } from "./scene-format.ts";

const plain = (text: string) => ({ text, isBold: false, isItalic: false });
const bold = (text: string) => ({ text, isBold: true, isItalic: false });
const italic = (text: string) => ({ text, isBold: false, isItalic: true });

describe("parseInline", () => {
  it("styles bold, italic and both", () => {
    expect(parseInline("a **b** c")).toEqual([plain("a "), bold("b"), plain(" c")]);
    expect(parseInline("a *b* c")).toEqual([plain("a "), italic("b"), plain(" c")]);
    expect(parseInline("***both***")).toEqual([{ text: "both", isBold: true, isItalic: true }]);
  });

  it("nests italic in bold and bold in italic", () => {
    expect(parseInline("**a *b* c**")).toEqual([
      bold("a "),
      { text: "b", isBold: true, isItalic: true },
      bold(" c"),
    ]);
    expect(parseInline("*a **b** c*")).toEqual([
      italic("a "),
      { text: "b", isBold: true, isItalic: true },
      italic(" c"),
    ]);
  });

  it("keeps stars without a partner, or between spaces, as text", () => {
    expect(parseInline("a **b")).toEqual([plain("a **b")]);
    expect(parseInline("2 * 3 * 4")).toEqual([plain("2 * 3 * 4")]);
    expect(parseInline("* not a list")).toEqual([plain("* not a list")]);
    expect(parseInline("**")).toEqual([plain("**")]);
  });

  it("never reads markup: angle brackets are text", () => {
    expect(parseInline("<img src=x onerror=alert(1)> **hi**")).toEqual([
      plain("<img src=x onerror=alert(1)> "),
      bold("hi"),
    ]);
  });
});

describe("parseSceneText", () => {
  it("parts paragraphs at blank lines and keeps single line breaks", () => {
    const paragraphs = parseSceneText("One.\nStill one.\r\n\r\n  \nTwo *now*.\n\n\n");
    expect(paragraphs).toEqual([
      [[plain("One.")], [plain("Still one.")]],
      [[plain("Two "), italic("now"), plain(".")]],
    ]);
  });

  it("gives nothing for a scene without words", () => {
    expect(parseSceneText("  \n\n ")).toEqual([]);
  });

  it("keeps every character that is not a marker it used", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const kept = parseSceneText(text)
          .flat(2)
          .map((run) => run.text)
          .join("");
        const withoutStars = (value: string) => value.replace(/[\s*]/g, "");
        expect(withoutStars(kept)).toBe(withoutStars(text));
      }),
    );
  });
});

describe("plainSceneText", () => {
  it("joins the words without their formatting", () => {
    expect(plainSceneText("The **door** opens.\n\nYou *run*.")).toBe("The door opens. You run.");
  });
});
