// The person's side of a ticket, rule by rule: what each status lets them do, the reopening
// window to the millisecond, what closing, reopening, replying and rating record, what follows
// live, and that attachments are not left behind when a reply or a ticket is refused.
import { readdir } from "node:fs/promises";
import { REOPEN_DAYS } from "@litverse/shared/support";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mediaPath } from "../../test/media-files.ts";
import { uploadFile } from "../../test/people.ts";
import { askForHelp, tinyPdf } from "../../test/support.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { supportTickets } from "./schema.ts";
import { createTicket, getMyTicket, reopenMyTicket, replyToTicket } from "./support.service.ts";
import { agentReply, updateTicket } from "./support-desk.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const DAY_MS = 86_400_000;
const as = (user: TestUser) => callerFor(platform, user).support;
const ask = (user: TestUser, subject?: string) => askForHelp(platform, user, subject);
const ticketRow = async (ticketId: string) => {
  const [row] = await platform.deps.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  return row;
};
/** The thread as the team sees it, events included. */
const teamThread = async (agent: TestUser, ticketId: string) =>
  (await as(agent).getTicket({ ticketId })).messages.map((message) => ({
    kind: message.kind,
    fromAgent: message.fromAgent,
    body: message.body,
    author: message.author?._id ?? null,
  }));
/** Every stored attachment file of any ticket (files stay from test to test: compare before and after). */
async function storedSupportFiles(): Promise<string[]> {
  const folder = mediaPath(platform, "support");
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("what a ticket's status lets the person do", () => {
  it("an open ticket takes replies and can be closed, but is not reopened or rated", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    expect(await as(person).getMyTicket({ ticketId })).toMatchObject({
      status: "new",
      reopenUntil: null,
      canReply: true,
      canClose: true,
      canReopen: false,
      canRate: false,
    });
    expect(await refusalOf(as(person).reopenTicket({ ticketId }))).toEqual({
      code: "CONFLICT",
      message: "This ticket is still open.",
    });
    // The refused reopening recorded nothing.
    expect(await teamThread(agent, ticketId)).toEqual([
      { kind: "reply", fromAgent: false, body: "It stops when the screen locks.", author: person.id },
    ]);
    expect((await ticketRow(ticketId))?.status).toBe("new");
  });

  it("closing is recorded as the person's own step, once; a closed ticket is not closed again", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    await as(person).closeTicket({ ticketId });
    const closed = await as(person).getMyTicket({ ticketId });
    expect(closed).toMatchObject({ status: "closed", canClose: false, canReopen: true, canReply: true });
    // Nobody on the team answered: there is nothing to rate.
    expect(closed.canRate).toBe(false);
    expect(await refusalOf(as(person).rateTicket({ ticketId, score: 4 }))).toEqual({
      code: "CONFLICT",
      message: "A ticket is rated once, after the team has answered and it is solved.",
    });
    // The person's own thread shows replies only; the team sees the step.
    expect(closed.messages.map((message) => message.kind)).toEqual(["reply"]);
    const closedEvent = {
      kind: "event",
      fromAgent: false,
      body: "Closed by the person who asked.",
      author: person.id,
    };
    expect((await teamThread(agent, ticketId)).slice(1)).toEqual([closedEvent]);

    expect(await refusalOf(as(person).closeTicket({ ticketId }))).toEqual({
      code: "CONFLICT",
      message: "This ticket is closed already.",
    });
    expect((await teamThread(agent, ticketId)).slice(1)).toEqual([closedEvent]);
  });

  it("a solved ticket is not closed by the person either", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    await as(agent).replyAsAgent({ ticketId, body: "Fixed.", statusAfter: "solved" });
    expect(await refusalOf(as(person).closeTicket({ ticketId }))).toEqual({
      code: "CONFLICT",
      message: "This ticket is closed already.",
    });
    expect((await ticketRow(ticketId))?.status).toBe("solved");
  });

  it("reopening is recorded as the person's step and hands the ticket back to the team", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    await as(agent).replyAsAgent({ ticketId, body: "Fixed in today's update.", statusAfter: "solved" });
    expect((await ticketRow(ticketId))?.lastReplyBy).toBe("agent");

    await as(person).reopenTicket({ ticketId });
    // The team owes the next step, not the person.
    expect(await as(person).getMyTicket({ ticketId })).toMatchObject({
      status: "open",
      awaitingRequester: false,
      canClose: true,
      canReopen: false,
      reopenUntil: null,
    });
    expect((await ticketRow(ticketId))?.lastReplyBy).toBe("requester");
    expect((await teamThread(agent, ticketId)).at(-1)).toEqual({
      kind: "event",
      fromAgent: false,
      body: "Reopened by the person who asked.",
      author: person.id,
    });
  });

  it("a reply is the person's, hands the ticket back to the team and moves it to the top of their list", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const first = await ask(person, "First question");
    expect((await ticketRow(first.ticketId))?.lastReplyBy).toBe("requester");
    await as(agent).replyAsAgent({ ticketId: first.ticketId, body: "Which phone do you use?" });
    const second = await ask(person, "Second question");
    expect((await as(person).listMyTickets()).map((ticket) => ticket.subject)).toEqual([
      "Second question",
      "First question",
    ]);
    expect((await as(person).getMyTicket({ ticketId: first.ticketId })).awaitingRequester).toBe(true);

    await as(person).replyToTicket({ ticketId: first.ticketId, body: "A Pixel 8." });
    const mine = await as(person).getMyTicket({ ticketId: first.ticketId });
    expect(mine).toMatchObject({ status: "open", awaitingRequester: false });
    expect(mine.messages.map((message) => [message.fromAgent, message.author?._id, message.body])).toEqual([
      [false, person.id, "It stops when the screen locks."],
      [true, agent.id, "Which phone do you use?"],
      [false, person.id, "A Pixel 8."],
    ]);
    expect(mine.lastMessageAt).toBe(mine.messages[2]?.createdAt);
    expect((await ticketRow(first.ticketId))?.lastReplyBy).toBe("requester");
    expect((await as(person).listMyTickets()).map((ticket) => ticket._id)).toEqual([
      first.ticketId,
      second.ticketId,
    ]);
  });

  it("a rating is given once and only after an answer; the ticket then offers none, live", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    await as(agent).replyAsAgent({ ticketId, body: "Fixed.", statusAfter: "solved" });
    const live = watchLiveRuns(platform, () => as(person).getMyTicket({ ticketId }));
    await live.waitForRuns(1);
    expect(live.latest).toMatchObject({ canRate: true, rating: null });

    await as(person).rateTicket({ ticketId, score: 4, comment: "Quick" });
    await live.waitForRuns(2);
    expect(live.latest).toMatchObject({ canRate: false, rating: { score: 4, comment: "Quick" } });
    live.stop();
    expect(await refusalOf(as(person).rateTicket({ ticketId, score: 5 }))).toEqual({
      code: "CONFLICT",
      message: "A ticket is rated once, after the team has answered and it is solved.",
    });
  });

  it("the person's list of tickets follows their new tickets live", async () => {
    const person = await createUser(platform);
    const live = watchLiveRuns(platform, () => as(person).listMyTickets());
    await live.waitForRuns(1);
    expect(live.latest).toEqual([]);
    const { ticketId } = await ask(person);
    await live.waitForRuns(2);
    expect(live.latest?.map((ticket) => ticket._id)).toEqual([ticketId]);
    live.stop();
  });
});

