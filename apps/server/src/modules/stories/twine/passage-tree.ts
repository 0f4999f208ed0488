import type { Effect } from "./effects.ts";
import type { Expr } from "./expression.ts";

/**
 * What each story format's reader makes of a passage's text: a tree in which only the parts we
 * can translate are structured, and everything else is kept as raw markup.
 */
export type PassageNode =
  | { kind: "text"; text: string }
  | {
      kind: "link";
      label: string;
      target: string;
      raw: string;
      note: string | null;
      /** What a SugarCube link's setter (`[[Go|Cave][$gold += 1]]`) does when it is taken. */
      effects?: Effect[];
    }
  | { kind: "effects"; effects: Effect[]; raw: string }
  /** Markup we do not translate; `warn` is false for closing tags, whose opening tag already warned. */
  | { kind: "untranslated"; raw: string; warn: boolean }
  | { kind: "conditional"; branches: Branch[]; close: string }
  /** Markup around content that is still read (a Harlowe hook behind another changer). */
  | { kind: "container"; open: string; close: string; children: PassageNode[] };

export interface Branch {
  /** The branch's opening markup, shown when the conditional cannot be removed. */
  open: string;
  /** `else` for the last branch, `untranslatable` when the condition is outside our grammar. */
  condition: Expr | "else" | "untranslatable";
  children: PassageNode[];
  close: string;
}

/** Nesting deeper than this is read as plain text, so that no reader recurses without bound. */
export const MAX_NESTING = 48;

/**
 * Finds `needle` from ascending positions in linear total time: a search that found nothing
 * answers every later query, and one that found a match answers queries up to that match.
 */
export function forwardFinder(text: string, needle: string): (from: number) => number {
  let lastFrom = Number.POSITIVE_INFINITY;
  let lastResult = -1;
  return (from) => {
    if (from >= lastFrom && (lastResult === -1 || lastResult >= from)) return lastResult;
    lastFrom = from;
    lastResult = text.indexOf(needle, from);
    return lastResult;
  };
}

/** Splits a link's inside (`[[…]]` without brackets) into label, target and SugarCube setter. */
export function parseLinkBody(body: string): { label: string; target: string; setter: string | null } {
  const setterAt = body.indexOf("][");
  const setter = setterAt >= 0 ? body.slice(setterAt + 2) : null;
  const link = setterAt >= 0 ? body.slice(0, setterAt) : body;
  // As Twine's editor reads links: the rightmost `->`, else the leftmost `<-`, else `|`.
  const arrow = link.lastIndexOf("->");
  if (arrow >= 0) return { label: link.slice(0, arrow), target: link.slice(arrow + 2), setter };
  const back = link.indexOf("<-");
  if (back >= 0) return { label: link.slice(back + 2), target: link.slice(0, back), setter };
  const bar = link.indexOf("|");
  if (bar >= 0) return { label: link.slice(0, bar), target: link.slice(bar + 1), setter };
  return { label: link, target: link, setter };
}

/** Reads string literals ("…" or '…', with backslash escapes) separated by spaces or commas. */
export function parseStringArgs(source: string): string[] | null {
  const values: string[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (char === " " || char === "\t" || char === "\n" || char === ",") {
      i++;
      continue;
    }
    if (char !== '"' && char !== "'") return null;
    let value = "";
    i++;
    while (i < source.length && source[i] !== char) {
      if (source[i] === "\\") i++;
      value += source[i] ?? "";
      i++;
    }
    if (i >= source.length) return null;
    i++;
    values.push(value);
  }
  return values;
}
