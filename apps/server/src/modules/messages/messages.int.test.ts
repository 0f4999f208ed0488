// Direct messages through the real router: who may write to whom, requests, live delivery, typing,
// read receipts, pictures, history pages, deleting for oneself, reports and the notifications.
import { MESSAGE_MAX_LENGTH } from "@litverse/shared/messages";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../core/db/client.ts";
import { countToday } from "../../test/daily-counts.ts";
import { befriend, phonePhoto, uploadFile } from "../../test/people.ts";
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
import { getConversation, listMessages } from "./conversation.service.ts";

let platform: TestPlatform;
let server: TestServer;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).messages;

/** Waits for a live watch to have delivered `count` distinct results. */
async function results<T>(watch: { values: T[] }, count: number, timeoutMs = 5_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  while (watch.values.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} live results, got ${watch.values.length}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return watch.values;
}

async function notificationsOf(user: TestUser) {
  return (await callerFor(platform, user).notifications.listNotifications({ limit: 50 })).items;
}

describe("between friends", () => {
  it("counts each message sent toward today's figure", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "One" });
    await as(ben).sendMessage({ partnerId: ada.id, body: "Two" });
    expect(await countToday(platform, "community.messages")).toBe(2);
  });

  it("delivers, counts unread, shows read receipts and pages back through history", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);

    for (let i = 1; i <= 5; i++) await as(ada).sendMessage({ partnerId: ben.id, body: `Message ${i}` });
    expect(await as(ben).getUnreadCount()).toBe(5);
    const inbox = await as(ben).listConversations();
    expect(inbox.requests).toEqual([]);
    expect(inbox.chats).toMatchObject([
      {
        partner: { _id: ada.id },
        status: "active",
        unreadCount: 5,
        lastMessage: { body: "Message 5", fromMe: false },
      },
    ]);

    // Two pages, newest first, with nothing lost or repeated between them.
    const first = await as(ben).listMessages({ partnerId: ada.id, limit: 3 });
    expect(first.items.map((item) => item.body)).toEqual(["Message 5", "Message 4", "Message 3"]);
    const second = await as(ben).listMessages({ partnerId: ada.id, limit: 3, cursor: first.nextCursor });
    expect(second.items.map((item) => item.body)).toEqual(["Message 2", "Message 1"]);
    expect(second.nextCursor).toBeNull();

    // Ada's messages are unread until Ben opens the conversation, then each carries when.
    expect((await as(ada).listMessages({ partnerId: ben.id, limit: 1 })).items[0]?.readAt).toBeNull();
    expect(await as(ben).viewConversation({ partnerId: ada.id, isViewing: true })).toEqual({ read: 5 });
    expect(await as(ben).getUnreadCount()).toBe(0);
    expect(
      (await as(ada).listMessages({ partnerId: ben.id, limit: 5 })).items.every((item) => item.readAt),
    ).toBe(true);
  });

  it("tells the recipient once per burst, and not while the conversation is open", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    const messageNotices = async () => (await notificationsOf(ben)).filter((item) => item.kind === "message");

    await as(ada).sendMessage({ partnerId: ben.id, body: "Are you there?" });
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hello?" });
    expect(await messageNotices()).toMatchObject([
      {
        title: expect.stringMatching(/sent you a message$/),
        body: "Are you there?",
        link: `/messages/${ada.id}`,
      },
    ]);
    await as(ben).viewConversation({ partnerId: ada.id, isViewing: true });
    await as(ada).sendMessage({ partnerId: ben.id, body: "There you are" });
    expect(await messageNotices()).toHaveLength(1);
    await as(ben).viewConversation({ partnerId: ada.id, isViewing: false });
    await as(ben).viewConversation({ partnerId: ada.id, isViewing: true });
    await as(ben).viewConversation({ partnerId: ada.id, isViewing: false });
    await as(ada).sendMessage({ partnerId: ben.id, body: "Bye" });
    expect(await messageNotices()).toHaveLength(2);
  });

  it("shows typing for a few seconds, and live to the other side", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    const watch = watchLiveRuns(platform, () => getConversation(platform.deps, ben, ada.id));
    try {
      await results(watch, 1);
      expect(watch.values[0]?.partnerTypingUntil).toBeNull();
      await as(ada).setTyping({ partnerId: ben.id, isTyping: true });
      const [, typing] = await results(watch, 2);
      const until = Date.parse(typing?.partnerTypingUntil ?? "");
      expect(until - Date.now()).toBeGreaterThan(3_000);
      expect(until - Date.now()).toBeLessThanOrEqual(6_000);
      // Sending ends it.
      await as(ada).sendMessage({ partnerId: ben.id, body: "Here it is" });
      expect((await results(watch, 3)).at(-1)?.partnerTypingUntil).toBeNull();
    } finally {
      watch.stop();
    }
  });

  it("keeps to at most 4,000 characters of text, and no empty messages", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    expect(
      await codeOf(as(ada).sendMessage({ partnerId: ben.id, body: "x".repeat(MESSAGE_MAX_LENGTH + 1) })),
    ).toBe("BAD_REQUEST");
    expect(await codeOf(as(ada).sendMessage({ partnerId: ben.id, body: "   " }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(ada).sendMessage({ partnerId: ada.id, body: "me" }))).toBe("BAD_REQUEST");
    const longest = await as(ada).sendMessage({ partnerId: ben.id, body: "x".repeat(MESSAGE_MAX_LENGTH) });
    expect(longest.body).toHaveLength(MESSAGE_MAX_LENGTH);
    // Markup is kept as the text it is; the page shows it as text.
    const markup = await as(ada).sendMessage({ partnerId: ben.id, body: "<img src=x onerror=alert(1)>" });
    expect(markup.body).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("from someone who is not a friend", () => {
  it("arrives as a request, which the recipient accepts before replying", async () => {
    const stranger = await createUser(platform);
    const me = await createUser(platform);
    await as(stranger).sendMessage({ partnerId: me.id, body: "Hi, loved your review" });
    const inbox = await as(me).listConversations();
    expect(inbox.chats).toEqual([]);
    expect(inbox.requests).toMatchObject([
      { partner: { _id: stranger.id }, isRequestToMe: true, status: "request" },
    ]);
    // Requests wait in their own tab: not in the badge, not read by looking.
    expect(await as(me).getUnreadCount()).toBe(0);
    await as(me).viewConversation({ partnerId: stranger.id, isViewing: true });
    expect((await as(stranger).listMessages({ partnerId: me.id, limit: 5 })).items[0]?.readAt).toBeNull();
    expect((await notificationsOf(me))[0]?.title).toMatch(/wants to send you a message$/);

    const conversation = await as(me).getConversation({ partnerId: stranger.id });
    expect(conversation).toMatchObject({
      isRequestToMe: true,
      cannotSendBecause: "Accept the request to reply.",
    });
    expect(await codeOf(as(me).sendMessage({ partnerId: stranger.id, body: "Who are you?" }))).toBe(
      "CONFLICT",
    );

    // The sender may add a few more, not a flood.
    for (let i = 0; i < 4; i++) await as(stranger).sendMessage({ partnerId: me.id, body: `More ${i}` });
    expect(await codeOf(as(stranger).sendMessage({ partnerId: me.id, body: "And more" }))).toBe("CONFLICT");

    await as(me).acceptMessageRequest({ partnerId: stranger.id });
    expect((await as(me).listConversations()).chats).toHaveLength(1);
    await as(me).sendMessage({ partnerId: stranger.id, body: "Thanks!" });
    expect(await as(me).getUnreadCount()).toBe(5);
  });

  it("declined, leaves the recipient alone without the sender knowing", async () => {
    const spammer = await createUser(platform);
    const me = await createUser(platform);
    await as(spammer).sendMessage({ partnerId: me.id, body: "Buy coins cheap" });
    await as(me).declineMessageRequest({ partnerId: spammer.id });
    expect(await as(me).listConversations()).toEqual({ chats: [], requests: [] });
    expect((await as(me).getConversation({ partnerId: spammer.id }))._id).toBeNull();
    expect((await as(me).listMessages({ partnerId: spammer.id, limit: 10 })).items).toEqual([]);
    const before = (await notificationsOf(me)).length;
    // The sender sees nothing change, and what they send goes nowhere visible.
    await as(spammer).sendMessage({ partnerId: me.id, body: "Hello??" });
    expect((await as(spammer).listConversations()).chats).toHaveLength(1);
    expect(await as(me).listConversations()).toEqual({ chats: [], requests: [] });
    expect(await notificationsOf(me)).toHaveLength(before);
    // Declining twice, or a request that is not there, is a clear error.
    expect(await codeOf(as(me).declineMessageRequest({ partnerId: spammer.id }))).toBe("NOT_FOUND");
    // Writing back opens the conversation.
    await as(me).sendMessage({ partnerId: spammer.id, body: "Please stop" });
    expect((await as(me).listConversations()).chats).toHaveLength(1);
  });

  it("becomes a conversation when the two become friends", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    await befriend(platform, ada, ben);
    expect((await as(ben).listConversations()).chats).toMatchObject([{ status: "active" }]);
  });
});

describe("blocks", () => {
  it("stop messages both ways and hide the conversation", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    await callerFor(platform, ben).friends.blockUser({ userId: ada.id });
    expect(await codeOf(as(ada).sendMessage({ partnerId: ben.id, body: "Hello?" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(ben).sendMessage({ partnerId: ada.id, body: "Go away" }))).toBe("FORBIDDEN");
    expect((await as(ben).listConversations()).chats).toEqual([]);
    expect((await as(ada).listConversations()).chats).toEqual([]);
    expect(await as(ben).getUnreadCount()).toBe(0);
    // The blocked person cannot even see who blocked them.
    expect(await codeOf(as(ada).getConversation({ partnerId: ben.id }))).toBe("NOT_FOUND");
    expect((await as(ben).getConversation({ partnerId: ada.id })).cannotSendBecause).toBe(
      "You cannot message this person.",
    );
  });
});

describe("pictures", () => {
  it("are re-encoded without their metadata and reached only through a signed link", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    const uploadId = await uploadFile(platform, ada, await phonePhoto(2400, 1600));
    const sent = await as(ada).sendMessage({ partnerId: ben.id, body: "", imageUploadId: uploadId });
    // The phone's sideways photo comes out upright, at most 1600 px on its longest side.
    expect(sent.image).toMatchObject({ width: 1067, height: 1600 });
    const [received] = (await as(ben).listMessages({ partnerId: ada.id, limit: 1 })).items;
    const url = received?.image?.url ?? "";
    expect(url).toMatch(/^\/media\/messages\/[0-9a-f-]{36}\/\d+\.[\w-]{43}\/[0-9a-f-]{36}\.webp$/);
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1067, height: 1600 });
    expect(metadata.exif).toBeUndefined();
    // Without the token, or with another conversation's, nothing.
    const unsigned = url.replace(/\/\d+\.[\w-]{43}\//, "/");
    expect((await fetch(`${server.url}${unsigned}`)).status).toBe(404);
    const otherConversation = url.replace(/messages\/[0-9a-f-]{36}/, `messages/${crypto.randomUUID()}`);
    expect((await fetch(`${server.url}${otherConversation}`)).status).toBe(403);
    // The inbox says a picture came.
    expect((await as(ben).listConversations()).chats[0]?.lastMessage).toMatchObject({
      body: "",
      hasImage: true,
    });
  });

  it("refuse what is not a picture, and keep no upload either way", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    const uploadId = await uploadFile(platform, ada, Buffer.from("%PDF-1.4 not a picture"), "cv.pdf");
    expect(await codeOf(as(ada).sendMessage({ partnerId: ben.id, body: "", imageUploadId: uploadId }))).toBe(
      "BAD_REQUEST",
    );
    await expect(platform.deps.media.uploads.open(uploadId, ada.id)).rejects.toThrow(/gone/);
    // Someone else's upload is not there for the caller.
    const bens = await uploadFile(platform, ben, await phonePhoto());
    expect(await codeOf(as(ada).sendMessage({ partnerId: ben.id, body: "x", imageUploadId: bens }))).toBe(
      "NOT_FOUND",
    );
  });
});