describe("the reopening window", () => {
  /** A ticket solved by the team at `solvedAt`, asked an hour before. */
  async function solvedTicket(solvedAt: Date) {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await createTicket(
      platform.deps,
      person,
      {
        category: "other",
        subject: "A question",
        description: "A question of mine",
        attachmentUploadIds: [],
      },
      new Date(solvedAt.getTime() - 3_600_000),
    );
    await agentReply(
      platform.deps,
      agent,
      { ticketId, body: "An answer", attachmentUploadIds: [], internal: false, statusAfter: "solved" },
      solvedAt,
    );
    return { person, agent, ticketId };
  }

  it(`is open up to exactly ${REOPEN_DAYS} days after solving, and a moment later is over`, async () => {
    const solvedAt = new Date(Date.now() - 30 * DAY_MS);
    const { person, ticketId } = await solvedTicket(solvedAt);
    const lastMoment = new Date(solvedAt.getTime() + REOPEN_DAYS * DAY_MS);
    const tooLate = new Date(lastMoment.getTime() + 1);

    expect(await getMyTicket(platform.deps, person, ticketId, lastMoment)).toMatchObject({
      status: "solved",
      reopenUntil: lastMoment.toISOString(),
      canReply: true,
      canReopen: true,
      canClose: false,
    });
    expect(await getMyTicket(platform.deps, person, ticketId, tooLate)).toMatchObject({
      reopenUntil: lastMoment.toISOString(),
      canReply: false,
      canReopen: false,
    });
    const over = {
      code: "CONFLICT",
      message: `This ticket was closed more than ${REOPEN_DAYS} days ago. Please open a new ticket.`,
    };
    const reply = (now: Date) =>
      replyToTicket(platform.deps, person, { ticketId, body: "Still broken", attachmentUploadIds: [] }, now);
    expect(await refusalOf(reply(tooLate))).toEqual(over);
    expect(await refusalOf(reopenMyTicket(platform.deps, person, ticketId, tooLate))).toEqual(over);
    expect((await ticketRow(ticketId))?.status).toBe("solved");

    // The last moment still counts: the reply reopens the ticket.
    await reply(lastMoment);
    expect((await ticketRow(ticketId))?.status).toBe("open");
  });

  it("reopening by hand also works at the last moment", async () => {
    const solvedAt = new Date(Date.now() - 30 * DAY_MS);
    const { person, ticketId } = await solvedTicket(solvedAt);
    await reopenMyTicket(
      platform.deps,
      person,
      ticketId,
      new Date(solvedAt.getTime() + REOPEN_DAYS * DAY_MS),
    );
    expect((await ticketRow(ticketId))?.status).toBe("open");
  });
});

