// Search within a book: every chapter the reader may open, matched case-insensitively against the
// chapter's text as a browser reads it (the HTML's text content), so that the reader can find
// "the third match in chapter 12" in the page it shows. Chapter texts are kept in memory for a
// while: a reader refining a search reads the same chapters again and again.
import type { BookSearchHit, BookSearchResult } from "@litverse/shared/content";
import { load } from "cheerio";
import { and, asc, eq, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { loadEntitlements } from "./entitlements.ts";
import { episodeLock } from "./episode-access.ts";
import { episodeMediaKey, type StoredEpisodePayload } from "./episode-payload.ts";
import { episodes } from "./schema.ts";
import { isAdminViewer, releasedEpisode, visibleTitle } from "./title-visibility.ts";

/** Results returned; `total` still counts every match. */
export const MAX_SEARCH_RESULTS = 200;
/** Characters of context on each side of a match. */
const SNIPPET_CHARS = 50;
/** Chapter texts kept, by total length (about 4 MB of text: a few long books). */
const CACHE_CHARS = 4_000_000;

const chapterTexts = new Map<string, string>();
let cachedChars = 0;

/** The chapter's text content; cached by episode id and the time it last changed. */
async function chapterText(deps: ServiceDeps, episodeId: string, version: number, file: string) {
  const key = `${episodeId}:${version}`;
  const cached = chapterTexts.get(key);
  if (cached !== undefined) {
    // Most recently used last, so the oldest is evicted first.
    chapterTexts.delete(key);
    chapterTexts.set(key, cached);
    return cached;
  }
  const html = (await deps.media.storage.read(episodeMediaKey(episodeId, file))).toString("utf8");
  const text = load(html, null, false).root().text();
  chapterTexts.set(key, text);
  cachedChars += text.length;
  for (const [oldKey, oldText] of chapterTexts) {
    if (cachedChars <= CACHE_CHARS) break;
    chapterTexts.delete(oldKey);
    cachedChars -= oldText.length;
  }
  return text;
}

/** Collapses runs of white space, as a snippet reads on one line. */
const oneLine = (text: string) => text.replace(/\s+/g, " ");

export function findMatches(text: string, query: string): Array<Omit<BookSearchHit, "number" | "title">> {
  const haystack = text.toLowerCase();
  const needle = query.toLowerCase();
  const hits: Array<Omit<BookSearchHit, "number" | "title">> = [];
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at === -1) break;
    const before = oneLine(text.slice(Math.max(0, at - SNIPPET_CHARS), at)).trimStart();
    const after = oneLine(text.slice(at + needle.length, at + needle.length + SNIPPET_CHARS)).trimEnd();
    hits.push({ before, match: text.slice(at, at + needle.length), after, occurrence: hits.length });
    from = at + needle.length;
  }
  return hits;
}

export async function searchBook(
  deps: ServiceDeps,
  viewer: Viewer,
  contentId: string,
  query: string,
): Promise<BookSearchResult> {
  const title = await visibleTitle(deps.db, viewer, contentId);
  if (title.contentType !== "book") throw new AppError("BAD_REQUEST", "Only books can be searched.");
  const rows = await deps.db
    .select({
      id: episodes.id,
      number: episodes.number,
      title: episodes.title,
      priceCoins: episodes.priceCoins,
      payload: episodes.payload,
      updatedAt: episodes.updatedAt,
    })
    .from(episodes)
    .where(and(eq(episodes.contentId, contentId), isAdminViewer(viewer) ? sql`true` : releasedEpisode))
    .orderBy(asc(episodes.number));
  const entitlements = await loadEntitlements(deps, viewer.id, contentId);

  const results: BookSearchHit[] = [];
  let total = 0;
  for (const episode of rows) {
    const stored = episode.payload as StoredEpisodePayload | null;
    if (stored?.kind !== "book" || episodeLock(viewer, title, episode, entitlements)) continue;
    const text = await chapterText(deps, episode.id, episode.updatedAt.getTime(), stored.file);
    const hits = findMatches(text, query);
    total += hits.length;
    for (const hit of hits) {
      if (results.length >= MAX_SEARCH_RESULTS) break;
      results.push({ number: episode.number, title: episode.title, ...hit });
    }
  }
  return { results, total };
}
