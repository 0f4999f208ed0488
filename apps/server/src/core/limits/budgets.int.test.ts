// Every budget a function spends beside the write budget, reached over HTTP through that function
// and refused with 429, Retry-After and the budget's own sentence; and the write budget spent by
// the HTTP routes that are not functions (uploads, the watch-event beacon). The table of budgeted
// functions is checked against the router, so that a budget added or removed there fails here
// until this table says the same.
import { REEL_EVENTS_PATH } from "@litverse/shared/reels";
import type { PlanFields } from "@litverse/shared/subscriptions-inputs";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_PATH } from "../../http/uploads.ts";
import { coinPackages } from "../../modules/coins/schema.ts";
import { moderationDecisions } from "../../modules/moderation/schema.ts";
import { createTicket } from "../../modules/support/support.service.ts";
import { appRouter } from "../../router.ts";
import type { ProcedureMeta } from "../../rpc/trpc.ts";
import { befriend } from "../../test/people.ts";
import { personWithToken, startUpload, storedReel } from "../../test/reels.ts";
import { callerFor, openTestPlatform, type TestPlatform, type TestUser } from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { BUDGET_WINDOW_SECONDS, RATE_LIMIT_MESSAGES, type RateLimitKind } from "./rate-limits.ts";

/** Each budget's size on the servers below: small, so that the third call is refused. */
const BUDGET = 2;

type Person = TestUser & { token: string };
/** Valid input for a person's `call`th call (from 0), each call one the function accepts. */
type InputFor = (call: number) => unknown;

interface BudgetedFunction {
  budget: Exclude<RateLimitKind, "write" | "account">;
  /** Who calls it: a reader unless it is the team's (writing as a persona). */
  role?: "admin";
  /** Makes what the calls need (a friend, a club, a ticket …) through the functions, as people do. */
  prepare(person: Person): Promise<InputFor>;
}

let platform: TestPlatform;
/** A server whose own budgets are all BUDGET; the write budget stays the test platform's (unlimited). */
let server: TestServer;
/** A server whose write budget is BUDGET, believing X-Forwarded-For. */
let writeServer: TestServer;

beforeAll(async () => {
  platform = await openTestPlatform();
  [server, writeServer] = await Promise.all([
    startTestServer(platform, {
      limits: { messagesPerMinute: BUDGET, friendRequestsPerHour: BUDGET, checkoutsPerHour: BUDGET },
    }),
    // Behind a proxy it trusts, so that tests can call from several addresses.
    startTestServer(
      { ...platform, config: { ...platform.config, trustProxy: true } },
      { limits: { writesPerMinute: BUDGET } },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), writeServer.close()]);
  await platform.dispose();
});
// No reset between tests: every test makes people of its own, and a reset would replace the
// sign-in keys the servers verify tokens with.

const person = (role?: "admin") => personWithToken(platform, role);

const NOTICE = {
  explanation: "This page breaks the law for the reasons given here.",
  legalGround: "A law",
  name: "A Sender",
  email: "sender@example.test",
  goodFaith: true,
};

/** Warnings about `author`'s profile, each appealable once. */
async function decisionsAgainst(author: Person, count: number) {
  const reporter = await person();
  const admin = await personWithToken(platform, "superadmin");
  await as(reporter).moderation.report({ kind: "profile", id: author.id, category: "spam" });
  const queue = await as(admin).moderation.getQueue({ kind: "profile", state: "all" });
  const itemId = queue.items.find((item) => item.target.id === author.id)?.id ?? "";
  const ids: string[] = [];
  for (let made = 0; made < count; made++) {
    const decision = await as(admin).moderation.decide({
      itemId,
      action: "warn",
      rule: "spam",
      explanation: "A warning, for the budget's test.",
    });
    ids.push(decision.id);
  }
  return platform.deps.db
    .select({ id: moderationDecisions.id, appealKey: moderationDecisions.appealKey })
    .from(moderationDecisions)
    .where(inArray(moderationDecisions.id, ids));
}

let personaCount = 0;
/** A persona of the team, made by `admin` through the router. */
async function personaOf(admin: Person): Promise<string> {
  personaCount++;
  const persona = await as(admin).personas.createPersona({
    name: `Budget guide ${personaCount}`,
    handle: `budget_guide_${personaCount}_${Date.now() % 100_000}`,
    bio: "",
    favouriteGenres: [],
  });
  return persona.person._id;
}
const as = (user: TestUser) => callerFor(platform, user);

async function friendsOf(user: Person, count: number): Promise<Person[]> {
  const friends = await Promise.all(Array.from({ length: count }, person));
  for (const friend of friends) await befriend(platform, user, friend);
  return friends;
}

const PLAN: PlanFields = {
  name: "Budget monthly",
  priceMinor: 499,
  currency: "USD",
  interval: "month",
  tier: "premium",
  monthlyBonusCoins: 0,
  benefits: "Every premium title",
};

