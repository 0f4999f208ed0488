// Places in a chapter that outlive its layout. A place is a character of the chapter's text
// (its textContent, which is what the server counts in too): the reader saves it as the block
// element around it, counted in document order, and the character's offset within that block's
// text (`{ p, o }`), which stays true when fonts, sizes, margins or the window change the pages.
//
// The chapter's DOM is walked once into a map of its text nodes and blocks; turning a place into a
// DOM position and back is then arithmetic on that map. The walker accepts anything shaped like a
// DOM node, so it is tested on plain objects.

export interface NodeLike {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<NodeLike>;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** Elements that start a block of text: a place is counted within the innermost one around it. */
export const BLOCK_TAGS = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "CAPTION",
  "DD",
  "DIV",
  "DL",
  "DT",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HR",
  "IMG",
  "LI",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "TABLE",
  "TD",
  "TH",
  "TR",
  "UL",
]);

export interface ChapterMap<N extends NodeLike = NodeLike> {
  /** Characters in the chapter's text. */
  length: number;
  /** Every text node in document order with where its text starts in the chapter. */
  texts: N[];
  textStarts: number[];
  /** Every block element in document order, with the chapter offsets where its text starts and ends. */
  blocks: N[];
  blockStarts: number[];
  blockEnds: number[];
  /** For each text node, the innermost block around it (-1: none, text straight in the chapter). */
  textBlocks: number[];
  /** Where each element's text starts (for links to an id and for elements without text). */
  elementStarts: Map<N, number>;
}

/** A place in the chapter as saved: block index and offset within it. `p: -1` counts from the chapter. */
export interface BlockPosition {
  p: number;
  o: number;
}

function nameOf(node: NodeLike): string {
  return node.nodeName.toUpperCase();
}

export function mapChapter<N extends NodeLike>(root: N): ChapterMap<N> {
  const map: ChapterMap<N> = {
    length: 0,
    texts: [],
    textStarts: [],
    blocks: [],
    blockStarts: [],
    blockEnds: [],
    textBlocks: [],
    elementStarts: new Map(),
  };
  const visit = (node: N, block: number) => {
    const children = node.childNodes;
    for (let index = 0; index < children.length; index++) {
      const child = children[index] as N;
      if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) {
        map.texts.push(child);
        map.textStarts.push(map.length);
        map.textBlocks.push(block);
        map.length += child.nodeValue?.length ?? 0;
      } else if (child.nodeType === ELEMENT_NODE) {
        map.elementStarts.set(child, map.length);
        if (BLOCK_TAGS.has(nameOf(child))) {
          const own = map.blocks.length;
          map.blocks.push(child);
          map.blockStarts.push(map.length);
          map.blockEnds.push(map.length);
          visit(child, own);
          map.blockEnds[own] = map.length;
        } else {
          visit(child, block);
        }
      }
    }
  };
  visit(root, -1);
  return map;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The last index whose start is at or before `offset` in a sorted list of starts (-1 if none). */