describe("attachments of a refused reply or ticket", () => {
  it("a reply refused because the ticket closed for good leaves the upload to send with a new ticket", async () => {
    const solvedAt = new Date(Date.now() - 30 * DAY_MS);
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    await updateTicket(platform.deps, agent, { ticketId, status: "solved" }, solvedAt);
    const receipt = await uploadFile(platform, person, tinyPdf(), "receipt.pdf");
    const filesBefore = await storedSupportFiles();

    expect(
      await refusalOf(
        as(person).replyToTicket({ ticketId, body: "Here it is", attachmentUploadIds: [receipt] }),
      ),
    ).toMatchObject({ code: "CONFLICT" });
    expect(await storedSupportFiles()).toEqual(filesBefore);
    const { ticketId: next } = await as(person).createTicket({
      category: "payments",
      subject: "My receipt",
      description: "The receipt I could not send before.",
      attachmentUploadIds: [receipt],
    });
    const [first] = (await as(person).getMyTicket({ ticketId: next })).messages;
    expect(first?.attachments.map((file) => file.name)).toEqual(["receipt.pdf"]);
  });

  it("a ticket closed for good while the reply's files were stored refuses the reply and keeps no file", async () => {
    const person = await createUser(platform);
    const agent = await createUser(platform, "admin");
    const { ticketId } = await ask(person);
    const receipt = await uploadFile(platform, person, tinyPdf(), "receipt.pdf");
    // The team solves the ticket (on a clock long past) just as the person's file is taken in.
    const { uploads } = platform.deps.media;
    const slowUploads = Object.assign(Object.create(uploads), {
      open: async (...args: Parameters<typeof uploads.open>) => {
        await updateTicket(
          platform.deps,
          agent,
          { ticketId, status: "solved" },
          new Date(Date.now() - 30 * DAY_MS),
        );
        return uploads.open(...args);
      },
    }) as typeof uploads;
    const deps = { ...platform.deps, media: { ...platform.deps.media, uploads: slowUploads } };
    const filesBefore = await storedSupportFiles();

    expect(
      await refusalOf(
        replyToTicket(deps, person, { ticketId, body: "Here it is", attachmentUploadIds: [receipt] }),
      ),
    ).toEqual({
      code: "CONFLICT",
      message: `This ticket was closed more than ${REOPEN_DAYS} days ago. Please open a new ticket.`,
    });
    expect(await storedSupportFiles()).toEqual(filesBefore);
    expect((await ticketRow(ticketId))?.status).toBe("solved");
    expect((await as(person).getMyTicket({ ticketId })).messages).toHaveLength(1);
  });

  it("a ticket the database refuses keeps no file and stores nothing", async () => {
    const person = await createUser(platform);
    const receipt = await uploadFile(platform, person, tinyPdf(), "receipt.pdf");
    // The router accepts known categories only; the database's own check refuses any other.
    const input = {
      category: "nonsense" as "other",
      subject: "Receipt",
      description: "Here is my receipt.",
      attachmentUploadIds: [receipt],
    };
    const filesBefore = await storedSupportFiles();
    expect((await refusalOf(createTicket(platform.deps, person, input))).message).toBeDefined();
    expect(await storedSupportFiles()).toEqual(filesBefore);
    expect(await platform.deps.db.select().from(supportTickets)).toEqual([]);
  });
});
