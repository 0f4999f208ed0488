// Turns what a person types into a PostgreSQL text-search query: every word must match (after
// English stemming, as the index is built), and the last word also matches as a prefix, so that
// results follow the typing ("moby di" finds Moby-Dick).

/** Longest query taken into account, in words. */
const MAX_TERMS = 8;

/**
 * The `to_tsquery('english', …)` text for `input`, or null when it holds no searchable word.
 * Only letters and digits survive, so the result cannot carry tsquery operators.
 */
export function toTsQueryText(input: string): string | null {
  const terms = input
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  return terms.map((term, index) => (index === last ? `${term}:*` : term)).join(" & ");
}
