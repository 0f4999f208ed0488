import type { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { markMessagesRead, sendMessage } from "./messages.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const send = (senderId: string, recipientId: string, body = "Hello") =>
  sendMessage(platform.deps, { senderId, recipientId, body });

describe("messages.getUnreadCount", () => {
  it("counts unread messages to the caller only", async () => {
    const me = await createUser(platform);
    const friend = await createUser(platform);
    const other = await createUser(platform);
    const caller = callerFor(platform, me);
    expect(await caller.messages.getUnreadCount()).toBe(0);

    const first = await send(friend.id, me.id);
    await send(other.id, me.id);
    await send(friend.id, me.id);
    // Not to me: what I sent, and what others received.
    await send(me.id, friend.id);
    await send(friend.id, other.id);
    expect(await caller.messages.getUnreadCount()).toBe(3);
    expect(await callerFor(platform, other).messages.getUnreadCount()).toBe(1);

    expect(await markMessagesRead(platform.deps, me.id, [first.id])).toBe(1);
    expect(await caller.messages.getUnreadCount()).toBe(2);
    // Someone else cannot mark my messages read.
    expect(await markMessagesRead(platform.deps, other.id)).toBe(1);
    expect(await caller.messages.getUnreadCount()).toBe(2);
    expect(await markMessagesRead(platform.deps, me.id)).toBe(2);
    expect(await caller.messages.getUnreadCount()).toBe(0);
    expect(await callerFor(platform, friend).messages.getUnreadCount()).toBe(1);
  });

  it("refuses anonymous callers", async () => {
    await expect(callerFor(platform).messages.getUnreadCount()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    } satisfies Partial<TRPCError>);
  });

  it("refuses empty messages and messages to oneself", async () => {
    const me = await createUser(platform);
    const friend = await createUser(platform);
    await expect(send(me.id, friend.id, "   ")).rejects.toThrow(/empty/);
    await expect(send(me.id, me.id)).rejects.toThrow(/yourself/);
  });

  it("re-runs live when a message to the caller arrives or is read, not for other people's messages", async () => {
    const me = await createUser(platform);
    const friend = await createUser(platform);
    const other = await createUser(platform);
    const caller = callerFor(platform, me);
    const live = watchLiveRuns(platform, () => caller.messages.getUnreadCount());
    await live.waitForRuns(1);
    expect(live.latest).toBe(0);

    await send(friend.id, other.id);
    await send(me.id, friend.id);
    await markMessagesRead(platform.deps, other.id);
    await live.settle();
    expect(live.runs).toBe(1);

    const message = await send(friend.id, me.id);
    await live.waitForRuns(2);
    expect(live.latest).toBe(1);

    await markMessagesRead(platform.deps, me.id, [message.id]);
    await live.waitForRuns(3);
    expect(live.latest).toBe(0);
    live.stop();
  });
});

describe("messages.sendMessage", () => {
  it("sends from the caller, validates the input and refuses unknown recipients", async () => {
    const me = await createUser(platform);
    const friend = await createUser(platform);
    const caller = callerFor(platform, me);
    const sent = await caller.messages.sendMessage({
      recipientId: friend.id,
      body: "  See you at the club  ",
    });
    expect(sent._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await callerFor(platform, friend).messages.getUnreadCount()).toBe(1);
    // The sender is always the caller: a senderId in the input is refused, not used.
    await expect(
      caller.messages.sendMessage({ recipientId: friend.id, body: "x", senderId: friend.id } as never),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.messages.sendMessage({ recipientId: friend.id, body: " " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      caller.messages.sendMessage({ recipientId: friend.id, body: "x".repeat(4001) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      caller.messages.sendMessage({ recipientId: "00000000-0000-4000-8000-000000000000", body: "Hi" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.messages.sendMessage({ recipientId: me.id, body: "Hi me" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await callerFor(platform, friend).messages.getUnreadCount()).toBe(1);
  });
});
