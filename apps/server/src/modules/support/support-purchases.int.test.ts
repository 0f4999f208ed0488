// Naming a payment or an unlock in a ticket: what the person is offered (their own only, newest
// first, as they would recognise it), what the ticket then shows on both sides of the desk, and
// what is refused when the item is someone else's.
import type { PlanFields } from "@litverse/shared/subscriptions-inputs";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { creditCoins } from "../coins/ledger.ts";
import { coinPackages } from "../coins/schema.ts";
import { paymentsSettingsFromEnv } from "../payments/payments-config.ts";
import { configurePayments, flushSandboxWebhooks } from "../payments/providers/registry.ts";
import { payments } from "../payments/schema.ts";
import { episodeUnlocks } from "../unlocks/schema.ts";
import { supportTickets } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
  configurePayments(
    platform.deps,
    paymentsSettingsFromEnv("http://litverse.test", { SANDBOX_WEBHOOK_SECRET: "s" }),
  );
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());
afterEach(() => flushSandboxWebhooks(platform.deps));

const HOUR_MS = 3_600_000;
const as = (user: TestUser) => callerFor(platform, user).support;

/** A pending coin purchase of 550 + 50 bonus coins for $4.99. */
async function coinPayment(user: TestUser): Promise<string> {
  const [pkg] = await platform.deps.db
    .insert(coinPackages)
    .values({ name: "Popular", coins: 550, bonusCoins: 50, priceMinor: 499, currency: "USD" })
    .returning();
  return (await callerFor(platform, user).payments.startCoinCheckout({ packageId: pkg?.id ?? "" })).paymentId;
}

/** A pending first payment of a €9.99 monthly plan. */
async function subscriptionPayment(user: TestUser): Promise<string> {
  const plan: PlanFields = {
    name: "Premium monthly",
    priceMinor: 999,
    currency: "EUR",
    interval: "month",
    tier: "premium",
    monthlyBonusCoins: 0,
    benefits: "Every premium title",
  };
  const superadmin = callerFor(platform, await createUser(platform, "superadmin"));
  const { id } = await superadmin.subscriptions.createPlan({ data: plan });
  return (await callerFor(platform, user).subscriptions.startSubscriptionCheckout({ planId: id })).paymentId;
}

let grants = 0;
/** A reader who paid 15 coins for chapter 2 of a book called `title`. */
async function unlockedChapter(title: string): Promise<{ reader: TestUser; unlockId: string }> {
  const reader = await readerAged(platform, 18);
  await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, reader.id, {
      kind: "grant",
      memo: "test coins",
      idempotencyKey: `support-purchases:${++grants}`,
      purchased: 50,
    }),
  );
  const book = await createTitle(platform, { title });
  const chapters = await addChapters(platform, book.id, 2, { 1: { priceCoins: 15 } });
  const { unlockId } = await callerFor(platform, reader).unlocks.unlockEpisode({
    episodeId: chapters[1]?.id ?? "",
    method: "coins",
    expectedPriceCoins: 15,
  });
  return { reader, unlockId };
}

const setCreatedAt = async (table: typeof payments | typeof episodeUnlocks, id: string, at: Date) => {
  await platform.deps.db.update(table).set({ createdAt: at }).where(eq(table.id, id));
};

