// The unlock ladder: free episodes; a plan for the episodes of Premium and VVIP titles; coins for a
// priced episode, for good; a rental for a while; one free episode every so often ("wait for
// free"); all the remaining priced episodes at once at a discount. Every payload is checked here:
// the episode, the title's visibility, the reader's plan, the price the reader saw.
//
// Concurrency: every unlock first locks the reader's wallet (ledger.lockWallet), so one reader's
// unlocks happen one after another; whether the episode is already held, what the timer allows and
// what the coins pay for are all decided under that lock, in the transaction that pays.
import type { AccessType } from "@litverse/shared/content";
import {
  type AdminUnlockPage,
  type AdminUnlockRow,
  type BulkUnlockResult,
  bulkPrice,
  type UnlockMethod,
  type UnlockOptions,
  type UnlockResult,
  unlockMemo,
} from "@litverse/shared/unlocks";
import { and, desc, eq, gt, ilike, isNull, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { countTitle, reachUnlockAfterReel } from "../../core/activity.ts";
import { noteChange } from "../../core/audit.ts";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser, Viewer } from "../../core/service-deps.ts";
import { coinsTopic, lockWallet, reverseEntry, spendableAccounts, spendCoins } from "../coins/index.ts";
import { ledgerEntries, ledgerPostings } from "../coins/schema.ts";
import {
  type ContentRow,
  type EpisodeRow,
  episodeLock,
  isAdminViewer,
  loadEntitlements,
  PREVIEW_EPISODE_NUMBER,
  releasedEpisode,
  viewerAge,
  visibleTitle,
} from "../content/index.ts";
import { content, episodes } from "../content/schema.ts";
import { contentEpisodesTopic, contentTopic, entitlementsTopic } from "../content/topics.ts";
import { visibleItem } from "../reports/index.ts";
import { activeTiers } from "../subscriptions/index.ts";
import { users } from "../users/schema.ts";
import { episodeUnlocks } from "./schema.ts";

/** Every unlock and refund: what the admins' list of unlocks follows. */
export const UNLOCKS_ADMIN_TOPIC = "unlocks:admin";
export const ADMIN_UNLOCKS_PAGE_SIZE = 50;

type UnlockRow = typeof episodeUnlocks.$inferSelect;
type Tiers = ReadonlySet<Exclude<AccessType, "free">>;

const PLAN_NAMES = { premium: "Premium", vvip: "VVIP" } as const;

