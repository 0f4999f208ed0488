// Titles as the app shows them (cards, shelves, pages, lists), the catalogue's constants, and
// what its functions answer. Dates travel as ISO 8601 strings. What the functions accept is in
// content-inputs.ts, apart, so that pages which only show titles do not load the validator.
import type { Age } from "./constants.ts";

export const CONTENT_TYPES = ["book", "audiobook", "comic", "drama"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const ACCESS_TYPES = ["free", "premium", "vvip"] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/** A title on a card: enough to show its cover and open it. */
export interface ContentCard {
  _id: string;
  title: string;
  author: string;
  /** URL of the cover image, or null when the title has none yet. */
  coverImage: string | null;
  accessType: AccessType;
  contentType: ContentType;
}

export const CURATED_LIST_TYPES = [
  "trending",
  "recently_added",
  "editors_picks",
  "top_reads",
  "must_watch",
  "hidden_gems",
  "rising_stars",
  "custom",
] as const;
export type CuratedListType = (typeof CURATED_LIST_TYPES)[number];

/** Which titles a curated list may hold: every type, or one. */
export type CuratedListContentType = "all" | ContentType;

/** Each shelf on home shows at most this many titles. */
export const SHELF_ITEM_LIMIT = 6;

/**
 * Cards of home's first shelves that a phone shows without scrolling: their covers load at once
 * (and the server's first data names them for preloading).
 */
export const EAGER_COVER_COUNT = 4;

export interface CuratedList {
  _id: string;
  listType: CuratedListType;
  /** The shelf's heading for custom lists; other types may also set one. */
  customName: string | null;
  description: string | null;
  contentType: CuratedListContentType;
  /** In the list's order, published titles of the list's content type only. */
  content: ContentCard[];
}

export const RELEASE_STATUSES = ["ongoing", "completed", "hiatus"] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export const READING_DIRECTIONS = ["ltr", "rtl"] as const;
export type ReadingDirection = (typeof READING_DIRECTIONS)[number];

export const WRITING_MODES = ["horizontal", "vertical"] as const;
export type WritingMode = (typeof WRITING_MODES)[number];

export const PUBLICATION_STATUSES = ["draft", "published"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** How explore orders titles; "relevance" needs a search query. */
export const CONTENT_SORTS = ["popular", "new", "top_rated", "relevance"] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

/** Genres offered when editing a title and as explore filters; titles may carry others. */
export const SUGGESTED_GENRES = [
  "adventure",
  "children",
  "classics",
  "comedy",
  "drama",
  "fantasy",
  "historical",
  "horror",
  "mystery",
  "non-fiction",
  "poetry",
  "romance",
  "science fiction",
  "thriller",
] as const;

/** Shelves the server fills from engagement and dates; the others hold titles chosen by hand. */
export const COMPUTED_LIST_TYPES = [
  "trending",
  "recently_added",
  "top_reads",
  "rising_stars",
  "hidden_gems",
] as const satisfies readonly CuratedListType[];

export function isComputedListType(listType: CuratedListType): boolean {
  return (COMPUTED_LIST_TYPES as readonly string[]).includes(listType);
}

/** Most titles one page of results holds. */
export const CONTENT_PAGE_LIMIT = 50;

/** A title in lists and search results. */
export interface ContentSummary extends ContentCard {
  description: string;
  genres: string[];
  ageRating: Age;
  releaseStatus: ReleaseStatus;
  /** Published episodes. */
  episodeCount: number;
  /** 0 when nobody has rated it. */
  ratingAverage: number;
  ratingCount: number;
  likeCount: number;
  followerCount: number;
  viewCount: number;
  publishedAt: string | null;
}

export interface ContentPage<Item> {
  items: Item[];
  /** Pass back to get the next page; null at the end. */
  nextCursor: string | null;
  /** How many results there are in all. */
  total: number;
}

export interface GenreCount {
  genre: string;
  count: number;
}

/** Why a reader cannot open an episode yet, and what would open it. */
export type EpisodeLock =
  | { reason: "price"; priceCoins: number }
  | { reason: "tier"; accessType: Exclude<AccessType, "free"> };

export interface EpisodeSummary {
  _id: string;
  number: number;
  title: string;
  publishedAt: string;
  /** 0 for free episodes. */
  priceCoins: number;
  durationMs: number | null;
  wordCount: number | null;
  pageCount: number | null;
  /** Null when the viewer may open it. */
  lock: EpisodeLock | null;
  /** The viewer's progress, if any. */
  progress: { fraction: number; isCompleted: boolean } | null;
}

export interface ContentViewerState {
  isFollowing: boolean;
  isLiked: boolean;
  /** The viewer's own rating, 1 to 5. */
  rating: number | null;
  /** The episode number to open next: the one in progress, else the first not finished. */
  continueEpisode: number | null;
}

export interface ContentDetail extends ContentSummary {
  tags: string[];
  language: string | null;
  releaseSchedule: string | null;
  readingDirection: ReadingDirection;
  writingMode: WritingMode;
  episodes: EpisodeSummary[];
  /** When the next scheduled episode comes out, if one is scheduled. */
  nextReleaseAt: string | null;
  /** Null for anonymous viewers. */
  viewer: ContentViewerState | null;
}

/**
 * Prefix the reader gives every element id of a chapter before it enters the page (so a book's ids
 * never become window properties or meet the app's own); the book's stylesheet names ids with it.
 */
export const CHAPTER_ID_PREFIX = "book-";

/**
 * Read-along (EPUB media overlays): each phrase is the element with id `id` (as the book wrote it;
 * scoped like every id in the page), heard in `audio[audio]` from `begin` to `end` ms (null: to
 * the file's end). `activeClass` is the book's own class for the phrase being heard.
 */
export interface ReadAlongPayload {
  audio: Array<{ url: string }>;
  clips: Array<{ id: string; audio: number; begin: number; end: number | null }>;
  activeClass: string | null;
}

/** An episode's content, with media URLs the viewer may fetch for a while. */
export type EpisodePayload =
  | {
      kind: "book";
      html: string;
      wordCount: number;
      /** The book's own stylesheet for this chapter, cleaned and confined to it; null when it has none. */
      css: string | null;
      /**
       * "fixed": the chapter is pages of set sizes, each a `<section class="lv-fixed-page"
       * data-width data-height [data-spread]>`, laid out at that size and scaled to the screen.
       */
      layout: "reflowable" | "fixed";
      /** The book's recorded narration of this chapter, phrase by phrase; null when it has none. */
      readAlong: ReadAlongPayload | null;
    }
  | {
      kind: "audio";
      url: string;
      mimeType: string;
      durationMs: number;
      chapters: Array<{ title: string; startMs: number }>;
    }
  | { kind: "comic"; pages: Array<{ url: string; width: number; height: number }> }
  | {
      kind: "video";
      url: string;
      posterUrl: string | null;
      durationMs: number;
      width: number;
      height: number;
      subtitles: Array<{ url: string; language: string; label: string }>;
    };

export interface EpisodeContent {
  content: ContentCard & { readingDirection: ReadingDirection; writingMode: WritingMode };
  episode: EpisodeSummary;
  payload: EpisodePayload;
  previousNumber: number | null;
  nextNumber: number | null;
  /** When the media URLs stop working; ask again after that. */
  expiresAt: string;
}

export interface LibraryEntry {
  content: ContentSummary;
  /** The episode to open next, and how far into it. */
  next: { number: number; title: string; fraction: number } | null;
  /** When the viewer last read, listened or watched. */
  lastActivityAt: string | null;
  /** Published episodes the viewer has not finished. */
  unfinishedEpisodes: number;
}

export interface MyLibrary {
  /** Titles in progress, most recent first. */
  continue: LibraryEntry[];
  /** Titles followed, most recently followed first. */
  following: LibraryEntry[];
  /** Episodes opened, most recent first (at most 50). */
  history: Array<{ content: ContentCard; episodeNumber: number; episodeTitle: string; at: string }>;
}

export type EpisodeState = "draft" | "scheduled" | "published";

export interface AdminEpisode {
  _id: string;
  number: number;
  title: string;
  state: EpisodeState;
  publishAt: string | null;
  priceCoins: number;
  kind: EpisodePayload["kind"];
  durationMs: number | null;
  wordCount: number | null;
  pageCount: number | null;
  views: number;
}

export interface AdminContentRow extends ContentSummary {
  status: PublicationStatus;
  /** Every episode, published or not. */
  totalEpisodes: number;
  scheduledEpisodes: number;
  updatedAt: string;
}

export interface AdminContentDetail extends AdminContentRow {
  tags: string[];
  language: string | null;
  releaseSchedule: string | null;
  readingDirection: ReadingDirection;
  writingMode: WritingMode;
  episodes: AdminEpisode[];
  /** The unlock ladder's settings: bulk discount, wait for free, rental (null: off). */
  bulkDiscountPercent: number;
  waitForFreeHours: number | null;
  rentalPriceCoins: number | null;
  rentalHours: number | null;
  /** Hand-picked curated lists holding the title. */
  curatedListIds: string[];
}

export interface AdminCuratedList {
  _id: string;
  listType: CuratedListType;
  customName: string | null;
  description: string | null;
  contentType: CuratedListContentType;
  isActive: boolean;
  position: number;
  /** Filled by the server (trending, …) rather than by hand. */
  isComputed: boolean;
  /** Hand-picked titles in order; for computed lists, what the shelf shows now. */
  items: ContentCard[];
}

export interface MetricsTotals {
  views: number;
  readers: number;
  completions: number;
  likes: number;
  follows: number;
  ratings: number;
  /** Over the ratings given in the range; 0 when none. */
  ratingAverage: number;
}

export interface MetricsDay {
  /** YYYY-MM-DD */
  day: string;
  views: number;
  readers: number;
  completions: number;
  likes: number;
  follows: number;
}

export interface MetricsOverview {
  totals: MetricsTotals;
  daily: MetricsDay[];
  topContent: Array<{ content: ContentCard } & MetricsTotals>;
}

export interface ContentMetrics {
  content: ContentCard;
  totals: MetricsTotals;
  daily: MetricsDay[];
  episodes: Array<{
    number: number;
    title: string;
    views: number;
    readers: number;
    completions: number;
    /** Completions over readers, 0 to 1. */
    completionRate: number;
  }>;
}

/** A place in an episode, in the terms of its reader: `{ p, o }` in a chapter, `{ ms }`, `{ page }`. */
export type Locator = Record<string, string | number | boolean | null>;

/** Where the viewer is in one episode of a title. */
export interface EpisodePosition {
  episodeId: string;
  number: number;
  fraction: number;
  locator: Locator | null;
  isCompleted: boolean;
  updatedAt: string;
  /** The tab that recorded it, when it said. */
  clientId: string | null;
}

/** The viewer's positions in every episode of a title they have opened. */
export interface TitleProgress {
  contentId: string;
  episodes: EpisodePosition[];
}

export const MARK_KINDS = ["bookmark", "highlight"] as const;
export type MarkKind = (typeof MARK_KINDS)[number];
export const MARK_COLORS = ["yellow", "green", "blue", "pink"] as const;
export type MarkColor = (typeof MARK_COLORS)[number];

/** A bookmark or a highlight (with an optional note) a reader keeps in an episode. */
export interface ReadingMark {
  _id: string;
  contentId: string;
  episodeId: string;
  episodeNumber: number;
  kind: MarkKind;
  locator: Locator;
  quote: string | null;
  note: string | null;
  color: MarkColor | null;
  createdAt: string;
}

/** One place a search within a book found: the chapter, and the words around the match. */
export interface BookSearchHit {
  number: number;
  title: string;
  before: string;
  match: string;
  after: string;
  /** Which match of the query this is within the chapter's text, from 0. */
  occurrence: number;
}

export interface BookSearchResult {
  results: BookSearchHit[];
  /** Every match in the chapters the viewer may open, even beyond the results returned. */
  total: number;
}

/** `?episode=3` → 3; anything else → null (the episode to continue). */
export function episodeParam(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/**
 * The episode a reader opens: the one the address names, else the one to continue, else the
 * first. Null while there is none.
 */
export function episodeToOpen(
  detail: Pick<ContentDetail, "episodes" | "viewer">,
  requested: number | null,
): number | null {
  return requested ?? detail.viewer?.continueEpisode ?? detail.episodes[0]?.number ?? null;
}
