// One conversation as each side sees it, and the rules of sending: what an empty or refused message
// leaves behind, whose messages are whose, pictures among text, and reports of what one received.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../core/db/client.ts";
import { befriend, phonePhoto, uploadFile } from "../../test/people.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { NOT_YOURSELF } from "./conversations.ts";
import { sendMessage } from "./message-sending.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(async () => {
  await platform.dispose();
});
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).messages;

describe("the conversation as one side sees it", () => {
  it("is empty, open and writable with someone one never wrote to", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    const view = await as(me).getConversation({ partnerId: other.id });
    expect(view._id).toBeNull();
    expect(view.status).toBeNull();
    expect(view.isRequestToMe).toBe(false);
    expect(view.cannotSendBecause).toBeNull();
    expect(view.partnerTypingUntil).toBeNull();
    expect(view.partner._id).toBe(other.id);
  });

  it("says where it stands: a request to its recipient, a sent request to its sender, open between friends", async () => {
    const stranger = await createUser(platform);
    const me = await createUser(platform);
    await as(stranger).sendMessage({ partnerId: me.id, body: "Hello" });
    expect(await as(me).getConversation({ partnerId: stranger.id })).toMatchObject({
      status: "request",
      isRequestToMe: true,
    });
    expect(await as(stranger).getConversation({ partnerId: me.id })).toMatchObject({
      status: "request",
      isRequestToMe: false,
      cannotSendBecause: null,
    });
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    expect(await as(ben).getConversation({ partnerId: ada.id })).toMatchObject({
      status: "active",
      isRequestToMe: false,
    });
  });

  it("shows the partner typing only until the few seconds run out", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    await as(ada).setTyping({ partnerId: ben.id, isTyping: true });
    const { partnerTypingUntil } = await as(ben).getConversation({ partnerId: ada.id });
    expect(partnerTypingUntil).not.toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.parse(partnerTypingUntil ?? "") + 1);
      expect((await as(ben).getConversation({ partnerId: ada.id })).partnerTypingUntil).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a conversation's messages", () => {
  it("say which are the reader's own", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Question" });
    await as(ben).sendMessage({ partnerId: ada.id, body: "Answer" });
    const mine = (await as(ben).listMessages({ partnerId: ada.id, limit: 10 })).items;
    expect(mine.map(({ body, fromMe }) => ({ body, fromMe }))).toEqual([
      { body: "Answer", fromMe: true },
      { body: "Question", fromMe: false },
    ]);
  });

  it("end with no further page when the last page is exactly full", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).sendMessage({ partnerId: ben.id, body: "One" });
    await as(ada).sendMessage({ partnerId: ben.id, body: "Two" });
    const page = await as(ben).listMessages({ partnerId: ada.id, limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toBeNull();
  });

  it("carry a picture's link among text messages, and none on the text ones", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    const uploadId = await uploadFile(platform, ada, await phonePhoto(400, 300));
    const picture = await as(ada).sendMessage({ partnerId: ben.id, body: "", imageUploadId: uploadId });
    await as(ada).sendMessage({ partnerId: ben.id, body: "Nice, right?" });
    const conversationId = (await as(ben).getConversation({ partnerId: ada.id }))._id;
    // The sender's own copy links to the picture as the thread does.
    expect(picture.image?.url).toMatch(new RegExp(`^/media/messages/${conversationId}/`));
    const items = (await as(ben).listMessages({ partnerId: ada.id, limit: 10 })).items;
    expect(items.map((item) => [item.body, item.image === null])).toEqual([
      ["Nice, right?", true],
      ["", false],
    ]);
    expect(items[1]?.image?.url).toMatch(new RegExp(`^/media/messages/${conversationId}/`));
  });

  it("are refused for oneself with the reason, and for someone who is not there", async () => {
    const me = await createUser(platform);
    expect(await refusalOf(as(me).listMessages({ partnerId: me.id, limit: 10 }))).toEqual({
      code: "BAD_REQUEST",
      message: NOT_YOURSELF,
    });
    const nobody = crypto.randomUUID();
    expect(await refusalOf(as(me).listMessages({ partnerId: nobody, limit: 10 }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("sending", () => {
  it("trims the text, and refuses a message of only spaces from any caller", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    // Called by other parts of the server as well as through the router, which trims first.
    expect((await sendMessage(platform.deps, ada, { partnerId: ben.id, body: "  Hi there  " })).body).toBe(
      "Hi there",
    );
    expect(await refusalOf(sendMessage(platform.deps, ada, { partnerId: ben.id, body: "   " }))).toEqual({
      code: "BAD_REQUEST",
      message: "A message cannot be empty.",
    });
    expect((await as(ben).listMessages({ partnerId: ada.id, limit: 10 })).items).toHaveLength(1);
  });

  it("keeps no upload of a picture that may not be sent", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await callerFor(platform, ben).friends.blockUser({ userId: ada.id });
    const uploadId = await uploadFile(platform, ada, await phonePhoto(400, 300));
    expect(
      await refusalOf(as(ada).sendMessage({ partnerId: ben.id, body: "", imageUploadId: uploadId })),
    ).toEqual({ code: "FORBIDDEN", message: "You cannot message this person." });
    await expect(platform.deps.media.uploads.open(uploadId, ada.id)).rejects.toThrow(/gone/);
  });
});

describe("reporting a message", () => {
  it("keeps a picture's report as a picture, and tells the moderators a message was reported", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const admin = await createUser(platform, "admin");
    await befriend(platform, ada, ben);
    const uploadId = await uploadFile(platform, ada, await phonePhoto(400, 300));
    const sent = await as(ada).sendMessage({ partnerId: ben.id, body: "", imageUploadId: uploadId });
    await as(ben).reportMessage({ messageId: sent._id, reason: "spam", details: "" });
    const rows = await queryRows<{ snapshot: string }>(platform.deps.db, sql`select snapshot from reports`);
    expect(rows).toEqual([{ snapshot: "[a picture]" }]);
    const notices = await callerFor(platform, admin).adminNotifications.listAdminNotifications({ limit: 10 });
    expect(notices.items.map((item) => item.body)).toEqual(["A message was reported for spam."]);
  });

  it("refuses one's own message and a stranger's with the reason", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const outsider = await createUser(platform);
    const sent = await as(ada).sendMessage({ partnerId: ben.id, body: "Hello" });
    expect(
      await refusalOf(as(ada).reportMessage({ messageId: sent._id, reason: "spam", details: "" })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: "You cannot report your own message.",
    });
    expect(
      await refusalOf(as(outsider).reportMessage({ messageId: sent._id, reason: "spam", details: "" })),
    ).toEqual({ code: "NOT_FOUND", message: "There is no such message." });
  });
});
