// Bookmarks and highlights with notes: a reader's own, per title, followed live by their other
// tabs and devices. A mark can only be made in an episode the reader may open.
import type { Locator, ReadingMark } from "@litverse/shared/content";
import type { addMarkInput, updateMarkInput } from "@litverse/shared/content-inputs";
import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { visibleTitle } from "../content/index.ts";
import { episodes } from "../content/schema.ts";
import { checkLocatorSize, openableEpisode } from "./progress.service.ts";
import { readingMarks } from "./schema.ts";
import { readingMarksTopic } from "./topics.ts";

/** Enough for the most annotated reader; a bound on what one person can store. */
export const MAX_MARKS_PER_TITLE = 2_000;

type MarkRow = typeof readingMarks.$inferSelect & { episodeNumber: number };

function toReadingMark(row: MarkRow): ReadingMark {
  return {
    _id: row.id,
    contentId: row.contentId,
    episodeId: row.episodeId,
    episodeNumber: row.episodeNumber,
    kind: row.kind,
    locator: row.locator as Locator,
    quote: row.quote,
    note: row.note,
    color: row.color,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every mark of the viewer's in a title, in reading order: by episode, then as made. */
export async function getMarks(deps: ServiceDeps, viewer: Viewer, contentId: string): Promise<ReadingMark[]> {
  track(readingMarksTopic(viewer.id, contentId));
  await visibleTitle(deps.db, viewer, contentId);
  const rows = await deps.db
    .select({ mark: readingMarks, episodeNumber: episodes.number })
    .from(readingMarks)
    .innerJoin(episodes, eq(episodes.id, readingMarks.episodeId))
    .where(and(eq(readingMarks.userId, viewer.id), eq(readingMarks.contentId, contentId)))
    .orderBy(asc(episodes.number), asc(readingMarks.createdAt));
  return rows.map((row) => toReadingMark({ ...row.mark, episodeNumber: row.episodeNumber }));
}

export async function addMark(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof addMarkInput>,
): Promise<ReadingMark> {
  checkLocatorSize(input.locator);
  if (input.kind === "bookmark" && input.color) {
    throw new AppError("BAD_REQUEST", "Only highlights have a colour.");
  }
  const { episode } = await openableEpisode(deps, viewer, input.episodeId);
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [held] = await tx
      .select({ total: count() })
      .from(readingMarks)
      .where(and(eq(readingMarks.userId, viewer.id), eq(readingMarks.contentId, episode.contentId)));
    if ((held?.total ?? 0) >= MAX_MARKS_PER_TITLE) {
      throw new AppError(
        "BAD_REQUEST",
        `A title holds at most ${MAX_MARKS_PER_TITLE.toLocaleString("en")} marks.`,
      );
    }
    const [row] = await tx
      .insert(readingMarks)
      .values({
        userId: viewer.id,
        contentId: episode.contentId,
        episodeId: episode.id,
        kind: input.kind,
        locator: input.locator,
        quote: input.quote || null,
        note: input.note || null,
        color: input.kind === "highlight" ? (input.color ?? "yellow") : null,
      })
      .returning();
    if (!row) throw new Error("The mark was not stored.");
    deps.changes.changed(readingMarksTopic(viewer.id, episode.contentId));
    return toReadingMark({ ...row, episodeNumber: episode.number });
  });
}

/** The viewer's own mark, or NOT_FOUND: someone else's marks are not theirs to see or change. */
async function ownMark(deps: ServiceDeps, viewer: Viewer, markId: string) {
  const [mark] = await deps.db
    .select()
    .from(readingMarks)
    .where(and(eq(readingMarks.id, markId), eq(readingMarks.userId, viewer.id)));
  if (!mark) throw new AppError("NOT_FOUND", "No such bookmark or highlight.");
  return mark;
}

export async function updateMark(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof updateMarkInput>,
): Promise<void> {
  const mark = await ownMark(deps, viewer, input.markId);
  if (mark.kind === "bookmark" && input.color)
    throw new AppError("BAD_REQUEST", "Only highlights have a colour.");
  if (mark.kind === "highlight" && input.color === null) {
    throw new AppError("BAD_REQUEST", "A highlight needs a colour.");
  }
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(readingMarks)
      .set({
        ...(input.note !== undefined ? { note: input.note || null } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
      })
      .where(eq(readingMarks.id, mark.id));
    deps.changes.changed(readingMarksTopic(viewer.id, mark.contentId));
  });
}

export async function removeMark(deps: ServiceDeps, viewer: Viewer, markId: string): Promise<void> {
  const mark = await ownMark(deps, viewer, markId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.delete(readingMarks).where(eq(readingMarks.id, mark.id));
    deps.changes.changed(readingMarksTopic(viewer.id, mark.contentId));
  });
}