/** "2026-11-23 14:05 UTC": a moment readers can act on, the same for everyone. */
function formatMoment(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The plan this title asks of this reader for this episode, if any (the preview episode asks none). */
function tierLockOf(
  viewer: Viewer,
  title: ContentRow,
  episode: Pick<EpisodeRow, "id" | "number">,
  tiers: Tiers,
) {
  const lock = episodeLock(
    viewer,
    title,
    { id: episode.id, number: episode.number, priceCoins: 0 },
    { unlockedEpisodeIds: new Set(), tiers },
  );
  return lock?.reason === "tier" ? lock : null;
}

/**
 * The episode and its title when the viewer may see them (in one query, since every unlock starts
 * here): the title published, within their age and not hidden from them, the episode released. An
 * unknown episode, a draft, a hidden title (but for admins) or a scheduled episode is NOT_FOUND; a
 * title above the viewer's age is FORBIDDEN, as on its page.
 */
async function visibleEpisode(
  db: Executor,
  viewer: Viewer,
  episodeId: string,
): Promise<{ episode: EpisodeRow; title: ContentRow }> {
  const isShown = visibleItem("title", content.id, viewer).mapWith(Boolean);
  const [row] = await db
    .select({ episode: episodes, title: content, isShown })
    .from(episodes)
    .innerJoin(content, eq(content.id, episodes.contentId))
    .where(and(eq(episodes.id, episodeId), releasedEpisode));
  if (!row) throw new AppError("NOT_FOUND", "This episode is not out yet.");
  if (row.title.status !== "published" || (!row.isShown && !isAdminViewer(viewer))) {
    throw new AppError("NOT_FOUND", "No such title.");
  }
  if (!isAdminViewer(viewer) && row.title.ageRating > viewerAge(viewer)) {
    throw new AppError("FORBIDDEN", `This title is rated ${row.title.ageRating}+.`);
  }
  return row;
}

/** The plan tiers the viewer holds, read only when the episode asks for one. */
async function tiersFor(
  db: Executor,
  viewer: Viewer,
  title: ContentRow,
  episode: EpisodeRow,
): Promise<Tiers> {
  // Stryker disable next-line LogicalOperator,StringLiteral: reading the plans for a free title or the preview episode changes nothing, episodeLock asks no plan of them
  const isTiered = title.accessType !== "free" && episode.number !== PREVIEW_EPISODE_NUMBER;
  // Stryker disable next-line LogicalOperator: reading the plans of an admin changes nothing, and unlockEpisode refuses admins before it gets here
  return isTiered && !isAdminViewer(viewer) ? activeTiers(db, viewer.id) : new Set();
}

/** The viewer's unlocks of this episode that count now: for good, or a rental still running. */
async function heldUnlocks(db: Executor, userId: string, episodeId: string) {
  const rows = await db
    .select()
    .from(episodeUnlocks)
    .where(
      and(
        eq(episodeUnlocks.userId, userId),
        eq(episodeUnlocks.episodeId, episodeId),
        isNull(episodeUnlocks.revokedAt),
        or(isNull(episodeUnlocks.expiresAt), gt(episodeUnlocks.expiresAt, sql`now()`)),
      ),
    );
  return {
    owned: rows.find((row) => row.kind !== "rental") ?? null,
    rental:
      // Stryker disable next-line MethodExpression: a reader holds at most one running rental (a second is refused under the wallet lock) and a row held for good has no end, so neither the filter nor the sort changes what is found
      rows
        .filter((row) => row.kind === "rental")
        .sort((a, b) => +(b.expiresAt ?? 0) - +(a.expiresAt ?? 0))[0] ?? null,
  };
}

/** When the viewer may next open an episode of the title for free; null: now. */
async function nextWaitFreeAt(db: Executor, userId: string, title: ContentRow): Promise<Date | null> {
  if (!title.waitForFreeHours) return null;
  const [last] = await db
    .select({ at: sql<string | null>`max(${episodeUnlocks.createdAt})` })
    .from(episodeUnlocks)
    .where(
      and(
        eq(episodeUnlocks.userId, userId),
        eq(episodeUnlocks.contentId, title.id),
        eq(episodeUnlocks.kind, "wait_free"),
      ),
    );
  // Stryker disable next-line OptionalChaining: an aggregate without group by always returns one row
  if (!last?.at) return null;
  const next = new Date(new Date(last.at).getTime() + title.waitForFreeHours * 3_600_000);
  return next.getTime() > Date.now() ? next : null;
}

/**
 * What "unlock all remaining" covers: the released priced episodes the viewer does not own for
 * good and whose plan they hold (a rental does not count as owning).
 */
async function bulkCandidates(db: Executor, viewer: Viewer, title: ContentRow, tiers: Tiers) {
  const rows = await db
    .select({ id: episodes.id, number: episodes.number, priceCoins: episodes.priceCoins })
    .from(episodes)
    .where(
      and(
        eq(episodes.contentId, title.id),
        gt(episodes.priceCoins, 0),
        sql`${episodes.publishAt} is not null and ${episodes.publishAt} <= now()`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(episodeUnlocks)
            .where(
              and(
                eq(episodeUnlocks.userId, viewer.id),
                eq(episodeUnlocks.episodeId, episodes.id),
                isNull(episodeUnlocks.revokedAt),
                ne(episodeUnlocks.kind, "rental"),
              ),
            ),
        ),
      ),
    )
    .orderBy(episodes.number);
  const open = rows.filter((row) => !tierLockOf(viewer, title, row, tiers));
  const fullPriceCoins = open.reduce((sum, row) => sum + row.priceCoins, 0);
  return {
    episodes: open,
    fullPriceCoins,
    priceCoins: bulkPrice(fullPriceCoins, title.bulkDiscountPercent),
  };
}

async function walletBalance(db: Executor, userId: string): Promise<number> {
  const accounts = await spendableAccounts(db, userId);
  return accounts.reduce((sum, account) => sum + account.balance, 0);
}

// ---- Readers -----------------------------------------------------------------------------------

