// The app shell: precached on install under the build's version, older versions deleted on
// activation, and the answers for navigations and the shell's files.
import { CACHE_NAME, CACHE_PREFIX, DOWNLOADS_CACHE, PRECACHE_URLS } from "./worker-scope.js";

/** The page every navigation falls back to when offline (the app routes on the client). */
const SHELL_URL = "/index.html";

/**
 * Fetches and stores the whole shell; installation fails (and is tried again on the next visit)
 * if any of it cannot be fetched, so a version is either complete or not used.
 */
export async function precache() {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll(
    PRECACHE_URLS.map(
      // Hashed assets may come from the HTTP cache; anything else is revalidated with the server.
      (url) => new Request(url, { cache: url.startsWith("/assets/") ? "default" : "no-cache" }),
    ),
  );
}

export async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME && name !== DOWNLOADS_CACHE)
      .map((name) => caches.delete(name)),
  );
}

/**
 * Online, a navigation gets the server's page as usual (so a new release shows at once); offline,
 * the precached index.html, which loads the precached assets of this version.
 * @param {Request} request
 */
export async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE_NAME });
    if (shell) return shell;
    throw error;
  }
}

/**
 * From the cache if there, else from the network. A hashed asset missing from the cache belongs to
 * a newer release (its page came from the network while this worker is still in charge): it is
 * kept too, so that the page keeps working offline.
 * @param {Request} request
 * @param {FetchEvent} event
 */
export async function cacheFirst(request, event) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && new URL(request.url).pathname.startsWith("/assets/")) {
    event.waitUntil(cache.put(request, response.clone()));
  }
  return response;
}
