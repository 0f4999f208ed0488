// Message requests between people who are not friends: answering them, what the sender may still
// do, what the recipient's looking at a request gives away, and who may show that they are typing.
import { MAX_UNANSWERED_REQUEST_MESSAGES } from "@litverse/shared/messages";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { befriend } from "../../test/people.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { listConversations } from "./inbox.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(async () => {
  await platform.dispose();
});
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).messages;

const NO_REQUEST = "There is no message request from that person.";

describe("answering a request", () => {
  it("is refused with a clear message when there is no request to answer", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    expect(await refusalOf(as(me).acceptMessageRequest({ partnerId: other.id }))).toEqual({
      code: "NOT_FOUND",
      message: NO_REQUEST,
    });
    // Nor can the sender answer their own request.
    await as(other).sendMessage({ partnerId: me.id, body: "Hi" });
    expect(await refusalOf(as(other).declineMessageRequest({ partnerId: me.id }))).toEqual({
      code: "NOT_FOUND",
      message: NO_REQUEST,
    });
  });

  it("moves an accepted request into the recipient's chats live", async () => {
    const stranger = await createUser(platform);
    const me = await createUser(platform);
    await as(stranger).sendMessage({ partnerId: me.id, body: "Hello" });
    const inbox = watchLiveRuns(platform, () => listConversations(platform.deps, me));
    try {
      await inbox.waitForRuns(1);
      expect(inbox.latest?.requests).toHaveLength(1);
      await as(me).acceptMessageRequest({ partnerId: stranger.id });
      await inbox.waitForRuns(2);
      expect(inbox.latest).toMatchObject({ requests: [], chats: [{ status: "active" }] });
    } finally {
      inbox.stop();
    }
  });

  it("after declining, leaves nothing unread on the badge once the recipient writes back", async () => {
    const spammer = await createUser(platform);
    const me = await createUser(platform);
    await as(spammer).sendMessage({ partnerId: me.id, body: "Buy coins cheap" });
    await as(me).declineMessageRequest({ partnerId: spammer.id });
    await as(me).sendMessage({ partnerId: spammer.id, body: "Please stop" });
    expect(await as(me).getUnreadCount()).toBe(0);
    expect((await as(me).listConversations()).chats).toMatchObject([{ unreadCount: 0 }]);
  });

  it("after declining, still shows the sender their own conversation and messages", async () => {
    const spammer = await createUser(platform);
    const me = await createUser(platform);
    await as(spammer).sendMessage({ partnerId: me.id, body: "Buy coins cheap" });
    await as(me).declineMessageRequest({ partnerId: spammer.id });
    const theirs = await as(spammer).getConversation({ partnerId: me.id });
    expect(theirs._id).not.toBeNull();
    expect(theirs.cannotSendBecause).toBeNull();
    const page = await as(spammer).listMessages({ partnerId: me.id, limit: 10 });
    expect(page.items.map((item) => item.body)).toEqual(["Buy coins cheap"]);
  });

  it("does not tell the sender: still a request to them, unread, with a request's limits", async () => {
    const spammer = await createUser(platform);
    const me = await createUser(platform);
    await as(spammer).sendMessage({ partnerId: me.id, body: "Buy coins cheap" });
    await as(me).declineMessageRequest({ partnerId: spammer.id });
    expect((await as(spammer).getConversation({ partnerId: me.id })).status).toBe("request");
    const [summary] = (await as(spammer).listConversations()).chats;
    expect(summary?.status).toBe("request");
    const page = await as(spammer).listMessages({ partnerId: me.id, limit: 10 });
    expect(page.items.map((item) => item.readAt)).toEqual([null]);
    for (let i = 1; i < MAX_UNANSWERED_REQUEST_MESSAGES; i++) {
      const sent = await as(spammer).sendMessage({ partnerId: me.id, body: `Again ${i}` });
      expect(sent.readAt).toBeNull();
    }
    expect(await refusalOf(as(spammer).sendMessage({ partnerId: me.id, body: "More" }))).toEqual({
      code: "CONFLICT",
      message: "You can send more once they accept your message request.",
    });
  });
});

