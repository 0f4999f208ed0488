import { SIGNED_OUT_MESSAGE } from "@litverse/shared/user-management";
import { eq } from "drizzle-orm";
import { pgTable, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount } from "../../auth/provider/accounts.ts";
import { accounts, oidcPayloads } from "../../auth/schema.ts";
import { SESSIONS_ENDED_CLOSE_CODE } from "../../rpc/signed-in-sockets.ts";
import { befriend } from "../../test/people.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { startTestServer } from "../../test/test-server.ts";
import { signedInAs } from "../../test/tokens.ts";
import { auditEvents } from "../audit/schema.ts";
import { creditCoins, spendCoins } from "../coins/index.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { ledgerEntries } from "../coins/schema.ts";
import { messages } from "../messages/schema.ts";
import { profiles } from "../profiles/schema.ts";
import { LAST_SUPERADMIN_MESSAGE, OWN_ACCOUNT_MESSAGE } from "../users/account-actions.ts";
import { recordDevice, signInRefusal } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { setUserRole } from "../users/users.service.ts";
import { registerPersonTables } from "./personal-data.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser | null) => callerFor(platform, user);

/** The same person holding a token issued `secondsAgo` before now. */
const withTokenIssued = (user: TestUser, secondsAgo: number): TestUser => ({
  ...user,
  identity: {
    ...user.identity,
    claims: { ...user.identity.claims, iat: Math.floor(Date.now() / 1000) - secondsAgo },
  },
});

async function named(role: "user" | "admin" | "superadmin", name: string, handle: string, email: string) {
  const user = await createUser(platform, role);
  await platform.deps.db.update(users).set({ name, handle, email }).where(eq(users.id, user.id));
  return user;
}

let keys = 0;
const credit = (user: TestUser, purchased: number) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, user.id, {
      kind: "purchase",
      purchased,
      memo: `Bought ${purchased}`,
      idempotencyKey: `um:${++keys}`,
    }),
  );

