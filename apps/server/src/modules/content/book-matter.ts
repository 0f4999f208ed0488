// A book's front and back matter (title page, dedication, contents, notes, colophon…) for readers:
// listed beside the episodes and opened like a chapter, but never counted, priced, unlocked or
// tracked. Whoever may see the title may read them, as they may its free first episode.
import type { ContentCard, ReadingDirection, WritingMode } from "@litverse/shared/content";
import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { toContentCard } from "./content-summaries.ts";
import { deliverPayload, episodeMediaKey, type StoredEpisodePayload } from "./episode-payload.ts";
import { bookMatter, episodes, type MatterPlacement } from "./schema.ts";
import { releasedEpisode, visibleTitle } from "./title-visibility.ts";
import { contentEpisodesTopic, contentTopic } from "./topics.ts";

/**
 * Where a page of matter's files are kept. They sit beside episodes' (ids never collide), so that
 * the signed episode media addresses serve them too.
 */
export const matterMediaKey = (matterId: string, file?: string) => episodeMediaKey(matterId, file);

const contentId = z.uuid("Not a valid id");
export const listBookMatterInput = z.object({ contentId }).strict();
export const getBookMatterInput = z
  .object({ contentId, position: z.number().int().min(1).max(100_000) })
  .strict();

export interface BookMatterSummary {
  _id: string;
  /** Its place among the title's matter, front first, counting from 1: `?matter=N` in links. */
  position: number;
  placement: MatterPlacement;
  title: string;
  wordCount: number;
}

export interface BookMatterContent {
  content: ContentCard & { readingDirection: ReadingDirection; writingMode: WritingMode };
  matter: BookMatterSummary;
  /** The page's HTML, its pictures at addresses valid until `expiresAt`. */
  html: string;
  /** The book's own stylesheet for the page (see EpisodePayload). */
  css: string | null;
  /** The page before and after in reading order: matter by position, or an episode by number. */
  previous: MatterNeighbour | null;
  next: MatterNeighbour | null;
  expiresAt: string;
}

export type MatterNeighbour = ({ position: number } | { episodeNumber: number }) & { title: string };

const summaryColumns = {
  _id: bookMatter.id,
  position: bookMatter.position,
  placement: bookMatter.placement,
  title: bookMatter.title,
  wordCount: bookMatter.wordCount,
};

/** The title's front and back matter in reading order; empty for titles without any. */
export async function listBookMatter(
  deps: ServiceDeps,
  viewer: Viewer | null,
  titleId: string,
): Promise<BookMatterSummary[]> {
  track(contentTopic(titleId));
  await visibleTitle(deps.db, viewer, titleId);
  return deps.db
    .select(summaryColumns)
    .from(bookMatter)
    .where(eq(bookMatter.contentId, titleId))
    .orderBy(asc(bookMatter.position));
}

/** One page of matter with its neighbours: front matter leads to episode 1, the last episode to the back matter. */
export async function getBookMatter(
  deps: ServiceDeps,
  viewer: Viewer,
  titleId: string,
  position: number,
): Promise<BookMatterContent> {
  const { db } = deps;
  track(contentTopic(titleId), contentEpisodesTopic(titleId));
  const title = await visibleTitle(db, viewer, titleId);
  const all = await db
    .select({ ...summaryColumns, payload: bookMatter.payload })
    .from(bookMatter)
    .where(eq(bookMatter.contentId, titleId))
    .orderBy(asc(bookMatter.position));
  const index = all.findIndex((row) => row.position === position);
  const row = all[index];
  if (!row) throw new AppError("NOT_FOUND", "This book has no such page.");
  const releasedOf = (order: "first" | "last") =>
    db
      .select({ number: episodes.number, title: episodes.title })
      .from(episodes)
      .where(and(eq(episodes.contentId, titleId), releasedEpisode))
      .orderBy(order === "first" ? asc(episodes.number) : desc(episodes.number))
      .limit(1);
  const [[firstEpisode], [lastEpisode]] = await Promise.all([releasedOf("first"), releasedOf("last")]);

  const before = all[index - 1];
  const after = all[index + 1];
  const neighbour = (
    page: (typeof all)[number] | undefined,
    episode: { number: number; title: string } | undefined,
    crossesStory: boolean,
  ): MatterNeighbour | null => {
    if (crossesStory && episode) return { episodeNumber: episode.number, title: episode.title };
    return page ? { position: page.position, title: page.title } : null;
  };

  const { payload, expiresAt } = await deliverPayload(
    deps.media,
    row._id,
    row.payload as StoredEpisodePayload,
  );
  const { payload: _stored, ...summary } = row;
  return {
    content: {
      ...toContentCard(title),
      readingDirection: title.readingDirection,
      writingMode: title.writingMode,
    },
    matter: summary,
    html: payload.kind === "book" ? payload.html : "",
    css: payload.kind === "book" ? payload.css : null,
    // The story stands between the last page of front matter and the first of back matter.
    previous: neighbour(before, lastEpisode, row.placement === "back" && before?.placement !== "back"),
    next: neighbour(after, firstEpisode, row.placement === "front" && after?.placement !== "front"),
    expiresAt: expiresAt.toISOString(),
  };
}