describe("how much the sender of a request may write", () => {
  it("holds the sender to a few messages until accepted, then lets them write freely", async () => {
    const stranger = await createUser(platform);
    const me = await createUser(platform);
    for (let i = 0; i < MAX_UNANSWERED_REQUEST_MESSAGES; i++) {
      await as(stranger).sendMessage({ partnerId: me.id, body: `Hello ${i}` });
    }
    expect(await refusalOf(as(stranger).sendMessage({ partnerId: me.id, body: "More" }))).toEqual({
      code: "CONFLICT",
      message: "You can send more once they accept your message request.",
    });
    await as(me).acceptMessageRequest({ partnerId: stranger.id });
    for (let i = 0; i < 2; i++) {
      expect(await codeOf(as(stranger).sendMessage({ partnerId: me.id, body: `Now ${i}` }))).toBe("OK");
    }
    expect((await as(stranger).getConversation({ partnerId: me.id })).cannotSendBecause).toBeNull();
  });

  it("puts no such limit between friends", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    for (let i = 0; i <= MAX_UNANSWERED_REQUEST_MESSAGES + 1; i++) {
      expect(await codeOf(as(ada).sendMessage({ partnerId: ben.id, body: `Message ${i}` }))).toBe("OK");
    }
    expect(await as(ben).getUnreadCount()).toBe(MAX_UNANSWERED_REQUEST_MESSAGES + 2);
  });
});

describe("opening a conversation", () => {
  it("reads nothing where there is no conversation", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    expect(await as(me).viewConversation({ partnerId: other.id, isViewing: true })).toEqual({ read: 0 });
    expect(await as(me).viewConversation({ partnerId: other.id, isViewing: false })).toEqual({ read: 0 });
  });

  it("reads nothing on leaving it", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    expect(await as(ben).viewConversation({ partnerId: ada.id, isViewing: false })).toEqual({ read: 0 });
    expect(await as(ben).getUnreadCount()).toBe(1);
  });

  it("does not mark as read what a declined sender keeps sending", async () => {
    const spammer = await createUser(platform);
    const me = await createUser(platform);
    await as(spammer).sendMessage({ partnerId: me.id, body: "Buy coins cheap" });
    await as(me).declineMessageRequest({ partnerId: spammer.id });
    await as(spammer).sendMessage({ partnerId: me.id, body: "Hello??" });
    expect(await as(me).viewConversation({ partnerId: spammer.id, isViewing: true })).toEqual({ read: 0 });
    const [latest] = (await as(spammer).listMessages({ partnerId: me.id, limit: 1 })).items;
    expect(latest).toMatchObject({ body: "Hello??", readAt: null });
  });
});

describe("typing", () => {
  it("is a no-op where there is no conversation", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    expect(await codeOf(as(me).setTyping({ partnerId: other.id, isTyping: true }))).toBe("OK");
    expect((await as(other).getConversation({ partnerId: me.id })).partnerTypingUntil).toBeNull();
  });

  it("is not shown by the recipient of a request they have not accepted", async () => {
    const stranger = await createUser(platform);
    const me = await createUser(platform);
    await as(stranger).sendMessage({ partnerId: me.id, body: "Hello" });
    await as(me).setTyping({ partnerId: stranger.id, isTyping: true });
    expect((await as(stranger).getConversation({ partnerId: me.id })).partnerTypingUntil).toBeNull();
  });

  it("is not shown to someone the typist has blocked", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    await callerFor(platform, ben).friends.blockUser({ userId: ada.id });
    await as(ben).setTyping({ partnerId: ada.id, isTyping: true });
    await callerFor(platform, ben).friends.unblockUser({ userId: ada.id });
    expect((await as(ada).getConversation({ partnerId: ben.id })).partnerTypingUntil).toBeNull();
  });

  it("stops showing once the typist says they stopped", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    await as(ben).setTyping({ partnerId: ada.id, isTyping: true });
    expect((await as(ada).getConversation({ partnerId: ben.id })).partnerTypingUntil).not.toBeNull();
    await as(ben).setTyping({ partnerId: ada.id, isTyping: false });
    expect((await as(ada).getConversation({ partnerId: ben.id })).partnerTypingUntil).toBeNull();
  });
});
