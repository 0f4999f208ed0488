// What an ad leads to: a catalogue title, a club, an interactive story, a reel, or for the team's
// house ads the plans page or an outside https address. Resolved in batches, for the serving
// cache (only what readers may still reach is served) and one at a time, when a campaign is made.
import type { AdTarget, AdTargetKind, AdTargetOption } from "@litverse/shared/ads";
import type { Age } from "@litverse/shared/constants";
import type { ContentType } from "@litverse/shared/content";
import { and, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { MediaDeps, ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { clubs } from "../clubs/schema.ts";
import { content } from "../content/schema.ts";
import { reels } from "../reels/schema.ts";
import { visibleItem } from "../reports/index.ts";
import { stories } from "../stories/schema.ts";

/** A target as the serving and the views need it: what it is, and what its audience is. */
export interface ResolvedTarget extends AdTarget {
  ageRating: Age;
  /** For titles (and reels of a title): what kind, which genres, which language. */
  contentType: ContentType | null;
  genres: string[];
  language: string | null;
}

export interface TargetRef {
  kind: AdTargetKind;
  id: string | null;
  url: string | null;
}

export const targetKey = (ref: TargetRef) => `${ref.kind}:${ref.id ?? ref.url ?? ""}`;

const SEARCH_LIMIT = 12;
const imageOf = (key: string | null) => (key ? `/media/${key}` : null);
const asAge = (value: number): Age => (value >= 18 ? 18 : value >= 16 ? 16 : 13);

function linkTarget(url: string): ResolvedTarget {
  let label = url;
  try {
    label = new URL(url).hostname.replace(/^www\./, "");
  } catch {
    // Checked as an https address on the way in; a stored one always parses.
  }
  return {
    kind: "link",
    id: null,
    url,
    label,
    imageUrl: null,
    href: url,
    ageRating: 13,
    contentType: null,
    genres: [],
    language: null,
  };
}

const PLAN_TARGET: ResolvedTarget = {
  kind: "plan",
  id: null,
  url: null,
  label: "Subscription plans",
  imageUrl: null,
  href: "/subscription/plans",
  ageRating: 13,
  contentType: null,
  genres: [],
  language: null,
};

/**
 * The targets readers may still reach, by targetKey: published titles, stories and reels not
 * hidden by moderators, clubs that can be found. What is missing from the map is not served.
 */
export async function resolveTargets(
  db: Executor,
  media: MediaDeps,
  refs: readonly TargetRef[],
): Promise<Map<string, ResolvedTarget>> {
  const found = new Map<string, ResolvedTarget>();
  const idsOf = (kind: AdTargetKind) => [
    ...new Set(refs.flatMap((ref) => (ref.kind === kind && ref.id ? [ref.id] : []))),
  ];
  const everyone = { age: 18 as Age };
  const titleIds = idsOf("title");
  const reelIds = idsOf("reel");
  const clubIds = idsOf("club");
  const storyIds = idsOf("story");
  const [titleRows, reelRows, clubRows, storyRows] = await Promise.all([
    titleIds.length === 0
      ? []
      : db
          .select()
          .from(content)
          .where(
            and(
              inArray(content.id, titleIds),
              eq(content.status, "published"),
              visibleItem("title", content.id, everyone),
            ),
          ),
    reelIds.length === 0
      ? []
      : db
          .select({ reel: reels, title: content })
          .from(reels)
          .leftJoin(content, eq(content.id, reels.linkContentId))
          .where(
            and(
              inArray(reels.id, reelIds),
              eq(reels.status, "published"),
              eq(reels.visibility, "public"),
              visibleItem("reel", reels.id, everyone),
            ),
          ),
    clubIds.length === 0
      ? []
      : db
          .select()
          .from(clubs)
          .where(and(inArray(clubs.id, clubIds), ne(clubs.privacy, "secret"))),
    storyIds.length === 0
      ? []
      : db
          .select()
          .from(stories)
          .where(
            and(
              inArray(stories.id, storyIds),
              eq(stories.status, "published"),
              visibleItem("story", stories.id, everyone),
            ),
          ),
  ]);
  for (const row of titleRows) {
    found.set(`title:${row.id}`, {
      kind: "title",
      id: row.id,
      url: null,
      label: row.title,
      imageUrl: row.coverImage,
      href: `/content/${row.id}`,
      ageRating: asAge(row.ageRating),
      contentType: row.contentType,
      genres: row.genres,
      language: row.language,
    });
  }
  for (const { reel, title } of reelRows) {
    const { base } = media.signer.base("reels", reel.id);
    found.set(`reel:${reel.id}`, {
      kind: "reel",
      id: reel.id,
      url: null,
      label: reel.caption ? reel.caption.slice(0, 80) : title ? `A reel of ${title.title}` : "A reel",
      imageUrl: reel.hasPoster ? `${base}/poster.jpg` : (title?.coverImage ?? null),
      href: `/reels?reel=${reel.id}`,
      ageRating: asAge(title?.ageRating ?? 13),
      contentType: title?.contentType ?? null,
      genres: title?.genres ?? [],
      language: title?.language ?? null,
    });
  }
  for (const row of clubRows) {
    found.set(`club:${row.id}`, {
      kind: "club",
      id: row.id,
      url: null,
      label: row.name,
      imageUrl: imageOf(row.coverKey),
      href: `/clubs/${row.id}`,
      ageRating: 13,
      contentType: null,
      genres: [],
      language: null,
    });
  }
  for (const row of storyRows) {
    found.set(`story:${row.id}`, {
      kind: "story",
      id: row.id,
      url: null,
      label: row.title,
      imageUrl: imageOf(row.coverKey),
      href: `/interactive-stories/${row.id}`,
      ageRating: asAge(row.ageRating),
      contentType: null,
      genres: [],
      language: null,
    });
  }
  for (const ref of refs) {
    if (ref.kind === "plan") found.set(targetKey(ref), PLAN_TARGET);
    if (ref.kind === "link" && ref.url) found.set(targetKey(ref), linkTarget(ref.url));
  }
  return found;
}

/** One target, as it is now, or NOT_FOUND in words the advertiser understands. */
export async function resolveTarget(deps: ServiceDeps, ref: TargetRef): Promise<ResolvedTarget> {
  const found = (await resolveTargets(deps.db, deps.media, [ref])).get(targetKey(ref));
  if (!found) {
    throw new AppError(
      "NOT_FOUND",
      ref.kind === "club"
        ? "There is no such club open to everyone."
        : "There is nothing published of that kind to promote. Choose another.",
    );
  }
  return found;
}

/**
 * Titles, clubs, stories or reels the advertiser may promote, by name: what is published and
 * within their own age (nobody promotes what they may not see).
 */
export async function searchAdTargets(
  deps: ServiceDeps,
  viewer: Viewer,
  input: { kind: "title" | "club" | "story" | "reel"; query: string },
): Promise<AdTargetOption[]> {
  const age = viewer.age ?? 13;
  const pattern = `%${input.query.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  const { db } = deps;
  let ids: string[];
  if (input.kind === "title") {
    const rows = await db
      .select({ id: content.id })
      .from(content)
      .where(
        and(
          eq(content.status, "published"),
          sql`${content.ageRating} <= ${age}`,
          ilike(content.title, pattern),
        ),
      )
      .orderBy(content.title)
      .limit(SEARCH_LIMIT);
    ids = rows.map((row) => row.id);
  } else if (input.kind === "club") {
    const rows = await db
      .select({ id: clubs.id })
      .from(clubs)
      .where(and(ne(clubs.privacy, "secret"), ilike(clubs.name, pattern)))
      .orderBy(clubs.name)
      .limit(SEARCH_LIMIT);
    ids = rows.map((row) => row.id);
  } else if (input.kind === "story") {
    const rows = await db
      .select({ id: stories.id })
      .from(stories)
      .where(
        and(
          eq(stories.status, "published"),
          sql`${stories.ageRating} <= ${age}`,
          ilike(stories.title, pattern),
        ),
      )
      .orderBy(stories.title)
      .limit(SEARCH_LIMIT);
    ids = rows.map((row) => row.id);
  } else {
    // The person's own reels first: creators promote what they made.
    const rows = await db
      .select({ id: reels.id })
      .from(reels)
      .where(
        and(eq(reels.status, "published"), eq(reels.visibility, "public"), ilike(reels.caption, pattern)),
      )
      .orderBy(sql`${reels.creatorId} = ${viewer.id} desc`, sql`${reels.publishedAt} desc nulls last`)
      .limit(SEARCH_LIMIT);
    ids = rows.map((row) => row.id);
  }
  const resolved = await resolveTargets(
    db,
    deps.media,
    ids.map((id) => ({ kind: input.kind, id, url: null })),
  );
  return ids.flatMap((id) => {
    const target = resolved.get(`${input.kind}:${id}`);
    if (!target || target.ageRating > age) return [];
    return [
      { kind: input.kind, id, label: target.label, imageUrl: target.imageUrl, ageRating: target.ageRating },
    ];
  });
}
