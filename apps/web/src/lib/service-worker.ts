// Registers the service worker (dist/sw.js, made by the build: decision 0006). Only production
// builds have one, and browsers allow service workers only in secure contexts: https, or
// localhost while developing.

/** The worker's address; served from the root, so it may control every page of the app. */
export const SERVICE_WORKER_URL = "/sw.js";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function shouldRegisterServiceWorker(context: {
  isProduction: boolean;
  hasServiceWorkerApi: boolean;
  protocol: string;
  hostname: string;
}): boolean {
  if (!context.isProduction || !context.hasServiceWorkerApi) return false;
  if (context.protocol === "https:") return true;
  return (
    context.protocol === "http:" &&
    (LOOPBACK_HOSTS.has(context.hostname) || context.hostname.endsWith(".localhost"))
  );
}

/**
 * Registers the worker once the page has loaded, so that its precaching does not compete with the
 * page's own first requests. The browser checks for a new worker on every navigation;
 * `updateViaCache: "none"` makes that check bypass the HTTP cache.
 */
export function registerServiceWorker(): void {
  const context = {
    isProduction: import.meta.env.PROD,
    hasServiceWorkerApi: "serviceWorker" in navigator,
    protocol: window.location.protocol,
    hostname: window.location.hostname,
  };
  if (!context.isProduction && context.hasServiceWorkerApi) {
    // A worker left by `npm start` on the same address would keep serving that build's files.
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
      .catch(() => {});
    return;
  }
  if (!shouldRegisterServiceWorker(context)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" })
      .catch((error: unknown) => console.warn("The service worker could not be registered", error));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
