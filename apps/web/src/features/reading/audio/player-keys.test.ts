import { describe, expect, it } from "vitest";
import { type FocusKind, keyAction } from "./player-keys.ts";

const press = (
  key: string,
  focus: FocusKind = "other",
  modifiers: { shift?: boolean; ctrl?: boolean } = {},
) =>
  keyAction(
    {
      key,
      shiftKey: modifiers.shift ?? false,
      ctrlKey: modifiers.ctrl ?? false,
      metaKey: false,
      altKey: false,
    },
    focus,
  );

describe("keyAction", () => {
  it("maps the player's keys", () => {
    expect(press(" ")).toBe("toggle");
    expect(press("k")).toBe("toggle");
    expect(press("K", "other", { shift: true })).toBe("toggle");
    expect(press("j")).toBe("back");
    expect(press("ArrowLeft")).toBe("back");
    expect(press("l")).toBe("forward");
    expect(press("ArrowRight")).toBe("forward");
    expect(press("ArrowLeft", "other", { shift: true })).toBe("previousChapter");
    expect(press("ArrowRight", "other", { shift: true })).toBe("nextChapter");
    expect(press("<", "other", { shift: true })).toBe("slower");
    expect(press(">", "other", { shift: true })).toBe("faster");
    expect(press("m")).toBe("mute");
    expect(press("b")).toBe("bookmark");
    expect(press("?", "other", { shift: true })).toBe("help");
    expect(press("x")).toBeNull();
  });

  it("leaves keys to what has the focus", () => {
    expect(press("k", "text")).toBeNull();
    expect(press(" ", "text")).toBeNull();
    expect(press(" ", "button")).toBeNull();
    expect(press("k", "button")).toBe("toggle");
    expect(press("ArrowLeft", "slider")).toBeNull();
    expect(press("j", "slider")).toBe("back");
    expect(press("k", "other", { ctrl: true })).toBeNull();
  });
});
