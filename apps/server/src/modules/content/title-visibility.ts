// Who sees which titles and episodes, in one place: readers see published titles rated at most
// their age, and episodes whose release time has passed; admins also see drafts, to check them.
import type { Age } from "@litverse/shared/constants";
import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { Viewer } from "../../core/service-deps.ts";
import { visibleItem } from "../reports/index.ts";
import { content, episodes } from "./schema.ts";

export type ContentRow = typeof content.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;

/** Viewers whose age we do not know see only what is rated for everyone (13). */
export const DEFAULT_VIEWER_AGE: Age = 13;

/** The highest age rating this viewer may see. */
export function viewerAge(viewer: Pick<Viewer, "age"> | null): Age {
  return viewer?.age ?? DEFAULT_VIEWER_AGE;
}

export function isAdminViewer(viewer: Pick<Viewer, "role"> | null): boolean {
  return viewer?.role === "admin" || viewer?.role === "superadmin";
}

/**
 * Titles a viewer of this age may find: published, rated at most their age, not hidden from them
 * by moderators (only an 18-year-old's age is 18, so the age says whether they are a minor).
 */
export function visibleTitles(maxAge: Age): SQL {
  return and(
    eq(content.status, "published"),
    lte(content.ageRating, maxAge),
    visibleItem("title", content.id, { age: maxAge }),
  ) as SQL;
}

/** Episodes whose release time has passed. */
export const releasedEpisode = sql`${episodes.publishAt} is not null and ${episodes.publishAt} <= now()`;

/**
 * The title if this viewer may see it: published, within their age and not hidden from them by
 * moderators (admins also see drafts and hidden titles, to check them). Otherwise NOT_FOUND, or
 * FORBIDDEN saying why when the age rating is the reason.
 */
export async function visibleTitle(
  db: Executor,
  viewer: Viewer | null,
  contentId: string,
): Promise<ContentRow> {
  const isAdmin = isAdminViewer(viewer);
  const [row] = await db
    .select()
    .from(content)
    .where(and(eq(content.id, contentId), isAdmin ? undefined : visibleItem("title", content.id, viewer)));
  if (!row || (row.status !== "published" && !isAdmin)) throw new AppError("NOT_FOUND", "No such title.");
  if (!isAdmin && row.ageRating > viewerAge(viewer)) {
    throw new AppError("FORBIDDEN", `This title is rated ${row.ageRating}+.`);
  }
  return row;
}