describe("searching people", () => {
  it("finds them by name, @handle, email or id, newest first, and pages", async () => {
    const boss = await named("superadmin", "Boss", "boss", "boss@litverse.test");
    const ada = await named("user", "Ada Lovelace", "ada_l", "ada@example.test");
    await named("user", "Ben Ode", "ben", "ben@example.test");
    const search = (query: string) => as(boss).userManagement.searchPeople({ query });
    expect((await search("lovel")).people.map((person) => person.id)).toEqual([ada.id]);
    expect((await search("@ada")).people.map((person) => person.handle)).toEqual(["ada_l"]);
    expect((await search("ADA@EX")).people.map((person) => person.email)).toEqual(["ada@example.test"]);
    expect((await search(ada.id)).people.map((person) => person.name)).toEqual(["Ada Lovelace"]);
    // A wildcard typed is a character, not "anything", in short terms and in longer ones.
    expect((await search("%")).people).toEqual([]);
    expect((await search("a%e")).people).toEqual([]);
    // A name chosen on the profile is the one searched: the provider's no longer finds them.
    await platform.deps.db.insert(profiles).values({ userId: ada.id, displayName: "Countess of Code" });
    expect((await search("lovel")).people).toEqual([]);
    expect((await search("ss of c")).people.map((person) => person.id)).toEqual([ada.id]);
    expect((await search("ben@example.test")).people.map((person) => person.handle)).toEqual(["ben"]);
    const everyone = await search("");
    expect(everyone.people.map((person) => person.handle)).toEqual(["ben", "ada_l", "boss"]);
    expect(everyone.people[1]).toMatchObject({
      role: "user",
      standing: { state: "active", until: null, reason: null, contentHidden: false },
    });
  });

  it("narrows to the team, the restricted and the deleted, and pages through the rest", async () => {
    const boss = await named("superadmin", "Boss", "boss", "boss@litverse.test");
    const admin = await named("admin", "Ann Admin", "ann", "ann@litverse.test");
    const readers = await Promise.all(
      Array.from({ length: 32 }, (_, index) =>
        named("user", `Reader ${index}`, `reader_${index}`, `r${index}@x.test`),
      ),
    );
    const [banned] = readers;
    await as(boss).userManagement.restrictAccount({
      userId: banned?.id ?? "",
      kind: "ban",
      reason: "Spam in every club",
      hideContent: true,
    });
    const list = (filter: "admins" | "restricted" | "active" | "deleted" | "all", cursor?: string | null) =>
      as(boss).userManagement.searchPeople({ filter, cursor });
    expect((await list("admins")).people.map((person) => person.id).sort()).toEqual(
      [boss.id, admin.id].sort(),
    );
    expect((await list("restricted")).people).toMatchObject([
      { id: banned?.id, standing: { state: "banned", reason: "Spam in every club", contentHidden: true } },
    ]);
    expect((await list("deleted")).people).toEqual([]);
    const first = await list("active");
    expect(first.people).toHaveLength(30);
    const second = await list("active", first.nextCursor);
    expect(second.nextCursor).toBeNull();
    expect([...first.people, ...second.people].map((person) => person.id)).not.toContain(banned?.id);
    expect(first.people.length + second.people.length).toBe(33);
  });

  it("is for superadmins only: an admin, a reader and nobody are refused", async () => {
    const admin = await createUser(platform, "admin");
    const reader = await createUser(platform);
    for (const caller of [as(admin), as(reader), as(null)]) {
      expect(await codeOf(caller.userManagement.searchPeople({}))).not.toBe("OK");
      expect(await codeOf(caller.userManagement.getPerson({ userId: reader.id }))).not.toBe("OK");
      expect(
        await codeOf(caller.userManagement.signOutEverywhere({ userId: reader.id, reason: "Because" })),
      ).not.toBe("OK");
    }
    expect(await codeOf(as(admin).userManagement.searchPeople({}))).toBe("FORBIDDEN");
  });

  it("refuses input it cannot use, changing nothing", async () => {
    const boss = await createUser(platform, "superadmin");
    const reader = await createUser(platform);
    const um = as(boss).userManagement;
    expect(await refusalOf(um.searchPeople({ query: "x".repeat(201) }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await refusalOf(um.getPerson({ userId: "nobody" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Not a valid person",
    });
    expect(
      await refusalOf(
        um.restrictAccount({ userId: reader.id, kind: "suspend", reason: "Rude", hideContent: false }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST", message: "Say for how many days" });
    expect(
      await refusalOf(
        um.restrictAccount({
          userId: reader.id,
          kind: "suspend",
          days: 400,
          reason: "Rude",
          hideContent: false,
        }),
      ),
    ).toMatchObject({ message: "At most 365 days" });
    expect(await refusalOf(um.signOutEverywhere({ userId: reader.id, reason: " a " }))).toMatchObject({
      message: "Give a reason of at least 3 characters",
    });
    expect(await refusalOf(um.getPerson({ userId: crypto.randomUUID() }))).toMatchObject({
      code: "NOT_FOUND",
    });
    const [row] = await platform.deps.db.select().from(users).where(eq(users.id, reader.id));
    expect(row).toMatchObject({ suspendedUntil: null, bannedAt: null, sessionsEndedAt: null });
  });
});

describe("a person's page", () => {
  it("gathers their account, coins, purchases, reports, devices and what the team did, live", async () => {
    const boss = await named("superadmin", "Boss", "boss", "boss@litverse.test");
    const ada = await named("user", "Ada", "ada", "ada@example.test");
    const ben = await named("user", "Ben", "ben", "ben@example.test");
    await credit(ada, 120);
    await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
      spendCoins(platform.deps, tx, ada.id, { amount: 20, memo: "Chapter 4", idempotencyKey: "um:spend" }),
    );
    await as(ben).profiles.reportUser({ userId: ada.id, reason: "harassment", details: "Rude messages" });
    await recordDevice(
      platform.deps.db,
      ada.id,
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
      "10.0.0.7",
    );

    const watch = watchLiveRuns(platform, () => as(boss).userManagement.getPerson({ userId: ada.id }));
    await watch.waitForRuns(1);
    const record = watch.latest;
    expect(record).toMatchObject({
      listing: { id: ada.id, name: "Ada", handle: "ada", role: "user", standing: { state: "active" } },
      signInKind: "external",
      coins: { total: 100, purchased: 100, bonus: 0 },
      sessions: [],
      devices: [{ label: "Chrome on Android", lastAddress: "10.0.0.7" }],
      history: [],
      isLastSuperadmin: false,
    });
    expect(record?.coins.entries.map((entry) => entry.memo)).toEqual(["Chapter 4", "Bought 120"]);
    expect(record?.reports.about).toMatchObject([
      { category: "harassment_hate", details: "Rude messages", otherPerson: { id: ben.id, handle: "ben" } },
    ]);
    expect(record?.reports.by).toEqual([]);

    await as(boss).userManagement.restrictAccount({
      userId: ada.id,
      kind: "suspend",
      days: 3,
      reason: "Harassing Ben",
      hideContent: false,
    });
    // The trail is written once the change has committed: the page shows it when it comes.
    await expect.poll(() => watch.latest?.history.length).toBe(1);
    watch.stop();
    expect(watch.latest?.listing.standing).toMatchObject({ state: "suspended", reason: "Harassing Ben" });
    expect(watch.latest?.history).toMatchObject([
      {
        action: "userManagement.restrictAccount",
        objectType: "user",
        objectId: ada.id,
        input: { reason: "Harassing Ben", days: 3 },
        changes: [{ before: { state: "active" }, after: { state: "suspended", reason: "Harassing Ben" } }],
      },
    ]);
  });

  it("says whether the person is the last superadmin", async () => {
    const boss = await createUser(platform, "superadmin");
    const other = await createUser(platform, "superadmin");
    expect((await as(other).userManagement.getPerson({ userId: boss.id })).isLastSuperadmin).toBe(false);
    await setUserRole(platform.deps, boss, other.id, "admin");
    expect((await as(boss).userManagement.getPerson({ userId: boss.id })).isLastSuperadmin).toBe(true);
  });
});

describe("suspending and banning", () => {
  it("refuses the person's next call with the reason, ends their live queries, and lifts", async () => {
    const boss = await createUser(platform, "superadmin");
    const reader = withTokenIssued(await createUser(platform), 60);
    const watch = watchLiveRuns(platform, () => as(reader).users.getCurrentUser());
    await watch.waitForRuns(1);

    await as(boss).userManagement.restrictAccount({
      userId: reader.id,
      kind: "suspend",
      days: 3,
      reason: "Spoilers in every club",
      hideContent: false,
    });
    const refusal = await refusalOf(watch.waitForRuns(2));
    watch.stop();
    expect(refusal.message).toMatch(
      /^Your account is suspended until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\. Reason: Spoilers in every club$/,
    );
    // A fresh sign-in meets the same refusal, public functions included.
    const fresh = withTokenIssued(reader, -5);
    expect(await refusalOf(as(fresh).users.getCurrentUser())).toMatchObject({ code: "FORBIDDEN" });
    expect(await codeOf(as(fresh).content.listContent({}))).toBe("FORBIDDEN");
    expect(await signInRefusal(platform.deps.db, reader.identity.issuerKey, reader.identity.subject)).toMatch(
      /^Your account is suspended until/,
    );

    await as(boss).userManagement.liftRestriction({ userId: reader.id, reason: "Apologised" });
    expect(await codeOf(as(fresh).users.getCurrentUser())).toBe("OK");
    expect(
      await signInRefusal(platform.deps.db, reader.identity.issuerKey, reader.identity.subject),
    ).toBeNull();
    // The tokens from before the suspension stay ended.
    expect(await refusalOf(as(reader).users.getCurrentUser())).toEqual({
      code: "UNAUTHORIZED",
      message: SIGNED_OUT_MESSAGE,
    });
    expect(
      await refusalOf(as(boss).userManagement.liftRestriction({ userId: reader.id, reason: "Again" })),
    ).toEqual({ code: "CONFLICT", message: "This account is not suspended or banned." });
  });

  it("a ban with content hidden takes their profile out of others' sight until lifted", async () => {
    const boss = await createUser(platform, "superadmin");
    const troll = await named("user", "Troll", "troll", "troll@example.test");
    const reader = await createUser(platform);
    expect(await codeOf(as(reader).profiles.getProfile({ userId: troll.id }))).toBe("OK");
    expect(
      (await as(reader).friends.searchPeople({ query: "troll" })).map((found) => found.person._id),
    ).toEqual([troll.id]);

    await as(boss).userManagement.restrictAccount({
      userId: troll.id,
      kind: "ban",
      reason: "Abuse",
      hideContent: true,
    });
    expect(await refusalOf(as(withTokenIssued(troll, -5)).users.getCurrentUser())).toEqual({
      code: "FORBIDDEN",
      message: "Your account has been banned. Reason: Abuse",
    });
    expect(await codeOf(as(reader).profiles.getProfile({ userId: troll.id }))).toBe("NOT_FOUND");
    expect(await as(reader).friends.searchPeople({ query: "troll" })).toEqual([]);
    // The team still sees who it is dealing with.
    expect(await codeOf(as(boss).profiles.getProfile({ userId: troll.id }))).toBe("OK");

    await as(boss).userManagement.liftRestriction({ userId: troll.id, reason: "Appeal accepted" });
    expect(await codeOf(as(reader).profiles.getProfile({ userId: troll.id }))).toBe("OK");
  });
});

describe("signing out everywhere", () => {
  it("refuses every token issued before, closes nothing else, and lets a new sign-in in", async () => {
    const boss = await createUser(platform, "superadmin");
    const reader = await createUser(platform);
    const before = withTokenIssued(reader, 30);
    expect(await codeOf(as(before).users.getCurrentUser())).toBe("OK");
    await as(boss).userManagement.signOutEverywhere({ userId: reader.id, reason: "Lost their phone" });
    expect(await refusalOf(as(before).users.getCurrentUser())).toEqual({
      code: "UNAUTHORIZED",
      message: SIGNED_OUT_MESSAGE,
    });
    expect(await codeOf(as(withTokenIssued(reader, -2)).users.getCurrentUser())).toBe("OK");
    expect(await codeOf(as(boss).users.getCurrentUser())).toBe("OK");
  });

  it("forgets the embedded provider's sessions and refresh tokens of the account", async () => {
    const boss = await createUser(platform, "superadmin");
    const account = await createAccount(
      platform.deps.db,
      { email: "kim@example.test", displayName: "Kim", password: "Kim-reads-a-lot-42" },
      { skipPasswordRules: true },
    );
    const [kim] = await platform.deps.db
      .insert(users)
      .values({ issuer: "embedded", subject: account.id, email: "kim@example.test", handle: "kim" })
      .returning();
    const stored = (type: string, id: string) => ({
      type,
      id,
      payload: { accountId: account.id, loginTs: Math.floor(Date.now() / 1000), kind: type },
      uid: `uid-${id}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await platform.deps.db
      .insert(oidcPayloads)
      .values([stored("Session", "s1"), stored("RefreshToken", "r1")]);
    expect((await as(boss).userManagement.getPerson({ userId: kim?.id ?? "" })).sessions).toMatchObject([
      { id: "uid-s1" },
    ]);
    await as(boss).userManagement.signOutEverywhere({ userId: kim?.id ?? "", reason: "Account shared" });
    expect(await platform.deps.db.select().from(oidcPayloads)).toEqual([]);
    expect(await platform.deps.db.select().from(accounts)).toHaveLength(1);
  });
});

describe("a signed-in socket", () => {
  it("records the device it came from, and closes the moment its person's sessions end", async () => {
    const server = await startTestServer(platform);
    try {
      const boss = await createUser(platform, "superadmin");
      const reader = await signedInAs(platform, "user");
      const { WebSocket } = await import("ws");
      const agent =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1";
      const socket = new WebSocket(`${server.wsUrl}?connectionParams=1`, {
        headers: { "user-agent": agent },
      });
      const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
      await new Promise((resolve, reject) => {
        socket.once("open", resolve);
        socket.once("error", reject);
      });
      socket.send(JSON.stringify({ method: "connectionParams", data: { token: reader.token } }));
      socket.send(
        JSON.stringify({
          id: 1,
          method: "subscription",
          params: { path: "live.watch", input: { path: "users.getCurrentUser" } },
        }),
      );
      await expect
        .poll(async () => (await as(boss).userManagement.getPerson({ userId: reader.id })).devices)
        .toMatchObject([{ label: "Safari on iOS", userAgent: agent, lastAddress: "127.0.0.1" }]);

      const started = Date.now();
      await as(boss).userManagement.signOutEverywhere({ userId: reader.id, reason: "Phone stolen" });
      expect(await closed).toBe(SESSIONS_ENDED_CLOSE_CODE);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });
});

describe("the last superadmin", () => {
  it("cannot be demoted, suspended, banned or deleted, by anyone or any command", async () => {
    const boss = await createUser(platform, "superadmin");
    const second = await createUser(platform, "superadmin");
    const um = as(second).userManagement;
    // With two, one may demote the other…
    await as(boss).userManagement.changeRole({
      userId: second.id,
      role: "admin",
      reason: "Moved to support",
    });
    // …and then the one left stands, even against the command line (no actor).
    expect(await refusalOf(setUserRole(platform.deps, null, boss.id, "user"))).toEqual({
      code: "CONFLICT",
      message: LAST_SUPERADMIN_MESSAGE,
    });
    await setUserRole(platform.deps, null, second.id, "superadmin");
    await um.restrictAccount({
      userId: boss.id,
      kind: "ban",
      reason: "Testing the guard",
      hideContent: false,
    });
    // The banned one no longer counts: the other is now the last who can act.
    expect(
      await refusalOf(
        as(withTokenIssued(second, -1)).userManagement.changeRole({
          userId: second.id,
          role: "user",
          reason: "Self",
        }),
      ),
    ).toEqual({ code: "FORBIDDEN", message: OWN_ACCOUNT_MESSAGE });
    expect(await refusalOf(setUserRole(platform.deps, null, second.id, "admin"))).toEqual({
      code: "CONFLICT",
      message: LAST_SUPERADMIN_MESSAGE,
    });
  });

  it("nobody acts on their own account", async () => {
    const boss = await createUser(platform, "superadmin");
    await createUser(platform, "superadmin");
    const um = as(boss).userManagement;
    for (const call of [
      () => um.signOutEverywhere({ userId: boss.id, reason: "Myself" }),
      () => um.restrictAccount({ userId: boss.id, kind: "ban", reason: "Myself", hideContent: false }),
      () => um.deleteAccount({ userId: boss.id, reason: "Myself", confirmation: boss.id }),
    ]) {
      expect(await refusalOf(call())).toEqual({ code: "FORBIDDEN", message: OWN_ACCOUNT_MESSAGE });
    }
  });
});

describe("exporting a person's data", () => {
  it("gives every row about them, their sign-in account without its password, and what the team did", async () => {
    const boss = await createUser(platform, "superadmin");
    const ada = await named("user", "Ada", "ada", "ada@example.test");
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    await as(ada).messages.sendMessage({ partnerId: ben.id, body: "See you at the club" });
    await credit(ada, 50);
    await as(boss).userManagement.signOutEverywhere({ userId: ada.id, reason: "Before export" });

    const data = await as(boss).userManagement.exportPersonData({ userId: ada.id });
    expect(data.person).toEqual({ id: ada.id, handle: "ada" });
    expect(data.tables.users).toMatchObject([{ id: ada.id, email: "ada@example.test" }]);
    expect(data.tables.messages).toMatchObject([{ body: "See you at the club" }]);
    expect(data.tables.friendships).toHaveLength(1);
    expect(data.tables.ledger_entries).toMatchObject([{ memo: "Bought 50" }]);
    expect(data.tables.account_actions).toMatchObject([{ action: "userManagement.signOutEverywhere" }]);
    expect(JSON.stringify(data)).not.toMatch(/password/i);
    // The export itself is in the trail, as data leaving the platform.
    const trail = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "userManagement.exportPersonData"));
    expect(trail).toHaveLength(1);
  });
});

describe("deleting an account", () => {
  it("erases what is personal, keeps the ledger balanced under no name, and ends the sign-in account", async () => {
    const boss = await createUser(platform, "superadmin");
    const account = await createAccount(
      platform.deps.db,
      { email: "gone@example.test", displayName: "Gone Soon", password: "Gone-soon-reader-1" },
      { skipPasswordRules: true },
    );
    const [row] = await platform.deps.db
      .insert(users)
      .values({
        issuer: "embedded",
        subject: account.id,
        email: "gone@example.test",
        name: "Gone Soon",
        handle: "gone_soon",
      })
      .returning();
    const gone: TestUser = {
      id: row?.id ?? "",
      role: "user",
      identity: {
        issuer: "x",
        issuerKey: "embedded",
        subject: account.id,
        claims: {},
        expiresAt: Date.now() + 60_000,
        token: "t",
      },
    };
    const friend = await createUser(platform);
    await befriend(platform, gone, friend);
    await as(gone).messages.sendMessage({ partnerId: friend.id, body: "Bye" });
    await as(gone).profiles.updateProfile({ bio: "I read at night" });
    await credit(gone, 80);

    expect(
      await refusalOf(
        as(boss).userManagement.deleteAccount({
          userId: gone.id,
          reason: "Asked to",
          confirmation: "someone",
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: "Type the person's handle to confirm." });
    expect(await platform.deps.db.select().from(messages)).toHaveLength(1);

    const { erased } = await as(boss).userManagement.deleteAccount({
      userId: gone.id,
      reason: "Asked to be forgotten",
      confirmation: "@Gone_Soon",
    });
    // Their conversation goes, and its messages with it.
    expect(erased).toMatchObject({ conversations: 1, friendships: 1, profiles: 1 });
    expect(await platform.deps.db.select().from(messages)).toEqual([]);
    const [after] = await platform.deps.db.select().from(users).where(eq(users.id, gone.id));
    expect(after).toMatchObject({
      email: null,
      name: null,
      picture: null,
      issuer: "litverse:deleted",
      subject: account.id,
      role: "user",
    });
    expect(after?.handle).toMatch(/^deleted_[0-9a-f]{10}$/);
    expect(after?.deletedAt).toBeInstanceOf(Date);
    expect(await platform.deps.db.select().from(profiles).where(eq(profiles.userId, gone.id))).toEqual([]);
    expect(await platform.deps.db.select().from(accounts)).toEqual([]);
    // The money stays, balanced, under the anonymised row.
    expect(
      await platform.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, gone.id)),
    ).toHaveLength(1);
    expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
    // Nobody signs in as them again, and the list shows them under Deleted only.
    expect(await signInRefusal(platform.deps.db, "embedded", account.id)).toBeNull();
    // Their tokens, valid for a while yet, make no new account either.
    expect(await refusalOf(as(gone).users.getCurrentUser())).toEqual({
      code: "UNAUTHORIZED",
      message: "This account no longer exists.",
    });
    const deleted = await as(boss).userManagement.searchPeople({ filter: "deleted" });
    expect(deleted.people).toMatchObject([{ id: gone.id, standing: { state: "deleted" } }]);
    expect((await as(boss).userManagement.searchPeople({ query: "gone" })).people).toEqual([]);
    expect(
      await refusalOf(as(boss).userManagement.signOutEverywhere({ userId: gone.id, reason: "Again" })),
    ).toEqual({ code: "CONFLICT", message: "This account has been deleted." });
  });
});

describe("the tables that name a person", () => {
  it("each say whether deleting an account erases or keeps them", () => {
    // connectModules registered the whole schema when the platform opened; a table nobody
    // classified makes that throw, so this asserts the message a newcomer would meet.
    const extra = pgTable("reading_diary", { owner: uuid("owner").references(() => users.id) });
    expect(() => registerPersonTables([extra])).toThrow(
      "Say whether deleting an account erases or keeps the rows of: reading_diary (user-management/personal-data.ts).",
    );
  });
});
