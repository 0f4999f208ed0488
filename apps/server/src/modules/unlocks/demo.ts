// The demo personas open the priced episodes of titles they have started, with the coins they
// bought (the payments' demo), through the unlock functions a reader's tap calls: each unlock is a
// spending entry in the ledger, so the revenue page's coins spent, the admin's unlock list and the
// personas' wallets all come from the same entries. Some take the other ways the titles offer:
// all remaining episodes at the bulk discount, a rental, the wait-for-free timer.
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { content, episodes } from "../content/schema.ts";
import { DEMO_TITLES } from "../content-admin/index.ts";
import { episodeProgress } from "../reading/schema.ts";
import { DEMO_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { episodeUnlocks } from "./schema.ts";
import { getUnlockOptions, unlockAllRemaining, unlockEpisode } from "./unlocks.service.ts";

/** How many of a title's readers open its next priced episode. */
const UNLOCKERS_PER_TITLE = 6;

type Way = "coins" | "bulk" | "rental" | "wait_free";

/** The ways a title's readers take, in turn, among those it offers; coins first and most often. */
function waysFor(slug: string): Way[] {
  const demo = DEMO_TITLES.find((title) => title.slug === slug);
  const ways: Way[] = ["coins", "coins"];
  if (demo?.unlockOptions?.bulkDiscountPercent) ways.push("bulk");
  if (demo?.unlockOptions?.rental) ways.push("rental");
  if (demo?.unlockOptions?.waitForFreeHours) ways.push("wait_free");
  return ways;
}

/**
 * Adds the personas' unlocks unless some persona has one already (or there are no personas or
 * priced titles). Returns how many unlocks it made.
 */
export async function seedDemoUnlocks(deps: ServiceDeps): Promise<number> {
  const { db } = deps;
  const [done] = await db
    .select({ id: episodeUnlocks.id })
    .from(episodeUnlocks)
    .innerJoin(users, eq(users.id, episodeUnlocks.userId))
    .where(eq(users.issuer, DEMO_PERSONA_ISSUER))
    .limit(1);
  if (done) return 0;

  const priced = DEMO_TITLES.filter((demo) => demo.priced && !demo.isDraft);
  const titles = await db
    .select({ id: content.id, title: content.title })
    .from(content)
    .where(
      and(
        inArray(
          content.title,
          priced.map((demo) => demo.title),
        ),
        eq(content.status, "published"),
      ),
    );
  let added = 0;
  for (const demo of priced) {
    const title = titles.find((row) => row.title === demo.title);
    if (!title) continue;
    // Its readers who went furthest first: they are the ones who reached the paid episodes.
    const readers = await db
      .select({ userId: episodeProgress.userId })
      .from(episodeProgress)
      .innerJoin(users, eq(users.id, episodeProgress.userId))
      .where(
        and(
          eq(episodeProgress.contentId, title.id),
          eq(users.issuer, DEMO_PERSONA_ISSUER),
          isNotNull(episodeProgress.completedAt),
        ),
      )
      .groupBy(episodeProgress.userId, users.subject)
      .orderBy(desc(sql`count(*)`), asc(users.subject))
      .limit(UNLOCKERS_PER_TITLE);
    const [firstPriced] = await db
      .select({ id: episodes.id })
      .from(episodes)
      .where(
        and(
          eq(episodes.contentId, title.id),
          gt(episodes.priceCoins, 0),
          lte(episodes.publishAt, sql`now()`),
        ),
      )
      .orderBy(asc(episodes.number))
      .limit(1);
    if (!firstPriced) continue;
    const ways = waysFor(demo.slug);
    for (const [index, { userId }] of readers.entries()) {
      const viewer: Viewer = { id: userId, role: "user", age: 18 };
      const way = ways[index % ways.length] as Way;
      if (await unlockAsReader(deps, viewer, firstPriced.id, way)) added++;
    }
  }
  return added;
}

/** One reader's unlock, at the price the unlock dialog shows them; false when they cannot afford it. */
async function unlockAsReader(
  deps: ServiceDeps,
  viewer: Viewer,
  episodeId: string,
  way: Way,
): Promise<boolean> {
  const options = await getUnlockOptions(deps, viewer, episodeId);
  try {
    if (way === "bulk" && options.bulk) {
      if (options.balance < options.bulk.priceCoins) return false;
      await unlockAllRemaining(deps, viewer, {
        contentId: options.content._id,
        expectedPriceCoins: options.bulk.priceCoins,
      });
    } else if (way === "rental" && options.rental) {
      if (options.balance < options.rental.priceCoins) return false;
      await unlockEpisode(deps, viewer, {
        episodeId,
        method: "rental",
        expectedPriceCoins: options.rental.priceCoins,
      });
    } else if (way === "wait_free" && options.waitForFree?.isAvailable) {
      await unlockEpisode(deps, viewer, { episodeId, method: "wait_free", expectedPriceCoins: 0 });
    } else {
      if (options.balance < options.priceCoins) return false;
      await unlockEpisode(deps, viewer, {
        episodeId,
        method: "coins",
        expectedPriceCoins: options.priceCoins,
      });
    }
    return true;
  } catch (error) {
    // A persona whose bonus coins ran out meanwhile simply does not unlock.
    if (error instanceof AppError && error.code === "INSUFFICIENT_COINS") return false;
    throw error;
  }
}
