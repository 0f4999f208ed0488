// The pictures an EPUB's chapters use, checked and copied next to each episode.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { ImportContext } from "./context.ts";
import { resolveHref } from "./epub-href.ts";
import { MAX_IMAGE_BYTES } from "./epub-limits.ts";
import { checkImage, webImage } from "./images.ts";
import { formatMegapixels } from "./limits.ts";
import { safeFileName, uniqueName } from "./stored-names.ts";
import { EPISODE_MEDIA_MARKER } from "./types.ts";
import type { SafeZip } from "./zip.ts";

type PreparedImage = { ok: true; extension: string; buffer: Buffer | null } | { ok: false };

const CACHE_IMAGE_BYTES = 4 * 1024 * 1024;
const CACHE_TOTAL_BYTES = 128 * 1024 * 1024;

/**
 * Copies the pictures chapters use into `<episodeDir>/images/`, checked once per archive entry.
 * Problems are counted and reported as one warning each.
 */
export class ImageCopier {
  private readonly prepared = new Map<string, Promise<PreparedImage>>();
  private cachedBytes = 0;
  private readonly missing = new Set<string>();
  private readonly unreadable = new Set<string>();
  private readonly tooLarge = new Set<string>();
  private readonly remote = new Set<string>();
  private readonly zip: SafeZip;
  private readonly ctx: ImportContext;
  /** A picture browsers cannot show → the one the book names in its place. */
  private readonly fallbacks: ReadonlyMap<string, string>;

  constructor(zip: SafeZip, ctx: ImportContext, fallbacks: ReadonlyMap<string, string> = new Map()) {
    this.zip = zip;
    this.ctx = ctx;
    this.fallbacks = fallbacks;
  }

  forEpisode(dir: string) {
    const names = new Map<string, string | null>();
    const used = new Set<string>();
    return {
      files: () =>
        [...names.values()].filter((name): name is string => name !== null).map((name) => `images/${name}`),
      copy: async (fromDoc: string, src: string): Promise<string | null> => {
        const resolved = isDataUrl(src) ? { path: src.trim() } : resolveHref(fromDoc, src);
        if (!resolved || "external" in resolved) {
          this.remote.add(src);
          return null;
        }
        const entryName = isDataUrl(resolved.path)
          ? resolved.path
          : this.zip.resolveName(this.fallbacks.get(resolved.path) ?? resolved.path);
        if (!entryName) {
          this.missing.add(resolved.path);
          return null;
        }
        if (names.has(entryName)) {
          const known = names.get(entryName);
          return known ? `${EPISODE_MEDIA_MARKER}images/${known}` : null;
        }
        const stored = await this.store(entryName, dir, used);
        names.set(entryName, stored);
        return stored ? `${EPISODE_MEDIA_MARKER}images/${stored}` : null;
      },
    };
  }

  private async store(entryName: string, dir: string, used: Set<string>): Promise<string | null> {
    let prepared = this.prepared.get(entryName);
    if (!prepared) {
      prepared = this.prepare(entryName);
      this.prepared.set(entryName, prepared);
    }
    const image = await prepared;
    if (!image.ok) return null;
    const name = uniqueName(
      safeFileName(isDataUrl(entryName) ? "embedded" : entryName, image.extension, "image"),
      used,
    );
    await this.ctx.makeDir(path.posix.join(dir, "images"));
    const bytes = image.buffer ?? (await this.convert(entryName))?.buffer;
    if (!bytes) return null;
    await writeFile(this.ctx.outPath(path.posix.join(dir, "images", name)), bytes, { flag: "wx" });
    return name;
  }

  /** Checked once per picture; small ones are kept in memory for chapters that use them again. */
  private async prepare(entryName: string): Promise<PreparedImage> {
    const converted = await this.convert(entryName);
    if (!converted) return { ok: false };
    const keep = converted.buffer.length <= CACHE_IMAGE_BYTES && this.cachedBytes < CACHE_TOTAL_BYTES;
    if (keep) this.cachedBytes += converted.buffer.length;
    return { ok: true, extension: converted.extension, buffer: keep ? converted.buffer : null };
  }

  private async convert(entryName: string): Promise<{ buffer: Buffer; extension: string } | null> {
    const buffer = isDataUrl(entryName)
      ? dataUrlBytes(entryName)
      : await this.zip.read(entryName, MAX_IMAGE_BYTES);
    if (!buffer) {
      this.unreadable.add(entryName);
      return null;
    }
    const check = await checkImage(buffer, this.ctx.limits.maxImagePixels);
    if (!check.ok) {
      (check.reason === "too-large" ? this.tooLarge : this.unreadable).add(entryName);
      return null;
    }
    try {
      return await webImage(buffer, check.info, this.ctx.limits.maxImagePixels);
    } catch {
      this.unreadable.add(entryName);
      return null;
    }
  }

  reportWarnings(): void {
    const missing = this.missing.size;
    const unreadable = this.unreadable.size;
    const tooLarge = this.tooLarge.size;
    const remote = this.remote.size;
    const plural = (count: number) => (count === 1 ? "picture" : "pictures");
    if (missing)
      this.ctx.warn(
        `${missing} ${plural(missing)} missing from the book ${missing === 1 ? "was" : "were"} left out.`,
      );
    if (unreadable) {
      this.ctx.warn(
        `${unreadable} ${plural(unreadable)} that could not be read ${unreadable === 1 ? "was" : "were"} left out.`,
      );
    }
    if (tooLarge) {
      this.ctx.warn(
        `${tooLarge} ${plural(tooLarge)} larger than ${formatMegapixels(this.ctx.limits.maxImagePixels)} ${tooLarge === 1 ? "was" : "were"} left out.`,
      );
    }
    if (remote) {
      this.ctx.warn(
        `${remote} ${plural(remote)} loading from other websites ${remote === 1 ? "was" : "were"} removed.`,
      );
    }
  }
}

/** A picture written into the document itself (`data:image/png;base64,…`): no file, no request. */
function isDataUrl(src: string): boolean {
  return /^\s*data:image\//i.test(src);
}

/** The bytes of a data URL, base64 or percent-encoded; null when malformed or over the size cap. */
function dataUrlBytes(url: string): Buffer | null {
  const match = /^\s*data:([^,]*),(.*)$/is.exec(url);
  if (!match) return null;
  const [, header = "", body = ""] = match;
  let bytes: Buffer;
  try {
    bytes = /;base64$/i.test(header.trim())
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : Buffer.from(decodeURIComponent(body), "utf8");
  } catch {
    return null;
  }
  return bytes.length > 0 && bytes.length <= MAX_IMAGE_BYTES ? bytes : null;
}
