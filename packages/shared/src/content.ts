// Titles as the app shows them on cards and shelves.
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