function lastAtOrBefore(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The text node holding chapter offset `offset`, and the offset inside it. At the boundary between
 * two nodes the later one is chosen (the character at `offset` is in it), skipping empty nodes;
 * at the chapter's end, the end of the last node.
 */
export function textPosition<N extends NodeLike>(
  map: ChapterMap<N>,
  offset: number,
): { node: N; offset: number; index: number } | null {
  if (map.texts.length === 0) return null;
  const at = clamp(Math.round(offset), 0, map.length);
  let index = lastAtOrBefore(map.textStarts, at);
  if (index < 0) index = 0;
  // Several nodes may start at the same offset (empty ones): take the first with this character.
  while (index < map.texts.length - 1 && (map.textStarts[index] ?? 0) + lengthOf(map, index) <= at) index++;
  const start = map.textStarts[index] ?? 0;
  const node = map.texts[index] as N;
  return { node, offset: clamp(at - start, 0, lengthOf(map, index)), index };
}

function lengthOf(map: ChapterMap, index: number): number {
  return map.texts[index]?.nodeValue?.length ?? 0;
}

/** The chapter offset of a DOM position given as a text node of the map and an offset within it. */
export function offsetOfTextPosition<N extends NodeLike>(
  map: ChapterMap<N>,
  node: N,
  offset: number,
): number {
  const index = map.texts.indexOf(node);
  if (index < 0) return 0;
  return (map.textStarts[index] ?? 0) + clamp(offset, 0, lengthOf(map, index));
}

/** The innermost block around chapter offset `offset` (-1: none). */
export function blockAt(map: ChapterMap, offset: number): number {
  const position = textPosition(map, offset);
  if (!position) return -1;
  return map.textBlocks[position.index] ?? -1;
}

/** A chapter offset as saved: the innermost block around it and the offset inside that block. */
export function blockPositionOf(map: ChapterMap, offset: number): BlockPosition {
  const at = clamp(Math.round(offset), 0, map.length);
  const block = blockAt(map, at);
  if (block < 0) return { p: -1, o: at };
  return { p: block, o: at - (map.blockStarts[block] ?? 0) };
}

/**
 * The chapter offset of a saved place. A block index beyond the chapter (an edited book) falls back
 * to the chapter's end; an offset beyond its block, to the block's end.
 */
export function offsetOfBlockPosition(map: ChapterMap, position: BlockPosition): number {
  const p = Math.round(position.p);
  const o = Math.max(0, Math.round(position.o));
  if (!Number.isFinite(p) || !Number.isFinite(o)) return 0;
  if (p < 0) return clamp(o, 0, map.length);
  if (p >= map.blocks.length) return map.length;
  const start = map.blockStarts[p] ?? 0;
  const end = map.blockEnds[p] ?? start;
  return clamp(start + o, start, end);
}

/** The chapter offset of a saved reading position: its place, or its fraction of the chapter. */
export function offsetOfSavedPosition(
  map: ChapterMap,
  position: { locator: Record<string, unknown> | null | undefined; fraction: number },
): number {
  const place = readBlockPosition(position.locator);
  return place ? offsetOfBlockPosition(map, place) : Math.round(position.fraction * map.length);
}

/** Where a chapter opens for the reader's saved position: there, or at its start without a locator. */
export function openingOffset(
  map: ChapterMap,
  position: { locator: Record<string, unknown> | null | undefined; fraction: number } | null,
): number {
  return position?.locator ? offsetOfSavedPosition(map, position) : 0;
}

/** Reads `{ p, o }` from a saved locator, or null when it holds none. */
export function readBlockPosition(
  locator: Record<string, unknown> | null | undefined,
  prefix: "" | "end" = "",
): BlockPosition | null {
  if (!locator) return null;
  const p = locator[prefix ? `${prefix}P` : "p"];
  const o = locator[prefix ? `${prefix}O` : "o"];
  if (typeof p !== "number" || typeof o !== "number" || !Number.isFinite(p) || !Number.isFinite(o))
    return null;
  return { p: Math.trunc(p), o: Math.max(0, Math.trunc(o)) };
}

/** A chapter's text between two offsets, from the map's nodes. */
export function textBetween(map: ChapterMap, start: number, end: number): string {
  const from = clamp(Math.min(start, end), 0, map.length);
  const to = clamp(Math.max(start, end), 0, map.length);
  if (from === to) return "";
  let text = "";
  let index = Math.max(0, lastAtOrBefore(map.textStarts, from));
  for (; index < map.texts.length; index++) {
    const nodeStart = map.textStarts[index] ?? 0;
    if (nodeStart >= to) break;
    const value = map.texts[index]?.nodeValue ?? "";
    text += value.slice(Math.max(0, from - nodeStart), Math.max(0, to - nodeStart));
  }
  return text;
}

/** Collapses runs of white space, as the text reads on screen. */
export function squashSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Chapter offsets of every match of `query` in `text`, in order, ignoring case the way the
 * server's book search does (lower-cased text, matches not overlapping), so that "occurrence 3"
 * means the same match on both sides.
 */
export function findMatches(text: string, query: string): Array<{ start: number; end: number }> {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const haystack = text.toLowerCase();
  const matches: Array<{ start: number; end: number }> = [];
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at === -1) break;
    matches.push({ start: at, end: at + needle.length });
    from = at + needle.length;
  }
  return matches;
}

/**
 * The match a search result points to: the `occurrence`-th, or, when the text differs a little from
 * the server's count, the one whose surroundings agree with the result's snippet.
 */
export function findOccurrence(
  text: string,
  query: string,
  occurrence: number,
  context?: { before?: string; after?: string },
): { start: number; end: number } | null {
  const matches = findMatches(text, query);
  if (matches.length === 0) return null;
  const agrees = (match: { start: number; end: number }) => {
    const before = squashSpaces(context?.before ?? "").slice(-20);
    const after = squashSpaces(context?.after ?? "").slice(0, 20);
    const around = (from: number, to: number) => squashSpaces(text.slice(Math.max(0, from), to));
    return (
      (!before || around(match.start - 200, match.start).endsWith(before)) &&
      (!after || around(match.end, match.end + 200).startsWith(after))
    );
  };
  const counted = matches[occurrence];
  if (counted && (!context || agrees(counted))) return counted;
  const agreeing = context ? matches.find(agrees) : undefined;
  return agreeing ?? counted ?? matches[matches.length - 1] ?? null;
}
