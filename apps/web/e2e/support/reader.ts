// What the readers' browser tests share: the reader's saved position, read through the server, and
// a reader's display settings written on the device as its settings panel would.
import type { Page } from "@playwright/test";
import { callAs } from "./api.ts";

interface Progress {
  episodes: Array<{
    number: number;
    fraction: number;
    isCompleted: boolean;
    locator: Record<string, unknown> | null;
  }>;
}

/** For `expect.poll`: the server's position in one episode of the title, or null. */
export function progressOf(page: Page, contentId: string, episode: number) {
  return async () => {
    const progress = await callAs<Progress>(page, "query", "library.getTitleProgress", { contentId });
    return progress.episodes.find((entry) => entry.number === episode) ?? null;
  };
}

/** Stores a reader's settings under its localStorage key. */
export async function storeSettings(page: Page, key: string, settings: Record<string, unknown>) {
  await page.evaluate(([name, value]) => localStorage.setItem(name as string, JSON.stringify(value)), [
    key,
    settings,
  ] as const);
}
