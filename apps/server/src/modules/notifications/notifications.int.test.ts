import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { createNotification, markNotificationsRead } from "./notifications.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const notify = (userId: string, title = "Something happened") =>
  createNotification(platform.deps, userId, { kind: "system", title, link: "/notifications" });

describe("notifications.getUnreadCount", () => {
  it("counts the caller's unread notifications only", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    const caller = callerFor(platform, me);
    expect(await caller.notifications.getUnreadCount()).toBe(0);

    const first = await notify(me.id);
    await notify(me.id);
    await notify(other.id);
    expect(await caller.notifications.getUnreadCount()).toBe(2);
    expect(await callerFor(platform, other).notifications.getUnreadCount()).toBe(1);

    // Marking someone else's notification as mine does nothing.
    expect(await markNotificationsRead(platform.deps, other.id, [first.id])).toBe(0);
    expect(await markNotificationsRead(platform.deps, me.id, [first.id])).toBe(1);
    expect(await caller.notifications.getUnreadCount()).toBe(1);
    expect(await markNotificationsRead(platform.deps, me.id)).toBe(1);
    expect(await caller.notifications.getUnreadCount()).toBe(0);
    expect(await callerFor(platform, other).notifications.getUnreadCount()).toBe(1);
  });

  it("refuses anonymous callers", async () => {
    await expect(callerFor(platform).notifications.getUnreadCount()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("re-runs live for the caller's notifications only", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    const caller = callerFor(platform, me);
    const live = watchLiveRuns(platform, () => caller.notifications.getUnreadCount());
    await live.waitForRuns(1);
    expect(live.latest).toBe(0);

    await notify(other.id);
    await markNotificationsRead(platform.deps, other.id);
    await live.settle();
    expect(live.runs).toBe(1);

    const notification = await notify(me.id);
    await live.waitForRuns(2);
    expect(live.latest).toBe(1);

    await markNotificationsRead(platform.deps, me.id, [notification.id]);
    await live.waitForRuns(3);
    expect(live.latest).toBe(0);
    live.stop();
  });
});
