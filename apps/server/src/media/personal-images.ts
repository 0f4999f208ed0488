// Pictures people send of themselves or to each other (avatars, images in messages): one uploaded
// file, checked to be a real image of sensible size, re-encoded as WebP. Re-encoding drops what
// the file carried besides its pixels (EXIF with places and devices, trailing data) and applies
// the camera's orientation first.
import sharp from "sharp";
import { AppError } from "../core/errors.ts";
import type { ServiceDeps } from "../core/service-deps.ts";

/** Larger images are refused: decoding them costs memory out of proportion to any photo. */
export const MAX_PERSONAL_IMAGE_PIXELS = 40_000_000;

export interface Reencoded {
  data: Buffer;
  width: number;
  height: number;
}

export interface ReencodeOptions {
  /** A square to keep, in the picture's own pixels after orientation. */
  crop?: { x: number; y: number; size: number };
  /** The output's longest side at most (a crop becomes exactly this square). */
  maxEdge: number;
  quality?: number;
  /** WebP unless said otherwise; JPEG for mail, which not every client shows WebP in. */
  format?: "webp" | "jpeg";
}

/**
 * Reads `userId`'s upload (one file), re-encodes it and removes the upload, whatever happens.
 * BAD_REQUEST for anything that is not a readable image within the limits.
 */
export async function reencodeUploadedImage(
  deps: ServiceDeps,
  userId: string,
  uploadId: string,
  options: ReencodeOptions,
): Promise<Reencoded> {
  const upload = await deps.media.uploads.open(uploadId, userId);
  try {
    const [file] = upload.files;
    if (!file || upload.files.length !== 1) throw new AppError("BAD_REQUEST", "Send exactly one image.");
    const source = () => sharp(file.path, { limitInputPixels: MAX_PERSONAL_IMAGE_PIXELS, autoOrient: true });
    let width: number;
    let height: number;
    try {
      const metadata = await source().metadata();
      // autoOrient reports the size as shown.
      width = metadata.autoOrient?.width ?? metadata.width ?? 0;
      height = metadata.autoOrient?.height ?? metadata.height ?? 0;
      if (!width || !height) throw new Error("no size");
    } catch {
      throw new AppError(
        "BAD_REQUEST",
        "That file is not a picture we can read (JPEG, PNG, WebP, AVIF or GIF), or it is over 40 megapixels.",
      );
    }
    let pipeline = source();
    if (options.crop) {
      const { x, y, size } = options.crop;
      if (x + size > width || y + size > height) {
        throw new AppError("BAD_REQUEST", "The chosen square goes past the edge of the picture.");
      }
      pipeline = pipeline
        .extract({ left: x, top: y, width: size, height: size })
        .resize(options.maxEdge, options.maxEdge, { fit: "cover" });
    } else {
      pipeline = pipeline.resize(options.maxEdge, options.maxEdge, {
        fit: "inside",
        withoutEnlargement: true,
      });
    }
    try {
      const encoded =
        options.format === "jpeg"
          ? pipeline
              .flatten({ background: "#ffffff" })
              .jpeg({ quality: options.quality ?? 82, mozjpeg: true })
          : pipeline.webp({ quality: options.quality ?? 82 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch {
      throw new AppError("BAD_REQUEST", "That picture could not be read to the end.");
    }
  } finally {
    await deps.media.uploads.remove(uploadId);
  }
}
