// The Litverse service worker. It makes the app installable, lets it open without a network, and
// keeps the episodes a person downloads:
//
// - install:  precache the app shell: the build's index.html, hashed assets, icons and manifest;
// - activate: delete the caches of earlier versions (never the downloads), then take control of
//             open pages;
// - fetch:    page navigations go to the network first and fall back to the cached index.html
//             when offline; hashed /assets/ come from the cache first (their names change with
//             their contents, so a cached copy is never stale); the other precached files too.
//             A file of a downloaded episode (/media/…, a cover) comes from the downloads cache,
//             ranges included, so audio and video play offline. /api/, /oidc/ and /healthz are
//             left to the browser: never cached, never answered from a cache; so is any other
//             file that was not downloaded.
// - message:  downloads: the page sends an episode's content (which reaches it over the WebSocket)
//             and the URLs of its files; the worker stores them and reports progress to every
//             page on a BroadcastChannel. See decision 0011.
// - push:     a web push from the server (a JSON PushPayload) shows as a system notification;
// - notificationclick: focuses an open page of the app and takes it to the notification's link,
//             or opens one there.
//
// This file and the modules it imports are written by hand. The build (service-worker/vite-plugin.ts)
// bundles them into one script, dist/sw.js, filling in the two placeholders of worker-scope.js with
// the build's version and precache list. The version is a hash of everything precached, so any
// change to the app gives a new worker and a new cache, and the old cache is deleted once no page
// uses the old worker any more. See decision 0006.
//
// The bundle is a classic script (not a module), which every browser that installs web apps can
// run.
import { progressReport } from "./download-progress.js";
import { fromDownloads, mayBeDownloaded } from "./download-store.js";
import { describeFailure, download, removeAllDownloads, removeDownload, running } from "./downloads.js";
import { openLink, showPush } from "./notifications.js";
import { cacheFirst, deleteOldCaches, networkFirstNavigation, precache } from "./shell-cache.js";
import { isServerPath, PRECACHE_URLS, sw } from "./worker-scope.js";

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
    // Opening a media file itself is the server's business, as before.
    if (!url.pathname.startsWith("/media/")) event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith("/assets/") || PRECACHE_URLS.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, event));
  } else if (mayBeDownloaded(url)) {
    event.respondWith(fromDownloads(request, url));
  }
  // Anything else goes to the network as if there were no worker.
});

sw.addEventListener("push", (event) => {
  event.waitUntil(showPush(event.data));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = /** @type {{ link?: unknown } | null} */ (event.notification.data)?.link;
  event.waitUntil(openLink(typeof link === "string" ? link : "/notifications"));
});

sw.addEventListener("message", (event) => {
  const message = /** @type {unknown} */ (event.data);
  const port = event.ports[0];
  if (!message || typeof message !== "object" || !("type" in message)) return;
  /** @param {unknown} answer */
  const reply = (answer) => port?.postMessage(answer);
  /** @param {unknown} error */
  const fail = (error) => reply({ ok: false, ...describeFailure(error) });
  const data = /** @type {Record<string, unknown>} */ (message);
  switch (data.type) {
    case "download":
      // waitUntil keeps the worker alive until the download ends, even if the page goes away.
      event.waitUntil(
        Promise.resolve(data)
          .then(download)
          .then(
            (entry) => reply({ ok: true, entry }),
            (error) => fail(error),
          ),
      );
      break;
    case "remove":
      event.waitUntil(
        removeDownload(typeof data.key === "string" ? data.key : "").then(() => reply({ ok: true }), fail),
      );
      break;
    case "remove-all":
      event.waitUntil(removeAllDownloads().then(() => reply({ ok: true }), fail));
      break;
    case "status":
      reply({ ok: true, running: [...running.values()].map(progressReport) });
      break;
  }
});
