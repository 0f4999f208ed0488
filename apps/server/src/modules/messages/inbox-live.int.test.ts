// The inbox, the notices of new messages, and which open screens a change re-runs: the inbox, the
// badge, a conversation and its thread follow what concerns them, and only that.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { befriend, phonePhoto, uploadFile } from "../../test/people.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { getConversation, listMessages } from "./conversation.service.ts";
import { getUnreadCount, listConversations } from "./inbox.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(async () => {
  await platform.dispose();
});
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).messages;

async function messageNotices(user: TestUser) {
  const { items } = await callerFor(platform, user).notifications.listNotifications({ limit: 50 });
  return items.filter((item) => item.kind === "message");
}

async function friends() {
  const ada = await createUser(platform);
  const ben = await createUser(platform);
  await befriend(platform, ada, ben);
  return { ada, ben };
}

describe("the inbox", () => {
  it("shows the first 200 characters of the last message, and whose it was", async () => {
    const { ada, ben } = await friends();
    await as(ada).sendMessage({ partnerId: ben.id, body: "x".repeat(300) });
    const [theirs] = (await as(ben).listConversations()).chats;
    expect(theirs?.lastMessage).toMatchObject({ body: "x".repeat(200), fromMe: false, hasImage: false });
    const [mine] = (await as(ada).listConversations()).chats;
    expect(mine?.lastMessage).toMatchObject({ fromMe: true });
  });
});

describe("the notice of a new message", () => {
  it("names the sender and quotes the first 140 characters", async () => {
    const { ada, ben } = await friends();
    const name = (await as(ben).getConversation({ partnerId: ada.id })).partner.name;
    await as(ada).sendMessage({ partnerId: ben.id, body: "y".repeat(300) });
    expect(await messageNotices(ben)).toMatchObject([
      { title: `${name} sent you a message`, body: "y".repeat(140) },
    ]);
  });

  it("says a picture came when there is no text", async () => {
    const { ada, ben } = await friends();
    const uploadId = await uploadFile(platform, ada, await phonePhoto(400, 300));
    await as(ada).sendMessage({ partnerId: ben.id, body: "", imageUploadId: uploadId });
    expect(await messageNotices(ben)).toMatchObject([{ body: "Sent a picture" }]);
  });

  it("comes again once the recipient's open conversation has gone quiet for a minute", async () => {
    const { ada, ben } = await friends();
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    // Ben opens the conversation and then leaves the app without saying so.
    await as(ben).viewConversation({ partnerId: ada.id, isViewing: true });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await as(ada).sendMessage({ partnerId: ben.id, body: "Still there?" });
    } finally {
      vi.useRealTimers();
    }
    expect((await messageNotices(ben)).map((item) => item.body)).toEqual(["Still there?", "Hi"]);
  });
});

