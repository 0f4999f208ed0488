// Resized copies of stored images (`?w=320&f=webp`), made on first request and kept in the store's
// variants (on disk or in the bucket, beside the media), keyed by the source's key, size and
// modification time, so that a replaced image never gets an old variant. Widths come from a short
// list so that the cache stays small and cannot be filled by asking for every width.
import type { Sharp } from "sharp";
import { checkMediaKey, type MediaStorage } from "./storage.ts";

export const VARIANT_WIDTHS = [160, 240, 320, 480, 640, 960, 1280, 1920] as const;
export const VARIANT_FORMATS = ["webp", "avif", "jpeg"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export interface VariantSpec {
  width: number;
  format: VariantFormat;
}

/** File extension and Content-Type of each output format. */
export const VARIANT_OUTPUT: Record<VariantFormat, { extension: string; contentType: string }> = {
  webp: { extension: "webp", contentType: "image/webp" },
  avif: { extension: "avif", contentType: "image/avif" },
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
};

/** Larger images are refused before decoding: a small file can claim enormous dimensions. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** The request asked for a variant it cannot have (unknown width or format). */
export class VariantRequestError extends Error {
  override name = "VariantRequestError";
}

/** The source could not be turned into the variant (not a decodable image, too large, …). */
export class ImageConversionError extends Error {
  override name = "ImageConversionError";
}

/**
 * Reads `w` and `f` from a query. Null when neither is given (the original is wanted); both are
 * needed otherwise, so that every variant has exactly one name.
 */
export function parseVariantQuery(query: Record<string, unknown>): VariantSpec | null {
  const { w, f } = query;
  if (w === undefined && f === undefined) return null;
  if (typeof w !== "string" || typeof f !== "string") {
    throw new VariantRequestError("Ask for an image variant with both w (width) and f (format).");
  }
  // One spelling per width ("0320" is refused), so that caches in front see one URL per variant.
  const width = /^[1-9]\d{0,4}$/.test(w) ? Number(w) : Number.NaN;
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) {
    throw new VariantRequestError(`Unsupported width ${w}: use one of ${VARIANT_WIDTHS.join(", ")}.`);
  }
  if (!(VARIANT_FORMATS as readonly string[]).includes(f)) {
    throw new VariantRequestError(`Unsupported format ${f}: use one of ${VARIANT_FORMATS.join(", ")}.`);
  }
  return { width, format: f as VariantFormat };
}

/** The key, in the store's variants, of the variant of the file stored at `key` as it is now (size and mtime). */
export function variantKey(key: string, source: { size: number; mtime: Date }, spec: VariantSpec): string {
  const version = `${source.size}-${source.mtime.getTime()}`;
  const name = `w${spec.width}.${VARIANT_OUTPUT[spec.format].extension}`;
  return [...checkMediaKey(key), version, name].join("/");
}

export interface ImageVariantsOptions {
  /** Conversions running at once; more wait their turn (each one holds a libuv thread). */
  maxConcurrent?: number;
}

type SharpModule = typeof import("sharp").default;
let sharpModule: Promise<SharpModule> | undefined;

/** sharp is loaded on first use: the command line and benchmarks never resize anything. */
function loadSharp(): Promise<SharpModule> {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    // One libvips thread per image: several requests convert side by side instead of one
    // conversion taking every core from the server.
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

export class ImageVariants {
  /** Conversions made by this instance (tests check that concurrent requests share one). */
  generated = 0;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #maxConcurrent: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(options: ImageVariantsOptions = {}) {
    this.#maxConcurrent = options.maxConcurrent ?? 2;
  }

  /**
   * The key, in `storage.variants`, of the variant of the image stored at `key`, made now unless
   * it is there already. Requests for the same variant while it is being made share that one
   * conversion.
   */
  async get(
    storage: MediaStorage,
    key: string,
    source: { size: number; mtime: Date },
    spec: VariantSpec,
  ): Promise<string> {
    const variants = storage.variants;
    if (!variants) throw new Error("this store keeps no variants");
    const target = variantKey(key, source, spec);
    if (await isFile(variants, target)) return target;
    let making = this.#inFlight.get(target);
    if (!making) {
      making = this.#make(storage, variants, key, target, spec).finally(() => this.#inFlight.delete(target));
      this.#inFlight.set(target, making);
    }
    await making;
    return target;
  }

  async #make(
    storage: MediaStorage,
    variants: MediaStorage,
    key: string,
    target: string,
    spec: VariantSpec,
  ): Promise<void> {
    await this.#acquire();
    try {
      // Another process (or a request that just finished) may have made it meanwhile.
      if (await isFile(variants, target)) return;
      const sharp = await loadSharp();
      let output: Buffer;
      try {
        const pipeline = sharp(await storage.read(key), {
          limitInputPixels: MAX_INPUT_PIXELS,
          autoOrient: true,
        })
          // Never upscale: a larger width than the original gives the original size.
          .resize({ width: spec.width, withoutEnlargement: true });
        output = await encode(pipeline, spec.format).toBuffer();
      } catch (error) {
        throw new ImageConversionError(conversionMessage(error), { cause: error });
      }
      // Written whole (renamed into place on disk, one PUT in a bucket): a reader sees all or nothing.
      await variants.writeFile(target, output);
      this.generated++;
    } finally {
      this.#release();
    }
  }

  async #acquire(): Promise<void> {
    if (this.#running < this.#maxConcurrent) {
      this.#running++;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the next waiter, so the count stays as it is.
    if (next) next();
    else this.#running--;
  }
}

function encode(pipeline: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case "webp":
      return pipeline.webp({ quality: 80 });
    case "avif":
      return pipeline.avif({ quality: 50 });
    case "jpeg":
      // JPEG has no transparency: transparent areas become white rather than black.
      return pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true });
  }
}

function conversionMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : "";
  if (/pixel limit/i.test(text)) return "This image is too large to resize.";
  return "This image could not be converted.";
}

async function isFile(store: MediaStorage, key: string): Promise<boolean> {
  const info = await store.stat(key);
  return info !== null && !info.isDirectory;
}
