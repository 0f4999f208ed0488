// Draws the app's icons from one SVG logo and writes them, with the logo itself, to
// apps/web/public/icons/. The PNGs are committed: run this again only when the logo changes.
//
//   npm run icons
//
// The mark is an open book carrying the "L" of the favicon, with the favicon's golden dot rising
// above it, on the brand gradient (brand-500 to accent-500, as in apps/web/public/favicon.svg).
// Each use needs its own framing:
// - "any" icons (192, 512, icon.svg): a rounded square with transparent corners, as browsers show
//   them in launchers, tabs and install dialogs;
// - maskable (512): full bleed, the mark shrunk into the central safe zone (a circle of 40 % of the
//   size), because Android crops it to a circle, squircle or teardrop;
// - apple-touch-icon (180): full bleed and opaque (iOS fills transparency with black) since iOS
//   rounds the corners itself.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const OUT_DIR = path.resolve(import.meta.dirname, "../apps/web/public/icons");

const GRADIENT = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#c026d3"/></linearGradient>`;

/** The book, the L and the dot, drawn on a 512 × 512 canvas centred on (256, 256). */
const MARK = [
  // Left page, then the right one a little dimmer, meeting at the spine.
  `<path d="M92 158c54-24 114-24 164 8v236c-50-32-110-32-164-8z" fill="#fff"/>`,
  `<path d="M420 158c-54-24-114-24-164 8v236c50-32 110-32 164-8z" fill="#fff" fill-opacity=".82"/>`,
  // Lines of text on the right page.
  `<g fill="none" stroke="#a78bfa" stroke-opacity=".6" stroke-width="12" stroke-linecap="round">`,
  `<path d="M292 212c30-9 60-11 92-6"/><path d="M292 256c30-9 60-11 92-6"/><path d="M292 300c30-9 60-11 92-6"/>`,
  `</g>`,
  // The L on the left page.
  `<path d="M150 204v132h66" fill="none" stroke="#4f46e5" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>`,
  // The golden dot, rising over the book.
  `<circle cx="340" cy="104" r="32" fill="#fde68a"/>`,
].join("");

interface Framing {
  /** Corner radius of the background square, 0 for full bleed. */
  radius: number;
  /** Scale of the mark around the centre. */
  scale: number;
}

function logoSvg({ radius, scale }: Framing): string {
  const offset = 256 * (1 - scale);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">`,
    `<title>Litverse</title>`,
    `<defs>${GRADIENT}</defs>`,
    `<rect width="512" height="512" rx="${radius}" fill="url(#bg)"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>`,
    `</svg>`,
  ].join("");
}

const ANY: Framing = { radius: 112, scale: 1 };
const FULL_BLEED: Framing = { radius: 0, scale: 0.86 };
const MASKABLE: Framing = { radius: 0, scale: 0.8 };

const PNGS: Array<{ file: string; size: number; framing: Framing }> = [
  { file: "icon-192.png", size: 192, framing: ANY },
  { file: "icon-512.png", size: 512, framing: ANY },
  { file: "icon-maskable-512.png", size: 512, framing: MASKABLE },
  { file: "apple-touch-icon.png", size: 180, framing: FULL_BLEED },
];

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(path.join(OUT_DIR, "icon.svg"), `${logoSvg(ANY)}\n`);
  for (const { file, size, framing } of PNGS) {
    // Rendered at 4× then reduced, for smooth edges at every size.
    const png = await sharp(Buffer.from(logoSvg(framing)), { density: (72 * 4 * size) / 512 })
      .resize(size, size)
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer();
    await writeFile(path.join(OUT_DIR, file), png);
    console.log(
      `${path.relative(process.cwd(), path.join(OUT_DIR, file))} (${size}×${size}, ${png.length} bytes)`,
    );
  }
}

await main();
