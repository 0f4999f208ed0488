// What live queries about titles depend on. A title's row, its episodes, its engagement counts and
// each reader's own relation to it change at very different rates, so each has its own topic: a
// like re-runs the title's page, not every home shelf that shows its card.

/** The title's own row: what cards and shelves show. */
export const contentTopic = (contentId: string) => `content:${contentId}`;
/** Its episodes: added, removed, renamed, re-priced, scheduled, released. */
export const contentEpisodesTopic = (contentId: string) => `content:${contentId}:episodes`;
/** Its likes, followers and ratings. */
export const contentEngagementTopic = (contentId: string) => `content:${contentId}:engagement`;
/** One person's library: what they follow, like, rate, and how far they have read. */
export const libraryTopic = (userId: string) => `library:${userId}`;
/** Any title created, deleted, published or unpublished: lists of titles change. */
export const CATALOGUE_TOPIC = "catalogue";
/** The engagement figures behind computed shelves and popularity were refreshed. */
export const CONTENT_STATS_TOPIC = "content-stats";
/** Anything an admin's catalogue pages show changed (any title, episode or job result). */
export const CONTENT_ADMIN_TOPIC = "content-admin";
/** What opens this user's locked episodes: their unlocks, plans and VVIP grants. */
export const entitlementsTopic = (userId: string) => `user:${userId}:entitlements`;
