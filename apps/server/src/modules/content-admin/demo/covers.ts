// Covers for the demo titles: a gradient, a motif for the kind of title, the title and the author,
// as 600×900 SVG. `npm run demo:covers` writes them to apps/web/public/demo/covers/.
import type { ContentType } from "@litverse/shared/content";
import type { DemoTitle } from "./titles.ts";

const WIDTH = 600;
const HEIGHT = 900;
const TEXT_WIDTH = 480;

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** Greedy word wrap to at most `maxChars` per line; null when a word does not fit. */
function wrap(text: string, maxChars: number): string[] | null {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (word.length > maxChars) return null;
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest title size whose lines fit the cover's width, in three lines if possible, else four. */
function layoutTitle(title: string): { size: number; lines: string[] } {
  for (const maxLines of [3, 4]) {
    for (const size of [84, 76, 68, 60, 54, 48]) {
      // A bold serif averages a little over half its size per character.
      const lines = wrap(title, Math.floor(TEXT_WIDTH / (size * 0.56)));
      if (lines && lines.length <= maxLines) return { size, lines };
    }
  }
  return { size: 42, lines: wrap(title, 20) ?? [title] };
}

const MOTIFS: Record<ContentType, string> = {
  // An engraved frame.
  book: `<rect x="28" y="28" width="544" height="844" rx="6" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>
  <rect x="40" y="40" width="520" height="820" rx="4" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="1"/>
  <circle cx="300" cy="150" r="46" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>
  <circle cx="300" cy="150" r="30" fill="#fff" fill-opacity="0.12"/>`,
  // A sound wave.
  audiobook: [...Array(23).keys()]
    .map((i) => {
      const height = Math.round(24 + 86 * Math.abs(Math.sin(i * 0.7)) * (1 - Math.abs(i - 11) / 14));
      return `<rect x="${84 + i * 19}" y="${150 - height / 2}" width="9" height="${height}" rx="4.5" fill="#fff" fill-opacity="0.3"/>`;
    })
    .join("\n  "),
  // Halftone dots and a speech bubble.
  comic: `${[...Array(9).keys()]
    .flatMap((row) =>
      [...Array(9).keys()].map(
        (col) =>
          `<circle cx="${360 + col * 26}" cy="${40 + row * 26}" r="${(3 + (col + row) * 0.6).toFixed(1)}" fill="#fff" fill-opacity="0.16"/>`,
      ),
    )
    .join("\n  ")}
  <path d="M70 90h200a26 26 0 0 1 26 26v64a26 26 0 0 1-26 26H140l-34 34v-34H70a26 26 0 0 1-26-26v-64a26 26 0 0 1 26-26z" fill="#fff" fill-opacity="0.22"/>`,
  // A film strip and a play button.
  drama: `<rect x="0" y="60" width="600" height="120" fill="#000" fill-opacity="0.22"/>
  ${[...Array(15).keys()].map((i) => `<rect x="${12 + i * 40}" y="70" width="22" height="14" rx="3" fill="#fff" fill-opacity="0.35"/><rect x="${12 + i * 40}" y="156" width="22" height="14" rx="3" fill="#fff" fill-opacity="0.35"/>`).join("\n  ")}
  <circle cx="300" cy="120" r="26" fill="#fff" fill-opacity="0.3"/>
  <path d="M292 106v28l22-14z" fill="#fff" fill-opacity="0.85"/>`,
};

const TYPE_LABELS: Record<ContentType, string> = {
  book: "A NOVEL",
  audiobook: "AUDIOBOOK",
  comic: "COMIC",
  drama: "DRAMA SERIES",
};

export function renderDemoCover(
  demo: Pick<DemoTitle, "title" | "author" | "contentType" | "colors">,
): string {
  const [from, to] = demo.colors;
  const { size, lines } = layoutTitle(demo.title);
  const lineHeight = Math.round(size * 1.12);
  const blockHeight = lineHeight * (lines.length - 1);
  // Centred between the label and the author, and never touching the label.
  const firstBaseline = Math.max(Math.round(480 - blockHeight / 2), 262 + 40 + Math.round(size * 0.72));
  const ruleY = firstBaseline + blockHeight + 56;
  const titleLines = lines
    .map(
      (line, index) => `<tspan x="300" y="${firstBaseline + index * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeXml(`${demo.title} by ${demo.author}`)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.82" cy="0.12" r="0.75">
      <stop offset="0" stop-color="#fff" stop-opacity="0.32"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.5"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  ${MOTIFS[demo.contentType]}
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  <text x="300" y="262" text-anchor="middle" fill="#fff" fill-opacity="0.8" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="600" letter-spacing="6">${TYPE_LABELS[demo.contentType]}</text>
  <text text-anchor="middle" fill="#fff" font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="700">${titleLines}</text>
  <rect x="260" y="${ruleY}" width="80" height="3" rx="1.5" fill="#fff" fill-opacity="0.7"/>
  <text x="300" y="800" text-anchor="middle" fill="#fff" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="600" letter-spacing="4">${escapeXml(demo.author.toUpperCase())}</text>
</svg>
`;
}