/** Every function with a budget of its own, and what its calls need. */
const BUDGETED: Record<string, BudgetedFunction> = {
  "messages.sendMessage": {
    budget: "message",
    async prepare(sender) {
      const [friend] = await friendsOf(sender, 1);
      return (call) => ({ partnerId: friend?.id, body: `Hello ${call}` });
    },
  },
  "friends.sendFriendRequest": {
    budget: "friend_request",
    async prepare() {
      const others = await Promise.all(Array.from({ length: BUDGET + 1 }, person));
      return (call) => ({ userId: others[call]?.id });
    },
  },
  "clubs.inviteToClub": {
    budget: "friend_request",
    async prepare(owner) {
      const { clubId } = await as(owner).clubs.createClub({ name: "Budget Readers", privacy: "private" });
      const friends = await friendsOf(owner, BUDGET + 1);
      return (call) => ({ clubId, userId: friends[call]?.id });
    },
  },
  "clubs.createClubPost": {
    budget: "message",
    async prepare(owner) {
      const { clubId } = await as(owner).clubs.createClub({ name: "Budget Board", privacy: "public" });
      return (call) => ({ clubId, body: `Post ${call}` });
    },
  },
  "reels.addComment": {
    budget: "message",
    async prepare() {
      const reel = await storedReel(platform, await person());
      return (call) => ({ reelId: reel.id, text: `Comment ${call}` });
    },
  },
  "personas.sendPersonaMessage": {
    budget: "message",
    role: "admin",
    async prepare(admin) {
      const personaId = await personaOf(admin);
      const reader = await person();
      return (call) => ({ personaId, partnerId: reader.id, body: `Welcome ${call}` });
    },
  },
  "personas.postAsPersona": {
    budget: "message",
    role: "admin",
    async prepare(admin) {
      const personaId = await personaOf(admin);
      const { clubId } = await as(await person()).clubs.createClub({
        name: "Guided Board",
        privacy: "public",
      });
      return (call) => ({ personaId, clubId, body: `Post ${call}` });
    },
  },
  "personas.commentAsPersona": {
    budget: "message",
    role: "admin",
    async prepare(admin) {
      const personaId = await personaOf(admin);
      const reel = await storedReel(platform, await person());
      return (call) => ({ personaId, reelId: reel.id, text: `Comment ${call}` });
    },
  },
  "moderation.report": {
    budget: "message",
    async prepare() {
      const other = await person();
      return () => ({ kind: "profile", id: other.id, category: "spam" });
    },
  },
  "moderation.submitNotice": {
    budget: "message",
    async prepare() {
      return (call) => ({ ...NOTICE, url: `https://litverse.example/nowhere/${call}` });
    },
  },
  "moderation.appealDecision": {
    budget: "message",
    async prepare(author) {
      const decisions = await decisionsAgainst(author, BUDGET + 1);
      return (call) => ({ decisionId: decisions[call]?.id, explanation: "A misunderstanding, surely." });
    },
  },
  "moderation.appealByKey": {
    budget: "message",
    async prepare(author) {
      const decisions = await decisionsAgainst(author, BUDGET + 1);
      return (call) => ({ key: decisions[call]?.appealKey, explanation: "A misunderstanding, surely." });
    },
  },
  "support.createTicket": {
    budget: "message",
    async prepare() {
      return (call) => ({
        category: "technical",
        subject: `Playback stops ${call}`,
        description: "It stops when the screen locks.",
      });
    },
  },
  "support.replyToTicket": {
    budget: "message",
    async prepare(requester) {
      // Opened through the service, not the function: on a shared store (PostgreSQL, Redis) that
      // would spend one of the very message budget the test counts.
      const { ticketId } = await createTicket(platform.deps, requester, {
        category: "technical",
        subject: "Playback stops",
        description: "It stops when the screen locks.",
        attachmentUploadIds: [],
      });
      return (call) => ({ ticketId, body: `Still happening ${call}` });
    },
  },
  "payments.startCoinCheckout": {
    budget: "checkout",
    async prepare() {
      const [coinPackage] = await platform.deps.db
        .insert(coinPackages)
        .values({ name: "Budget pack", coins: 100, bonusCoins: 0, priceMinor: 99, currency: "USD" })
        .returning();
      return () => ({ packageId: coinPackage?.id });
    },
  },
  "subscriptions.startSubscriptionCheckout": {
    budget: "checkout",
    async prepare() {
      const superadmin = await personWithToken(platform, "superadmin");
      const plan = await as(superadmin).subscriptions.createPlan({ data: PLAN });
      return () => ({ planId: plan.id });
    },
  },
};

type Procedure = { _def: { type: string; meta?: ProcedureMeta } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);

