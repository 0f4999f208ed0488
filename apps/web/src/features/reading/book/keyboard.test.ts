import { describe, expect, it } from "vitest";
import { actionForKey, isTypingTarget, type KeyPress } from "./keyboard.ts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...extra,
});

describe("actionForKey", () => {
  const ltr = { mirrored: false };
  const rtl = { mirrored: true };

  it("turns pages with the arrows, Space and Page Up/Down", () => {
    expect(actionForKey(press("ArrowRight"), ltr)).toBe("next-page");
    expect(actionForKey(press("ArrowLeft"), ltr)).toBe("previous-page");
    expect(actionForKey(press(" "), ltr)).toBe("next-page");
    expect(actionForKey(press(" ", { shiftKey: true }), ltr)).toBe("previous-page");
    expect(actionForKey(press("PageDown"), ltr)).toBe("next-page");
    expect(actionForKey(press("PageUp"), ltr)).toBe("previous-page");
  });

  it("mirrors the arrows for right-to-left books", () => {
    expect(actionForKey(press("ArrowLeft"), rtl)).toBe("next-page");
    expect(actionForKey(press("ArrowRight"), rtl)).toBe("previous-page");
    expect(actionForKey(press("ArrowLeft", { ctrlKey: true }), rtl)).toBe("next-chapter");
    expect(actionForKey(press(" "), rtl)).toBe("next-page");
  });

  it("moves between chapters with brackets and Ctrl+arrows", () => {
    expect(actionForKey(press("]"), ltr)).toBe("next-chapter");
    expect(actionForKey(press("["), ltr)).toBe("previous-chapter");
    expect(actionForKey(press("ArrowRight", { ctrlKey: true }), ltr)).toBe("next-chapter");
  });

  it("leaves browser shortcuts alone", () => {
    expect(actionForKey(press("ArrowLeft", { altKey: true }), ltr)).toBeNull();
    expect(actionForKey(press("f", { ctrlKey: true }), ltr)).toBeNull();
    expect(actionForKey(press("b", { metaKey: true }), ltr)).toBeNull();
    expect(actionForKey(press("x"), ltr)).toBeNull();
  });

  it("opens the panels", () => {
    expect(actionForKey(press("?", { shiftKey: true }), ltr)).toBe("show-shortcuts");
    expect(actionForKey(press("/"), ltr)).toBe("open-search");
    expect(actionForKey(press("b"), ltr)).toBe("toggle-bookmark");
  });
});

describe("isTypingTarget", () => {
  it("leaves keys to fields and to widgets that use arrows", () => {
    expect(isTypingTarget({ tagName: "INPUT" })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: "SPAN", closest: (selector) => selector.includes("slider") })).toBe(
      true,
    );
    expect(isTypingTarget({ tagName: "BUTTON", closest: () => null })).toBe(false);
  });
});