export async function getUnlockOptions(
  deps: ServiceDeps,
  viewer: Viewer,
  episodeId: string,
): Promise<UnlockOptions> {
  const { db } = deps;
  track(coinsTopic(viewer.id), entitlementsTopic(viewer.id));
  const { episode, title } = await visibleEpisode(db, viewer, episodeId);
  track(contentTopic(title.id), contentEpisodesTopic(title.id));
  const [entitlements, held, balance, waitFreeAt] = await Promise.all([
    loadEntitlements(deps, viewer.id, title.id),
    heldUnlocks(db, viewer.id, episode.id),
    walletBalance(db, viewer.id),
    nextWaitFreeAt(db, viewer.id, title),
  ]);
  const lock = episodeLock(viewer, title, episode, entitlements);
  const isTierLocked = lock?.reason === "tier";
  const isOffered = !isTierLocked && !isAdminViewer(viewer) && episode.priceCoins > 0 && !held.owned;
  const bulk =
    isTierLocked || isAdminViewer(viewer)
      ? null
      : await bulkCandidates(db, viewer, title, entitlements.tiers);
  return {
    episode: { _id: episode.id, contentId: title.id, number: episode.number, title: episode.title },
    content: { _id: title.id, title: title.title, contentType: title.contentType },
    lock,
    priceCoins: episode.priceCoins,
    balance,
    isOwned: Boolean(held.owned),
    rentedUntil: held.rental?.expiresAt?.toISOString() ?? null,
    rental:
      isOffered && title.rentalPriceCoins && title.rentalHours && !held.rental
        ? { priceCoins: title.rentalPriceCoins, hours: title.rentalHours }
        : null,
    waitForFree:
      isOffered && title.waitForFreeHours
        ? {
            hours: title.waitForFreeHours,
            isAvailable: waitFreeAt === null,
            nextAt: waitFreeAt?.toISOString() ?? null,
          }
        : null,
    bulk:
      bulk && bulk.episodes.length > 0
        ? {
            episodeCount: bulk.episodes.length,
            fullPriceCoins: bulk.fullPriceCoins,
            priceCoins: bulk.priceCoins,
            savingCoins: bulk.fullPriceCoins - bulk.priceCoins,
            discountPercent: title.bulkDiscountPercent,
          }
        : null,
  };
}

function toResult(row: UnlockRow, spentCoins: number, wasAlreadyUnlocked: boolean): UnlockResult {
  return {
    unlockId: row.id,
    kind: row.kind,
    spentCoins,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    wasAlreadyUnlocked,
  };
}

/** A permanent unlock of the episode committed first (a concurrent click). */
class AlreadyUnlocked extends AppError {
  constructor() {
    // Stryker disable next-line StringLiteral: nobody sees this error: the coins path catches it by its class, and the other inserts cannot conflict (they decide under the wallet lock every permanent unlock takes)
    super("CONFLICT", "This episode is already unlocked.");
  }
}

async function insertUnlock(tx: Transaction, values: typeof episodeUnlocks.$inferInsert): Promise<UnlockRow> {
  const [row] = await tx.insert(episodeUnlocks).values(values).onConflictDoNothing().returning();
  // The unique index is the last word; throwing undoes the payment in the same transaction.
  if (!row) throw new AlreadyUnlocked();
  return row;
}

/** What analytics follows of an unlock paid in coins: the title's earnings, and the reel funnel's last step. */
async function countPaidUnlock(
  tx: Transaction,
  userId: string,
  contentId: string,
  coins: number,
): Promise<void> {
  await countTitle(tx, contentId, { coinsEarned: coins });
  await reachUnlockAfterReel(tx, userId);
}

function priceChanged(now: number): AppError {
  return new AppError(
    "CONFLICT",
    `The price has changed to ${now} coins. Nothing was charged; check the new price and try again.`,
  );
}

