// Test helpers: the real fixtures, temporary folders, and hostile or hand-made files built in the
// tests themselves (ZIPs with yazl, patched bytes for what yazl refuses to write).
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { constants, crc32, deflateRawSync } from "node:zlib";
import sharp from "sharp";
import yazl from "yazl";
import type { ImportInput } from "./types.ts";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../../../..");

export function fixture(relative: string): ImportInput {
  return { path: path.join(REPO_ROOT, "fixtures", relative), name: path.basename(relative) };
}

const made: string[] = [];

/** A fresh temporary folder, removed by `removeTempDirs` (call it in afterAll). */
export async function tempDir(prefix = "lv-import-"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Writes bytes as an upload would arrive: a stored path and the original name. */
export async function upload(dir: string, name: string, data: Buffer | string): Promise<ImportInput> {
  const file = path.join(dir, "uploads", `${made.length}-${Math.random().toString(36).slice(2)}`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  return { path: file, name };
}

export interface ZipItem {
  name: string;
  data: Buffer | string;
  compress?: boolean;
  mode?: number;
  compressionLevel?: number;
}

export function buildZip(items: ZipItem[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const item of items) {
    if (item.name.endsWith("/")) {
      zip.addEmptyDirectory(item.name);
      continue;
    }
    const data = typeof item.data === "string" ? Buffer.from(item.data) : item.data;
    zip.addBuffer(data, item.name, {
      compress: item.compress ?? true,
      ...(item.mode !== undefined ? { mode: item.mode } : {}),
      ...(item.compressionLevel !== undefined ? { compressionLevel: item.compressionLevel } : {}),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

export interface RawZipEntry {
  name: string;
  /** The bytes as stored (already deflated when `method` is 8). */
  stored: Buffer;
  method?: 0 | 8;
  uncompressedSize?: number;
  crc?: number;
  /** Unix mode written to the external attributes (0o120777 for a symlink). */
  mode?: number;
  flags?: number;
}

/**
 * A ZIP written byte by byte, for what yazl rightly refuses to write (names with "..", absolute
 * names, bombs) and for archives with thousands of entries, fast.
 */
export function rawZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const method = entry.method ?? 0;
    const size = entry.uncompressedSize ?? entry.stored.length;
    const crc = entry.crc ?? crc32(entry.stored);
    const flags = (entry.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.stored);
    centrals.push(central, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A real zip bomb, quickly: 1 MiB of zeros deflated once with a full flush (so the block stands
 * alone), repeated, then closed with an empty final block. It inflates to `mebibytes` MiB.
 */
export function zipBomb(mebibytes: number, name = "zeros.bin"): Buffer {
  const chunk = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < mebibytes; i++) crc = crc32(chunk, crc);
  const stored = Buffer.concat([
    ...Array.from({ length: mebibytes }, () => block),
    Buffer.from([0x03, 0x00]),
  ]);
  return rawZip([{ name, stored, method: 8, uncompressedSize: mebibytes * 1024 * 1024, crc }]);
}

/** Central directory records, to patch flags and sizes yazl will not write. */
function centralRecords(zip: Buffer): number[] {
  const offsets: number[] = [];
  let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  while (at !== -1) {
    offsets.push(at);
    at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
  }
  return offsets;
}

export function markEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (const offset of centralRecords(out)) out.writeUInt16LE(out.readUInt16LE(offset + 8) | 1, offset + 8);
  return out;
}

/** Makes every entry declare a smaller uncompressed size than it really has. */
export function understateSizes(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (const offset of centralRecords(out)) out.writeUInt32LE(declared, offset + 24);
  return out;
}

/** A small real image. */
export async function image(
  width: number,
  height: number,
  format: "png" | "jpeg" | "webp" = "png",
  colour = "#3366cc",
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: colour } });
  return format === "png"
    ? base.png().toBuffer()
    : format === "jpeg"
      ? base.jpeg().toBuffer()
      : base.webp().toBuffer();
}

/** A valid 1×1 PNG whose header claims another size: decoders refuse it by its header alone. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await image(1, 1, "png"));
  // IHDR: length(4) "IHDR"(4) width(4) height(4) … crc(4), right after the 8-byte signature.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export interface EpubChapter {
  file: string;
  html: string;
  linear?: boolean;
}

export interface EpubSpec {
  title?: string;
  creators?: string[];
  language?: string;
  description?: string;
  subjects?: string[];
  chapters: EpubChapter[];
  /** Table of contents entries as [href, label]; omitted: one per chapter. */
  toc?: Array<[string, string]>;
  /** EPUB 2 style: an NCX instead of a navigation document. */
  ncx?: boolean;
  files?: Array<{ name: string; data: Buffer | string; mediaType: string; id?: string; properties?: string }>;
  coverImage?: { name: string; data: Buffer; mediaType: string; epub2?: boolean };
  spineAttributes?: string;
  /** `properties` of spine items, by chapter file ("page-spread-right"). */
  spineItemProperties?: Record<string, string>;
  extraMetadata?: string;
  /** EPUB 2 `<guide>` references as [type, href]. */
  guide?: Array<[string, string]>;
  /** EPUB 3 `landmarks` in the navigation document as [epub:type, href]. */
  landmarks?: Array<[string, string]>;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A chapter document around the given body markup. */
export function xhtml(body: string, head = "", htmlAttributes = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"${htmlAttributes ? ` ${htmlAttributes}` : ""}>
<head><title>t</title>${head}</head>
<body>${body}</body>
</html>`;
}

export async function buildEpub(spec: EpubSpec): Promise<Buffer> {
  const manifest: string[] = [];
  const spine: string[] = [];
  const items: ZipItem[] = [
    { name: "mimetype", data: "application/epub+zip", compress: false },
    {
      name: "META-INF/container.xml",
      data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
  ];
  for (const [index, chapter] of spec.chapters.entries()) {
    const id = `c${index + 1}`;
    manifest.push(`<item id="${id}" href="${escapeXml(chapter.file)}" media-type="application/xhtml+xml"/>`);
    const properties = spec.spineItemProperties?.[chapter.file];
    spine.push(
      `<itemref idref="${id}"${chapter.linear === false ? ' linear="no"' : ""}${properties ? ` properties="${properties}"` : ""}/>`,
    );
    items.push({ name: `OEBPS/${chapter.file}`, data: chapter.html });
  }
  for (const [index, file] of (spec.files ?? []).entries()) {
    manifest.push(
      `<item id="${file.id ?? `f${index + 1}`}" href="${escapeXml(file.name)}" media-type="${file.mediaType}"${file.properties ? ` properties="${file.properties}"` : ""}/>`,
    );
    items.push({ name: `OEBPS/${file.name}`, data: file.data });
  }
  let coverMeta = "";
  if (spec.coverImage) {
    const epub2 = spec.coverImage.epub2 ?? false;
    manifest.push(
      `<item id="cover-img" href="${spec.coverImage.name}" media-type="${spec.coverImage.mediaType}"${epub2 ? "" : ' properties="cover-image"'}/>`,
    );
    if (epub2) coverMeta = '<meta name="cover" content="cover-img"/>';
    items.push({ name: `OEBPS/${spec.coverImage.name}`, data: spec.coverImage.data });
  }
  const toc =
    spec.toc ??
    spec.chapters.map((chapter, index) => [chapter.file, `Chapter ${index + 1}`] as [string, string]);
  if (spec.ncx) {
    const points = toc
      .map(
        ([href, label], index) =>
          `<navPoint id="n${index}" playOrder="${index + 1}"><navLabel><text>${escapeXml(label)}</text></navLabel><content src="${escapeXml(href)}"/></navPoint>`,
      )
      .join("");
    manifest.push('<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>');
    items.push({
      name: "OEBPS/toc.ncx",
      data: `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>${points}</navMap></ncx>`,
    });
  } else {
    const list = toc
      .map(([href, label]) => `<li><a href="${escapeXml(href)}">${escapeXml(label)}</a></li>`)
      .join("");
    manifest.push('<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>');
    const landmarks = (spec.landmarks ?? [])
      .map(([type, href]) => `<li><a epub:type="${type}" href="${escapeXml(href)}">${type}</a></li>`)
      .join("");
    items.push({
      name: "OEBPS/nav.xhtml",
      data: xhtml(
        `<nav epub:type="toc"><ol>${list}</ol></nav>${landmarks ? `<nav epub:type="landmarks"><ol>${landmarks}</ol></nav>` : ""}`,
      ),
    });
  }
  const metadata = [
    `<dc:title>${escapeXml(spec.title ?? "A Test Book")}</dc:title>`,
    ...(spec.creators ?? ["A. Writer"]).map((creator) => `<dc:creator>${escapeXml(creator)}</dc:creator>`),
    `<dc:language>${spec.language ?? "en"}</dc:language>`,
    `<dc:identifier id="uid">urn:test:${Math.random()}</dc:identifier>`,
    ...(spec.description !== undefined
      ? [`<dc:description>${escapeXml(spec.description)}</dc:description>`]
      : []),
    ...(spec.subjects ?? []).map((subject) => `<dc:subject>${escapeXml(subject)}</dc:subject>`),
    coverMeta,
    spec.extraMetadata ?? "",
  ].join("\n");
  items.push({
    name: "OEBPS/content.opf",
    data: `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${spec.ncx ? "2.0" : "3.0"}" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">${metadata}</metadata>
<manifest>${manifest.join("\n")}</manifest>
<spine${spec.ncx ? ' toc="ncx"' : ""}${spec.spineAttributes ? ` ${spec.spineAttributes}` : ""}>${spine.join("\n")}</spine>
${spec.guide ? `<guide>${spec.guide.map(([type, href]) => `<reference type="${type}" href="${escapeXml(href)}" title="${type}"/>`).join("")}</guide>` : ""}
</package>`,
  });
  return buildZip(items);
}

/** Runs ffmpeg to make small media for tests; throws with its stderr on failure. */
export function ffmpeg(args: string[]): void {
  const result = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}
