// The provider's storage pieces on a real database: accounts, the payload adapter, keys and the
// sign-in throttle.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { accounts, oidcKeys, oidcPayloads } from "../schema.ts";
import {
  AccountInputError,
  createAccount,
  DUPLICATE_EMAIL_MESSAGE,
  describePasswordRules,
  findAccount,
  hashPassword,
  passwordMatches,
  passwordProblems,
  verifyPassword,
} from "./accounts.ts";
import { createAdapterFactory } from "./adapter.ts";
import { loadKeys, rotateSigningKey } from "./keys.ts";
import {
  ADDRESS_BLOCK_MS,
  checkSignInAllowed,
  clearSignInFailures,
  FIRST_BACKOFF_MS,
  FREE_FAILURES_PER_PAIR,
  MAX_BACKOFF_MS,
  MAX_FAILURES_PER_ADDRESS,
  recordSignInFailure,
} from "./throttle.ts";

let platform: TestPlatform;
const db = () => platform.deps.db;

beforeAll(async () => {
  platform = await openTestPlatform();
});

afterAll(async () => {
  await platform?.dispose();
});

beforeEach(async () => {
  await platform.reset();
});

describe("password rules", () => {
  it("accepts mixed passwords and long passphrases", () => {
    expect(passwordProblems("Reading-is-fun1", "ada@example.test")).toEqual([]);
    expect(passwordProblems("correct horse battery", "ada@example.test")).toEqual([]);
    expect(passwordProblems("abcDEF1234", "")).toEqual([]);
  });

  it("refuses short, single-class and email-containing passwords", () => {
    expect(passwordProblems("Ab1!", "")).toEqual([expect.stringContaining("at least 10 characters")]);
    expect(passwordProblems("abcdefghijkl", "")).toEqual([expect.stringContaining("three of")]);
    expect(passwordProblems("abcdefgh12", "")).toEqual([expect.stringContaining("three of")]);
    expect(passwordProblems("Ada.Lovelace-1815", "ada.lovelace@example.test")).toEqual([
      expect.stringContaining("email address"),
    ]);
    expect(passwordProblems("a".repeat(257), "")).toContain("Use at most 256 characters.");
    expect(describePasswordRules()).toHaveLength(3);
  });
});

