// Images from uploads are checked with sharp before they are kept: a real image, of a format
// browsers show, within the pixel cap. SVG is never kept as it is (it can carry script): it is
// drawn to PNG.
import sharp, { type Metadata } from "sharp";

/** The longest side a drawing is drawn at when its own size is larger. */
const MAX_DRAWN_SIDE = 4096;

/** Formats kept byte for byte, with the extension they are stored under. */
const WEB_FORMATS = { jpeg: "jpg", png: "png", webp: "webp", gif: "gif", avif: "avif" } as const;
export type WebFormat = keyof typeof WEB_FORMATS;

export interface ImageInfo {
  /** sharp's format name, "avif" for AV1-coded HEIF. */
  format: string;
  /** Displayed size (EXIF orientation applied). */
  width: number;
  height: number;
  pixels: number;
}

export type ImageCheck =
  | { ok: true; info: ImageInfo }
  | { ok: false; reason: "not-an-image" }
  | { ok: false; reason: "too-large"; info: ImageInfo };

/** Reads only the image header: cheap, and enough to refuse what is too large to decode. */
export async function checkImage(buffer: Buffer, maxPixels: number): Promise<ImageCheck> {
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "not-an-image" };
  }
  if (!metadata.width || !metadata.height) return { ok: false, reason: "not-an-image" };
  const format =
    metadata.format === "heif" && (metadata.compression === "av1" || metadata.compression === undefined)
      ? "avif"
      : metadata.format;
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  const info: ImageInfo = { format, width, height, pixels: metadata.width * metadata.height };
  // A drawing has no pixels of its own: one declared huge (a viewBox in tens of thousands of
  // units) is drawn smaller (webImage), not refused.
  if (info.pixels > maxPixels && format !== "svg") return { ok: false, reason: "too-large", info };
  return { ok: true, info };
}

export function isWebFormat(format: string): format is WebFormat {
  return Object.hasOwn(WEB_FORMATS, format);
}

export function extensionFor(format: WebFormat): string {
  return WEB_FORMATS[format];
}

/**
 * An image as it may be served: web formats unchanged, anything else (SVG, TIFF, BMP, HEIC…)
 * drawn to PNG.
 */
export async function webImage(
  buffer: Buffer,
  info: ImageInfo,
  maxPixels: number,
): Promise<{ buffer: Buffer; extension: string; width: number; height: number }> {
  if (isWebFormat(info.format)) {
    return { buffer, extension: extensionFor(info.format), width: info.width, height: info.height };
  }
  // sharp draws SVG at 72 dpi; a lower density draws an oversized drawing within the caps.
  const shrink = Math.min(
    1,
    Math.sqrt(maxPixels / info.pixels),
    MAX_DRAWN_SIDE / Math.max(info.width, info.height),
  );
  const density = info.format === "svg" && shrink < 1 ? Math.max(1, 72 * shrink) : undefined;
  const output = await sharp(buffer, { limitInputPixels: maxPixels, ...(density ? { density } : {}) })
    .autoOrient()
    .png()
    .toBuffer({ resolveWithObject: true });
  return { buffer: output.data, extension: "png", width: output.info.width, height: output.info.height };
}

/** A cover as stored: JPEG, PNG and WebP unchanged, anything else converted to JPEG. */
export async function coverImage(
  buffer: Buffer,
  info: ImageInfo,
  maxPixels: number,
): Promise<{ buffer: Buffer; extension: string }> {
  if (info.format === "jpeg" || info.format === "png" || info.format === "webp") {
    return { buffer, extension: extensionFor(info.format) };
  }
  const output = await sharp(buffer, { limitInputPixels: maxPixels })
    .autoOrient()
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { buffer: output, extension: "jpg" };
}
