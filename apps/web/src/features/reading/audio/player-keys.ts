// The player's keyboard shortcuts, as the shortcuts dialog lists them.

export type KeyAction =
  | "toggle"
  | "back"
  | "forward"
  | "previousChapter"
  | "nextChapter"
  | "slower"
  | "faster"
  | "mute"
  | "bookmark"
  | "help";

/** What has the focus: text fields keep every key, buttons their Space and Enter, sliders their arrows. */
export type FocusKind = "text" | "button" | "slider" | "other";

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export const SHORTCUTS: ReadonlyArray<{ keys: string[]; label: string }> = [
  { keys: ["Space", "K"], label: "Play or pause" },
  { keys: ["J", "←"], label: "Skip back" },
  { keys: ["L", "→"], label: "Skip forward" },
  { keys: ["Shift + ←"], label: "Previous chapter" },
  { keys: ["Shift + →"], label: "Next chapter" },
  { keys: ["<"], label: "Slower" },
  { keys: [">"], label: "Faster" },
  { keys: ["M"], label: "Mute or unmute" },
  { keys: ["B"], label: "Bookmark this moment" },
  { keys: ["?"], label: "Show these shortcuts" },
];

export function keyAction(input: KeyInput, focus: FocusKind): KeyAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey || focus === "text") return null;
  const { key, shiftKey } = input;
  if (key === "ArrowLeft" || key === "ArrowRight") {
    if (focus === "slider") return null;
    if (shiftKey) return key === "ArrowLeft" ? "previousChapter" : "nextChapter";
    return key === "ArrowLeft" ? "back" : "forward";
  }
  if (key === " " || key === "Spacebar") return focus === "button" ? null : "toggle";
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case "k":
      return "toggle";
    case "j":
      return "back";
    case "l":
      return "forward";
    case "m":
      return "mute";
    case "b":
      return "bookmark";
    case "<":
      return "slower";
    case ">":
      return "faster";
    case "?":
      return "help";
    default:
      return null;
  }
}
