import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countToday } from "../../test/daily-counts.ts";
import { phonePhoto, uploadFile } from "../../test/people.ts";
import { askForHelp, tinyPdf } from "../../test/support.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { auditEvents } from "../audit/schema.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { coinPackages } from "../coins/schema.ts";
import { adminNotifications, notifications } from "../notifications/schema.ts";
import { paymentsSettingsFromEnv } from "../payments/payments-config.ts";
import { configurePayments, flushSandboxWebhooks, sandboxProvider } from "../payments/providers/registry.ts";
import { payments } from "../payments/schema.ts";
import { supportSlaBreaches, supportTickets } from "./schema.ts";
import { createTicket, getMyTicket, reopenMyTicket, replyToTicket } from "./support.service.ts";
import { agentReply, updateTicket } from "./support-desk.service.ts";
import { closeSolvedTickets, flagSlaBreaches } from "./support-upkeep.ts";

let platform: TestPlatform;
let server: TestServer;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
  configurePayments(
    platform.deps,
    paymentsSettingsFromEnv("http://litverse.test", { SANDBOX_WEBHOOK_SECRET: "s" }),
  );
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
beforeEach(() => platform.reset());
afterEach(() => flushSandboxWebhooks(platform.deps));

const HOUR_MS = 3_600_000;
const as = (user: TestUser) => callerFor(platform, user).support;
const ask = (user: TestUser, subject?: string, category?: "technical" | "payments") =>
  askForHelp(platform, user, subject, category);

