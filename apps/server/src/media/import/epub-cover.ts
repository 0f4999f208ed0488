// The cover an EPUB's package names, saved as the title's cover.
import { writeCover } from "./comic.ts";
import type { ImportContext } from "./context.ts";
import { MAX_IMAGE_BYTES } from "./epub-limits.ts";
import type { EpubPackage } from "./epub-package.ts";
import type { SafeZip } from "./zip.ts";

export async function writePackageCover(
  zip: SafeZip,
  pkg: EpubPackage,
  ctx: ImportContext,
): Promise<string | null> {
  if (!pkg.cover) return null;
  if (!zip.has(pkg.cover.path)) {
    ctx.warn("The cover named by the book is missing from the file.");
    return null;
  }
  return writeCover(ctx, await zip.read(pkg.cover.path, MAX_IMAGE_BYTES), null);
}
