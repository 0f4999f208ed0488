import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { createAdminNotification, markAdminNotificationsRead } from "./admin-notifications.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const notifyAdmins = (title = "A comment was reported") =>
  createAdminNotification(platform.deps, { kind: "flagged_content", title, link: "/admin/flagged-content" });

describe("adminNotifications.getUnreadCount", () => {
  it("counts the admin notifications the caller has not read; each administrator reads separately", async () => {
    const admin = await createUser(platform, "admin");
    const superadmin = await createUser(platform, "superadmin");
    const mine = callerFor(platform, admin);
    const theirs = callerFor(platform, superadmin);
    expect(await mine.adminNotifications.getUnreadCount()).toBe(0);

    const first = await notifyAdmins("First");
    await notifyAdmins("Second");
    await notifyAdmins("Third");
    expect(await mine.adminNotifications.getUnreadCount()).toBe(3);
    expect(await theirs.adminNotifications.getUnreadCount()).toBe(3);

    expect(await markAdminNotificationsRead(platform.deps, admin.id, [first.id])).toBe(1);
    // Reading again changes nothing.
    expect(await markAdminNotificationsRead(platform.deps, admin.id, [first.id])).toBe(0);
    expect(await mine.adminNotifications.getUnreadCount()).toBe(2);
    expect(await theirs.adminNotifications.getUnreadCount()).toBe(3);

    expect(await markAdminNotificationsRead(platform.deps, superadmin.id)).toBe(3);
    expect(await theirs.adminNotifications.getUnreadCount()).toBe(0);
    expect(await mine.adminNotifications.getUnreadCount()).toBe(2);
  });

  it("refuses anonymous callers and ordinary users", async () => {
    await notifyAdmins();
    await expect(callerFor(platform).adminNotifications.getUnreadCount()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const user = callerFor(platform, await createUser(platform));
    await expect(user.adminNotifications.getUnreadCount()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("re-runs live for new admin notifications and the caller's reads, not another admin's", async () => {
    const admin = await createUser(platform, "admin");
    const otherAdmin = await createUser(platform, "admin");
    const existing = await notifyAdmins("Existing");
    const caller = callerFor(platform, admin);
    const live = watchLiveRuns(platform, () => caller.adminNotifications.getUnreadCount());
    await live.waitForRuns(1);
    expect(live.latest).toBe(1);

    await markAdminNotificationsRead(platform.deps, otherAdmin.id);
    await createNotification(platform.deps, admin.id, { kind: "system", title: "Personal, not admin" });
    await live.settle();
    expect(live.runs).toBe(1);

    await notifyAdmins("New");
    await live.waitForRuns(2);
    expect(live.latest).toBe(2);

    await markAdminNotificationsRead(platform.deps, admin.id, [existing.id]);
    await live.waitForRuns(3);
    expect(live.latest).toBe(1);
    live.stop();
  });
});
