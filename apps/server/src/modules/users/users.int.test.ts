import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Identity } from "../../auth/identity.ts";
import { liveResults } from "../../core/live/engine.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
} from "../../test/test-platform.ts";
import { handleBase, profileFromClaims, syncUser } from "./users.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const claimNames = { email: "email", name: "name", picture: "picture" };
const identity = (subject: string): Identity => ({
  issuer: "https://id.example",
  issuerKey: "https://id.example",
  subject,
  claims: { sub: subject },
  expiresAt: Date.now() + 60_000,
  token: "t",
});

describe("syncUser (users.updateCurrentUser)", () => {
  it("creates a user with a handle from the name, then refreshes the profile", async () => {
    const profile = profileFromClaims({ email: "Ada@Example.com", name: "Ada Lovelace" }, claimNames);
    const created = await syncUser(platform.deps, identity("a"), profile, []);
    expect(created).toMatchObject({
      email: "ada@example.com",
      handle: "ada_lovelace",
      role: "user",
      age: null,
    });
    const again = await syncUser(platform.deps, identity("a"), { ...profile, name: "Ada King" }, []);
    expect(again.id).toBe(created.id);
    expect(again.name).toBe("Ada King");
    expect(again.handle).toBe("ada_lovelace");
  });

  it("gives a second person with the same name a different handle", async () => {
    const profile = profileFromClaims({ name: "Sam" }, claimNames);
    const first = await syncUser(platform.deps, identity("1"), profile, []);
    const second = await syncUser(platform.deps, identity("2"), profile, []);
    expect(first.handle).toBe("sam");
    expect(second.handle).toMatch(/^sam_\d+$/);
  });

  it("promotes the verified emails listed as superadmins, and never demotes", async () => {
    const profile = profileFromClaims({ email: "boss@example.com", email_verified: true }, claimNames);
    const row = await syncUser(platform.deps, identity("boss"), profile, ["boss@example.com"]);
    expect(row.role).toBe("superadmin");
    expect((await syncUser(platform.deps, identity("boss"), profile, [])).role).toBe("superadmin");
  });

  it("does not promote a listed email the provider has not verified", async () => {
    // Anyone can sign up with someone else's address where addresses are not checked.
    for (const [subject, verified] of [
      ["u1", false],
      ["u2", undefined],
      ["u3", "yes"],
    ] as const) {
      const claims = { email: "boss@example.com", email_verified: verified };
      const row = await syncUser(platform.deps, identity(subject), profileFromClaims(claims, claimNames), [
        "boss@example.com",
      ]);
      expect(row.role).toBe("user");
    }
  });

  it("ignores malformed claims", () => {
    expect(
      profileFromClaims({ email: "not an email", name: 5, picture: "javascript:alert(1)" }, claimNames),
    ).toEqual({
      email: null,
      emailVerified: false,
      name: null,
      picture: null,
    });
    expect(handleBase({ email: null, emailVerified: false, name: "Ünïcødé — Name!", picture: null })).toBe(
      "unicode_name",
    );
  });
});

describe("users functions", () => {
  it("getCurrentUser returns role, _id, email, handle and age", async () => {
    const user = await createUser(platform, "admin");
    const me = await callerFor(platform, user).users.getCurrentUser();
    expect(me).toMatchObject({ _id: user.id, role: "admin", age: null });
    expect(me).toHaveProperty("email");
    expect(me).toHaveProperty("handle");
    expect(await callerFor(platform, user).users.isAdmin()).toBe(true);
    expect(await callerFor(platform, await createUser(platform)).users.isAdmin()).toBe(false);
  });

  it("setUserAge accepts 13, 16 and 18 only", async () => {
    const caller = callerFor(platform, await createUser(platform));
    for (const age of [13, 16, 18] as const) {
      expect((await caller.users.setUserAge({ age })).age).toBe(age);
    }
    for (const age of [0, 14, 17, 21, "18", null]) {
      // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
      expect(await codeOf(caller.users.setUserAge({ age } as any))).toBe("BAD_REQUEST");
    }
    expect((await caller.users.getCurrentUser()).age).toBe(18);
  });

  it("setUserRole is for superadmins, never on themselves, and takes effect at once", async () => {
    const superadmin = await createUser(platform, "superadmin");
    const target = await createUser(platform);
    const boss = callerFor(platform, superadmin);
    expect(await codeOf(boss.users.setUserRole({ userId: superadmin.id, role: "user" }))).toBe("FORBIDDEN");
    expect(await codeOf(boss.users.setUserRole({ userId: target.id, role: "emperor" as never }))).toBe(
      "BAD_REQUEST",
    );
    await boss.users.setUserRole({ userId: target.id, role: "admin" });
    // The role is read from the database on each call, not from anything the caller holds.
    expect(await callerFor(platform, target).users.isAdmin()).toBe(true);
  });
});

describe("live current user", () => {
  it("pushes a role change to the user's open subscription", async () => {
    const target = await createUser(platform);
    const superadmin = await createUser(platform, "superadmin");
    // Signed-in WebSocket callers are exercised end to end with real tokens in the sign-in tests;
    // here the live engine runs the function through the caller's own context.
    const caller = callerFor(platform, target);
    const iterator = liveResults(platform.live, "me", () => caller.users.getCurrentUser(), undefined);
    expect((await iterator.next()).value).toMatchObject({ role: "user" });
    await callerFor(platform, superadmin).users.setUserRole({ userId: target.id, role: "admin" });
    expect((await iterator.next()).value).toMatchObject({ role: "admin" });
    await iterator.return(undefined);
  });
});