describe("live", () => {
  it("re-runs the recipient's badge and inbox when a message arrives or a block hides it", async () => {
    const { ada, ben } = await friends();
    const badge = watchLiveRuns(platform, () => getUnreadCount(platform.deps, ben));
    const inbox = watchLiveRuns(platform, () => listConversations(platform.deps, ben));
    try {
      await badge.waitForRuns(1);
      await inbox.waitForRuns(1);
      await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
      await badge.waitForRuns(2);
      await inbox.waitForRuns(2);
      expect(badge.latest).toBe(1);
      expect(inbox.latest?.chats).toHaveLength(1);
      await callerFor(platform, ben).friends.blockUser({ userId: ada.id });
      await badge.waitForRuns(3);
      await inbox.waitForRuns(3);
      expect(badge.latest).toBe(0);
      expect(inbox.latest?.chats).toEqual([]);
    } finally {
      badge.stop();
      inbox.stop();
    }
  });

  it("re-runs an open conversation when the two become friends", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const view = watchLiveRuns(platform, () => getConversation(platform.deps, ben, ada.id));
    try {
      await view.waitForRuns(1);
      expect(view.latest?.friendState).not.toBe("friends");
      await befriend(platform, ada, ben);
      await view.waitForRuns(2);
      await view.settle();
      expect(view.latest?.friendState).toBe("friends");
    } finally {
      view.stop();
    }
  });

  it("fills in an open, empty conversation when the first message arrives", async () => {
    const { ada, ben } = await friends();
    const view = watchLiveRuns(platform, () => getConversation(platform.deps, ben, ada.id));
    try {
      await view.waitForRuns(1);
      expect(view.latest?._id).toBeNull();
      await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
      await view.waitForRuns(2);
      expect(view.latest).toMatchObject({ _id: expect.any(String), status: "active" });
    } finally {
      view.stop();
    }
  });

  it("re-runs a thread on its own conversation's changes, and not on another conversation's", async () => {
    const { ada, ben } = await friends();
    const cleo = await createUser(platform);
    await befriend(platform, ada, cleo);
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi Ben" });
    await as(cleo).sendMessage({ partnerId: ada.id, body: "Hi Ada" });
    const thread = watchLiveRuns(platform, () =>
      listMessages(platform.deps, ben, { partnerId: ada.id, limit: 10 }),
    );
    try {
      await thread.waitForRuns(1);
      await as(cleo).setTyping({ partnerId: ada.id, isTyping: true });
      await thread.settle();
      expect(thread.runs).toBe(1);
      await as(ada).setTyping({ partnerId: ben.id, isTyping: true });
      await thread.waitForRuns(2);
    } finally {
      thread.stop();
    }
  });

  it("shows the sender their messages read, and re-runs nothing when there was nothing to read", async () => {
    const { ada, ben } = await friends();
    await as(ada).sendMessage({ partnerId: ben.id, body: "Hi" });
    const thread = watchLiveRuns(platform, () =>
      listMessages(platform.deps, ada, { partnerId: ben.id, limit: 10 }),
    );
    try {
      await thread.waitForRuns(1);
      expect(thread.latest?.items[0]?.readAt).toBeNull();
      expect(await as(ben).viewConversation({ partnerId: ada.id, isViewing: true })).toEqual({ read: 1 });
      await thread.waitForRuns(2);
      expect(thread.latest?.items[0]?.readAt).not.toBeNull();
      await thread.settle();
      const runs = thread.runs;
      expect(await as(ben).viewConversation({ partnerId: ada.id, isViewing: true })).toEqual({ read: 0 });
      await thread.settle();
      expect(thread.runs).toBe(runs);
    } finally {
      thread.stop();
    }
  });

  it("re-runs the reader's thread and inbox when they delete a message or the conversation", async () => {
    const { ada, ben } = await friends();
    await as(ada).sendMessage({ partnerId: ben.id, body: "One" });
    const second = await as(ada).sendMessage({ partnerId: ben.id, body: "Two" });
    const thread = watchLiveRuns(platform, () =>
      listMessages(platform.deps, ben, { partnerId: ada.id, limit: 10 }),
    );
    const inbox = watchLiveRuns(platform, () => listConversations(platform.deps, ben));
    try {
      await thread.waitForRuns(1);
      await inbox.waitForRuns(1);
      await as(ben).deleteMessageForMe({ messageId: second._id });
      await thread.waitForRuns(2);
      expect(thread.latest?.items.map((item) => item.body)).toEqual(["One"]);
      await inbox.settle();
      const inboxRuns = inbox.runs;
      await as(ben).clearConversation({ partnerId: ada.id });
      await inbox.waitForRuns(inboxRuns + 1);
      expect(inbox.latest?.chats).toEqual([]);
    } finally {
      thread.stop();
      inbox.stop();
    }
  });

  it("clears a conversation that was never started without complaint", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    await as(me).clearConversation({ partnerId: other.id });
    expect(await as(me).listConversations()).toEqual({ chats: [], requests: [] });
  });
});
