// Episode content for the demo titles that have no files of their own: book chapters of sample
// prose, comic pages drawn as SVG and rendered with sharp, and, for audiobooks and dramas, the
// narration and video of the imported fixtures (see imports.ts) shared between titles. Every
// piece is deterministic, so seeding twice makes the same catalogue.
import sharp from "sharp";
import { bookChapter, type NewEpisode } from "../../content/index.ts";
import { randomFrom } from "./random.ts";

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

const SENTENCES = [
  "The rain had not stopped since morning, and the lamps along the street were lit before four.",
  "Nobody in the house spoke of the letter, though everyone had read it twice.",
  "She folded her hands and waited, as if patience were a room she could live in.",
  "Far below, the harbour lights trembled on the black water.",
  "He laughed, but it was the kind of laugh that asks to be forgiven.",
  "The road wound up through the pines, narrower at every turn.",
  "There are evenings when the whole town seems to hold its breath.",
  "A clock somewhere struck the half hour, late as always.",
  "They had promised each other never to return, and here they were.",
  "The stranger's boots were dusty in a way that spoke of many borders.",
  "Every window of the old hall was dark but one.",
  "What she wanted was simple; what she feared was not.",
  "The wind brought the smell of salt and smoke from the quay.",
  "He turned the key slowly, as though the lock might remember him.",
  "It was the sort of silence that follows a slammed door.",
  "In the morning the snow had covered every trace of the night before.",
  "Nothing in the letter was untrue, and that was the worst of it.",
  "The candle guttered, and for a moment the portrait seemed to smile.",
  "A carriage rattled past without stopping, and the dogs barked after it.",
  "Somewhere beyond the hills, a train whistled its long farewell.",
  "She counted the steps to the door: twelve, as they had always been.",
  "The old man spoke of the war as if it had ended yesterday.",
  "They walked on in the kind of quiet that friends can afford.",
  "No map showed the island, yet every sailor knew its name.",
  "The garden had gone wild, and the roses had won.",
  "He wrote three words, crossed out two, and sealed the envelope.",
  "By noon the rumour had reached every kitchen in the parish.",
  "The river was high and brown and in a hurry.",
  "Every answer he gave raised two new questions.",
  "She had the look of someone who had already decided.",
];

/** `count` chapters of sample prose, each about 600 words, titled "Chapter N". */
export function sampleChapters(seed: string, count: number): NewEpisode[] {
  return Array.from({ length: count }, (_, index) => {
    const random = randomFrom(`${seed}:${index}`);
    const paragraphs = Array.from({ length: 8 + Math.floor(random() * 5) }, () =>
      Array.from({ length: 4 + Math.floor(random() * 4) }, () => pick(random, SENTENCES)).join(" "),
    );
    const html = [
      `<h1>Chapter ${index + 1}</h1>`,
      ...paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
    ].join("\n");
    return bookChapter(`Chapter ${index + 1}`, html);
  });
}

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const CAPTIONS = [
  "Meanwhile…",
  "Not again!",
  "Did you hear that?",
  "Look out!",
  "Follow me.",
  "What a night!",
  "Later that day…",
  "Wake up!",
];

export const COMIC_PAGE_WIDTH = 720;
export const COMIC_PAGE_HEIGHT = 1080;
/** Pages are drawn at this scale of their size; the comic reader scales them up smoothly. */
const RENDER_SCALE = 0.75;

/** One comic page: three panels in the title's colours, a caption and a speech bubble. */
function comicPageSvg(title: string, colors: [string, string], page: number, random: () => number): string {
  const [from, to] = colors;
  const panel = (x: number, y: number, width: number, height: number, color: string) =>
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="10" fill="${color}" stroke="#141414" stroke-width="6"/>
     <circle cx="${x + width * (0.3 + random() * 0.4)}" cy="${y + height * 0.62}" r="${Math.min(width, height) * 0.22}" fill="#fff" fill-opacity="0.25"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COMIC_PAGE_WIDTH}" height="${COMIC_PAGE_HEIGHT}">
  <rect width="100%" height="100%" fill="#fbf7ee"/>
  ${panel(28, 28, 664, 480, from)}
  ${panel(28, 536, 316, 516, to)}
  ${panel(372, 536, 320, 516, from)}
  <ellipse cx="360" cy="132" rx="230" ry="64" fill="#fff" stroke="#141414" stroke-width="4"/>
  <text x="360" y="146" font-family="Comic Neue, Comic Sans MS, sans-serif" font-size="38" font-weight="700" text-anchor="middle" fill="#141414">${escapeXml(pick(random, CAPTIONS))}</text>
  <rect x="52" y="560" width="230" height="54" fill="#ffe066" stroke="#141414" stroke-width="3"/>
  <text x="167" y="596" font-family="sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="#141414">${escapeXml(title.slice(0, 18))}</text>
  <text x="660" y="1040" font-family="sans-serif" font-size="22" text-anchor="end" fill="#141414">${page}</text>
</svg>`;
}

/** `episodes` comic episodes of `pagesPerEpisode` pages each (WebP), drawn for this title. */
export async function sampleComicEpisodes(
  title: string,
  colors: [string, string],
  episodes: number,
  pagesPerEpisode: number,
): Promise<NewEpisode[]> {
  const random = randomFrom(title);
  const width = Math.round(COMIC_PAGE_WIDTH * RENDER_SCALE);
  const height = Math.round(COMIC_PAGE_HEIGHT * RENDER_SCALE);
  // Drawn in parallel: sharp renders on its own threads.
  const images = await Promise.all(
    Array.from({ length: episodes * pagesPerEpisode }, (_, index) =>
      sharp(Buffer.from(comicPageSvg(title, colors, index + 1, random)), { density: 72 * RENDER_SCALE })
        .webp({ quality: 78 })
        .toBuffer(),
    ),
  );
  return Array.from({ length: episodes }, (_, episode) => {
    const files: Record<string, Uint8Array> = {};
    const pages: Array<{ file: string; width: number; height: number }> = [];
    for (let page = 1; page <= pagesPerEpisode; page++) {
      const file = `pages/${String(page).padStart(4, "0")}.webp`;
      files[file] = images[episode * pagesPerEpisode + page - 1] as Uint8Array;
      pages.push({ file, width, height });
    }
    return { title: `Episode ${episode + 1}`, payload: { kind: "comic" as const, pages }, files };
  });
}
