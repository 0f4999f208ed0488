import { DEFAULT_COMING_SOON_SETTINGS } from "@litverse/shared/system-settings";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callerFor, createUser, openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

async function expectCode(promise: Promise<unknown>, code: TRPCError["code"]) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe(code);
  return error as TRPCError;
}

describe("systemSettings.getComingSoonSettings", () => {
  it("answers anyone with the defaults before anything is saved", async () => {
    await expect(callerFor(platform).systemSettings.getComingSoonSettings()).resolves.toEqual(
      DEFAULT_COMING_SOON_SETTINGS,
    );
  });
});

describe("systemSettings.updateComingSoonSettings", () => {
  it("lets a superadmin switch the mode on and edit the texts", async () => {
    const superadmin = await createUser(platform, "superadmin");
    const saved = await callerFor(platform, superadmin).systemSettings.updateComingSoonSettings({
      isComingSoonMode: true,
      comingSoonTitle: "  Opening soon  ",
      expectedLaunchDate: "Spring 2027",
    });
    expect(saved).toMatchObject({
      isComingSoonMode: true,
      comingSoonTitle: "Opening soon",
      expectedLaunchDate: "Spring 2027",
    });
    await expect(callerFor(platform).systemSettings.getComingSoonSettings()).resolves.toEqual(saved);
  });

  it("removes the launch line when given an empty launch text", async () => {
    const caller = callerFor(platform, await createUser(platform, "superadmin"));
    await caller.systemSettings.updateComingSoonSettings({ expectedLaunchDate: "May" });
    const saved = await caller.systemSettings.updateComingSoonSettings({ expectedLaunchDate: "" });
    expect(saved.expectedLaunchDate).toBeUndefined();
  });

  it("refuses anonymous callers, users and admins and changes nothing", async () => {
    const update = { isComingSoonMode: true };
    await expectCode(callerFor(platform).systemSettings.updateComingSoonSettings(update), "UNAUTHORIZED");
    for (const role of ["user", "admin"] as const) {
      const caller = callerFor(platform, await createUser(platform, role));
      await expectCode(caller.systemSettings.updateComingSoonSettings(update), "FORBIDDEN");
    }
    expect((await callerFor(platform).systemSettings.getComingSoonSettings()).isComingSoonMode).toBe(false);
  });

  it("rejects bad input with field errors and changes nothing", async () => {
    const caller = callerFor(platform, await createUser(platform, "superadmin"));
    const bad: unknown[] = [
      {},
      { comingSoonTitle: "" },
      { comingSoonTitle: "x".repeat(121) },
      { isComingSoonMode: "yes" },
      { unexpected: true },
    ];
    for (const input of bad) {
      // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
      await expectCode(caller.systemSettings.updateComingSoonSettings(input as any), "BAD_REQUEST");
    }
    await expect(callerFor(platform).systemSettings.getComingSoonSettings()).resolves.toEqual(
      DEFAULT_COMING_SOON_SETTINGS,
    );
  });
});
