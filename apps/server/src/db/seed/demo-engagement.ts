// Demo readers and what they did: personas (users who never sign in) who opened episodes over the
// last weeks, finished some, followed, liked and rated titles, in proportion to each title's
// demo popularity and rating. This is what trending, top reads, rising stars, hidden gems and the
// content metrics are computed from.
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { ServiceDeps } from "../../rpc/context.ts";
import {
  contentFollows,
  contentLikes,
  contentRatings,
  episodeProgress,
  episodes,
  episodeViews,
  users,
} from "../schema/index.ts";
import { randomFrom } from "./demo-media.ts";

/** Users of this issuer are demo personas: no account, nobody signs in as them. */
export const DEMO_PERSONA_ISSUER = "litverse:demo-persona";
const PERSONA_COUNT = 40;
const DAY_MS = 86_400_000;

const FIRST_NAMES = ["Ada", "Bea", "Cyrus", "Dina", "Eli", "Farah", "Gus", "Hana", "Ivo", "Juno"];
const LAST_NAMES = ["Moreau", "Okafor", "Lindqvist", "Tanaka"];

export interface EngagementPlan {
  contentId: string;
  /** 0 to 1: the share of personas who open it. */
  popularity: number;
  /** Mean rating, 1 to 5; 0 for no ratings. */
  rating: number;
  publishedDaysAgo: number;
}

async function ensurePersonas(deps: ServiceDeps): Promise<string[]> {
  const values = Array.from({ length: PERSONA_COUNT }, (_, index) => {
    const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}`;
    return {
      issuer: DEMO_PERSONA_ISSUER,
      subject: `persona-${index + 1}`,
      name,
      handle: `${name.toLowerCase().replace(" ", "_")}`,
      age: 18,
      role: "user" as const,
    };
  });
  await deps.db.insert(users).values(values).onConflictDoNothing();
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.issuer, DEMO_PERSONA_ISSUER))
    .orderBy(asc(users.subject));
  return rows.map((row) => row.id);
}

/** Adds engagement for every planned title that has none yet. */
export async function seedDemoEngagement(deps: ServiceDeps, plans: EngagementPlan[]): Promise<void> {
  const personas = await ensurePersonas(deps);
  const engaged = new Set(
    (
      await deps.db
        .selectDistinct({ contentId: episodeViews.contentId })
        .from(episodeViews)
        .where(inArray(episodeViews.userId, personas))
    ).map((row) => row.contentId),
  );
  const now = Date.now();
  for (const plan of plans) {
    if (engaged.has(plan.contentId) || plan.popularity <= 0) continue;
    const released = await deps.db
      .select({ id: episodes.id, priceCoins: episodes.priceCoins })
      .from(episodes)
      .where(
        and(
          eq(episodes.contentId, plan.contentId),
          isNotNull(episodes.publishAt),
          lte(episodes.publishAt, sql`now()`),
        ),
      )
      .orderBy(asc(episodes.number));
    // Personas read the free beginning of a title.
    const firstPaid = released.findIndex((episode) => episode.priceCoins > 0);
    const readable = firstPaid === -1 ? released : released.slice(0, firstPaid);
    if (readable.length === 0) continue;

    const random = randomFrom(plan.contentId);
    const readers = [...personas]
      .sort(() => random() - 0.5)
      .slice(0, Math.max(1, Math.round(plan.popularity * personas.length)));
    // Views lean towards the last few weeks, never before the title came out.
    const span = Math.min(plan.publishedDaysAgo, 28) * DAY_MS;
    const when = () => new Date(now - random() ** 2 * span - 60_000);

    const views: Array<typeof episodeViews.$inferInsert> = [];
    const progress: Array<typeof episodeProgress.$inferInsert> = [];
    const follows: Array<typeof contentFollows.$inferInsert> = [];
    const likes: Array<typeof contentLikes.$inferInsert> = [];
    const ratings: Array<typeof contentRatings.$inferInsert> = [];
    for (const userId of readers) {
      const read = 1 + Math.floor(random() * Math.min(readable.length, 5));
      for (const [index, episode] of readable.slice(0, read).entries()) {
        const at = when();
        views.push({ episodeId: episode.id, contentId: plan.contentId, userId, viewedAt: at });
        const isLast = index === read - 1;
        const finished = !isLast || random() < 0.4;
        progress.push({
          userId,
          episodeId: episode.id,
          contentId: plan.contentId,
          fraction: finished ? 1 : Math.round(random() * 90) / 100,
          completedAt: finished ? at : null,
          updatedAt: at,
        });
      }
      const at = when();
      if (random() < 0.5) follows.push({ userId, contentId: plan.contentId, createdAt: at });
      if (random() < 0.6) likes.push({ userId, contentId: plan.contentId, createdAt: at });
      if (plan.rating > 0 && random() < 0.6) {
        const rating = Math.min(5, Math.max(1, Math.round(plan.rating + (random() - 0.5) * 1.5)));
        ratings.push({ userId, contentId: plan.contentId, rating, createdAt: at, updatedAt: at });
      }
    }
    await deps.db.transaction(async (tx) => {
      if (views.length > 0) await tx.insert(episodeViews).values(views);
      if (progress.length > 0) await tx.insert(episodeProgress).values(progress).onConflictDoNothing();
      if (follows.length > 0) await tx.insert(contentFollows).values(follows).onConflictDoNothing();
      if (likes.length > 0) await tx.insert(contentLikes).values(likes).onConflictDoNothing();
      if (ratings.length > 0) await tx.insert(contentRatings).values(ratings).onConflictDoNothing();
    });
  }
}