describe("the purchases a ticket can name", () => {
  it("offers the person's own payments and unlocks, newest first, as they would recognise them", async () => {
    const { reader, unlockId } = await unlockedChapter("Moby-Dick");
    const coins = await coinPayment(reader);
    const subscription = await subscriptionPayment(reader);
    // Someone else's purchases are never offered.
    const stranger = await unlockedChapter("Emma");
    await coinPayment(stranger.reader);
    // The unlock lies between the two payments.
    const now = Date.now();
    const times = { subscription: new Date(now - HOUR_MS), unlock: new Date(now - 2 * HOUR_MS) };
    const coinsAt = new Date(now - 3 * HOUR_MS);
    await setCreatedAt(payments, subscription, times.subscription);
    await setCreatedAt(episodeUnlocks, unlockId, times.unlock);
    await setCreatedAt(payments, coins, coinsAt);

    expect(await as(reader).listMyPurchases()).toEqual([
      {
        kind: "payment",
        _id: subscription,
        label: "A subscription payment · €9.99",
        status: "pending",
        createdAt: times.subscription.toISOString(),
      },
      {
        kind: "unlock",
        _id: unlockId,
        label: "Moby-Dick, episode 2",
        status: "unlocked",
        createdAt: times.unlock.toISOString(),
      },
      {
        kind: "payment",
        _id: coins,
        label: "550 coins + 50 bonus · $4.99",
        status: "pending",
        createdAt: coinsAt.toISOString(),
      },
    ]);
    expect(await as(await createUser(platform)).listMyPurchases()).toEqual([]);
  });

  it("shows a refunded unlock as refunded", async () => {
    const { reader, unlockId } = await unlockedChapter("Moby-Dick");
    const admin = await createUser(platform, "admin");
    await callerFor(platform, admin).unlocks.refundUnlock({ unlockId, reason: "Wrong chapter" });
    expect(await as(reader).listMyPurchases()).toMatchObject([
      { kind: "unlock", _id: unlockId, label: "Moby-Dick, episode 2", status: "refunded" },
    ]);
  });
});

describe("a ticket about a purchase", () => {
  it("names one of the person's unlocks and shows it to them and to the team", async () => {
    const { reader, unlockId } = await unlockedChapter("Moby-Dick");
    const agent = await createUser(platform, "admin");
    const { ticketId } = await as(reader).createTicket({
      category: "payments",
      subject: "Chapter does not open",
      description: "I paid for chapter 2 but it stays locked.",
      item: { kind: "unlock", id: unlockId },
    });
    const [row] = await platform.deps.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row).toMatchObject({ paymentId: null, unlockId });
    const shown = { kind: "unlock", _id: unlockId, label: "Moby-Dick, episode 2", status: "unlocked" };
    expect((await as(reader).getMyTicket({ ticketId })).item).toMatchObject(shown);
    expect((await as(agent).getTicket({ ticketId })).item).toMatchObject(shown);
  });

  it("shows a payment by what was bought and its price", async () => {
    const person = await createUser(platform);
    const coins = await coinPayment(person);
    const subscription = await subscriptionPayment(person);
    const about = async (id: string) => {
      const { ticketId } = await as(person).createTicket({
        category: "payments",
        subject: "Charged twice",
        description: "I think I was charged twice for this.",
        item: { kind: "payment", id },
      });
      const [row] = await platform.deps.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.id, ticketId));
      expect(row).toMatchObject({ paymentId: id, unlockId: null });
      return (await as(person).getMyTicket({ ticketId })).item;
    };
    expect(await about(coins)).toMatchObject({
      kind: "payment",
      _id: coins,
      label: "550 coins + 50 bonus · $4.99",
      status: "pending",
    });
    expect(await about(subscription)).toMatchObject({
      kind: "payment",
      _id: subscription,
      label: "A subscription payment · €9.99",
    });
  });

  it("a ticket about nothing in particular names no item", async () => {
    const person = await createUser(platform);
    await coinPayment(person);
    const { ticketId } = await as(person).createTicket({
      category: "other",
      subject: "A question",
      description: "How do coins work?",
    });
    expect((await as(person).getMyTicket({ ticketId })).item).toBeNull();
  });

  it("refuses to name someone else's payment or unlock, saying which, and stores nothing", async () => {
    const person = await createUser(platform);
    const { reader: stranger, unlockId } = await unlockedChapter("Emma");
    const paymentId = await coinPayment(stranger);
    const ask = (item: { kind: "payment" | "unlock"; id: string }) =>
      as(person).createTicket({
        category: "payments",
        subject: "Not mine",
        description: "This purchase is someone else's.",
        item,
      });
    expect(await refusalOf(ask({ kind: "payment", id: paymentId }))).toEqual({
      code: "NOT_FOUND",
      message: "There is no such payment of yours.",
    });
    expect(await refusalOf(ask({ kind: "unlock", id: unlockId }))).toEqual({
      code: "NOT_FOUND",
      message: "There is no such unlock of yours.",
    });
    // A payment's id named as an unlock (and the other way round) is not found either.
    const mine = await coinPayment(person);
    expect(await refusalOf(ask({ kind: "unlock", id: mine }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await platform.deps.db.select().from(supportTickets)).toEqual([]);
  });
});
