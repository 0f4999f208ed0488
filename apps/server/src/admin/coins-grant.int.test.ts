import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents } from "../modules/audit/schema.ts";
import { checkLedger } from "../modules/coins/ledger-check.ts";
import { callerFor, createUser, openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { CommandError, parseCommand } from "./commands.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const run = (...argv: string[]) =>
  parseCommand(argv).run({ platform, isServer: false, report: () => undefined });

describe("coins:grant", () => {
  it("grants purchased or bonus coins, each run a grant of its own", async () => {
    const user = await createUser(platform);
    const email = (await callerFor(platform, user).users.getCurrentUser()).email as string;
    expect(await run("coins:grant", email, "40")).toBe(`Granted 40 purchased coins to ${email}.`);
    await run("coins:grant", email, "40");
    await run("coins:grant", email.toUpperCase(), "5", "--bonus");
    expect(await callerFor(platform, user).coins.getCoinBalance()).toEqual({
      total: 85,
      purchased: 80,
      bonus: 5,
    });
    expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
  });

  it("refuses unknown users and bad amounts", async () => {
    await expect(run("coins:grant", "nobody@test.invalid", "5")).rejects.toThrow(/No user with the email/);
    await expect(run("coins:grant", "not-an-email", "5")).rejects.toBeInstanceOf(CommandError);
    await expect(run("coins:grant", "a@test.invalid", "0")).rejects.toThrow(/At least 1 coin/);
    await expect(run("coins:grant", "a@test.invalid", "2.5")).rejects.toThrow(/Whole coins/);
  });
});

describe("commands in the audit trail", () => {
  it("records a command that changed data, with its arguments and the change, and none that only read", async () => {
    await run("settings:coming-soon", "--on", "--title", "Soon");
    await run("ledger:check");
    await expect(run("coins:grant", "nobody@test.invalid", "5")).rejects.toThrow();
    const rows = await platform.deps.db.select().from(auditEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "cli",
      actorId: null,
      action: "cli settings:coming-soon",
      input: { args: ["--on", "--title", "Soon"] },
      objectType: "coming-soon-settings",
      device: "command line",
    });
    expect(rows[0]?.actorLabel).toMatch(/\(command line\)$/);
    const [change] = (rows[0]?.changes ?? []) as Array<{
      before: { isComingSoonMode: boolean };
      after: object;
    }>;
    expect(change?.before.isComingSoonMode).toBe(false);
    expect(change?.after).toMatchObject({ isComingSoonMode: true, comingSoonTitle: "Soon" });
  });
});
