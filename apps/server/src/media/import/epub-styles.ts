// A book's own look, kept: the stylesheets and `<style>` blocks its documents use, cleaned and
// confined to the chapter (publisher-css.ts), with the fonts they name copied next to each
// episode, deobfuscated when the book obfuscated them (epub-fonts.ts). One stylesheet per
// episode, holding what its documents use in the order they use it.
import { createHash } from "node:crypto";
import { copyFile, link, writeFile } from "node:fs/promises";
import path from "node:path";
import { CHAPTER_ID_PREFIX } from "@litverse/shared/content";
import { BOOK_CLASS_PREFIX } from "./chapter-purifier.ts";
import type { ImportContext } from "./context.ts";
import { deobfuscateFont, fontFormat, type Obfuscation, readEncryption } from "./epub-fonts.ts";
import { resolveHref } from "./epub-href.ts";
import { MAX_XML_BYTES } from "./epub-limits.ts";
import type { EpubPackage } from "./epub-package.ts";
import { fontFaceFamilies, type PublisherCssOptions, sanitizePublisherCss } from "./publisher-css.ts";
import type { ChapterDocument } from "./sanitize-chapter.ts";
import { EPISODE_MEDIA_MARKER } from "./types.ts";
import type { SafeZip } from "./zip.ts";

/** The element the reader puts a chapter in: the book's `html` and `body` rules apply to it. */
export const PUBLISHER_SCOPE = ".lv-publisher";

const MAX_STYLESHEET_BYTES = 4 * 1024 * 1024;
const MAX_STYLESHEETS = 100;
const MAX_FONT_BYTES = 16 * 1024 * 1024;
const MAX_FONTS = 40;
/** Where the staging folder keeps each font once; the episodes' copies are links to these. */
const SHARED_FONTS = "book-fonts";

/** Where a stylesheet's relative URLs start from, and its text. */
export interface StyleSource {
  /** The archive path of the stylesheet, or of the document holding the `<style>` block. */
  base: string;
  css: string;
}

type CopyImage = (fromFile: string, src: string) => Promise<string | null>;

export class BookStyles {
  private readonly sheets = new Map<string, Promise<string | null>>();
  private readonly fonts = new Map<string, Promise<Buffer | null>>();
  private readonly encryption = new Map<string, Obfuscation | "encrypted">();
  private readonly skippedFonts = new Set<string>();
  /** Each font's one file in the staging folder, by its stored name. */
  private readonly originals = new Map<string, Promise<string>>();
  private families: ReadonlySet<string> = new Set();

  private readonly zip: SafeZip;
  private readonly pkg: EpubPackage;
  private readonly ctx: ImportContext;

  private constructor(zip: SafeZip, pkg: EpubPackage, ctx: ImportContext) {
    this.zip = zip;
    this.pkg = pkg;
    this.ctx = ctx;
  }

  static async open(zip: SafeZip, pkg: EpubPackage, ctx: ImportContext): Promise<BookStyles> {
    const styles = new BookStyles(zip, pkg, ctx);
    if (zip.has("META-INF/encryption.xml")) {
      try {
        for (const [name, method] of readEncryption(
          await zip.readText("META-INF/encryption.xml", MAX_XML_BYTES),
        ))
          styles.encryption.set(name, method);
      } catch (error) {
        if (error instanceof Error && error.name === "AbortError") throw error;
        ctx.warn(
          "The book's list of obfuscated fonts (encryption.xml) could not be read; its fonts may not show.",
        );
      }
    }
    return styles;
  }

  /** The stylesheets one document uses, in its order: linked sheets, then its `<style>` blocks. */
  async sourcesOf(docPath: string, doc: ChapterDocument): Promise<StyleSource[]> {
    const sources: StyleSource[] = [];
    for (const href of doc.linkedStyleSheets()) {
      const resolved = resolveHref(docPath, href);
      if (!resolved || !("path" in resolved)) continue;
      const css = await this.sheet(resolved.path);
      if (css !== null) sources.push({ base: resolved.path, css });
    }
    for (const css of doc.styleSheets().inline) sources.push({ base: docPath, css });
    return sources;
  }

  /** Called once with every document's sources before any episode is written. */
  learnFamilies(sources: StyleSource[]): void {
    const families = new Set(this.families);
    for (const source of sources) for (const family of fontFaceFamilies(source.css)) families.add(family);
    this.families = families;
  }

  get bookFamilies(): ReadonlySet<string> {
    return this.families;
  }

