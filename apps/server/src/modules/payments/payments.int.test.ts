// Buying coins through the sandbox provider: checkout, the three ways a payment settles, exactly
// one credit however they interleave, signatures, mismatches, refunds, and who may do what.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countToday } from "../../test/daily-counts.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { auditEvents } from "../audit/schema.ts";
import { creditCoins, spendCoins } from "../coins/ledger.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { coinPackages, ledgerEntries } from "../coins/schema.ts";
import { settlePayment } from "./payments.service.ts";
import { paymentsSettingsFromEnv } from "./payments-config.ts";
import { configurePayments, flushSandboxWebhooks, sandboxProvider } from "./providers/registry.ts";
import { SANDBOX_SIGNATURE_HEADER } from "./providers/sandbox.ts";
import { signTimestamped } from "./providers/signatures.ts";
import { paymentEvents, payments, sandboxCharges } from "./schema.ts";

let platform: TestPlatform;
let server: TestServer;
const PUBLIC_URL = "http://litverse.test";

beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
  // After the server, which configures payments from the environment.
  configurePayments(
    platform.deps,
    paymentsSettingsFromEnv(PUBLIC_URL, { SANDBOX_WEBHOOK_SECRET: "test-secret" }),
  );
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
beforeEach(() => platform.reset());
afterEach(() => flushSandboxWebhooks(platform.deps));

const expectConsistentLedger = async () =>
  expect((await checkLedger(platform.deps.db)).violations).toEqual([]);

async function addPackage(values: Partial<typeof coinPackages.$inferInsert> = {}) {
  const [row] = await platform.deps.db
    .insert(coinPackages)
    .values({ name: "Popular", coins: 550, bonusCoins: 50, priceMinor: 499, currency: "USD", ...values })
    .returning();
  if (!row) throw new Error("package not stored");
  return row;
}

async function paymentRow(paymentId: string) {
  const [row] = await platform.deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new Error("no payment");
  return row;
}

const referenceOf = async (paymentId: string) => (await paymentRow(paymentId)).providerReference ?? "";

async function purchaseEntries(userId: string) {
  return platform.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
}

/** Starts a checkout as `user` for a new package, returning the payment and its sandbox reference. */
async function startCheckout(user: TestUser, values: Partial<typeof coinPackages.$inferInsert> = {}) {
  const pkg = await addPackage(values);
  const started = await callerFor(platform, user).payments.startCoinCheckout({ packageId: pkg.id });
  return { ...started, reference: await referenceOf(started.paymentId), pkg };
}

/** Captures the sandbox's webhooks instead of delivering them, until restored. */
async function captureWebhooks() {
  const sandbox = await sandboxProvider(platform.deps);
  const original = sandbox.deliver;
  const captured: Array<{ rawBody: Buffer; headers: Record<string, string> }> = [];
  sandbox.deliver = async (rawBody, headers) => {
    captured.push({ rawBody, headers });
  };
  return { captured, restore: () => (sandbox.deliver = original) };
}

const postWebhook = (body: Buffer | string, headers: Record<string, string>, provider = "sandbox") =>
  fetch(`${server.url}/webhooks/payments/${provider}`, { method: "POST", headers, body });