export async function unlockEpisode(
  deps: ServiceDeps,
  viewer: Viewer,
  input: { episodeId: string; method: UnlockMethod; expectedPriceCoins: number },
): Promise<UnlockResult> {
  const { db } = deps;
  const { episode, title } = await visibleEpisode(db, viewer, input.episodeId);
  if (isAdminViewer(viewer)) {
    throw new AppError("BAD_REQUEST", "Administrators open every episode without unlocking it.");
  }
  const [tiers, heldBefore] = await Promise.all([
    tiersFor(db, viewer, title, episode),
    heldUnlocks(db, viewer.id, episode.id),
  ]);
  const tierLock = tierLockOf(viewer, title, episode, tiers);
  if (tierLock) {
    const plan = PLAN_NAMES[tierLock.accessType];
    throw new AppError(
      "FORBIDDEN",
      `Episode ${episode.number} of “${title.title}” comes with a ${plan} plan; it cannot be unlocked with coins.`,
    );
  }
  if (episode.priceCoins === 0) {
    throw new AppError("BAD_REQUEST", `Episode ${episode.number} is free: there is nothing to unlock.`);
  }
  if (input.method === "rental" && !(title.rentalPriceCoins && title.rentalHours)) {
    throw new AppError("BAD_REQUEST", `“${title.title}” does not offer rentals.`);
  }
  if (input.method === "wait_free") {
    if (!title.waitForFreeHours) {
      throw new AppError("BAD_REQUEST", `“${title.title}” has no wait-for-free timer.`);
    }
    if (input.expectedPriceCoins !== 0) {
      throw new AppError("BAD_REQUEST", "Waiting for free costs nothing: the expected price must be 0.");
    }
  }

  // A second click, or another tab: the episode is the reader's already, and nothing is charged.
  if (heldBefore.owned && input.method !== "rental") return toResult(heldBefore.owned, 0, true);

  if (input.method === "coins") {
    if (input.expectedPriceCoins !== episode.priceCoins) throw priceChanged(episode.priceCoins);
    // The fast path, a few indexed statements: spendCoins locks the wallet; should a concurrent
    // click have unlocked the episode meanwhile, the unique index refuses the second row, the
    // payment rolls back with it, and the reader gets the unlock they hold.
    try {
      return await deps.changes.inTransaction(db, async (tx) => {
        const entry = await spendCoins(deps, tx, viewer.id, {
          amount: episode.priceCoins,
          memo: unlockMemo(title.title, episode.number),
        });
        const row = await insertUnlock(tx, {
          userId: viewer.id,
          contentId: title.id,
          episodeId: episode.id,
          kind: "coins",
          entryId: entry.id,
        });
        await countPaidUnlock(tx, viewer.id, title.id, episode.priceCoins);
        deps.changes.changed(entitlementsTopic(viewer.id), UNLOCKS_ADMIN_TOPIC);
        return toResult(row, episode.priceCoins, false);
      });
    } catch (error) {
      if (!(error instanceof AlreadyUnlocked)) throw error;
      const held = await heldUnlocks(db, viewer.id, episode.id);
      if (!held.owned) throw new AppError("CONFLICT", "This episode is being unlocked; try again.");
      return toResult(held.owned, 0, true);
    }
  }

  return deps.changes.inTransaction(db, async (tx) => {
    // Rentals and the timer decide on what the reader holds: with the wallet locked, nothing else
    // of theirs moves meanwhile.
    await lockWallet(tx, viewer.id);
    const held = await heldUnlocks(tx, viewer.id, episode.id);
    if (held.owned && input.method !== "rental") return toResult(held.owned, 0, true);

    if (input.method === "rental") {
      const price = title.rentalPriceCoins ?? 0;
      const hours = title.rentalHours ?? 0;
      if (held.owned) throw new AppError("CONFLICT", `Episode ${episode.number} is yours already.`);
      if (held.rental?.expiresAt) {
        throw new AppError(
          "CONFLICT",
          `You are renting episode ${episode.number} until ${formatMoment(held.rental.expiresAt)}.`,
        );
      }
      if (input.expectedPriceCoins !== price) throw priceChanged(price);
      const entry = await spendCoins(deps, tx, viewer.id, {
        amount: price,
        memo: `Rented “${title.title}”, episode ${episode.number}, for ${hours} ${hours === 1 ? "hour" : "hours"}`,
      });
      const row = await insertUnlock(tx, {
        userId: viewer.id,
        contentId: title.id,
        episodeId: episode.id,
        kind: "rental",
        entryId: entry.id,
        expiresAt: sql`now() + make_interval(hours => ${hours})` as unknown as Date,
      });
      await countPaidUnlock(tx, viewer.id, title.id, price);
      deps.changes.changed(entitlementsTopic(viewer.id), UNLOCKS_ADMIN_TOPIC);
      return toResult(row, price, false);
    }

    const nextAt = await nextWaitFreeAt(tx, viewer.id, title);
    if (nextAt) {
      throw new AppError(
        "CONFLICT",
        `Your next free episode of “${title.title}” is available from ${formatMoment(nextAt)}.`,
      );
    }
    const row = await insertUnlock(tx, {
      userId: viewer.id,
      contentId: title.id,
      episodeId: episode.id,
      kind: "wait_free",
    });
    deps.changes.changed(entitlementsTopic(viewer.id), UNLOCKS_ADMIN_TOPIC);
    return toResult(row, 0, false);
  });
}