describe("accounts", () => {
  it("creates an account with a normalized email and a scrypt hash", async () => {
    const account = await createAccount(db(), {
      email: "  Ada@Example.TEST ",
      displayName: "  Ada  ",
      password: "Reading-is-fun1",
    });
    expect(account).toMatchObject({ email: "ada@example.test", displayName: "Ada" });
    const [row] = await db().select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await findAccount(db(), account.id)).toEqual(account);
    expect(await findAccount(db(), "not-a-uuid")).toBeNull();
    expect(await findAccount(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("reports every invalid field at once", async () => {
    const error = await createAccount(db(), { email: "nope", displayName: " ", password: "short" }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AccountInputError);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AccountInputError).code).toBe("BAD_REQUEST");
    expect((error as AccountInputError).fieldErrors).toEqual({
      email: ["Enter a valid email address."],
      displayName: ["Enter a display name."],
      password: [expect.stringContaining("at least 10"), expect.stringContaining("three of")],
    });
    const long = await createAccount(db(), {
      email: "ok@example.test",
      displayName: "x".repeat(61),
      password: "Reading-is-fun1",
    }).catch((caught: unknown) => caught);
    expect((long as AccountInputError).fieldErrors.displayName).toEqual(["Use at most 60 characters."]);
  });

  it("refuses a second account with the same email, whatever its case", async () => {
    await createAccount(db(), { email: "ada@example.test", displayName: "Ada", password: "Reading-is-fun1" });
    const duplicate = createAccount(db(), {
      email: "ADA@example.test",
      displayName: "Other",
      password: "Reading-is-fun2",
    });
    await expect(duplicate).rejects.toThrow(DUPLICATE_EMAIL_MESSAGE);
    await expect(duplicate).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("verifies passwords", async () => {
    const account = await createAccount(db(), {
      email: "ada@example.test",
      displayName: "Ada",
      password: "Reading-is-fun1",
    });
    expect(await verifyPassword(db(), "ADA@example.test", "Reading-is-fun1")).toEqual(account);
    expect(await verifyPassword(db(), "ada@example.test", "Reading-is-fun2")).toBeNull();
    expect(await verifyPassword(db(), "nobody@example.test", "Reading-is-fun1")).toBeNull();
    expect(await verifyPassword(db(), "not an email", "x")).toBeNull();
  });

  it("lets the demo seed store a simple password on purpose", async () => {
    await createAccount(
      db(),
      { email: "reader@demo.test", displayName: "Demo Reader", password: "demo-password" },
      { skipPasswordRules: true },
    );
    expect(await verifyPassword(db(), "reader@demo.test", "demo-password")).not.toBeNull();
  });

  it("compares hashes safely", async () => {
    const hash = await hashPassword("Reading-is-fun1");
    expect(await passwordMatches("Reading-is-fun1", hash)).toBe(true);
    expect(await passwordMatches("reading-is-fun1", hash)).toBe(false);
    expect(await passwordMatches("Reading-is-fun1", "plain")).toBe(false);
    expect(await passwordMatches("Reading-is-fun1", hash.replace("$32768$", "$999999999$"))).toBe(false);
  });
});

describe("payload adapter", () => {
  const factory = () => createAdapterFactory(db());

  it("stores, finds and destroys payloads per model", async () => {
    const adapters = factory();
    const sessions = adapters("Session");
    const grants = adapters("Grant");
    await sessions.upsert("s1", { uid: "u1", accountId: "a" }, 60);
    await sessions.upsert("s1", { uid: "u1", accountId: "b" }, 60);
    expect(await sessions.find("s1")).toEqual({ uid: "u1", accountId: "b" });
    expect(await sessions.findByUid("u1")).toEqual({ uid: "u1", accountId: "b" });
    expect(await grants.find("s1")).toBeUndefined();
    await sessions.destroy("s1");
    expect(await sessions.find("s1")).toBeUndefined();
  });

  it("treats expired rows as missing and deletes them in passing", async () => {
    const adapters = factory();
    const codes = adapters("AuthorizationCode");
    await codes.upsert("c1", { grantId: "g" }, 60);
    await db()
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcPayloads.id, "c1"));
    expect(await codes.find("c1")).toBeUndefined();
    await factory()("Session").upsert("s2", {}, 60);
    const rows = await db().select({ id: oidcPayloads.id }).from(oidcPayloads);
    expect(rows.map((row) => row.id)).toEqual(["s2"]);
  });

  it("marks consumption and revokes by grant", async () => {
    const adapters = factory();
    const tokens = adapters("RefreshToken");
    const codes = adapters("AuthorizationCode");
    await tokens.upsert("t1", { grantId: "g1" }, 60);
    await tokens.upsert("t2", { grantId: "g2" }, 60);
    await codes.upsert("c1", { grantId: "g1" }, 60);
    await tokens.consume("t1");
    expect((await tokens.find("t1"))?.consumed).toEqual(expect.any(Number));
    expect((await tokens.find("t2"))?.consumed).toBeUndefined();

    await tokens.revokeByGrantId("g1");
    expect(await tokens.find("t1")).toBeUndefined();
    expect(await tokens.find("t2")).toBeDefined();
    // Only this model's rows: the provider calls each model's adapter itself.
    expect(await codes.find("c1")).toBeDefined();
  });

  it("finds device codes by user code and keeps payloads without expiry", async () => {
    const adapters = factory();
    await adapters("DeviceCode").upsert("d1", { userCode: "ABCD-EFGH" });
    expect(await adapters("DeviceCode").findByUserCode("ABCD-EFGH")).toEqual({ userCode: "ABCD-EFGH" });
  });
});

describe("keys", () => {
  it("creates keys once, even when two starts race, and reuses them", async () => {
    const [a, b] = await Promise.all([loadKeys(db()), loadKeys(db())]);
    expect(a).toEqual(b);
    expect(a.jwks.keys).toHaveLength(1);
    expect(a.jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String) });
    expect(a.jwks.keys[0]?.d).toEqual(expect.any(String));
    expect(a.cookieKeys).toHaveLength(1);
    expect(a.cookieKeys[0]?.length).toBeGreaterThanOrEqual(43);
    expect(await loadKeys(db())).toEqual(a);
    const rows = await db().select({ kind: oidcKeys.kind }).from(oidcKeys);
    expect(rows).toHaveLength(2);
  });

  it("rotates: the new key first, the previous kept, older ones retired", async () => {
    const initial = await loadKeys(db());
    const firstKid = initial.jwks.keys[0]?.kid;
    const r1 = await rotateSigningKey(db());
    const r2 = await rotateSigningKey(db());
    expect(r2.published).toEqual([r2.kid, r1.kid]);
    expect(r2.retired).toEqual([firstKid]);
    const loaded = await loadKeys(db());
    expect(loaded.jwks.keys.map((key) => key.kid)).toEqual([r2.kid, r1.kid]);
    expect(loaded.cookieKeys).toEqual(initial.cookieKeys);
  });
});

