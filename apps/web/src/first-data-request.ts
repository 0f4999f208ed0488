// The page's head runs this before the app's code has arrived (decision 0029): with a sign-in
// stored, it asks the server for the page's first data over HTTP and starts fetching the images
// the page shows first — unless the server sent the answer with the page, having drawn the page's
// first screen from it (decision 0031). The app takes the answer from `window.litverseFirstData`
// (lib/first-data.ts). Built apart from the app into one small classic script, which the server
// writes into each page inline (build/inline-script.ts): it imports only modules that import nothing.
import { FIRST_DATA_ELEMENT_ID, FIRST_DATA_PATH, type FirstDataReply } from "@litverse/shared/first-data";
import { storedSignIn } from "./lib/auth/stored-sign-in.ts";
import { jsonInPage } from "./lib/json-in-page.ts";
import { THEME_STORAGE_KEY } from "./lib/theme-storage.ts";

declare global {
  interface Window {
    litverseFirstData?: Promise<FirstDataReply | null>;
  }
}

/** Tokens this close to expiring are left to the app, which renews them first. */
const EXPIRY_MARGIN_MS = 30_000;

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

/**
 * The theme the app will apply (next-themes' choice, kept under "theme": light, dark, or the
 * system's), applied now: a first screen drawn on the server paints before the app has run.
 */
function applyStoredTheme() {
  let choice: string | null = null;
  try {
    choice = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // No storage: the system's.
  }
  const isDark =
    choice === "dark" || (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const theme = isDark ? "dark" : "light";
  document.documentElement.classList.add(theme);
  document.documentElement.style.colorScheme = theme;
}

applyStoredTheme();
// The answer the server sent with the page, if it did.
const inPage = jsonInPage<FirstDataReply>(FIRST_DATA_ELEMENT_ID);
const signIn = storedSignIn();
if (inPage) {
  window.litverseFirstData = Promise.resolve(inPage);
} else if (signIn && signIn.expiresAt > Date.now() + EXPIRY_MARGIN_MS) {
  // Without a fresh sign-in the app asks over its socket as it always can; a failure here changes
  // nothing either.
  window.litverseFirstData = requestFirstData(signIn.accessToken).catch(() => null);
}