describe("support tickets, for the person asking", () => {
  it("counts each ticket on the day it was opened", async () => {
    const person = await createUser(platform);
    const ticket = {
      category: "other",
      subject: "A question",
      description: "A question of mine",
      attachmentUploadIds: [],
    };
    await createTicket(platform.deps, person, ticket as never, new Date(Date.now() - 3 * 24 * HOUR_MS));
    await as(person).createTicket(ticket as never);
    expect(await countToday(platform, "support.tickets_opened")).toBe(1);
  });

  it("opens a ticket, follows the reply live, answers, and rates it once solved", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId, number } = await ask(person);
    expect(number).toBeGreaterThanOrEqual(1001);
    expect(await as(person).listMyTickets()).toMatchObject([
      { _id: ticketId, status: "new", category: "technical" },
    ]);

    const live = watchLiveRuns(platform, () => as(person).getMyTicket({ ticketId }));
    await live.waitForRuns(1);
    await as(agent).replyAsAgent({ ticketId, body: "Which phone do you use?" });
    await live.waitForRuns(2);
    expect(live.latest).toMatchObject({ status: "pending", awaitingRequester: true });
    expect(live.latest?.messages.map((message) => [message.fromAgent, message.body])).toEqual([
      [false, "It stops when the screen locks."],
      [true, "Which phone do you use?"],
    ]);
    live.stop();
    // Notified, in the app (and by push where the person allows it).
    const [notice] = await platform.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, person.id));
    expect(notice).toMatchObject({ kind: "support", link: `/support/${ticketId}` });

    await as(person).replyToTicket({ ticketId, body: "A Pixel 8." });
    expect(await as(person).getMyTicket({ ticketId })).toMatchObject({ status: "open", canRate: false });
    await as(agent).replyAsAgent({ ticketId, body: "Fixed in today's update.", statusAfter: "solved" });
    const solved = await as(person).getMyTicket({ ticketId });
    expect(solved).toMatchObject({ status: "solved", canRate: true, canReopen: true, canClose: false });

    await as(person).rateTicket({ ticketId, score: 5, comment: "Thanks!" });
    expect((await as(person).getMyTicket({ ticketId })).rating).toMatchObject({
      score: 5,
      comment: "Thanks!",
    });
    expect(await codeOf(as(person).rateTicket({ ticketId, score: 1 }))).toBe("CONFLICT");
    expect((await as(person).getMyTicket({ ticketId })).rating?.score).toBe(5);
  });

  it("reopens within 7 days of being solved and not after; solved tickets close on their own", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const start = new Date(Date.now() - 20 * 24 * HOUR_MS);
    const later = (hours: number) => new Date(start.getTime() + hours * HOUR_MS);
    const { ticketId } = await createTicket(
      platform.deps,
      person,
      {
        category: "other",
        subject: "A question",
        description: "A question of mine",
        attachmentUploadIds: [],
      },
      start,
    );
    await agentReply(
      platform.deps,
      agent,
      { ticketId, body: "An answer", attachmentUploadIds: [], internal: false, statusAfter: "solved" },
      later(1),
    );
    expect((await getMyTicket(platform.deps, person, ticketId, later(24 * 6))).canReopen).toBe(true);
    await reopenMyTicket(platform.deps, person, ticketId, later(24 * 6));
    await agentReply(
      platform.deps,
      agent,
      { ticketId, body: "Again", attachmentUploadIds: [], internal: false, statusAfter: "solved" },
      later(24 * 6 + 1),
    );

    const tooLate = later(24 * 14);
    expect((await getMyTicket(platform.deps, person, ticketId, tooLate)).canReopen).toBe(false);
    expect(await codeOf(reopenMyTicket(platform.deps, person, ticketId, tooLate))).toBe("CONFLICT");
    expect(
      await codeOf(
        replyToTicket(platform.deps, person, { ticketId, body: "Hello?", attachmentUploadIds: [] }, tooLate),
      ),
    ).toBe("CONFLICT");
    expect(await closeSolvedTickets(platform.deps, tooLate)).toBe(1);
    expect(await closeSolvedTickets(platform.deps, tooLate)).toBe(0);
    expect((await as(person).getMyTicket({ ticketId })).status).toBe("closed");
  });

  it("keeps attachments to pictures (re-encoded) and PDF files", async () => {
    const person = await createUser(platform);
    const photo = await uploadFile(platform, person, await phonePhoto(), "screen.jpg");
    const pdf = await uploadFile(platform, person, tinyPdf(), "receipt.pdf");
    const { ticketId } = await as(person).createTicket({
      category: "payments",
      subject: "Receipt attached",
      description: "Here is my receipt and a screenshot.",
      attachmentUploadIds: [photo, pdf],
    });
    const [first] = (await as(person).getMyTicket({ ticketId })).messages;
    expect(first?.attachments.map((file) => [file.kind, file.name])).toEqual([
      ["image", "screen.webp"],
      ["pdf", "receipt.pdf"],
    ]);
    const response = await fetch(`${server.url}${first?.attachments[1]?.url}`);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe("attachment");

    const script = await uploadFile(platform, person, Buffer.from("<script>alert(1)</script>"), "page.html");
    const before = await platform.deps.db.select().from(supportTickets);
    expect(
      await codeOf(
        as(person).createTicket({
          category: "technical",
          subject: "Not a picture",
          description: "This file is not a picture.",
          attachmentUploadIds: [script],
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(await platform.deps.db.select().from(supportTickets)).toHaveLength(before.length);
  });

  it("refuses bad input and changes nothing", async () => {
    const person = await createUser(platform);
    const other = await createUser(platform);
    const bad = [
      { category: "technical", subject: "", description: "Long enough text" },
      { category: "nonsense", subject: "Subject", description: "Long enough text" },
      { category: "technical", subject: "Subject", description: "short" },
      { category: "technical", subject: "Subject\u0007", description: "Long enough text" },
      { category: "technical", subject: "Subject", description: "Long enough text", extra: 1 },
    ];
    for (const input of bad) {
      // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
      expect(await codeOf(as(person).createTicket(input as any))).toBe("BAD_REQUEST");
    }
    // Naming someone else's payment.
    const [pkg] = await platform.deps.db
      .insert(coinPackages)
      .values({ name: "Pack", coins: 100, bonusCoins: 0, priceMinor: 199, currency: "USD" })
      .returning();
    const { paymentId } = await callerFor(platform, other).payments.startCoinCheckout({
      packageId: pkg?.id ?? "",
    });
    expect(
      await codeOf(
        as(person).createTicket({
          category: "payments",
          subject: "Not mine",
          description: "This payment is someone else's.",
          item: { kind: "payment", id: paymentId },
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(await platform.deps.db.select().from(supportTickets)).toEqual([]);
  });
});

describe("who sees what", () => {
  it("a person sees only their own tickets and never internal notes or recorded actions", async () => {
    const person = await createUser(platform);
    const stranger = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    await as(agent).replyAsAgent({ ticketId, body: "Looks like the known bug.", internal: true });
    await as(agent).updateTicket({ ticketId, priority: "urgent" });
    await as(agent).replyAsAgent({ ticketId, body: "We are on it." });

    const mine = await as(person).getMyTicket({ ticketId });
    expect(mine.messages.map((message) => message.body)).toEqual([
      "It stops when the screen locks.",
      "We are on it.",
    ]);
    expect(JSON.stringify(mine)).not.toContain("known bug");
    const agents = await as(agent).getTicket({ ticketId });
    expect(agents.messages.map((message) => message.kind)).toEqual(["reply", "note", "event", "reply"]);
    expect(agents.priority).toBe("urgent");

    expect(await codeOf(as(stranger).getMyTicket({ ticketId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(stranger).replyToTicket({ ticketId, body: "Hi" }))).toBe("NOT_FOUND");
    expect(await codeOf(as(stranger).closeTicket({ ticketId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(stranger).rateTicket({ ticketId, score: 1 }))).toBe("NOT_FOUND");
    expect(await as(stranger).listMyTickets()).toEqual([]);
  });

  it("only administrators work the queue and see the side panel; only superadmins see the analytics", async () => {
    const person = await createUser(platform);
    const { ticketId } = await ask(person);
    const range = { from: "2026-01-01", to: "2026-01-31" };
    // Each call is made only when awaited: a refusal made earlier would go unhandled meanwhile.
    const agentOnly = (caller: ReturnType<typeof as>) => [
      () => caller.listQueue({}),
      () => caller.getTicket({ ticketId }),
      () => caller.getRequesterAccount({ ticketId }),
      () => caller.replyAsAgent({ ticketId, body: "Hello" }),
      () => caller.updateTicket({ ticketId, status: "solved" }),
      () =>
        caller.grantCompensation({ ticketId, coins: 10, reason: "Sorry", requestId: crypto.randomUUID() }),
      () => caller.listCannedReplies(),
      () => caller.createCannedReply({ title: "Hi", body: "Hello {name}" }),
      () =>
        caller.updateSlaPolicy({
          priority: "low",
          firstReplyMinutes: 10,
          nextReplyMinutes: 10,
          resolutionMinutes: 10,
        }),
      () => caller.getUnattendedTicketCount(),
    ];
    for (const call of agentOnly(as(person))) expect(await codeOf(call())).toBe("FORBIDDEN");
    for (const call of agentOnly(callerFor(platform).support))
      expect(await codeOf(call())).toBe("UNAUTHORIZED");
    expect(await codeOf(as(person).getAnalytics(range))).toBe("FORBIDDEN");
    expect(await codeOf(as(await createUser(platform, "admin")).getAnalytics(range))).toBe("FORBIDDEN");
    expect(await codeOf(as(await createUser(platform, "superadmin")).getAnalytics(range))).toBe("OK");
    const [row] = await platform.deps.db.select().from(supportTickets);
    expect(row).toMatchObject({ status: "new", assigneeId: null, firstResponseAt: null });
  });
});

describe("the agents' desk", () => {
  it("counts unattended tickets for the badge, live", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const live = watchLiveRuns(platform, () => as(agent).getUnattendedTicketCount());
    await live.waitForRuns(1);
    expect(live.latest).toBe(0);
    const first = await ask(person, "First");
    await live.waitForRuns(2);
    expect(live.latest).toBe(1);
    const second = await ask(person, "Second");
    await ask(person, "Third");
    await as(agent).replyAsAgent({ ticketId: first.ticketId, body: "A note", internal: true });
    await as(person).closeTicket({ ticketId: second.ticketId });
    await live.settle();
    expect(live.latest).toBe(2);
    await as(agent).replyAsAgent({ ticketId: first.ticketId, body: "An answer" });
    await live.settle();
    expect(live.latest).toBe(1);
    live.stop();
  });

  it("sorts the queue by what is due first, filters it, and claims a ticket for whoever answers", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const other = await createUser(platform, "admin");
    const normal = await ask(person, "Normal question");
    const payment = await ask(person, "Coins missing", "payments");
    const queue = await as(agent).listQueue({});
    // Payments start high: a 4-hour first reply beats the normal 8 hours.
    expect(queue.items.map((ticket) => ticket.subject)).toEqual(["Coins missing", "Normal question"]);
    expect(queue.items[0]).toMatchObject({ priority: "high", unattended: true, breached: false });
    expect(queue.counts).toEqual({ unattended: 2, mine: 0, breached: 0 });

    await as(agent).replyAsAgent({ ticketId: normal.ticketId, body: "Looking" });
    expect((await as(agent).listQueue({ assignee: "me" })).items.map((ticket) => ticket._id)).toEqual([
      normal.ticketId,
    ]);
    await as(agent).updateTicket({ ticketId: payment.ticketId, assigneeId: other.id });
    expect((await as(agent).listQueue({ assignee: other.id })).items).toHaveLength(1);
    expect((await as(agent).listQueue({ unattended: true })).items.map((ticket) => ticket._id)).toEqual([
      payment.ticketId,
    ]);
    expect((await as(agent).listQueue({ query: "coins" })).items).toHaveLength(1);
    expect((await as(agent).listQueue({ status: "pending" })).items).toHaveLength(1);
    expect(await codeOf(as(agent).updateTicket({ ticketId: normal.ticketId, assigneeId: person.id }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("flags a missed target once, as an admin notification, and shows it on the ticket", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person, "Coins missing", "payments");
    const inFiveHours = new Date(Date.now() + 5 * HOUR_MS);
    expect(await flagSlaBreaches(platform.deps, new Date())).toBe(0);
    expect(await flagSlaBreaches(platform.deps, inFiveHours)).toBe(1);
    expect(await flagSlaBreaches(platform.deps, inFiveHours)).toBe(0);
    const notices = await platform.deps.db.select().from(adminNotifications);
    expect(notices).toMatchObject([{ kind: "support_sla", link: `/admin/support/${ticketId}` }]);
    expect(notices[0]?.title).toMatch(/missed its first reply target/);
    // Answering late records nothing new for the same target.
    await agentReply(
      platform.deps,
      agent,
      { ticketId, body: "Sorry for the wait", attachmentUploadIds: [], internal: false },
      inFiveHours,
    );
    expect(await platform.deps.db.select().from(supportSlaBreaches)).toHaveLength(1);
    expect((await as(agent).getTicket({ ticketId })).breaches).toMatchObject([{ target: "first_reply" }]);
    // Paused (pending) tickets are not flagged, however long they wait.
    expect(await flagSlaBreaches(platform.deps, new Date(Date.now() + 100 * HOUR_MS))).toBe(0);
  });

  it("notes each reply and ticket change, before and after, in the audit trail", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person, "Where are my coins?");
    await as(agent).replyAsAgent({ ticketId, body: "Looking into it." });
    await as(agent).updateTicket({ ticketId, priority: "urgent" });
    const changesOf = async (action: string) =>
      (await platform.deps.db.select().from(auditEvents).where(eq(auditEvents.action, action))).map(
        (event) => event.changes,
      );
    const ticket = { priority: "normal", category: "technical" };
    expect(await changesOf("support.replyAsAgent")).toEqual([
      [
        {
          objectType: "ticket-message",
          objectId: expect.any(String),
          before: null,
          after: { ticketId, kind: "reply", body: "Looking into it.", attachments: [] },
        },
        {
          objectType: "ticket",
          objectId: ticketId,
          before: { ...ticket, status: "new", assigneeId: null },
          after: { ...ticket, status: "pending", assigneeId: agent.id },
        },
      ],
    ]);
    expect(await changesOf("support.updateTicket")).toEqual([
      [
        {
          objectType: "ticket",
          objectId: ticketId,
          before: { ...ticket, status: "pending", assigneeId: agent.id },
          after: { ...ticket, priority: "urgent", status: "pending", assigneeId: agent.id },
        },
      ],
    ]);
  });

  it("fills canned replies' variables and keeps SLA policies valid", async () => {
    const agent = as(await createUser(platform, "admin"));
    const { cannedReplyId } = await agent.createCannedReply({
      title: "Hello",
      body: "Hi {name}, about {ticketId}",
    });
    expect(await agent.listCannedReplies()).toMatchObject([{ _id: cannedReplyId, title: "Hello" }]);
    await agent.updateCannedReply({ cannedReplyId, title: "Greeting", body: "Hello {name}" });
    expect((await agent.listCannedReplies())[0]?.title).toBe("Greeting");
    await agent.deleteCannedReply({ cannedReplyId });
    expect(await agent.listCannedReplies()).toEqual([]);
    expect(await codeOf(agent.deleteCannedReply({ cannedReplyId }))).toBe("NOT_FOUND");
    expect(
      await codeOf(
        agent.updateSlaPolicy({
          priority: "low",
          firstReplyMinutes: 600,
          nextReplyMinutes: 60,
          resolutionMinutes: 60,
        }),
      ),
    ).toBe("BAD_REQUEST");
    await agent.updateSlaPolicy({
      priority: "low",
      firstReplyMinutes: 30,
      nextReplyMinutes: 60,
      resolutionMinutes: 90,
    });
    expect((await agent.listSlaPolicies()).find((policy) => policy.priority === "low")).toMatchObject({
      firstReplyMinutes: 30,
    });
  });
});

describe("charged but no coins", () => {
  it("an agent re-checks a lost payment from the ticket: the coins arrive once, recorded on the ticket", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const [pkg] = await platform.deps.db
      .insert(coinPackages)
      .values({ name: "Popular", coins: 550, bonusCoins: 50, priceMinor: 499, currency: "USD" })
      .returning();
    const { paymentId } = await callerFor(platform, person).payments.startCoinCheckout({
      packageId: pkg?.id ?? "",
    });
    const [payment] = await platform.deps.db.select().from(payments).where(eq(payments.id, paymentId));
    // Paid at the provider; the notification is lost and the buyer never comes back.
    await (await sandboxProvider(platform.deps)).completeCharge(payment?.providerReference ?? "", "pay_lost");
    expect(await callerFor(platform, person).coins.getCoinBalance()).toMatchObject({ total: 0 });

    const { ticketId } = await as(person).createTicket({
      category: "payments",
      subject: "Charged but no coins",
      description: "My card was charged but the coins never arrived.",
      item: { kind: "payment", id: paymentId },
    });
    expect((await as(person).getMyTicket({ ticketId })).item).toMatchObject({
      kind: "payment",
      status: "pending",
    });
    const panel = await as(agent).getRequesterAccount({ ticketId });
    expect(panel.payments).toMatchObject([{ id: paymentId, status: "pending", provider: "sandbox" }]);
    expect(panel.balance.total).toBe(0);

    const rechecks = await Promise.all([
      as(agent).recheckPayment({ ticketId, paymentId }),
      as(agent).recheckPayment({ ticketId, paymentId }),
    ]);
    expect(rechecks.map((result) => result.status)).toEqual(["paid", "paid"]);
    expect(rechecks.filter((result) => result.credited)).toHaveLength(1);
    expect(await callerFor(platform, person).coins.getCoinBalance()).toEqual({
      total: 600,
      purchased: 550,
      bonus: 50,
    });
    expect((await as(agent).getRequesterAccount({ ticketId })).balance.total).toBe(600);
    const events = (await as(agent).getTicket({ ticketId })).messages.filter(
      (message) => message.kind === "event",
    );
    expect(events.map((event) => event.body)).toContain(
      "Re-checked the payment of $4.99 with sandbox: paid. Credited 550 coins + 50 bonus.",
    );

    // Compensation: one request id grants once, however often it is sent.
    const requestId = crypto.randomUUID();
    const grants = await Promise.all(
      [1, 2, 3].map(() =>
        as(agent).grantCompensation({ ticketId, coins: 25, reason: "For the wait", requestId }),
      ),
    );
    expect(grants.filter((grant) => grant.granted)).toHaveLength(1);
    expect(await callerFor(platform, person).coins.getCoinBalance()).toMatchObject({ total: 625, bonus: 75 });
    expect(await codeOf(as(agent).grantCompensation({ ticketId, coins: 0, reason: "x", requestId }))).toBe(
      "BAD_REQUEST",
    );
    expect((await checkLedger(platform.deps.db)).violations).toEqual([]);

    // Another person's payment cannot be re-checked or refunded from this ticket.
    const stranger = await createUser(platform);
    const theirs = await callerFor(platform, stranger).payments.startCoinCheckout({
      packageId: pkg?.id ?? "",
    });
    expect(await codeOf(as(agent).recheckPayment({ ticketId, paymentId: theirs.paymentId }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await codeOf(as(agent).refundPayment({ ticketId, paymentId: theirs.paymentId, reason: "Not theirs" })),
    ).toBe("NOT_FOUND");
  });

  it("a priority change keeps the time used", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    const [before] = await platform.deps.db.select().from(supportTickets);
    await updateTicket(platform.deps, agent, { ticketId, priority: "urgent" });
    const [after] = await platform.deps.db.select().from(supportTickets);
    // Normal 8 h → urgent 1 h: the first reply is due 7 hours sooner.
    expect((before?.firstReplyDueAt.getTime() ?? 0) - (after?.firstReplyDueAt.getTime() ?? 0)).toBe(
      7 * HOUR_MS,
    );
  });
});
