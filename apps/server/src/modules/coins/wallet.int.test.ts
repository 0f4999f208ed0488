// The wallet page: its history a page at a time, the bonus lots with their expiry, and when it
// re-runs live.
import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { getWallet, WALLET_PAGE_SIZE } from "./coins.service.ts";
import { creditCoins, creditCoinsMany } from "./ledger.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const DAY_MS = 24 * 60 * 60 * 1000;
let keys = 0;

/** `count` purchases of one coin each, written in one statement: they share one timestamp. */
const purchases = (user: TestUser, count: number) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoinsMany(
      platform.deps,
      tx,
      Array.from({ length: count }, () => ({
        userId: user.id,
        kind: "purchase" as const,
        purchased: 1,
        memo: "Bought 1",
        idempotencyKey: `wallet:${++keys}`,
      })),
    ),
  );
const grant = (user: TestUser, bonus: number, grantedAt: Date) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, user.id, {
      kind: "grant",
      bonus,
      memo: "Gift",
      idempotencyKey: `wallet:${++keys}`,
      grantedAt,
    }),
  );

describe("coins.getWallet paging", () => {
  it(`shows ${WALLET_PAGE_SIZE} entries a page, newest first, with a cursor to the rest`, async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    await purchases(me, WALLET_PAGE_SIZE + 1);
    const first = await caller.coins.getWallet({});
    expect(first.entries).toHaveLength(WALLET_PAGE_SIZE);
    expect(first.nextCursor).toBe(first.entries.at(-1)?.id);
    const second = await caller.coins.getWallet({ cursor: first.nextCursor });
    expect(second.entries).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.entries, ...second.entries].map((entry) => entry.id);
    expect(new Set(seen).size).toBe(WALLET_PAGE_SIZE + 1);
    // Entries written together are ordered by id, so the pages follow on without a gap.
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it(`has no cursor when the history fits one page exactly`, async () => {
    const me = await createUser(platform);
    await purchases(me, WALLET_PAGE_SIZE);
    const page = await callerFor(platform, me).coins.getWallet({});
    expect(page.entries).toHaveLength(WALLET_PAGE_SIZE);
    expect(page.nextCursor).toBeNull();
    expect(page.entries[0]).toMatchObject({ kind: "purchase", memo: "Bought 1", purchased: 1, bonus: 0 });
  });

  it("re-runs live when the caller's wallet changes", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const live = watchLiveRuns(platform, () => caller.coins.getWallet({}));
    await live.waitForRuns(1);
    expect(live.latest?.entries).toEqual([]);
    await purchases(me, 2);
    await live.waitForRuns(2);
    expect(live.latest?.entries).toHaveLength(2);
    live.stop();
  });
});

describe("coins.getWallet bonus lots", () => {
  it("shows a lot as expired, with nothing left, from the very instant it expires", async () => {
    const me = await createUser(platform);
    const expiresAt = Date.now();
    await grant(me, 25, new Date(expiresAt - BONUS_COIN_LIFETIME_DAYS * DAY_MS));
    await grant(me, 10, new Date(expiresAt - DAY_MS));
    // The balance counts a lot up to, not at, its expiry; the page must agree at that instant.
    const clock = vi.spyOn(Date, "now").mockReturnValue(expiresAt);
    try {
      const page = await getWallet(platform.deps, me, null);
      expect(page.bonusLots.map((lot) => [lot.granted, lot.remaining, lot.expired, lot.expiresAt])).toEqual([
        [25, 0, true, new Date(expiresAt).toISOString()],
        [10, 10, false, new Date(expiresAt + (BONUS_COIN_LIFETIME_DAYS - 1) * DAY_MS).toISOString()],
      ]);
    } finally {
      clock.mockRestore();
    }
  });
});
