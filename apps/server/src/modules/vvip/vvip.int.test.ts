import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { auditEvents } from "../audit/schema.ts";
import { activeTiers } from "../subscriptions/tiers.ts";
import { users } from "../users/schema.ts";
import { vvipGrants } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

async function emailOf(user: TestUser): Promise<string> {
  const [row] = await platform.deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  return row?.email ?? "";
}

const tiersOf = async (user: TestUser) => [...(await activeTiers(platform.deps.db, user.id))];

describe("vvip.grantVvip and revokeVvip", () => {
  it("grants VVIP by email until the end date and revokes it, keeping both in the audit trail", async () => {
    const boss = await createUser(platform, "superadmin");
    const admin = callerFor(platform, boss);
    const reader = await createUser(platform);
    const email = await emailOf(reader);
    const mine = callerFor(platform, reader);
    const live = watchLiveRuns(platform, () => mine.subscriptions.getMySubscription());
    await live.waitForRuns(1);
    expect(live.latest).toMatchObject({ subscription: null, tiers: [], vvipGrantEndsAt: null });

    const endsAt = inDays(30);
    const grant = await admin.vvip.grantVvip({
      email: `  ${email.toUpperCase()} `,
      reason: "Launch partner",
      endsAt,
    });
    expect(grant).toMatchObject({
      state: "active",
      user: { id: reader.id, email },
      reason: "Launch partner",
      endsAt,
      grantedBy: expect.stringMatching(/^Test User \d+$/),
      revokedAt: null,
    });
    expect(await tiersOf(reader)).toEqual(["vvip"]);
    await live.waitForRuns(2);
    expect(live.latest).toMatchObject({ tiers: ["vvip"], vvipGrantEndsAt: endsAt });

    const revoked = await admin.vvip.revokeVvip({ grantId: grant.id, reason: "Partnership ended" });
    expect(revoked).toMatchObject({
      state: "revoked",
      revokeReason: "Partnership ended",
      revokedBy: expect.stringMatching(/^Test User \d+$/),
    });
    expect(await tiersOf(reader)).toEqual([]);
    await live.waitForRuns(3);
    expect(live.latest).toMatchObject({ tiers: [], vvipGrantEndsAt: null });
    live.stop();

    // The rows are the audit trail: nothing deleted, both the grant and its revocation listed.
    const list = await admin.vvip.listVvipGrants();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: grant.id,
      reason: "Launch partner",
      revokeReason: "Partnership ended",
    });
    const [event] = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "vvip.revokeVvip"));
    const granted = { userId: reader.id, reason: "Launch partner", endsAt };
    expect(event?.changes).toEqual([
      {
        objectType: "vvip-grant",
        objectId: grant.id,
        before: { ...granted, revokedAt: null, revokedBy: null, revokeReason: null },
        after: {
          ...granted,
          revokedAt: revoked.revokedAt,
          revokedBy: boss.id,
          revokeReason: "Partnership ended",
        },
      },
    ]);
    await expect(admin.vvip.revokeVvip({ grantId: grant.id, reason: "Again" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This grant has already been revoked.",
    });
  });

  it("lists grants in force first, and ended ones as ended", async () => {
    const admin = callerFor(platform, await createUser(platform, "superadmin"));
    const reader = await createUser(platform);
    await platform.deps.db
      .insert(vvipGrants)
      .values({ userId: reader.id, reason: "Old promotion", endsAt: new Date(Date.now() - DAY_MS) });
    await admin.vvip.grantVvip({ email: await emailOf(reader), reason: "New promotion", endsAt: inDays(10) });
    const list = await admin.vvip.listVvipGrants();
    expect(list.map((grant) => [grant.reason, grant.state])).toEqual([
      ["New promotion", "active"],
      ["Old promotion", "ended"],
    ]);
    const ended = list[1];
    await expect(
      admin.vvip.revokeVvip({ grantId: ended?.id ?? "", reason: "Tidy up" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This grant has already ended.",
    });
  });

  it("refuses bad input with a clear message, granting nothing", async () => {
    const admin = callerFor(platform, await createUser(platform, "superadmin"));
    const reader = await createUser(platform);
    const email = await emailOf(reader);
    await expect(admin.vvip.grantVvip({ email, reason: "Past", endsAt: inDays(-1) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The end date must be in the future.",
    });
    await expect(
      admin.vvip.grantVvip({ email, reason: "Forever", endsAt: inDays(6 * 366) }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "VVIP access can be granted for at most 5 years at a time.",
    });
    await expect(
      admin.vvip.grantVvip({ email: "nobody@test.invalid", reason: "Who?", endsAt: inDays(5) }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Nobody has an account with the email nobody@test.invalid.",
    });
    await expect(
      admin.vvip.grantVvip({ email: "not an email", reason: "Bad", endsAt: inDays(5) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(admin.vvip.grantVvip({ email, reason: "", endsAt: inDays(5) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(admin.vvip.grantVvip({ email, reason: "No date", endsAt: "someday" })).rejects.toMatchObject(
      {
        code: "BAD_REQUEST",
      },
    );
    await expect(
      admin.vvip.revokeVvip({ grantId: crypto.randomUUID(), reason: "Missing" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await admin.vvip.listVvipGrants()).toEqual([]);
    expect(await tiersOf(reader)).toEqual([]);
  });

  it("is for superadmins only", async () => {
    const reader = await createUser(platform);
    const email = await emailOf(reader);
    for (const role of ["user", "admin"] as const) {
      const caller = callerFor(platform, await createUser(platform, role));
      await expect(caller.vvip.listVvipGrants()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.vvip.grantVvip({ email, reason: "Mine", endsAt: inDays(5) })).rejects.toMatchObject(
        {
          code: "FORBIDDEN",
        },
      );
      await expect(
        caller.vvip.revokeVvip({ grantId: crypto.randomUUID(), reason: "Nope" }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(platform).vvip.listVvipGrants()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await tiersOf(reader)).toEqual([]);
  });
});
