// Test data for the catalogue: titles and episodes made with the same functions the demo seed
// and the admin pages use.
import type { Age } from "@litverse/shared/constants";
import { addEpisodes, bookChapter, type NewEpisode } from "../modules/content/add-episodes.ts";
import { type ContentFields, createContent } from "../modules/content/content-writing.service.ts";
import { setUserAge } from "../modules/users/users.service.ts";
import type { Platform } from "../platform.ts";
import { createUser, type TestUser } from "./test-platform.ts";

let counter = 0;

/** A published book unless told otherwise. */
export async function createTitle(platform: Platform, fields: Partial<ContentFields> = {}) {
  counter++;
  return createContent(platform.deps, {
    contentType: "book",
    title: `Title ${counter}`,
    author: `Author ${counter}`,
    status: "published",
    ...fields,
  });
}

/** `count` released chapters, each with a paragraph of text; `overrides` change single ones (0-based). */
export async function addChapters(
  platform: Platform,
  contentId: string,
  count: number,
  overrides: Record<number, Partial<NewEpisode>> = {},
) {
  const chapters = Array.from({ length: count }, (_, index) => ({
    ...bookChapter(
      `Chapter ${index + 1}`,
      `<h1>Chapter ${index + 1}</h1><p>Words of chapter ${index + 1}.</p>`,
    ),
    ...overrides[index],
  }));
  return addEpisodes(platform.deps, contentId, chapters);
}

export async function readerAged(platform: Platform, age: Age | null): Promise<TestUser> {
  const user = await createUser(platform);
  if (age !== null) await setUserAge(platform.deps, user, age);
  return user;
}