  /**
   * Writes `<dir>/styles.css` from the sources (each once, in order) and the fonts it names
   * under `<dir>/fonts/`; returns the stylesheet's file name, or null when nothing is left.
   */
  async writeFor(
    dir: string,
    sources: StyleSource[],
    copyImage: CopyImage,
    { fixed }: { fixed: boolean },
  ): Promise<string | null> {
    const seen = new Set<string>();
    const written = new Map<string, string>();
    const parts: string[] = [];
    for (const source of sources) {
      const key = `${source.base}\n${source.css}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const css = await sanitizePublisherCss(
        source.css,
        this.options(dir, source.base, copyImage, written, 0),
      );
      if (css.trim()) parts.push(fixed ? pageUnits(css) : css);
    }
    if (parts.length === 0) return null;
    await writeFile(this.ctx.outPath(path.posix.join(dir, "styles.css")), parts.join("\n"));
    return "styles.css";
  }

  reportWarnings(): void {
    if (this.skippedFonts.size > 0) {
      const count = this.skippedFonts.size;
      this.ctx.warn(
        `${count} font${count === 1 ? "" : "s"} of the book could not be used (missing, protected or not a font); the reader's fonts stand in.`,
      );
    }
  }

  private options(
    dir: string,
    base: string,
    copyImage: CopyImage,
    written: Map<string, string>,
    depth: number,
  ): PublisherCssOptions {
    return {
      scope: PUBLISHER_SCOPE,
      classPrefix: BOOK_CLASS_PREFIX,
      idPrefix: CHAPTER_ID_PREFIX,
      bookFamilies: this.families,
      resolveUrl: async (url, use) => {
        // A drawing's own parts (`fill: url(#star)`), under the ids the reader gives them.
        if (url.trim().startsWith("#")) return `#${CHAPTER_ID_PREFIX}${url.trim().slice(1)}`;
        if (use === "image") return url.trim().startsWith("data:") ? null : copyImage(base, url);
        return this.copyFont(dir, base, url, written);
      },
      readImport: async (url) => {
        const resolved = resolveHref(base, url);
        if (depth >= 4 || !resolved || !("path" in resolved)) return null;
        const css = await this.sheet(resolved.path);
        if (css === null) return null;
        const options = this.options(dir, resolved.path, copyImage, written, depth + 1);
        return { css, resolveUrl: options.resolveUrl, readImport: options.readImport };
      },
    };
  }

  private sheet(name: string): Promise<string | null> {
    let sheet = this.sheets.get(name);
    if (!sheet) {
      sheet = this.readSheet(name);
      this.sheets.set(name, sheet);
    }
    return sheet;
  }

  private async readSheet(name: string): Promise<string | null> {
    if (this.sheets.size > MAX_STYLESHEETS || !this.zip.has(name)) return null;
    try {
      return await this.zip.readText(name, MAX_STYLESHEET_BYTES);
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") throw error;
      return null;
    }
  }

  /** A font copied into the episode once, under a name made from its content. */
  private async copyFont(
    dir: string,
    base: string,
    url: string,
    written: Map<string, string>,
  ): Promise<string | null> {
    const key = url.trim().startsWith("data:") ? url.trim() : resolvedPath(base, url);
    if (!key) return null;
    const known = written.get(key);
    if (known) return known;
    const bytes = await this.font(key);
    if (!bytes) return null;
    const format = fontFormat(bytes);
    const extension =
      format === "woff2" ? "woff2" : format === "woff" ? "woff" : format === "opentype" ? "otf" : "ttf";
    const name = `${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.${extension}`;
    await this.ctx.makeDir(path.posix.join(dir, "fonts"));
    await this.place(name, bytes, path.posix.join(dir, "fonts", name));
    const stored = `${EPISODE_MEDIA_MARKER}fonts/${name}`;
    written.set(key, stored);
    return stored;
  }

  /**
   * Every episode has its own copy of a font (its files are served only through its own signed
   * address), but on disk it is one file: written once, then hard-linked into each episode.
   */
  private async place(name: string, bytes: Buffer, relative: string): Promise<void> {
    let original = this.originals.get(name);
    if (!original) {
      original = (async () => {
        await this.ctx.makeDir(SHARED_FONTS);
        const file = this.ctx.outPath(path.posix.join(SHARED_FONTS, name));
        await writeFile(file, bytes);
        return file;
      })();
      this.originals.set(name, original);
    }
    const target = this.ctx.outPath(relative);
    try {
      await link(await original, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
      await copyFile(await original, target);
    }
  }

  private font(key: string): Promise<Buffer | null> {
    let font = this.fonts.get(key);
    if (!font) {
      font = this.readFont(key);
      this.fonts.set(key, font);
    }
    return font;
  }

  private async readFont(key: string): Promise<Buffer | null> {
    if (this.fonts.size > MAX_FONTS) return this.skip(key);
    let bytes: Buffer;
    if (key.startsWith("data:")) {
      const match = /^data:[^,]*;base64,(.*)$/is.exec(key);
      if (!match) return this.skip("an embedded font");
      bytes = Buffer.from(match[1] ?? "", "base64");
    } else {
      const entry = this.zip.resolveName(key);
      if (!entry) return this.skip(key);
      try {
        bytes = await this.zip.read(entry, MAX_FONT_BYTES);
      } catch (error) {
        if (error instanceof Error && error.name === "AbortError") throw error;
        return this.skip(key);
      }
      const method = this.encryption.get(entry) ?? this.encryption.get(key);
      if (method === "encrypted") return this.skip(key);
      if (method) {
        try {
          bytes = deobfuscateFont(bytes, method, this.pkg.uniqueIdentifier ?? "");
        } catch {
          return this.skip(key);
        }
      }
    }
    return fontFormat(bytes) ? bytes : this.skip(key);
  }

  private skip(name: string): null {
    this.skippedFonts.add(name);
    return null;
  }
}

/**
 * A fixed-layout page's viewport is its page box, not the reader's window: `50vw` there is half
 * the page's width, which container units say once the page box is a size container.
 */
function pageUnits(css: string): string {
  return css.replace(/(\d*\.?\d+)(vw|vh|vmin|vmax)\b/gi, (_, number: string, unit: string) => {
    const container = { vw: "cqw", vh: "cqh", vmin: "cqmin", vmax: "cqmax" }[unit.toLowerCase()] ?? unit;
    return `${number}${container}`;
  });
}

function resolvedPath(base: string, url: string): string | null {
  const resolved = resolveHref(base, url);
  return resolved && "path" in resolved ? resolved.path : null;
}