describe("sign-in throttle", () => {
  const attempt = { email: "Ada@Example.test", ip: "203.0.113.7" };
  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

  async function failTimes(count: number, start: Date, who = attempt) {
    for (let i = 0; i < count; i++) await recordSignInFailure(db(), who, at(start, i * 1000));
    return at(start, (count - 1) * 1000);
  }

  it("makes one email from one address wait after 5 failures in a row, longer with each failure", async () => {
    const start = new Date();
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i++) {
      expect(await checkSignInAllowed(db(), attempt, at(start, i * 1000))).toEqual({ allowed: true });
      await recordSignInFailure(db(), attempt, at(start, i * 1000));
    }
    const fifth = at(start, (FREE_FAILURES_PER_PAIR - 1) * 1000);
    expect(await checkSignInAllowed(db(), attempt, at(fifth, 1000))).toEqual({
      allowed: false,
      retryAt: at(fifth, FIRST_BACKOFF_MS),
    });
    // The same email in another case, from the same address, waits too.
    expect((await checkSignInAllowed(db(), { ...attempt, email: "ada@example.test" }, fifth)).allowed).toBe(
      false,
    );
    // Once the wait is over, another failure doubles it, and so on up to an hour.
    const sixth = at(fifth, FIRST_BACKOFF_MS + 1000);
    expect((await checkSignInAllowed(db(), attempt, sixth)).allowed).toBe(true);
    await recordSignInFailure(db(), attempt, sixth);
    expect(await checkSignInAllowed(db(), attempt, sixth)).toEqual({
      allowed: false,
      retryAt: at(sixth, 2 * FIRST_BACKOFF_MS),
    });
    let last = sixth;
    for (let i = 0; i < 10; i++) {
      last = at(last, MAX_BACKOFF_MS + 1000);
      await recordSignInFailure(db(), attempt, last);
    }
    expect(await checkSignInAllowed(db(), attempt, last)).toEqual({
      allowed: false,
      retryAt: at(last, MAX_BACKOFF_MS),
    });
  });

  it("never locks the account's owner out from another address", async () => {
    const lastFailure = await failTimes(FREE_FAILURES_PER_PAIR + 3, new Date());
    expect((await checkSignInAllowed(db(), attempt, lastFailure)).allowed).toBe(false);
    expect((await checkSignInAllowed(db(), { ...attempt, ip: "198.51.100.1" }, lastFailure)).allowed).toBe(
      true,
    );
  });

  it("makes an address wait 15 minutes after 50 failures across emails", async () => {
    const now = new Date();
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      await recordSignInFailure(db(), { email: `user${i}@example.test`, ip: attempt.ip }, now);
    }
    expect(await checkSignInAllowed(db(), { email: "fresh@example.test", ip: attempt.ip }, now)).toEqual({
      allowed: false,
      retryAt: at(now, ADDRESS_BLOCK_MS),
    });
    expect(
      (await checkSignInAllowed(db(), { email: "fresh@example.test", ip: "198.51.100.2" }, now)).allowed,
    ).toBe(true);
  });

  it("starts the pair's count over after a successful sign-in, not the address's", async () => {
    await failTimes(FREE_FAILURES_PER_PAIR - 1, new Date());
    await clearSignInFailures(db(), { ...attempt, email: "ADA@example.test" });
    const rows = await queryRows<{ id: string; failures: number }>(
      db(),
      sql`select id, failures from sign_in_throttle order by id`,
    );
    expect(rows).toEqual([{ id: "ip:203.0.113.7", failures: FREE_FAILURES_PER_PAIR - 1 }]);
  });
});