export async function unlockAllRemaining(
  deps: ServiceDeps,
  viewer: Viewer,
  input: { contentId: string; expectedPriceCoins: number },
): Promise<BulkUnlockResult> {
  const { db } = deps;
  const title = await visibleTitle(db, viewer, input.contentId);
  if (title.status !== "published") throw new AppError("NOT_FOUND", "No such title.");
  if (isAdminViewer(viewer)) {
    throw new AppError("BAD_REQUEST", "Administrators open every episode without unlocking it.");
  }
  const tiers = await activeTiers(db, viewer.id);
  return deps.changes.inTransaction(db, async (tx) => {
    await lockWallet(tx, viewer.id);
    const bulk = await bulkCandidates(tx, viewer, title, tiers);
    if (bulk.episodes.length === 0) {
      throw new AppError("BAD_REQUEST", `There is nothing left to unlock in “${title.title}”.`);
    }
    if (input.expectedPriceCoins !== bulk.priceCoins) {
      throw new AppError(
        "CONFLICT",
        `The ${bulk.episodes.length} remaining episodes now cost ${bulk.priceCoins} coins. Nothing was charged; check the new price and try again.`,
      );
    }
    const count = bulk.episodes.length;
    const entry = await spendCoins(deps, tx, viewer.id, {
      amount: bulk.priceCoins,
      memo: `Unlocked ${count} ${count === 1 ? "episode" : "episodes"} of “${title.title}”`,
    });
    const rows = await tx
      .insert(episodeUnlocks)
      .values(
        bulk.episodes.map((episode) => ({
          userId: viewer.id,
          contentId: title.id,
          episodeId: episode.id,
          kind: "bulk" as const,
          entryId: entry.id,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: episodeUnlocks.id });
    // Stryker disable next-line StringLiteral: cannot be thrown: the candidates are chosen under the wallet lock every permanent unlock takes, so none of the inserts conflicts
    if (rows.length !== count) throw new AppError("CONFLICT", "Some of these episodes are unlocked already.");
    await countPaidUnlock(tx, viewer.id, title.id, bulk.priceCoins);
    deps.changes.changed(entitlementsTopic(viewer.id), UNLOCKS_ADMIN_TOPIC);
    return { episodeCount: count, spentCoins: bulk.priceCoins };
  });
}

// ---- Admins ------------------------------------------------------------------------------------

export async function adminListUnlocks(
  { db }: ServiceDeps,
  input: { query?: string; cursor?: string | null; userId?: string },
): Promise<AdminUnlockPage> {
  track(UNLOCKS_ADMIN_TOPIC);
  const conditions: SQL[] = [];
  if (input.userId) conditions.push(eq(episodeUnlocks.userId, input.userId));
  if (input.query) {
    const pattern = `%${input.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(content.title, pattern)) as SQL);
  }
  if (input.cursor) {
    const [before] = await db
      .select({ createdAt: episodeUnlocks.createdAt, id: episodeUnlocks.id })
      .from(episodeUnlocks)
      .where(eq(episodeUnlocks.id, input.cursor));
    if (before) {
      conditions.push(olderThan(episodeUnlocks, before));
    }
  }
  const rows = await db
    .select({
      unlock: episodeUnlocks,
      email: users.email,
      name: users.name,
      contentTitle: content.title,
      episodeNumber: episodes.number,
      episodeTitle: episodes.title,
      coins: sql<number>`coalesce((select sum(p.amount) from ${ledgerPostings} p where p.entry_id = ${episodeUnlocks.entryId} and p.amount > 0), 0)::int`,
      episodesInEntry: sql<number>`case when ${episodeUnlocks.entryId} is null then 1 else (select count(*) from ${episodeUnlocks} s where s.entry_id = ${episodeUnlocks.entryId}) end::int`,
    })
    .from(episodeUnlocks)
    .innerJoin(users, eq(users.id, episodeUnlocks.userId))
    .innerJoin(content, eq(content.id, episodeUnlocks.contentId))
    .innerJoin(episodes, eq(episodes.id, episodeUnlocks.episodeId))
    .where(and(...conditions))
    .orderBy(desc(episodeUnlocks.createdAt), desc(episodeUnlocks.id))
    .limit(ADMIN_UNLOCKS_PAGE_SIZE + 1);
  const items: AdminUnlockRow[] = rows.slice(0, ADMIN_UNLOCKS_PAGE_SIZE).map((row) => ({
    _id: row.unlock.id,
    kind: row.unlock.kind,
    user: { _id: row.unlock.userId, email: row.email, name: row.name },
    content: { _id: row.unlock.contentId, title: row.contentTitle },
    episode: { _id: row.unlock.episodeId, number: row.episodeNumber, title: row.episodeTitle },
    coins: row.coins,
    episodesInEntry: row.episodesInEntry,
    entryId: row.unlock.entryId,
    createdAt: row.unlock.createdAt.toISOString(),
    expiresAt: row.unlock.expiresAt?.toISOString() ?? null,
    revokedAt: row.unlock.revokedAt?.toISOString() ?? null,
    isRefundable: row.unlock.entryId !== null && row.unlock.revokedAt === null,
  }));
  return {
    items,
    // Stryker disable next-line OptionalChaining: with more rows than a page, items holds a full page, so its last one exists
    nextCursor: rows.length > ADMIN_UNLOCKS_PAGE_SIZE ? (items.at(-1)?._id ?? null) : null,
  };
}

/**
 * Gives the coins of an unlock back to the lots they came from (a reversing entry) and locks the
 * episode again. A bulk unlock is refunded whole: every episode it paid for locks again.
 */
export async function refundUnlock(
  deps: ServiceDeps,
  admin: SessionUser,
  input: { unlockId: string; reason: string },
): Promise<{ refundedCoins: number; episodeCount: number }> {
  const [found] = await deps.db
    .select({ unlock: episodeUnlocks, contentTitle: content.title, episodeNumber: episodes.number })
    .from(episodeUnlocks)
    .innerJoin(content, eq(content.id, episodeUnlocks.contentId))
    .innerJoin(episodes, eq(episodes.id, episodeUnlocks.episodeId))
    .where(eq(episodeUnlocks.id, input.unlockId));
  if (!found) throw new AppError("NOT_FOUND", "There is no such unlock.");
  const { unlock } = found;
  const entryId = unlock.entryId;
  if (!entryId) {
    throw new AppError(
      "BAD_REQUEST",
      "This episode was opened for free (wait for free): there are no coins to refund.",
    );
  }
  return deps.changes.inTransaction(deps.db, async (tx) => {
    await lockWallet(tx, unlock.userId);
    const [entry] = await tx
      .select({ memo: ledgerEntries.memo })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, entryId));
    const revoked = await tx
      .update(episodeUnlocks)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(episodeUnlocks.entryId, entryId), isNull(episodeUnlocks.revokedAt)))
      .returning({
        id: episodeUnlocks.id,
        episodeId: episodeUnlocks.episodeId,
        revokedAt: episodeUnlocks.revokedAt,
      });
    if (revoked.length === 0) throw new AppError("CONFLICT", "This unlock has already been refunded.");
    const reversal = await reverseEntry(deps, tx, entryId, {
      // Stryker disable next-line OptionalChaining: the paying entry is always found (entry_id references it, on delete restrict)
      memo: `Refund: ${entry?.memo ?? unlockMemo(found.contentTitle, found.episodeNumber)} (${input.reason})`,
      createdBy: admin.id,
    });
    const [amount] = await tx
      .select({
        coins: sql<number>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} < 0), 0)::int`,
      })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, reversal.id));
    deps.changes.changed(entitlementsTopic(unlock.userId), UNLOCKS_ADMIN_TOPIC);
    // Stryker disable next-line OptionalChaining: an aggregate without group by always returns one row
    const refundedCoins = -(amount?.coins ?? 0);
    // Each episode it paid for locks again; the refund is the reversing entry.
    for (const { id, ...after } of revoked) {
      noteChange({ objectType: "unlock", objectId: id, before: { ...after, revokedAt: null }, after });
    }
    const refund = { unlockId: unlock.id, userId: unlock.userId, coins: refundedCoins, memo: reversal.memo };
    noteChange({ objectType: "refund", objectId: reversal.id, before: null, after: refund });
    return { refundedCoins, episodeCount: revoked.length };
  });
}