describe("deleting and reporting", () => {
  it("deletes a message or the whole conversation for the caller only", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    const first = await as(ada).sendMessage({ partnerId: ben.id, body: "One" });
    const second = await as(ada).sendMessage({ partnerId: ben.id, body: "Two" });
    await as(ada).sendMessage({ partnerId: ben.id, body: "Three" });
    await as(ben).deleteMessageForMe({ messageId: first._id });
    await as(ada).deleteMessageForMe({ messageId: second._id });
    expect(
      (await as(ben).listMessages({ partnerId: ada.id, limit: 10 })).items.map((item) => item.body),
    ).toEqual(["Three", "Two"]);
    // The conversation list shows the newest message its reader still has.
    const third = (await as(ben).listMessages({ partnerId: ada.id, limit: 1 })).items[0];
    await as(ben).deleteMessageForMe({ messageId: third?._id ?? "" });
    expect((await as(ben).listConversations()).chats[0]?.lastMessage?.body).toBe("Two");
    expect((await as(ada).listConversations()).chats[0]?.lastMessage?.body).toBe("Three");
    expect((await as(ada).listMessages({ partnerId: ben.id, limit: 10 })).items).toHaveLength(2);
    await as(ben).clearConversation({ partnerId: ada.id });
    expect((await as(ben).listMessages({ partnerId: ada.id, limit: 10 })).items).toEqual([]);
    expect((await as(ben).listConversations()).chats).toEqual([]);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Four" });
    expect(
      (await as(ben).listMessages({ partnerId: ada.id, limit: 10 })).items.map((item) => item.body),
    ).toEqual(["Four"]);
  });

  it("reports a received message with its text into the shared reports table, once", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const sent = await as(ada).sendMessage({ partnerId: ben.id, body: "You are awful" });
    expect(await as(ben).reportMessage({ messageId: sent._id, reason: "harassment", details: "" })).toEqual({
      isNew: true,
    });
    expect(await as(ben).reportMessage({ messageId: sent._id, reason: "harassment", details: "" })).toEqual({
      isNew: false,
    });
    const rows = await queryRows<Record<string, unknown>>(
      platform.deps.db,
      sql`select target_kind, target_id, target_user_id, category, snapshot, status from reports`,
    );
    expect(rows).toEqual([
      {
        target_kind: "message",
        target_id: sent._id,
        target_user_id: ada.id,
        category: "harassment_hate",
        snapshot: "You are awful",
        status: "open",
      },
    ]);
    expect(await callerFor(platform, admin).adminNotifications.getUnreadCount()).toBe(1);
    // One's own message, or someone else's conversation, cannot be reported.
    expect(await codeOf(as(ada).reportMessage({ messageId: sent._id, reason: "spam", details: "" }))).toBe(
      "BAD_REQUEST",
    );
    const outsider = await createUser(platform);
    expect(
      await codeOf(as(outsider).reportMessage({ messageId: sent._id, reason: "spam", details: "" })),
    ).toBe("NOT_FOUND");
    expect(await codeOf(as(outsider).deleteMessageForMe({ messageId: sent._id }))).toBe("NOT_FOUND");
  });
});

describe("live", () => {
  it("re-runs the recipient's inbox and thread when a message arrives, and nobody else's", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const cleo = await createUser(platform);
    await befriend(platform, ada, ben);
    await befriend(platform, ada, cleo);
    const thread = watchLiveRuns(platform, () =>
      listMessages(platform.deps, ben, { partnerId: ada.id, limit: 20 }),
    );
    const other = watchLiveRuns(platform, () => as(cleo).getUnreadCount());
    try {
      await results(thread, 1);
      await other.waitForRuns(1);
      const runsBefore = other.runs;
      await as(ada).sendMessage({ partnerId: ben.id, body: "Live!" });
      const values = await results(thread, 2);
      expect(values.at(-1)?.items[0]?.body).toBe("Live!");
      await other.settle();
      expect(other.runs).toBe(runsBefore);
    } finally {
      thread.stop();
      other.stop();
    }
  });
});
