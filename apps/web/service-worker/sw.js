// The Litverse service worker. It makes the app installable and lets it open without a network:
//
// - install:  precache the app shell: the build's index.html, hashed assets, icons and manifest;
// - activate: delete the caches of earlier versions, then take control of open pages;
// - fetch:    page navigations go to the network first and fall back to the cached index.html
//             when offline; hashed /assets/ come from the cache first (their names change with
//             their contents, so a cached copy is never stale); the other precached files too.
//             Everything else, notably /api/, /oidc/, /healthz and /media/, is left to the
//             browser: never cached, never answered from a cache.
//
// This file is written by hand. The build (service-worker/vite-plugin.ts) copies it to
// dist/sw.js, filling in the two placeholders below with the build's version and precache list.
// The version is a hash of everything precached, so any change to the app gives a new worker and a
// new cache, and the old cache is deleted once no page uses the old worker any more. See decision
// 0006.
//
// It is a classic script (not a module), which every browser that installs web apps can run.

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** The build's version, for example "3f9a0c2b7d1e". */
const VERSION = __SW_VERSION__;
/** Same-origin URLs of the app shell, for example ["/index.html", "/assets/index-BQ8T70UI.js", …]. */
const PRECACHE_URLS = __SW_PRECACHE_URLS__;

const CACHE_PREFIX = "litverse-";
/** One cache per version: the precached shell plus hashed assets fetched later. */
const CACHE_NAME = `${CACHE_PREFIX}${VERSION}`;
/** The page every navigation falls back to when offline (the app routes on the client). */
const SHELL_URL = "/index.html";
/** Paths the server owns: answers that must always be fresh, or are private, or are large. */
const NEVER_CACHED = ["/api/", "/oidc/", "/healthz", "/media/"];

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(deleteOldCaches().then(() => sw.clients.claim()));
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Other origins (an external sign-in provider, for one) are none of this worker's business.
  if (url.origin !== sw.location.origin) return;
  if (isServerPath(url.pathname)) return;

  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith("/assets/") || PRECACHE_URLS.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, event));
  }
  // Anything else goes to the network as if there were no worker.
});

/** @param {string} pathname */
function isServerPath(pathname) {
  return NEVER_CACHED.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix);
}

/**
 * Fetches and stores the whole shell; installation fails (and is tried again on the next visit)
 * if any of it cannot be fetched, so a version is either complete or not used.
 */
async function precache() {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll(
    PRECACHE_URLS.map(
      // Hashed assets may come from the HTTP cache; anything else is revalidated with the server.
      (url) => new Request(url, { cache: url.startsWith("/assets/") ? "default" : "no-cache" }),
    ),
  );
}

async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)),
  );
}

/**
 * Online, a navigation gets the server's page as usual (so a new release shows at once); offline,
 * the precached index.html, which loads the precached assets of this version.
 * @param {Request} request
 */
async function networkFirstNavigation(request) {
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
async function cacheFirst(request, event) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && new URL(request.url).pathname.startsWith("/assets/")) {
    event.waitUntil(cache.put(request, response.clone()));
  }
  return response;
}
