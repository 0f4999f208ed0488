// EPUB 2/3 → book (or comic, for fixed-layout EPUBs whose pages are pictures). Episodes follow the
// table of contents; each is the sanitised body of its spine documents, with the pictures they use
// copied next to it and links rewritten to point at episodes.

import type { ImportContext } from "./context.ts";
import { importAsBook } from "./epub-book.ts";
import { importAsComic } from "./epub-comic.ts";
import { readPackage } from "./epub-package.ts";
import { quoted } from "./input-names.ts";
import { titleFromFileName } from "./natural-sort.ts";
import type { ImportedTitle, ImportInput } from "./types.ts";
import { SafeZip } from "./zip.ts";

const KNOWN_GENRES = new Set(
  [
    "action",
    "adventure",
    "biography",
    "children's fiction",
    "classics",
    "comedy",
    "crime",
    "drama",
    "dystopian",
    "fantasy",
    "fiction",
    "historical fiction",
    "horror",
    "humor",
    "humour",
    "literary fiction",
    "memoir",
    "mystery",
    "non-fiction",
    "nonfiction",
    "paranormal",
    "poetry",
    "romance",
    "science fiction",
    "short stories",
    "thriller",
    "western",
    "young adult",
  ].map((genre) => genre.toLowerCase()),
);

export async function importEpub(
  input: ImportInput,
  ctx: ImportContext,
  as: "book" | "comic",
): Promise<ImportedTitle> {
  const label = quoted(input);
  const zip = await SafeZip.open(input.path, label, ctx.limits, ctx.signal);
  try {
    const pkg = await readPackage(zip, label);
    const common = {
      title: pkg.title ?? titleFromFileName(input.name),
      author: pkg.creators.length > 0 ? pkg.creators.join(", ") : "Unknown",
      description: pkg.description,
      language: pkg.language,
      genres: pkg.subjects.filter((subject) => KNOWN_GENRES.has(subject.toLowerCase())),
      tags: pkg.subjects.filter((subject) => !KNOWN_GENRES.has(subject.toLowerCase())),
      readingDirection: pkg.rightToLeft ? ("rtl" as const) : ("ltr" as const),
    };
    if (as === "comic") return { ...common, ...(await importAsComic(zip, pkg, label, ctx)) };
    return { ...common, ...(await importAsBook(zip, pkg, label, ctx)) };
  } finally {
    zip.close();
  }
}
