// A title's cover from an uploaded image: checked to be a real image of sensible size, kept in
// its format when browsers show it, converted to JPEG otherwise, stored under a hashed name.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { noteChange } from "../../core/audit.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { content } from "../content/schema.ts";
import { CATALOGUE_TOPIC, CONTENT_ADMIN_TOPIC, contentTopic } from "../content/topics.ts";
import { storeCover } from "./imports/commit-import.ts";

const MAX_COVER_PIXELS = 50_000_000;
/** Formats browsers show, kept as they are (re-encoded); anything else becomes JPEG. */
const KEPT_FORMATS = { jpeg: ".jpg", png: ".png", webp: ".webp", avif: ".avif" } as const;
type KeptFormat = keyof typeof KEPT_FORMATS;
const isKept = (format: string | undefined): format is KeptFormat =>
  Boolean(format && format in KEPT_FORMATS);

export async function setCover(
  deps: ServiceDeps,
  user: SessionUser,
  contentId: string,
  uploadId: string,
): Promise<{ coverImage: string }> {
  const upload = await deps.media.uploads.open(uploadId, user.id);
  try {
    const [row] = await deps.db.select().from(content).where(eq(content.id, contentId));
    if (!row) throw new AppError("NOT_FOUND", "No such title.");
    const [file] = upload.files;
    if (!file || upload.files.length !== 1) throw new AppError("BAD_REQUEST", "Send exactly one image.");

    let format: string | undefined;
    try {
      const metadata = await sharp(file.path, { limitInputPixels: MAX_COVER_PIXELS }).metadata();
      format = metadata.format;
    } catch {
      throw new AppError(
        "BAD_REQUEST",
        "That file is not an image we can read, or it is over 50 megapixels.",
      );
    }
    const target: KeptFormat = isKept(format) ? format : "jpeg";
    const source = `${file.path}${KEPT_FORMATS[target]}`;
    // Re-encoding also drops whatever the file carried besides pixels (metadata, trailing data).
    await sharp(file.path, { limitInputPixels: MAX_COVER_PIXELS })
      .rotate()
      .toFormat(target, { quality: 88 })
      .toFile(source);

    const coverImage = await storeCover(deps, contentId, source);
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const [before] = await tx
        .select({ coverImage: content.coverImage })
        .from(content)
        .where(eq(content.id, contentId))
        .for("update");
      await tx.update(content).set({ coverImage }).where(eq(content.id, contentId));
      deps.changes.changed(contentTopic(contentId), CATALOGUE_TOPIC, CONTENT_ADMIN_TOPIC);
      if (before) noteChange({ objectType: "content", objectId: contentId, before, after: { coverImage } });
    });
    // The previous cover's file, now unused.
    if (row.coverImage?.startsWith(`/media/covers/${contentId}/`) && row.coverImage !== coverImage) {
      await deps.media.storage.remove(row.coverImage.slice("/media/".length));
    }
    return { coverImage };
  } finally {
    await deps.media.uploads.remove(uploadId);
  }
}