/** A call over HTTP as the web app makes it, with the person's access token. */
function callOverHttp(url: string, path: string, token: string, input: unknown) {
  return fetch(`${url}/api/trpc/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(input),
  });
}

/** The refusal's wait from its Retry-After header, checked to fall within the budget's window. */
function retryAfterOf(response: Response, budget: RateLimitKind): number {
  expect(response.status).toBe(429);
  const header = response.headers.get("retry-after");
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(BUDGET_WINDOW_SECONDS[budget]);
  return seconds;
}

/** The sentence a refusal of `budget` says, with its wait in words. */
const refusalSentence = (budget: RateLimitKind) =>
  new RegExp(
    `^${RATE_LIMIT_MESSAGES[budget].replaceAll(".", "\\.")} Try again in \\d+ (seconds?|minutes?)\\.$`,
  );

describe("the table of budgeted functions", () => {
  it("names every function the router gives a budget of its own, with that budget", () => {
    const inRouter = Object.fromEntries(
      procedures.flatMap(([path, procedure]) => {
        const budget = procedure._def.meta?.rateLimit;
        return budget ? [[path, budget]] : [];
      }),
    );
    const inTable = Object.fromEntries(Object.entries(BUDGETED).map(([path, entry]) => [path, entry.budget]));
    expect(inTable).toEqual(inRouter);
  });

  it("puts budgets on writes only, where the call guards spend them", () => {
    for (const [path, procedure] of procedures) {
      if (procedure._def.meta?.rateLimit) expect(procedure._def.type, path).toBe("mutation");
    }
  });
});

describe("each budgeted function, over HTTP", () => {
  it.each(Object.entries(BUDGETED))(
    "%s spends its budget and is then refused with Retry-After",
    async (path, { budget, prepare, role }) => {
      const caller = await person(role);
      const inputFor = await prepare(caller);
      for (let call = 0; call < BUDGET; call++) {
        const accepted = await callOverHttp(server.url, path, caller.token, inputFor(call));
        expect(accepted.status, `call ${call + 1}: ${await accepted.clone().text()}`).toBe(200);
      }
      const refused = await callOverHttp(server.url, path, caller.token, inputFor(BUDGET));
      const seconds = retryAfterOf(refused, budget);
      const body = (await refused.json()) as { error: { message: string; data: Record<string, unknown> } };
      expect(body.error.message).toMatch(refusalSentence(budget));
      expect(body.error.data).toMatchObject({
        code: "TOO_MANY_REQUESTS",
        appCode: "RATE_LIMITED",
        retryAfterSeconds: seconds,
      });

      // The budget is the caller's own: someone else still gets through.
      const other = await person(role);
      const otherInput = await prepare(other);
      expect((await callOverHttp(server.url, path, other.token, otherInput(0))).status).toBe(200);
    },
  );
});

describe("the write budget of callers who are signed out", () => {
  it("is their address's: one address is refused, another still writes", async () => {
    // The one write signed-out callers can make: a token handed to a connection opened signed out
    // is refused, after the write is spent.
    const write = (address: string) =>
      fetch(`${writeServer.url}/api/trpc/session.updateAccessToken`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({ token: "not-a-token" }),
      });
    for (let call = 0; call < BUDGET; call++) expect((await write("203.0.113.50")).status).not.toBe(429);
    const refused = await write("203.0.113.50");
    retryAfterOf(refused, "write");
    const body = (await refused.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(refusalSentence("write"));
    expect((await write("203.0.113.51")).status).not.toBe(429);
  });
});

describe("the write budget on HTTP routes that are not functions", () => {
  /** Sends as the person until the write budget is spent; the refusal that follows. */
  async function spend(send: () => Promise<Response>): Promise<Response> {
    for (let request = 0; request < BUDGET; request++) {
      const accepted = await send();
      expect(accepted.status, `request ${request + 1}: ${await accepted.clone().text()}`).toBeLessThan(300);
    }
    return send();
  }

  async function expectWriteRefusal(refused: Response) {
    retryAfterOf(refused, "write");
    const body = (await refused.json()) as { message: string };
    expect(body.message).toMatch(refusalSentence("write"));
  }

  it("a picture sent to POST /api/uploads spends one write", async () => {
    const reader = await person();
    const send = () => {
      const form = new FormData();
      form.append("file", new Blob(["pixels"]), "me.jpg");
      return fetch(`${writeServer.url}${UPLOAD_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${reader.token}` },
        body: form,
      });
    };
    await expectWriteRefusal(await spend(send));
  });

  it("a reel upload started over tus spends one write", async () => {
    const creator = await person();
    const refused = await spend(async () => (await startUpload(writeServer.url, creator.token, 10)).response);
    await expectWriteRefusal(refused);
  });

  it("a beacon of watch events spends one write, as a batch sent through the function does", async () => {
    const viewer = await person();
    const reel = await storedReel(platform, await person());
    const { watchToken } = await as(viewer).reels.listFeed({});
    const sessionId = crypto.randomUUID();
    let seq = 0;
    const events = () => [
      { reelId: reel.id, seq: seq++, kind: "play", positionMs: 0, playedMs: 0, at: new Date().toISOString() },
    ];
    const beacon = () =>
      fetch(`${writeServer.url}${REEL_EVENTS_PATH}`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8" },
        body: JSON.stringify({ token: watchToken, sessionId, events: events() }),
      });
    await expectWriteRefusal(await spend(beacon));
    // The batch through the function draws on the same budget.
    const batch = await callOverHttp(writeServer.url, "reels.recordWatchEvents", viewer.token, {
      sessionId,
      events: events(),
    });
    retryAfterOf(batch, "write");
  });
});
