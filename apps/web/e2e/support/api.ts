// Calls the app's functions over HTTP as a signed-in page's person, for setting up what the pages
// under test have no control for yet (reading progress before the readers exist, say).
import type { Page } from "@playwright/test";
import { accessTokenOf } from "./auth.ts";
import { BASE_URL } from "./env.ts";

export async function callAs<T = unknown>(
  page: Page,
  kind: "query" | "mutation",
  path: string,
  input?: unknown,
): Promise<T> {
  const token = await accessTokenOf(page);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const url = `${BASE_URL}/api/trpc/${path}`;
  const response =
    kind === "query"
      ? await fetch(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers,
        })
      : await fetch(url, { method: "POST", headers, body: JSON.stringify(input ?? null) });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!response.ok) throw new Error(`${path} failed: ${JSON.stringify(body.error)}`);
  return body.result?.data as T;
}

/**
 * A title's id, found by search as the page's signed-in person: the first result of the type, or
 * the one with exactly `title`.
 */
export async function titleId(
  page: Page,
  query: string,
  contentType: string,
  title?: string,
): Promise<string> {
  const found = await callAs<{ items: Array<{ _id: string; title: string; contentType: string }> }>(
    page,
    "query",
    "content.listContent",
    { query },
  );
  const match = found.items.find(
    (item) => item.contentType === contentType && (title === undefined || item.title === title),
  );
  if (!match) throw new Error(`no ${contentType} ${title ? `"${title}"` : `found for "${query}"`}`);
  return match._id;
}
