// What the server writes into a page as JSON data blocks (`<script type="application/json">`,
// apps/server/src/http/app-page.ts): the client configuration and the page's first data. Imports
// nothing, so the page's head script (first-data-request.ts) can use it and stay one small file.

/** The JSON in the page's element `id`, or null when the page has none (or it does not parse). */
export function jsonInPage<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
