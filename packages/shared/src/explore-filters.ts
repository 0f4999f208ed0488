// Explore's search and filters live in the address (`/explore?q=moby&type=book&sort=new`), so
// links, reloads and back/forward all work. Unknown or invalid values are ignored, and defaults
// are left out of the address.
import type { AddressQuery } from "./address-query.ts";
import { AGE_CHOICES, type Age } from "./constants.ts";
import {
  ACCESS_TYPES,
  type AccessType,
  CONTENT_SORTS,
  CONTENT_TYPES,
  type ContentSort,
  type ContentType,
  RELEASE_STATUSES,
  type ReleaseStatus,
} from "./content.ts";
import type { ListContentInput } from "./content-inputs.ts";

export interface ExploreFilters {
  /** The search text, trimmed; "" when not searching. */
  query: string;
  type: ContentType | null;
  genre: string | null;
  releaseStatus: ReleaseStatus | null;
  accessType: AccessType | null;
  ageRating: Age | null;
  sort: ContentSort;
}

/** Titles per page: fills 2, 3 and 4 columns evenly. */
export const EXPLORE_PAGE_SIZE = 12;

/** The filters that sit in the filter panel (not the search, the type tabs or the sort). */
export const PANEL_FILTERS = ["genre", "releaseStatus", "accessType", "ageRating"] as const;

/** Each filter's name in the address. */
const PARAMS = {
  query: "q",
  type: "type",
  genre: "genre",
  releaseStatus: "status",
  accessType: "access",
  ageRating: "age",
  sort: "sort",
} as const satisfies Record<keyof ExploreFilters, string>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Searching sorts by relevance unless told otherwise; browsing, by popularity. */
export function defaultSort(query: string): ContentSort {
  return query ? "relevance" : "popular";
}

export function parseExploreParams(params: AddressQuery): ExploreFilters {
  const query = (params.get(PARAMS.query) ?? "").trim().slice(0, 200);
  const genre = (params.get(PARAMS.genre) ?? "").trim().toLowerCase().slice(0, 40);
  const age = Number(params.get(PARAMS.ageRating));
  const sort = oneOf(CONTENT_SORTS, params.get(PARAMS.sort));
  return {
    query,
    type: oneOf(CONTENT_TYPES, params.get(PARAMS.type)),
    genre: genre || null,
    releaseStatus: oneOf(RELEASE_STATUSES, params.get(PARAMS.releaseStatus)),
    accessType: oneOf(ACCESS_TYPES, params.get(PARAMS.accessType)),
    ageRating: (AGE_CHOICES as readonly number[]).includes(age) ? (age as Age) : null,
    // Relevance means nothing without a search.
    sort: sort && !(sort === "relevance" && !query) ? sort : defaultSort(query),
  };
}

/** The address's parameters for these filters, in order, defaults left out (none for none). */
export function exploreParams(filters: ExploreFilters): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  if (filters.query) params.push([PARAMS.query, filters.query]);
  if (filters.type) params.push([PARAMS.type, filters.type]);
  if (filters.genre) params.push([PARAMS.genre, filters.genre]);
  if (filters.releaseStatus) params.push([PARAMS.releaseStatus, filters.releaseStatus]);
  if (filters.accessType) params.push([PARAMS.accessType, filters.accessType]);
  if (filters.ageRating) params.push([PARAMS.ageRating, String(filters.ageRating)]);
  if (filters.sort !== defaultSort(filters.query)) params.push([PARAMS.sort, filters.sort]);
  return params;
}

/**
 * The filters after a change. A new search goes back to relevance order if it was sorted by
 * relevance or by default; clearing the search leaves relevance for popularity.
 */
export function withChange(filters: ExploreFilters, change: Partial<ExploreFilters>): ExploreFilters {
  const next = { ...filters, ...change };
  if (change.query !== undefined && change.sort === undefined) {
    const wasDefault = filters.sort === defaultSort(filters.query);
    if (wasDefault || (next.sort === "relevance" && !next.query)) next.sort = defaultSort(next.query);
  }
  return next;
}

/** How many of the panel's filters are set: the number on the phone's Filters button. */
export function activePanelFilters(filters: ExploreFilters): number {
  return PANEL_FILTERS.filter((key) => filters[key] !== null).length;
}

/** The function's input for these filters, without the page's cursor. */
export function listInput(filters: ExploreFilters, limit: number): Omit<ListContentInput, "cursor"> {
  return {
    ...(filters.query ? { query: filters.query } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.genre ? { genre: filters.genre } : {}),
    ...(filters.releaseStatus ? { releaseStatus: filters.releaseStatus } : {}),
    ...(filters.accessType ? { accessType: filters.accessType } : {}),
    ...(filters.ageRating ? { ageRating: filters.ageRating } : {}),
    sort: filters.sort,
    limit,
  };
}

/**
 * "24 titles", "1 title matches “moby”", or while more pages wait, "12 titles so far". The
 * server does not count all matches, so until the last page arrives the count is a lower bound.
 */
export function resultCountLabel(total: number, query: string): string {
  const titles = `${total.toLocaleString("en-US")} ${total === 1 ? "title" : "titles"}`;
  if (!query) return titles;
  return `${titles} ${total === 1 ? "matches" : "match"} “${query}”`;
}
