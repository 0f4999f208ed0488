// A scene's simple formatting, read into paragraphs, lines and styled runs of plain text: blank
// lines part paragraphs, a single line break stays a line break, `**bold**` and `*italic*` style
// the words between them (`***both***` too). Nothing here is HTML: the runs are shown as text, so a
// story can never put markup or script on the page. A marker without its partner, or one that
// stands between spaces (`2 * 3`), is just a star.

export interface TextRun {
  text: string;
  isBold: boolean;
  isItalic: boolean;
}

/** A paragraph is its lines; a line is its runs. */
export type SceneParagraph = TextRun[][];

const MARKER = /\*{1,3}/g;

interface Marker {
  at: number;
  size: number;
}

const isWordChar = (char: string | undefined) => char !== undefined && !/\s/.test(char);

function markersOf(line: string): Marker[] {
  return [...line.matchAll(MARKER)].map((match) => ({ at: match.index, size: match[0].length }));
}

/** The runs of one line. */
export function parseInline(line: string): TextRun[] {
  const markers = markersOf(line);
  const canClose = (marker: Marker) => isWordChar(line[marker.at - 1]);
  const canOpen = (marker: Marker) => isWordChar(line[marker.at + marker.size]);
  /** A later marker of the same size that could close this one. */
  const hasPartner = (index: number) =>
    markers.slice(index + 1).some((later) => later.size === markers[index]?.size && canClose(later));

  const runs: TextRun[] = [];
  let isBold = false;
  let isItalic = false;
  let text = "";
  const flush = () => {
    if (!text) return;
    const last = runs.at(-1);
    if (last && last.isBold === isBold && last.isItalic === isItalic) last.text += text;
    else runs.push({ text, isBold, isItalic });
    text = "";
  };

  let position = 0;
  markers.forEach((marker, index) => {
    text += line.slice(position, marker.at);
    position = marker.at + marker.size;
    const raw = line.slice(marker.at, position);
    const closesBold = marker.size === 2 && isBold;
    const closesItalic = marker.size === 1 && isItalic;
    const closesBoth = marker.size === 3 && isBold && isItalic;
    if ((closesBold || closesItalic || closesBoth) && canClose(marker)) {
      flush();
      if (marker.size !== 1) isBold = false;
      if (marker.size !== 2) isItalic = false;
      return;
    }
    const opensBold = marker.size === 2 && !isBold;
    const opensItalic = marker.size === 1 && !isItalic;
    const opensBoth = marker.size === 3 && !isBold && !isItalic;
    if ((opensBold || opensItalic || opensBoth) && canOpen(marker) && hasPartner(index)) {
      flush();
      if (marker.size !== 1) isBold = true;
      if (marker.size !== 2) isItalic = true;
      return;
    }
    text += raw;
  });
  text += line.slice(position);
  flush();
  return runs;
}

/** The scene's text as paragraphs; empty for a scene without words. */
export function parseSceneText(text: string): SceneParagraph[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n(?:[ \t]*\n)+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ""))
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => paragraph.split("\n").map(parseInline));
}

/** The scene's words without their formatting, for a short excerpt or a label. */
export function plainSceneText(text: string): string {
  return parseSceneText(text)
    .map((paragraph) => paragraph.map((line) => line.map((run) => run.text).join("")).join(" "))
    .join(" ");
}
