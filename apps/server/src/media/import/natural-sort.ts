const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** "page2" before "page10", case ignored; ties broken by the exact text so the order is stable. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

export function naturalSortBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => naturalCompare(key(a), key(b)));
}

/** A file name without folders and extension ("comics/Vol 1.cbz" → "Vol 1"). */
export function baseName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? name;
  const dot = last.lastIndexOf(".");
  return dot > 0 ? last.slice(0, dot) : last;
}

export function extensionOf(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? name;
  const dot = last.lastIndexOf(".");
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : "";
}

/**
 * A title made from a file name: separators become spaces and an episode number at the end goes
 * ("drama-ep1" → "Drama", "the_long_road_part_2" → "The long road").
 */
export function titleFromFileName(name: string): string {
  let text = baseName(name).replace(/[_.]+/g, " ").replace(/\s+/g, " ").trim();
  const slug = !text.includes(" ");
  const withoutEpisode = text
    .replace(/[\s-]*(?:episode|ep|e|part|pt|chapter|ch|issue|vol|volume|disc|cd|track)[\s.-]*\d+$/i, "")
    .replace(/[\s-]+\d+$/, "")
    .trim();
  if (withoutEpisode) text = withoutEpisode;
  // Slugs ("the-long-road") use hyphens as spaces; names with spaces keep theirs ("Spider-Man 2").
  if (slug) text = text.replace(/-+/g, " ").trim();
  if (!text) return "Untitled";
  return text.charAt(0).toLocaleUpperCase("en") + text.slice(1);
}
