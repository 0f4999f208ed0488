// The reader's keys, in one table: what a key press does (mirrored for right-to-left and vertical
// books, where the next page lies to the left) and the list the "Keyboard shortcuts" dialog shows.

export type ReaderAction =
  | "next-page"
  | "previous-page"
  | "first-page"
  | "last-page"
  | "next-chapter"
  | "previous-chapter"
  | "toggle-bookmark"
  | "open-search"
  | "open-marks"
  | "open-settings"
  | "open-contents"
  | "toggle-read-aloud"
  | "font-larger"
  | "font-smaller"
  | "toggle-mode"
  | "show-shortcuts";

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/**
 * The action for a key press, or null to leave it to the browser. `mirrored`: the book's pages
 * progress leftwards. In scrolling mode a "page" is a screenful; the up and down arrows keep
 * scrolling line by line as the browser does.
 */
export function actionForKey(press: KeyPress, options: { mirrored: boolean }): ReaderAction | null {
  const { key } = press;
  if (press.metaKey || press.altKey) return null;
  if (press.ctrlKey) {
    // Ctrl+arrows move between chapters (the arrows alone move between pages).
    if (key === "ArrowRight") return options.mirrored ? "previous-chapter" : "next-chapter";
    if (key === "ArrowLeft") return options.mirrored ? "next-chapter" : "previous-chapter";
    return null;
  }
  switch (key) {
    case "ArrowRight":
      return options.mirrored ? "previous-page" : "next-page";
    case "ArrowLeft":
      return options.mirrored ? "next-page" : "previous-page";
    case "PageDown":
    case " ":
    case "Spacebar":
      return press.shiftKey && key !== "PageDown" ? "previous-page" : "next-page";
    case "PageUp":
      return "previous-page";
    case "Home":
      return "first-page";
    case "End":
      return "last-page";
    case "]":
      return "next-chapter";
    case "[":
      return "previous-chapter";
    case "b":
    case "B":
      return "toggle-bookmark";
    case "/":
      return "open-search";
    case "n":
    case "N":
      return "open-marks";
    case "s":
    case "S":
      return "open-settings";
    case "c":
    case "C":
      return "open-contents";
    case "r":
    case "R":
      return "toggle-read-aloud";
    case "+":
    case "=":
      return "font-larger";
    case "-":
    case "_":
      return "font-smaller";
    case "m":
    case "M":
      return "toggle-mode";
    case "?":
      return "show-shortcuts";
    default:
      return null;
  }
}

/** What the shortcuts dialog lists: keys as shown, and what they do. */
export function shortcutList(options: { mirrored: boolean }): Array<{ keys: string[]; label: string }> {
  const forward = options.mirrored ? "←" : "→";
  const back = options.mirrored ? "→" : "←";
  return [
    { keys: [forward, "Space", "Page Down"], label: "Next page" },
    { keys: [back, "Shift+Space", "Page Up"], label: "Previous page" },
    { keys: ["Home", "End"], label: "First / last page of the chapter" },
    { keys: ["]", `Ctrl+${forward}`], label: "Next chapter" },
    { keys: ["[", `Ctrl+${back}`], label: "Previous chapter" },
    { keys: ["C"], label: "Chapters (table of contents)" },
    { keys: ["B"], label: "Bookmark this page (or remove its bookmark)" },
    { keys: ["N"], label: "Notes & bookmarks" },
    { keys: ["/"], label: "Search in the book" },
    { keys: ["S"], label: "Reading settings" },
    { keys: ["+", "-"], label: "Larger / smaller text" },
    { keys: ["M"], label: "Switch between pages and scrolling" },
    { keys: ["R"], label: "Read aloud: play / pause" },
    { keys: ["?"], label: "Keyboard shortcuts" },
    { keys: ["Esc"], label: "Close a panel or the highlight toolbar" },
  ];
}

/** Whether a key press belongs to the control it was made in rather than to the reader. */
export function isTypingTarget(target: {
  tagName?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}): boolean {
  const tag = target.tagName?.toUpperCase();
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) return true;
  return Boolean(
    target.closest?.(
      '[role="dialog"], [role="menu"], [role="listbox"], [role="slider"], [role="radiogroup"], [role="tablist"], [data-reader-keys="own"]',
    ),
  );
}
