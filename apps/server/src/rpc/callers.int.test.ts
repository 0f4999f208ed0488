// The signed-in caller's row, kept between calls: the next call after any announced change to it
// (a new role, a suspension) sees the change; nothing unannounced slips in or out.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../modules/users/schema.ts";
import { userTopic } from "../modules/users/topics.ts";
import { callerFor, codeOf, createUser, openTestPlatform, type TestPlatform } from "../test/test-platform.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

describe("the callers' kept rows", () => {
  it("serve the next calls without a read, and drop a row when its user's topic is announced", async () => {
    const person = await createUser(platform);
    const as = callerFor(platform, person);
    expect(await as.users.isAdmin()).toBe(false);
    const hits = platform.deps.changes.callers.stats.hits;
    expect(await as.users.isAdmin()).toBe(false);
    expect(platform.deps.changes.callers.stats.hits).toBe(hits + 1);

    // Every change to a user row is announced with it; until then the kept row answers.
    await platform.deps.db.update(users).set({ role: "admin" }).where(eq(users.id, person.id));
    expect(await as.users.isAdmin()).toBe(false);
    platform.deps.changes.changed(userTopic(person.id));
    expect(await as.users.isAdmin()).toBe(true);
  });

  it("let a superadmin's change of role reach the very next call", async () => {
    const boss = await createUser(platform, "superadmin");
    const person = await createUser(platform, "admin");
    const as = callerFor(platform, person);
    expect(await as.users.isAdmin()).toBe(true);
    await callerFor(platform, boss).users.setUserRole({ userId: person.id, role: "user" });
    expect(await as.users.isAdmin()).toBe(false);
    expect(await codeOf(as.analytics.getDashboard())).toBe("FORBIDDEN");
  });
});
