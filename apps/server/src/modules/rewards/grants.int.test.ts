import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { ledgerEntries } from "../coins/schema.ts";
import { profiles } from "../profiles/schema.ts";
import { checkIn } from "./check-in.ts";
import { checkIns, rewardGrants } from "./schema.ts";
import { addDays } from "./streaks.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user);
const noonUtc = (date: string) => new Date(`${date}T12:00:00Z`);
/** Days ago, so that the bonus coins granted then have not expired yet. */
const daysAgo = (days: number) => addDays(new Date().toISOString().slice(0, 10), -days);

async function livesIn(user: TestUser, timeZone: string) {
  await platform.deps.db
    .insert(profiles)
    .values({ userId: user.id, timeZone })
    .onConflictDoUpdate({ target: profiles.userId, set: { timeZone } });
}

/** A person with a check-in grant on each of the given days ago, oldest first; returns the grant ids. */
async function checkedInOn(person: TestUser, ...days: number[]): Promise<string[]> {
  for (const day of days) await checkIn(platform.deps, person, noonUtc(daysAgo(day)));
  const grants = await platform.deps.db
    .select()
    .from(rewardGrants)
    .where(eq(rewardGrants.userId, person.id))
    .orderBy(rewardGrants.createdAt);
  return grants.map((grant) => grant.id);
}

describe("the administrators' list of grants", () => {
  it("shows only revoked or only active grants when asked", async () => {
    const admin = await createUser(platform, "admin");
    const person = await createUser(platform);
    const [older = "", newer = ""] = await checkedInOn(person, 5, 3);
    await as(admin).rewards.revokeGrant({ grantId: older, reason: "Scripted check-ins" });
    const ids = async (status?: "active" | "revoked") =>
      (await as(admin).rewards.listGrants(status ? { status } : {})).items.map((item) => item.id);
    expect(await ids("revoked")).toEqual([older]);
    expect(await ids("active")).toEqual([newer]);
    expect(await ids()).toEqual([newer, older]);
  });

  it("offers no next page when a page holds the last grant exactly", async () => {
    const admin = await createUser(platform, "admin");
    const person = await createUser(platform);
    await checkedInOn(person, 5, 3);
    const whole = await as(admin).rewards.listGrants({ limit: 2 });
    expect(whole.items).toHaveLength(2);
    expect(whole.nextCursor).toBeNull();
    const half = await as(admin).rewards.listGrants({ limit: 1 });
    expect(half.nextCursor).not.toBeNull();
  });

  it("updates live when a grant is made and when it is revoked", async () => {
    const admin = await createUser(platform, "admin");
    const person = await createUser(platform);
    const live = watchLiveRuns(platform, () => as(admin).rewards.listGrants({}));
    await live.waitForRuns(1);
    expect(live.latest?.items).toEqual([]);
    await as(person).rewards.checkIn();
    await live.waitForRuns(2);
    const [grant] = live.latest?.items ?? [];
    expect(grant).toMatchObject({ user: { id: person.id }, revokedAt: null });
    await as(admin).rewards.revokeGrant({ grantId: grant?.id ?? "", reason: "Scripted check-ins" });
    await live.waitForRuns(3);
    expect(live.latest?.items[0]?.revokedAt).not.toBeNull();
    live.stop();
  });
});

describe("revoking a grant", () => {
  it("takes the coins back with a reversal that says why, and returns it", async () => {
    const admin = await createUser(platform, "admin");
    const person = await createUser(platform);
    const [grantId = ""] = await checkedInOn(person, 2);
    const result = await as(admin).rewards.revokeGrant({ grantId, reason: "Scripted check-ins" });
    const [reversal] = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, person.id), eq(ledgerEntries.kind, "reversal")));
    expect(result).toEqual({ reversalEntryId: reversal?.id });
    expect(reversal?.memo).toBe("Reward revoked: Scripted check-ins");
    const [grant] = await platform.deps.db.select().from(rewardGrants).where(eq(rewardGrants.id, grantId));
    expect(grant?.reversalEntryId).toBe(reversal?.id);
  });

  it("explains a refusal for a grant that does not exist or was revoked already", async () => {
    const admin = await createUser(platform, "admin");
    const person = await createUser(platform);
    const [grantId = ""] = await checkedInOn(person, 2);
    const reason = "Scripted check-ins";
    expect(
      await refusalOf(
        as(admin).rewards.revokeGrant({ grantId: "00000000-0000-4000-8000-000000000000", reason }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: "There is no such grant." });
    await as(admin).rewards.revokeGrant({ grantId, reason });
    expect(await refusalOf(as(admin).rewards.revokeGrant({ grantId, reason }))).toEqual({
      code: "CONFLICT",
      message: "This grant has already been revoked.",
    });
  });
});

describe("check-in grants", () => {
  it("refuses a day that has passed already in the zone the person checked in from last", async () => {
    const person = await createUser(platform);
    const date = daysAgo(3);
    // UTC+14: at 11:00 UTC it is 01:00 the next day there.
    await livesIn(person, "Pacific/Kiritimati");
    const first = await checkIn(platform.deps, person, new Date(`${date}T11:00:00Z`));
    expect(first).toMatchObject({ isNew: true, streak: 1 });
    // UTC−11: two hours later it is still the day before there, a day with no check-in.
    await livesIn(person, "Pacific/Pago_Pago");
    expect(await refusalOf(checkIn(platform.deps, person, new Date(`${date}T13:00:00Z`)))).toEqual({
      code: "CONFLICT",
      message: "You have already checked in for today.",
    });
    const rows = await platform.deps.db.select().from(checkIns).where(eq(checkIns.userId, person.id));
    expect(rows.map((row) => row.localDate)).toEqual([addDays(date, 1)]);
    expect(await platform.deps.db.select().from(rewardGrants)).toHaveLength(1);
  });

  it("records a milestone's coins under a key of their own for the day", async () => {
    const person = await createUser(platform);
    await checkedInOn(person, 4, 3, 2);
    const entries = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, person.id))
      .orderBy(ledgerEntries.createdAt);
    expect(entries.map((entry) => [entry.idempotencyKey, entry.memo])).toEqual([
      [`reward:checkin:${daysAgo(4)}`, "Daily check-in, day 1 of 7"],
      [`reward:checkin:${daysAgo(3)}`, "Daily check-in, day 2 of 7"],
      [`reward:checkin:${daysAgo(2)}`, "Daily check-in, day 3 of 7"],
      [`reward:streak_milestone:${daysAgo(2)}`, "3-day check-in streak"],
    ]);
  });
});