describe("payments.startCoinCheckout", () => {
  it("records a pending payment with the package's coins and price, and opens the sandbox checkout", async () => {
    const me = await createUser(platform);
    const pkg = await addPackage();
    const started = await callerFor(platform, me).payments.startCoinCheckout({
      packageId: pkg.id,
      returnTo: "/content/abc?episode=3",
    });
    const row = await paymentRow(started.paymentId);
    expect(row).toMatchObject({
      userId: me.id,
      purpose: "coins",
      provider: "sandbox",
      status: "pending",
      amountMinor: 499,
      currency: "USD",
      coins: 550,
      bonusCoins: 50,
      returnTo: "/content/abc?episode=3",
    });
    expect(started.checkoutUrl).toBe(`${PUBLIC_URL}/sandbox/checkout/${row.providerReference}`);
    const [charge] = await platform.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, row.providerReference ?? ""));
    expect(charge).toMatchObject({
      status: "open",
      amountMinor: 499,
      description: "550 coins + 50 bonus",
      successUrl: `${PUBLIC_URL}/subscription/verify?payment=${row.id}`,
      cancelUrl: `${PUBLIC_URL}/subscription/verify?payment=${row.id}&canceled=1`,
    });
    // Later edits to the package do not change what this payment gives.
    await platform.deps.db.update(coinPackages).set({ coins: 1 }).where(eq(coinPackages.id, pkg.id));
    expect((await paymentRow(started.paymentId)).coins).toBe(550);
  });

  it("refuses return paths to other sites, bad ids, packages not on sale, and anonymous callers", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const pkg = await addPackage();
    for (const returnTo of [
      "//evil.example/x",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\\evil",
      "relative",
    ]) {
      await expect(caller.payments.startCoinCheckout({ packageId: pkg.id, returnTo })).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    }
    await expect(caller.payments.startCoinCheckout({ packageId: "nope" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const hidden = await addPackage({ isActive: false });
    await expect(caller.payments.startCoinCheckout({ packageId: hidden.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This coin package is not on sale any more.",
    });
    await expect(callerFor(platform).payments.startCoinCheckout({ packageId: pkg.id })).rejects.toMatchObject(
      {
        code: "UNAUTHORIZED",
      },
    );
    expect(await platform.deps.db.select().from(payments)).toEqual([]);
  });
});

describe("payments.getPayment and payments.verifyPayment", () => {
  it("settles a paid checkout once, crediting purchased and bonus coins, and shows it live", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const { paymentId, reference } = await startCheckout(me);
    const live = watchLiveRuns(platform, () => caller.payments.getPayment({ paymentId }));
    await live.waitForRuns(1);
    expect(live.latest).toMatchObject({ status: "pending", coins: 550, bonusCoins: 50, planName: null });

    // Still open at the provider: nothing happens.
    expect(await caller.payments.verifyPayment({ paymentId })).toMatchObject({ status: "pending" });

    const capture = await captureWebhooks();
    const sandbox = await sandboxProvider(platform.deps);
    expect(await sandbox.completeCharge(reference, "pay")).toBe(
      `${PUBLIC_URL}/subscription/verify?payment=${paymentId}`,
    );
    capture.restore();
    const view = await caller.payments.verifyPayment({ paymentId });
    expect(view).toMatchObject({
      status: "paid",
      amountMinor: 499,
      currency: "USD",
      paidAt: expect.any(String),
    });
    expect(await caller.coins.getCoinBalance()).toEqual({ total: 600, purchased: 550, bonus: 50 });
    await live.waitForRuns(2);
    expect(live.latest).toMatchObject({ status: "paid" });
    live.stop();

    // Asking again changes nothing.
    await caller.payments.verifyPayment({ paymentId });
    expect(await caller.coins.getCoinBalance()).toEqual({ total: 600, purchased: 550, bonus: 50 });
    const entries = await purchaseEntries(me.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "purchase", idempotencyKey: `payment:${paymentId}` });
    expect((await paymentRow(paymentId)).creditEntryId).toBe(entries[0]?.id);
    await expectConsistentLedger();
  });

  it("credits through the webhook alone, when the buyer never comes back", async () => {
    const me = await createUser(platform);
    const { paymentId, reference } = await startCheckout(me);
    await (await sandboxProvider(platform.deps)).completeCharge(reference, "pay");
    await flushSandboxWebhooks(platform.deps);
    expect((await paymentRow(paymentId)).status).toBe("paid");
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 600 });
    expect(await platform.deps.db.select().from(paymentEvents)).toHaveLength(1);
    await expectConsistentLedger();
  });

  it("records failed and cancelled checkouts and credits nothing", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const sandbox = await sandboxProvider(platform.deps);
    const failed = await startCheckout(me);
    expect(await sandbox.completeCharge(failed.reference, "fail")).toContain(`payment=${failed.paymentId}`);
    const canceled = await startCheckout(me);
    expect(await sandbox.completeCharge(canceled.reference, "cancel")).toContain("&canceled=1");
    await flushSandboxWebhooks(platform.deps);
    expect(await caller.payments.verifyPayment({ paymentId: failed.paymentId })).toMatchObject({
      status: "failed",
    });
    expect(await caller.payments.verifyPayment({ paymentId: canceled.paymentId })).toMatchObject({
      status: "canceled",
    });
    // A decided charge stays decided: paying afterwards does nothing.
    await sandbox.completeCharge(failed.reference, "pay");
    expect(await caller.payments.verifyPayment({ paymentId: failed.paymentId })).toMatchObject({
      status: "failed",
    });
    expect(await caller.coins.getCoinBalance()).toMatchObject({ total: 0 });
    expect(await purchaseEntries(me.id)).toEqual([]);
  });

  it("shows a payment only to its owner", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const { paymentId } = await startCheckout(me);
    for (const caller of [callerFor(platform, other), callerFor(platform, admin)]) {
      await expect(caller.payments.getPayment({ paymentId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(caller.payments.verifyPayment({ paymentId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(callerFor(platform).payments.getPayment({ paymentId })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(callerFor(platform).payments.verifyPayment({ paymentId })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(callerFor(platform, me).payments.getPayment({ paymentId: "x" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("does not credit a payment whose amount or currency the provider reports differently", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const sandbox = await sandboxProvider(platform.deps);
    const capture = await captureWebhooks();
    for (const change of [{ amountMinor: 99 }, { currency: "EUR" }]) {
      const { paymentId, reference } = await startCheckout(me);
      await platform.deps.db
        .update(sandboxCharges)
        .set(change)
        .where(eq(sandboxCharges.reference, reference));
      await sandbox.completeCharge(reference, "pay");
      const view = await caller.payments.verifyPayment({ paymentId });
      expect(view.status).toBe("failed");
      expect((await paymentRow(paymentId)).failureReason).toMatch(/^The provider reported/);
    }
    capture.restore();
    expect(await caller.coins.getCoinBalance()).toMatchObject({ total: 0 });
    expect(await purchaseEntries(me.id)).toEqual([]);
  });
});

describe("exactly one credit", () => {
  it("when the webhook is replayed 10 times concurrently with the return path", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const { paymentId, reference } = await startCheckout(me);
    const capture = await captureWebhooks();
    await (await sandboxProvider(platform.deps)).completeCharge(reference, "pay");
    capture.restore();
    const [webhook] = capture.captured;
    if (!webhook) throw new Error("no webhook sent");
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => postWebhook(webhook.rawBody, webhook.headers)),
      caller.payments.verifyPayment({ paymentId }),
      caller.payments.verifyPayment({ paymentId }),
    ]);
    for (const response of results.slice(0, 10) as Response[]) expect(response.status).toBe(200);
    expect(await caller.coins.getCoinBalance()).toEqual({ total: 600, purchased: 550, bonus: 50 });
    expect(await purchaseEntries(me.id)).toHaveLength(1);
    expect(await platform.deps.db.select().from(paymentEvents)).toHaveLength(1);
    await expectConsistentLedger();
  });

  it("when settlePayment itself runs 10 times at once (no event log in between)", async () => {
    const me = await createUser(platform);
    const { paymentId, reference } = await startCheckout(me);
    const capture = await captureWebhooks();
    await (await sandboxProvider(platform.deps)).completeCharge(reference, "pay");
    capture.restore();
    const settled = await Promise.all(
      Array.from({ length: 10 }, () => settlePayment(platform.deps, paymentId)),
    );
    expect(settled.every((row) => row.id === paymentId)).toBe(true);
    expect(await purchaseEntries(me.id)).toHaveLength(1);
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 600 });
    // The dashboard counts the payment and its coins once, too.
    expect(await countToday(platform, "money.paid:USD")).toBe(499);
    expect(await countToday(platform, "coins.bought")).toBe(600);
    await expectConsistentLedger();
  });
});

describe("POST /webhooks/payments/:provider", () => {
  async function paidWithCapturedWebhook() {
    const me = await createUser(platform);
    const { paymentId, reference } = await startCheckout(me);
    const capture = await captureWebhooks();
    await (await sandboxProvider(platform.deps)).completeCharge(reference, "pay");
    capture.restore();
    const webhook = capture.captured[0];
    if (!webhook) throw new Error("no webhook sent");
    return { me, paymentId, webhook };
  }

  it("refuses a bad, missing or stale signature with 400 and credits nothing", async () => {
    const { me, paymentId, webhook } = await paidWithCapturedWebhook();
    const body = webhook.rawBody;
    const json = { "content-type": "application/json" };
    const stale = signTimestamped("test-secret", body, Math.floor(Date.now() / 1000) - 301);
    // A minute past the tolerance: the requests sent before it take time, which brings it closer.
    const future = signTimestamped("test-secret", body, Math.floor(Date.now() / 1000) + 360);
    const wrongKey = signTimestamped("another-secret", body);
    const attempts: Array<[string, Record<string, string>, Buffer | string]> = [
      ["missing", json, body],
      ["stale", { ...json, [SANDBOX_SIGNATURE_HEADER]: stale }, body],
      ["from the future", { ...json, [SANDBOX_SIGNATURE_HEADER]: future }, body],
      ["wrong key", { ...json, [SANDBOX_SIGNATURE_HEADER]: wrongKey }, body],
      ["garbled", { ...json, [SANDBOX_SIGNATURE_HEADER]: "t=abc,v1=zz" }, body],
      ["body changed", webhook.headers, body.toString().replace("checkout.completed", "checkout.failed")],
    ];
    for (const [what, headers, sent] of attempts) {
      const response = await postWebhook(sent, headers);
      expect(response.status, what).toBe(400);
      expect(await response.json()).toMatchObject({ received: false });
    }
    expect((await paymentRow(paymentId)).status).toBe("pending");
    expect(await purchaseEntries(me.id)).toEqual([]);
    expect(await platform.deps.db.select().from(paymentEvents)).toEqual([]);

    // The genuine one still works afterwards.
    const response = await postWebhook(webhook.rawBody, webhook.headers);
    expect(response.status).toBe(200);
    expect((await paymentRow(paymentId)).status).toBe("paid");
  });

  it("answers 404 for providers that are unknown or not set up here, and takes any content type", async () => {
    const { webhook } = await paidWithCapturedWebhook();
    expect((await postWebhook(webhook.rawBody, webhook.headers, "paypal")).status).toBe(404);
    expect((await postWebhook(webhook.rawBody, webhook.headers, "stripe")).status).toBe(404);
    const asText = await postWebhook(webhook.rawBody, { ...webhook.headers, "content-type": "text/plain" });
    expect(asText.status).toBe(200);
  });

  it("ignores a signed event about a payment that is not ours", async () => {
    const rawBody = JSON.stringify({
      id: "evt_1",
      type: "checkout.completed",
      data: { reference: "sbx_ch_unknown" },
    });
    const response = await postWebhook(rawBody, {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signTimestamped("test-secret", rawBody),
    });
    expect(response.status).toBe(200);
  });
});

describe("the sandbox's checkout", () => {
  it("shows the buyer the amount and sends them back after paying or cancelling", async () => {
    const me = await createUser(platform);
    const { paymentId, reference } = await startCheckout(me);
    const buyer = callerFor(platform, me).payments;
    expect(await buyer.getSandboxCheckout({ reference })).toEqual({
      reference,
      amountMinor: 499,
      currency: "USD",
      description: "550 coins + 50 bonus",
      status: "open",
      returnPath: `/subscription/verify?payment=${paymentId}`,
    });

    const paid = await buyer.completeSandboxCheckout({ reference, outcome: "pay" });
    expect(paid).toEqual({ redirectTo: `/subscription/verify?payment=${paymentId}` });
    await flushSandboxWebhooks(platform.deps);
    expect((await paymentRow(paymentId)).status).toBe("paid");
    expect((await buyer.getSandboxCheckout({ reference })).status).toBe("paid");
    // Decided once: paying again changes nothing.
    await buyer.completeSandboxCheckout({ reference, outcome: "cancel" });
    expect((await buyer.getSandboxCheckout({ reference })).status).toBe("paid");

    const other = await startCheckout(me);
    expect(await buyer.completeSandboxCheckout({ reference: other.reference, outcome: "cancel" })).toEqual({
      redirectTo: `/subscription/verify?payment=${other.paymentId}&canceled=1`,
    });
  });

  it("lets nobody but the buyer see or decide a checkout, and has no form to post to", async () => {
    const buyer = await createUser(platform);
    const stranger = await createUser(platform);
    const { paymentId, reference } = await startCheckout(buyer);

    for (const call of [
      () => callerFor(platform, stranger).payments.getSandboxCheckout({ reference }),
      () => callerFor(platform, stranger).payments.completeSandboxCheckout({ reference, outcome: "pay" }),
    ]) {
      await expect(call()).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "There is no such checkout.",
      });
    }
    await expect(
      callerFor(platform, null).payments.completeSandboxCheckout({ reference, outcome: "pay" }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(
      callerFor(platform, buyer).payments.getSandboxCheckout({ reference: "sbx_ch_nope" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });

    // The form posts that once paid any checkout, anonymously and from any site, are gone.
    const posted = await fetch(`${server.url}/sandbox/checkout/${reference}/pay`, {
      method: "POST",
      headers: { origin: "http://evil.example" },
    });
    expect(posted.status).toBe(404);
    await flushSandboxWebhooks(platform.deps);
    expect((await paymentRow(paymentId)).status).toBe("pending");
  });
});

describe("payments in production", () => {
  afterEach(() =>
    configurePayments(
      platform.deps,
      paymentsSettingsFromEnv(PUBLIC_URL, { SANDBOX_WEBHOOK_SECRET: "test-secret" }),
    ),
  );

  it("have no sandbox unless an operator chooses it, and then nothing can be bought", async () => {
    configurePayments(platform.deps, paymentsSettingsFromEnv(PUBLIC_URL, { NODE_ENV: "production" }));
    const me = await createUser(platform);
    const pkg = await addPackage();
    await expect(
      callerFor(platform, me).payments.startCoinCheckout({ packageId: pkg.id }),
    ).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "Payments are not set up on this server yet.",
    });
    await expect(
      callerFor(platform, me).payments.getSandboxCheckout({ reference: `sbx_ch_${"0".repeat(24)}` }),
    ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  });

  it("take the sandbox when PAYMENT_PROVIDER=sandbox says so", async () => {
    configurePayments(
      platform.deps,
      paymentsSettingsFromEnv(PUBLIC_URL, {
        NODE_ENV: "production",
        PAYMENT_PROVIDER: "sandbox",
        SANDBOX_WEBHOOK_SECRET: "test-secret",
      }),
    );
    const me = await createUser(platform);
    const { reference } = await startCheckout(me);
    expect((await callerFor(platform, me).payments.getSandboxCheckout({ reference })).status).toBe("open");
  });
});

describe("payments.adminListPayments", () => {
  it("lists every payment for admins, filtered by status or buyer", async () => {
    const me = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const first = await startCheckout(me);
    await startCheckout(me, { name: "Starter", coins: 100, bonusCoins: 0, priceMinor: 99 });
    await (await sandboxProvider(platform.deps)).completeCharge(first.reference, "pay");
    await flushSandboxWebhooks(platform.deps);
    const caller = callerFor(platform, admin);
    const all = await caller.payments.adminListPayments({});
    expect(all.items).toHaveLength(2);
    expect(all.items[0]).toMatchObject({ packageName: "Starter", status: "pending", user: { id: me.id } });
    const paid = await caller.payments.adminListPayments({ status: "paid" });
    expect(paid.items.map((item) => item.id)).toEqual([first.paymentId]);
    expect(paid.items[0]).toMatchObject({ provider: "sandbox", providerReference: first.reference });
    const byEmail = await caller.payments.adminListPayments({ query: "@test.invalid" });
    expect(byEmail.items).toHaveLength(2);
    expect((await caller.payments.adminListPayments({ query: first.paymentId })).items).toHaveLength(1);
    expect((await caller.payments.adminListPayments({ query: "nobody-like-this" })).items).toEqual([]);
    const page = await caller.payments.adminListPayments({ cursor: all.items[0]?.id });
    expect(page.items.map((item) => item.id)).toEqual([all.items[1]?.id]);

    await expect(callerFor(platform, me).payments.adminListPayments({})).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(callerFor(platform).payments.adminListPayments({})).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(caller.payments.adminListPayments({ status: "lost" as "paid" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

describe("payments.refundPayment", () => {
  async function paidPurchase(user: TestUser) {
    const started = await startCheckout(user);
    await (await sandboxProvider(platform.deps)).completeCharge(started.reference, "pay");
    await flushSandboxWebhooks(platform.deps);
    return started;
  }

  it("takes the coins back, refunds at the provider and marks the payment refunded", async () => {
    const me = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const { paymentId, reference } = await paidPurchase(me);
    const view = await callerFor(platform, admin).payments.refundPayment({
      paymentId,
      reason: "Bought by mistake",
    });
    expect(view.status).toBe("refunded");
    expect(await callerFor(platform, me).coins.getCoinBalance()).toEqual({
      total: 0,
      purchased: 0,
      bonus: 0,
    });
    const [charge] = await platform.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, reference));
    expect(charge?.status).toBe("refunded");
    const entries = await purchaseEntries(me.id);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(["purchase", "reversal"]);
    const reversal = entries.find((entry) => entry.kind === "reversal");
    expect(reversal).toMatchObject({
      createdBy: admin.id,
      memo: "Refund of 550 coins + 50 bonus: Bought by mistake",
    });
    const [event] = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "payments.refundPayment"));
    expect(event?.changes).toEqual([
      {
        objectType: "payment",
        objectId: paymentId,
        before: expect.objectContaining({ userId: me.id, coins: 550, status: "paid", refundedAt: null }),
        after: expect.objectContaining({
          userId: me.id,
          coins: 550,
          status: "refunded",
          refundedAt: expect.any(String),
        }),
      },
      {
        objectType: "refund",
        objectId: reversal?.id,
        before: null,
        after: expect.objectContaining({ paymentId, userId: me.id, memo: reversal?.memo }),
      },
    ]);
    await expect(
      callerFor(platform, admin).payments.refundPayment({ paymentId, reason: "Again please" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // Settling again never re-credits a refunded payment.
    await settlePayment(platform.deps, paymentId);
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 0 });
    await expectConsistentLedger();
  });

  it("refuses when the coins were spent, changing nothing", async () => {
    const me = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const { paymentId, reference } = await paidPurchase(me);
    await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
      spendCoins(platform.deps, tx, me.id, { amount: 100, memo: "Unlocked something" }),
    );
    await expect(
      callerFor(platform, admin).payments.refundPayment({ paymentId, reason: "Asked for it" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("already been spent") });
    expect((await paymentRow(paymentId)).status).toBe("paid");
    const [charge] = await platform.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, reference));
    expect(charge?.status).toBe("paid");
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 500 });
    await expectConsistentLedger();
  });

  it("puts the coins back when the provider refuses the refund", async () => {
    const me = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const { paymentId, reference } = await paidPurchase(me);
    // The sandbox refunds only paid charges: make it refuse.
    await platform.deps.db
      .update(sandboxCharges)
      .set({ status: "failed" })
      .where(eq(sandboxCharges.reference, reference));
    await expect(
      callerFor(platform, admin).payments.refundPayment({ paymentId, reason: "Asked for it" }),
    ).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: expect.stringContaining("coins were put back"),
    });
    const row = await paymentRow(paymentId);
    expect(row.status).toBe("paid");
    expect(row.refundedAt).toBeNull();
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 600 });
    await expectConsistentLedger();
  });

  it("is for admins only, with a reason, for paid payments", async () => {
    const me = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const { paymentId } = await paidPurchase(me);
    const pending = await startCheckout(me);
    await expect(
      callerFor(platform, me).payments.refundPayment({ paymentId, reason: "Please" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      callerFor(platform).payments.refundPayment({ paymentId, reason: "Please" }),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(
      callerFor(platform, admin).payments.refundPayment({ paymentId, reason: "" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      callerFor(platform, admin).payments.refundPayment({ paymentId: pending.paymentId, reason: "Please" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("pending") });
    expect((await paymentRow(paymentId)).status).toBe("paid");
    // Coins granted beside the purchase are untouched by any of it.
    await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
      creditCoins(platform.deps, tx, me.id, {
        kind: "grant",
        bonus: 5,
        memo: "Gift",
        idempotencyKey: "gift",
      }),
    );
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 605 });
  });
});
