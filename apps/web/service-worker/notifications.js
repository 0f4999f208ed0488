// Web push: a push from the server shows as a system notification, and a click on one takes an
// open page of the app (or a new one) to its link.
import { sw } from "./worker-scope.js";

/**
 * Shows a push. Browsers require every push to show a notification, so one that cannot be read
 * still shows a plain one.
 * @param {PushMessageData | null} data
 */
export function showPush(data) {
  /** @type {{ title?: unknown; body?: unknown; link?: unknown; tag?: unknown }} */
  let payload = {};
  try {
    payload = data ? data.json() : {};
  } catch {
    payload = {};
  }
  const title = typeof payload.title === "string" && payload.title ? payload.title : "Litverse";
  const link =
    typeof payload.link === "string" && payload.link.startsWith("/") ? payload.link : "/notifications";
  return sw.registration.showNotification(title, {
    body: typeof payload.body === "string" ? payload.body : "",
    tag: typeof payload.tag === "string" ? payload.tag : undefined,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { link },
  });
}

/**
 * Takes an open page of the app to `link` (a same-site path), or opens a new one.
 * @param {string} link
 */
export async function openLink(link) {
  const url = new URL(link, sw.location.origin);
  if (url.origin !== sw.location.origin) return;
  const pages = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  const page = pages.find((client) => new URL(client.url).origin === sw.location.origin);
  if (page) {
    await page.focus();
    await page.navigate(url.href).catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(url.href);
}
