import type { MarkColor } from "@litverse/shared/content";

/** The swatch of each highlight colour, in the toolbar and the notes list. */
export const MARK_SWATCHES: Record<MarkColor, string> = {
  yellow: "bg-yellow-300",
  green: "bg-green-400",
  blue: "bg-sky-400",
  pink: "bg-pink-400",
};
