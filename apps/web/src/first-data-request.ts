// The page's head runs this before the app's code has arrived (decision 0029): with a sign-in
// stored, it asks the server for the page's first data over HTTP and starts fetching the images
// the page shows first. The app takes the answer from `window.litverseFirstData`
// (lib/first-data.ts). Built apart from the app into one small classic script, which the server
// writes into each page inline (build/head-script.ts): it must not import anything the app holds.
import { FIRST_DATA_PATH, type FirstDataReply } from "@litverse/shared/first-data";

declare global {
  interface Window {
    litverseFirstData?: Promise<FirstDataReply | null>;
  }
}

/** Tokens this close to expiring are left to the app, which renews them first. */
const EXPIRY_MARGIN_MS = 30_000;

/** The stored sign-in's access token (oidc-client-ts keeps it under "oidc.user:…"), if still good. */
function storedAccessToken(): string | null {
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (!key?.startsWith("oidc.user:")) continue;
    const user = JSON.parse(localStorage.getItem(key) ?? "null") as {
      access_token?: unknown;
      expires_at?: unknown;
    } | null;
    const isFresh =
      typeof user?.expires_at === "number" && user.expires_at * 1000 > Date.now() + EXPIRY_MARGIN_MS;
    if (typeof user?.access_token === "string" && isFresh) return user.access_token;
  }
  return null;
}

function preloadImage(url: string) {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = url;
  link.fetchPriority = "high";
  document.head.append(link);
}

async function requestFirstData(token: string): Promise<FirstDataReply | null> {
  const response = await fetch(FIRST_DATA_PATH, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ path: `${location.pathname}${location.search}` }),
  });
  if (!response.ok) return null;
  const reply = (await response.json()) as FirstDataReply;
  for (const image of reply.images) preloadImage(image);
  return reply;
}

try {
  const token = storedAccessToken();
  // Without it the app asks over its socket as it always can; a failure here changes nothing.
  if (token) window.litverseFirstData = requestFirstData(token).catch(() => null);
} catch {
  // Storage can be unavailable (private modes).
}
