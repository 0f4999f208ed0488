// The demo catalogue: the sample titles of the four kinds (titles.ts), the fixture files imported
// as real titles (imports.ts), engagement from demo readers (so that trending, top reads, rising
// stars and hidden gems have something to show; the library's demo makes it, handed down by the
// seed), and the home page's shelves. Every step adds only what is missing.
import type { CuratedListContentType, CuratedListType } from "@litverse/shared/content";
import { and, eq, sql } from "drizzle-orm";
import type { ServiceDeps } from "../../../core/service-deps.ts";
import { refreshContentStats } from "../../../jobs/content-stats.ts";
import { addEpisodes, createContent, type NewEpisode } from "../../content/index.ts";
import { content } from "../../content/schema.ts";
import { createCuratedList } from "../curation/content-curation.service.ts";
import { curatedLists } from "../schema.ts";
import { type FixtureMedia, seedDemoImports } from "./imports.ts";
import { sampleChapters, sampleComicEpisodes } from "./media.ts";
import { DEMO_TITLES, type DemoTitle, demoCoverUrl, type EngagementPlan } from "./titles.ts";

export interface DemoList {
  listType: CuratedListType;
  customName: string | null;
  description: string;
  contentType: CuratedListContentType;
  isActive: boolean;
  /** For hand-picked lists: titles in order, by slug (DEMO_TITLES) or key (DEMO_FIXTURES). */
  titles: string[];
}

/** The home page's shelves, in order. Trending, recently added and hidden gems fill themselves. */
export const DEMO_LISTS: readonly DemoList[] = [
  {
    listType: "trending",
    customName: null,
    description: "What everyone is reading, listening to and watching this week.",
    contentType: "all",
    isActive: true,
    titles: [],
  },
  {
    listType: "editors_picks",
    customName: null,
    description: "Books our editors keep coming back to.",
    contentType: "book",
    isActive: true,
    titles: [
      "moby-dick",
      "thornmere",
      "the-unfading-portrait",
      "the-second-door",
      "the-lantern-keepers-daughter",
      "the-glass-anatomist",
      "the-waste-land",
    ],
  },
  {
    listType: "must_watch",
    customName: null,
    description: "Binge-worthy vertical dramas, one short episode at a time.",
    contentType: "drama",
    isActive: true,
    titles: ["the-island-fortune", "the-guest-who-sleeps-all-day", "two-houses", "green-light-summer"],
  },
  {
    listType: "hidden_gems",
    customName: null,
    description: "Loved by the few who found them.",
    contentType: "all",
    isActive: true,
    titles: [],
  },
  {
    listType: "custom",
    customName: "Listen on the go",
    description: "Audiobooks for the commute, the gym and everything in between.",
    contentType: "audiobook",
    isActive: true,
    titles: ["the-clockmakers-voyage", "the-salt-map", "down-the-well", "the-casebook-of-iris-vane"],
  },
  {
    listType: "recently_added",
    customName: "Fresh this week",
    description: "Being prepared: not on the home page yet.",
    contentType: "all",
    isActive: false,
    titles: [],
  },
];

const DAY_MS = 86_400_000;

/** The episodes of a demo title: sample chapters and pages, or the imported fixtures' audio and video. */
async function demoEpisodes(demo: DemoTitle, media: FixtureMedia): Promise<NewEpisode[]> {
  const count = demo.episodes + (demo.scheduledEpisodes ?? 0);
  let episodes: NewEpisode[];
  if (demo.contentType === "book") episodes = sampleChapters(demo.slug, count);
  else if (demo.contentType === "comic")
    episodes = await sampleComicEpisodes(demo.title, demo.colors, count, 4);
  else {
    const shared = demo.contentType === "audiobook" ? media.audio : media.video;
    if (shared.length === 0) return [];
    episodes = Array.from({ length: count }, (_, index) => ({
      ...(shared[index % shared.length] as NewEpisode),
      title: `Episode ${index + 1}`,
    }));
  }
  const tomorrow = Date.now() + DAY_MS;
  return episodes.map((episode, index) => ({
    ...episode,
    priceCoins: demo.priced && index + 1 >= demo.priced.from ? demo.priced.coins : 0,
    publishAt:
      index < demo.episodes
        ? new Date(Date.now() - demo.publishedDaysAgo * DAY_MS + index * 3_600_000)
        : new Date(tomorrow + (index - demo.episodes) * DAY_MS),
  }));
}

/** The demo readers' step, which the library's demo makes; the composition root hands it down. */
export type SeedEngagement = (deps: ServiceDeps, plans: EngagementPlan[]) => Promise<void>;

/**
 * Adds the demo titles missing (by title and type) with their episodes, the imported fixtures,
 * the demo readers' engagement, and the demo lists missing (by type, name and content type).
 */
export async function seedDemoContent(
  deps: ServiceDeps,
  seedEngagement: SeedEngagement,
): Promise<{ titles: number; lists: number }> {
  const imported = await seedDemoImports(deps);
  const ids = new Map<string, string>(imported.ids);
  let titles = imported.added;
  for (const demo of DEMO_TITLES) {
    const [existing] = await deps.db
      .select({ id: content.id })
      .from(content)
      .where(and(eq(content.title, demo.title), eq(content.contentType, demo.contentType)))
      .limit(1);
    if (existing) {
      ids.set(demo.slug, existing.id);
      continue;
    }
    const row = await createContent(deps, {
      contentType: demo.contentType,
      title: demo.title,
      author: demo.author,
      description: demo.description,
      coverImage: demoCoverUrl(demo.slug),
      accessType: demo.accessType,
      ageRating: demo.ageRating,
      genres: demo.genres,
      tags: demo.tags,
      language: "en",
      releaseStatus: demo.releaseStatus ?? "ongoing",
      releaseSchedule: demo.releaseSchedule ?? null,
      status: demo.isDraft ? "draft" : "published",
      publishedAt: demo.isDraft ? null : new Date(Date.now() - demo.publishedDaysAgo * DAY_MS),
      bulkDiscountPercent: demo.unlockOptions?.bulkDiscountPercent ?? 0,
      waitForFreeHours: demo.unlockOptions?.waitForFreeHours ?? null,
      rentalPriceCoins: demo.unlockOptions?.rental?.coins ?? null,
      rentalHours: demo.unlockOptions?.rental?.hours ?? null,
    });
    await addEpisodes(deps, row.id, await demoEpisodes(demo, imported.media));
    ids.set(demo.slug, row.id);
    titles++;
  }

  if (titles > 0) {
    await seedEngagement(deps, [
      ...DEMO_TITLES.flatMap((demo) => {
        const id = ids.get(demo.slug);
        return id && !demo.isDraft ? [{ contentId: id, ...demo }] : [];
      }),
      ...imported.engagement,
    ]);
    await refreshContentStats(deps);
  }

  let lists = 0;
  for (const [position, demo] of DEMO_LISTS.entries()) {
    const [existing] = await deps.db
      .select({ id: curatedLists.id })
      .from(curatedLists)
      .where(
        and(
          eq(curatedLists.listType, demo.listType),
          eq(curatedLists.contentType, demo.contentType),
          sql`${curatedLists.customName} is not distinct from ${demo.customName}`,
        ),
      )
      .limit(1);
    if (existing) continue;
    const contentIds = demo.titles.map((key) => ids.get(key)).filter((id) => id !== undefined);
    const { titles: _titles, ...fields } = demo;
    await createCuratedList(deps, { ...fields, position }, contentIds);
    lists++;
  }
  return { titles, lists };
}
