// What every part of the service worker shares: the worker's global scope, the build's values,
// the caches' names and the paths it leaves to the browser.

export const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** The build's version, for example "3f9a0c2b7d1e". */
export const VERSION = __SW_VERSION__;
/** Same-origin URLs of the app shell, for example ["/index.html", "/assets/index-BQ8T70UI.js", …]. */
export const PRECACHE_URLS = __SW_PRECACHE_URLS__;

export const CACHE_PREFIX = "litverse-";
/** One cache per version: the precached shell plus hashed assets fetched later. */
export const CACHE_NAME = `${CACHE_PREFIX}${VERSION}`;
/** Downloaded episodes and their files. Kept across versions: only the person empties it. */
export const DOWNLOADS_CACHE = `${CACHE_PREFIX}downloads`;
/** Paths the server owns whose answers must always be fresh, or are private. */
const NEVER_CACHED = ["/api/", "/oidc/", "/healthz", "/readyz"];

/** @param {string} pathname */
export function isServerPath(pathname) {
  return NEVER_CACHED.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix);
}
