import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../core/db/client.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { adminNotifications } from "../notifications/schema.ts";
import { createAdminNotification, markAdminNotificationsRead } from "./admin-notifications.service.ts";
import { BROADCAST_JOB, deliverAnnouncement } from "./announcements.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const notifyAdmins = (title = "New report") =>
  createAdminNotification(platform.deps, { kind: "report", title, link: "/admin/flagged-content" });

describe("adminNotifications.getUnreadCount", () => {
  it("counts the admin notifications the caller has not read; each administrator reads separately", async () => {
    const admin = await createUser(platform, "admin");
    const superadmin = await createUser(platform, "superadmin");
    const mine = callerFor(platform, admin);
    const theirs = callerFor(platform, superadmin);
    expect(await mine.adminNotifications.getUnreadCount()).toBe(0);

    const first = await notifyAdmins("First");
    // A second later, so that newest first has one order (two made in the same instant would not).
    await platform.deps.db
      .update(adminNotifications)
      .set({ createdAt: new Date(first.createdAt.getTime() - 1_000) })
      .where(eq(adminNotifications.id, first.id));
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

describe("adminNotifications.listAdminNotifications", () => {
  it("lists the newest first with the caller's own read state, for admins only", async () => {
    const admin = await createUser(platform, "admin");
    const other = await createUser(platform, "admin");
    const first = await notifyAdmins("First");
    // A second later, so that newest first has one order (two made in the same instant would not).
    await platform.deps.db
      .update(adminNotifications)
      .set({ createdAt: new Date(first.createdAt.getTime() - 1_000) })
      .where(eq(adminNotifications.id, first.id));
    await notifyAdmins("Second");
    await callerFor(platform, admin).adminNotifications.markAdminNotificationRead({
      notificationId: first.id,
    });
    const mine = await callerFor(platform, admin).adminNotifications.listAdminNotifications({ limit: 10 });
    expect(mine.items.map((item) => [item.title, item.isRead])).toEqual([
      ["Second", false],
      ["First", true],
    ]);
    const theirs = await callerFor(platform, other).adminNotifications.listAdminNotifications({ limit: 10 });
    expect(theirs.items.every((item) => !item.isRead)).toBe(true);
    expect(await callerFor(platform, other).adminNotifications.markAllAdminNotificationsRead()).toEqual({
      marked: 2,
    });
    const reader = callerFor(platform, await createUser(platform));
    await expect(reader.adminNotifications.listAdminNotifications({ limit: 10 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("announcements", () => {
  it("reach everyone in the audience once, in batches, even when delivered twice", async () => {
    const admin = await createUser(platform, "admin");
    const readers = await Promise.all(Array.from({ length: 7 }, () => createUser(platform)));
    const quiet = readers[0];
    if (!quiet) throw new Error("no reader");
    await callerFor(platform, quiet).notifications.setNotificationPreference({
      kind: "announcement",
      inApp: false,
    });
    const sent = await callerFor(platform, admin).adminNotifications.sendAnnouncement({
      audience: "user",
      title: "New: book clubs",
      body: "Read together.",
      link: "/clubs",
    });
    expect(sent).toMatchObject({ status: "queued", audience: "user", recipients: 0 });
    const queued = await queryRows<{ kind: string; input: unknown }>(
      platform.deps.db,
      sql`select kind, input from jobs`,
    );
    expect(queued).toEqual([{ kind: BROADCAST_JOB, input: { announcementId: sent._id } }]);

    // Delivered (as the job would), then again, as after a crash.
    expect(await deliverAnnouncement(platform.deps, sent._id)).toEqual({ recipients: 6 });
    expect(await deliverAnnouncement(platform.deps, sent._id)).toEqual({ recipients: 6 });
    for (const reader of readers.slice(1)) {
      const items = (await callerFor(platform, reader).notifications.listNotifications({ limit: 10 })).items;
      expect(items.map((item) => [item.kind, item.title, item.link])).toEqual([
        ["announcement", "New: book clubs", "/clubs"],
      ]);
    }
    expect(await callerFor(platform, quiet).notifications.getUnreadCount()).toBe(0);
    // Not the administrators: the audience was readers.
    expect(await callerFor(platform, admin).notifications.getUnreadCount()).toBe(0);
    const [listed] = await callerFor(platform, admin).adminNotifications.listAnnouncements();
    expect(listed).toMatchObject({ status: "sent", recipients: 6, sentAt: expect.any(String) });
  });

  it("are only for administrators to send, with a title and a link on this site", async () => {
    const reader = callerFor(platform, await createUser(platform));
    const admin = callerFor(platform, await createUser(platform, "admin"));
    await expect(
      reader.adminNotifications.sendAnnouncement({ audience: "everyone", title: "Hi", body: "" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    for (const input of [
      { audience: "everyone" as const, title: "", body: "" },
      { audience: "everyone" as const, title: "Hi", body: "", link: "https://evil.example" },
      { audience: "robots" as never, title: "Hi", body: "" },
    ]) {
      await expect(admin.adminNotifications.sendAnnouncement(input)).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    }
  });
});
