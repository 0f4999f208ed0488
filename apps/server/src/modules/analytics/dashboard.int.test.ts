import { randomUUID } from "node:crypto";
import type { Dashboard } from "@litverse/shared/analytics";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dayOf } from "../../core/daily-counts.ts";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import { countToday } from "../../test/daily-counts.ts";
import { befriend } from "../../test/people.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { adminPermissions } from "../permissions/schema.ts";
import { touchPresence } from "../profiles/people.ts";
import { recountDailyCounts } from "./recount.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

/** A person signing in for the first time: the server makes their account, as for anyone new. */
async function signUp(): Promise<void> {
  const subject = `new-${randomUUID()}`;
  const newcomer: TestUser = {
    id: "",
    role: "user",
    identity: {
      issuer: "https://test.invalid",
      issuerKey: "https://test.invalid",
      subject,
      claims: { sub: subject, email: `${subject}@test.invalid`, name: "Newcomer" },
      expiresAt: Date.now() + 3_600_000,
      token: "not-a-real-token",
    },
  };
  await callerFor(platform, newcomer).users.getCurrentUser();
}

const figure = (dashboard: Dashboard | undefined, key: string) =>
  dashboard?.groups.flatMap((group) => group.figures).find((item) => item.key === key);

describe("the dashboard", () => {
  it("counts what happens today beside the last 14 days, and moves a figure live", async () => {
    const boss = callerFor(platform, await createUser(platform, "superadmin"));
    const watch = watchLiveRuns(platform, () => boss.analytics.getDashboard());
    await watch.waitForRuns(1);
    const before = watch.latest;
    expect(before?.days).toHaveLength(14);
    expect(before?.days.at(-1)).toBe(dayOf(new Date()));
    expect(figure(before, "signups")).toMatchObject({ value: 0, series: Array(14).fill(0) });

    await signUp();
    await watch.waitForRuns(2);
    expect(figure(watch.latest, "signups")?.value).toBe(1);
    expect(figure(watch.latest, "signups")?.series?.at(-1)).toBe(1);
    expect(figure(watch.latest, "people")?.value).toBe(2);
    watch.stop();

    // Reading: active seconds and a first finish count; finishing again does not.
    const title = await createTitle(platform);
    const [chapter] = await addChapters(platform, title.id, 1);
    const reader = await readerAged(platform, 18);
    const reading = callerFor(platform, reader).library;
    await reading.recordProgress({ episodeId: chapter?.id ?? "", fraction: 1, isCompleted: true });
    await reading.recordProgress({ episodeId: chapter?.id ?? "", fraction: 1, isCompleted: true });
    // Messages and presence.
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await callerFor(platform, ada).messages.sendMessage({ partnerId: ben.id, body: "Hello" });
    await touchPresence(platform.deps, ada.id);
    await touchPresence(platform.deps, ada.id, Date.now() + 61_000);

    const dashboard = await boss.analytics.getDashboard();
    expect(figure(dashboard, "finished")?.value).toBe(1);
    expect(figure(dashboard, "messages")?.value).toBe(1);
    // Active today: the reader (reading counts) and Ada (her app was open), each once.
    expect(figure(dashboard, "active")?.value).toBe(2);
    expect(figure(dashboard, "online")?.value).toBe(1);
    expect(figure(dashboard, "tickets")).toMatchObject({ value: 0, href: "/admin/support" });
  });

  it("shows an admin only the figures their permissions allow", async () => {
    const admin = await createUser(platform, "admin");
    await platform.deps.db
      .insert(adminPermissions)
      .values({ userId: admin.id, templateId: null, overrides: { support: "view" } });
    const dashboard = await callerFor(platform, admin).analytics.getDashboard();
    expect(dashboard.groups.map((group) => group.title)).toEqual(["Needs someone"]);
    expect(dashboard.groups[0]?.figures.map((item) => item.key)).toEqual(["tickets"]);
  });

  it("is counted again from the events for history written past the services, keeping who was active", async () => {
    const ada = await createUser(platform);
    await touchPresence(platform.deps, ada.id);
    await createUser(platform);
    // Accounts stored straight into the table (as the demo's bulk history is) were not counted.
    expect(await countToday(platform, "people.signed_up")).toBe(0);
    await recountDailyCounts(platform.deps);
    expect(await countToday(platform, "people.signed_up")).toBe(2);
    expect(await countToday(platform, "people.active")).toBe(1);
    await recountDailyCounts(platform.deps);
    expect(await countToday(platform, "people.signed_up")).toBe(2);
  });
});
