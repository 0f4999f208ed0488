// Notifications through the real router: counts, pages, reading, choices per kind, and web push
// to a push service that decrypts what it gets as a browser would.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakePushService, startFakePushService } from "../../test/push-service.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { createNotification, markNotificationsRead, notify } from "./notifications.service.ts";
import { configurePush, flushPushes } from "./push.ts";
import { pushSubscriptions } from "./schema.ts";

let platform: TestPlatform;
let pushService: FakePushService;
beforeAll(async () => {
  platform = await openTestPlatform();
  pushService = await startFakePushService();
  configurePush({ contactEmail: "support@litverse.test", extraOrigins: [pushService.origin] });
});
afterAll(async () => {
  await pushService.close();
  await platform.dispose();
});
beforeEach(() => platform.reset());

const store = async (userId: string, title = "Something happened") => {
  const row = await createNotification(platform.deps, userId, {
    kind: "system",
    title,
    link: "/notifications",
  });
  if (!row) throw new Error("not stored");
  return row;
};
const as = (user: TestUser) => callerFor(platform, user).notifications;

describe("notifications.getUnreadCount", () => {
  it("counts the caller's unread notifications only", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    expect(await as(me).getUnreadCount()).toBe(0);

    const first = await store(me.id);
    await store(me.id);
    await store(other.id);
    expect(await as(me).getUnreadCount()).toBe(2);
    expect(await as(other).getUnreadCount()).toBe(1);

    // Marking someone else's notification as mine does nothing.
    expect(await as(other).markNotificationRead({ notificationId: first.id })).toEqual({ marked: 0 });
    expect(await as(me).markNotificationRead({ notificationId: first.id })).toEqual({ marked: 1 });
    expect(await as(me).getUnreadCount()).toBe(1);
    expect(await as(me).markAllNotificationsRead()).toEqual({ marked: 1 });
    expect(await as(me).getUnreadCount()).toBe(0);
    expect(await as(other).getUnreadCount()).toBe(1);
  });

  it("leaves out notices of new messages, which the messages' own count covers", async () => {
    const me = await createUser(platform);
    await createNotification(platform.deps, me.id, { kind: "message", title: "Ada sent you a message" });
    expect(await as(me).getUnreadCount()).toBe(0);
  });

  it("refuses anonymous callers", async () => {
    await expect(callerFor(platform).notifications.getUnreadCount()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("re-runs live for the caller's notifications only", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    const live = watchLiveRuns(platform, () => as(me).getUnreadCount());
    await live.waitForRuns(1);
    expect(live.latest).toBe(0);

    await store(other.id);
    await markNotificationsRead(platform.deps, other.id);
    await live.settle();
    expect(live.runs).toBe(1);

    const notification = await store(me.id);
    await live.waitForRuns(2);
    expect(live.latest).toBe(1);

    await markNotificationsRead(platform.deps, me.id, [notification.id]);
    await live.waitForRuns(3);
    expect(live.latest).toBe(0);
    live.stop();
  });
});

describe("notifications.listNotifications", () => {
  it("pages newest first, with who caused each", async () => {
    const me = await createUser(platform);
    const friend = await createUser(platform);
    for (let i = 1; i <= 5; i++) {
      await notify(platform.deps, me.id, {
        kind: "friend_request",
        title: `Request ${i}`,
        actorId: friend.id,
      });
    }
    const first = await as(me).listNotifications({ limit: 3 });
    expect(first.items.map((item) => item.title)).toEqual(["Request 5", "Request 4", "Request 3"]);
    expect(first.items[0]?.actor?._id).toBe(friend.id);
    const rest = await as(me).listNotifications({ limit: 3, cursor: first.nextCursor });
    expect(rest.items.map((item) => item.title)).toEqual(["Request 2", "Request 1"]);
    expect(rest.nextCursor).toBeNull();
    await expect(as(me).listNotifications({ limit: 3, cursor: "nonsense" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("misses nothing written within the millisecond of a page's last notice", async () => {
    const me = await createUser(platform);
    // Microseconds apart, as a burst of notices can be: a cursor carries only milliseconds.
    for (const [title, at] of [
      ["Third", "2026-11-20T10:00:00.000900Z"],
      ["Second", "2026-11-20T10:00:00.000500Z"],
      ["First", "2026-11-20T10:00:00.000100Z"],
    ]) {
      await platform.deps.db.execute(
        sql`insert into notifications (user_id, kind, title, created_at) values (${me.id}, 'system', ${title}, ${at}::timestamptz)`,
      );
    }
    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<ReturnType<typeof as>["listNotifications"]>> = await as(
        me,
      ).listNotifications({
        limit: 1,
        cursor,
      });
      titles.push(...page.items.map((item) => item.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(titles).toEqual(["Third", "Second", "First"]);
  });

  it("keeps a notice with a dedupe key to one per person, whatever runs twice", async () => {
    const me = await createUser(platform);
    const notice = {
      kind: "coins_expiring" as const,
      title: "Coins expire soon",
      dedupeKey: "coins-expiring:lot-1",
    };
    expect(await notify(platform.deps, me.id, notice)).not.toBeNull();
    expect(await notify(platform.deps, me.id, notice)).toBeNull();
    expect(await as(me).getUnreadCount()).toBe(1);
  });
});

describe("choices per kind", () => {
  it("turn a kind off in the app, and on again", async () => {
    const me = await createUser(platform);
    const choices = await as(me).getNotificationPreferences();
    expect(choices.find((choice) => choice.kind === "message")).toEqual({
      kind: "message",
      label: "Messages",
      inApp: true,
      push: true,
    });
    await as(me).setNotificationPreference({ kind: "message", inApp: false });
    expect(await notify(platform.deps, me.id, { kind: "message", title: "Hi" })).toBeNull();
    expect(
      await notify(platform.deps, me.id, { kind: "friend_request", title: "Be friends" }),
    ).not.toBeNull();
    await as(me).setNotificationPreference({ kind: "message", inApp: true });
    expect(await notify(platform.deps, me.id, { kind: "message", title: "Hi again" })).not.toBeNull();
    await expect(
      as(me).setNotificationPreference({ kind: "no_such_kind" as never, inApp: false }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("web push", () => {
  it("reaches the person's device, encrypted for it and signed with the server's key", async () => {
    const me = await createUser(platform);
    const setup = await as(me).getPushSetup();
    expect(setup).toEqual({ publicKey: expect.stringMatching(/^[\w-]{87}$/), devices: 0 });
    const device = pushService.subscription();
    expect((await as(me).savePushSubscription(device)).devices).toBe(1);

    await notify(platform.deps, me.id, {
      kind: "friend_request",
      title: "Ada sent you a friend request",
      link: "/users",
    });
    await flushPushes(platform.deps);
    const [received] = pushService.received.filter((push) => device.endpoint.endsWith(push.path));
    expect(received?.payload).toEqual({
      title: "Ada sent you a friend request",
      body: "",
      link: "/users",
      tag: expect.any(String),
    });
    expect(received?.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${setup.publicKey}$`),
    );

    // Push off for the kind: the app still shows it, the device hears nothing.
    await as(me).setNotificationPreference({ kind: "friend_request", push: false });
    const before = pushService.received.length;
    await notify(platform.deps, me.id, { kind: "friend_request", title: "Ben sent you a friend request" });
    await flushPushes(platform.deps);
    expect(pushService.received.length).toBe(before);
  });

  it("forgets a device the push service says is gone, and one removed by its owner", async () => {
    const me = await createUser(platform);
    const gone = pushService.subscription(true);
    await as(me).savePushSubscription(gone);
    await notify(platform.deps, me.id, { kind: "system", title: "Hello" });
    await flushPushes(platform.deps);
    expect(await platform.deps.db.select().from(pushSubscriptions)).toEqual([]);

    const device = pushService.subscription();
    await as(me).savePushSubscription(device);
    expect((await as(me).removePushSubscription({ endpoint: device.endpoint })).devices).toBe(0);
  });

  it("accepts only the push services of browsers, so nobody makes the server call an address of theirs", async () => {
    const me = await createUser(platform);
    const keys = pushService.subscription().keys;
    for (const endpoint of [
      "http://127.0.0.1:5432/",
      "https://evil.example/push",
      "http://fcm.googleapis.com/x",
    ]) {
      await expect(as(me).savePushSubscription({ endpoint, keys })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "That is not the address of a browser's push service.",
      });
    }
    const fcm = await as(me).savePushSubscription({
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
      keys,
    });
    expect(fcm.devices).toBe(1);
  });
});
