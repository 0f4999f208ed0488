import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateComingSoonSettings } from "../modules/system-settings/system-settings.service.ts";
import { callerFor, codeOf, createUser, openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { appRouter } from "./router.ts";
import { COMING_SOON_MESSAGE, type ProcedureMeta } from "./trpc.ts";

type Procedure = { _def: { type: string; meta?: ProcedureMeta } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());

async function call(caller: ReturnType<typeof callerFor>, path: string): Promise<unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: walking the router by name
  let target: any = caller;
  for (const part of path.split(".")) target = target[part];
  // Deliberately empty input: access is checked before input is looked at.
  return target({});
}

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe("access to every function", () => {
  it("declares who may call each function", () => {
    expect(procedures.length).toBeGreaterThan(5);
    for (const [path, procedure] of procedures) {
      expect(procedure._def.meta?.access, path).toMatch(/^(public|authed|admin|superadmin)$/);
    }
  });

  it("refuses anonymous callers everywhere but the public functions", async () => {
    const anonymous = callerFor(platform);
    for (const [path, procedure] of procedures) {
      if (procedure._def.meta?.access === "public" || procedure._def.type === "subscription") continue;
      expect(await codeOf(call(anonymous, path)), path).toBe("UNAUTHORIZED");
    }
  });

  it("refuses ordinary users the admin functions, and admins the superadmin ones", async () => {
    const user = callerFor(platform, await createUser(platform, "user"));
    const admin = callerFor(platform, await createUser(platform, "admin"));
    for (const [path, procedure] of procedures) {
      const access = procedure._def.meta?.access;
      if (access === "admin" || access === "superadmin") {
        expect(await codeOf(call(user, path)), path).toBe("FORBIDDEN");
      }
      if (access === "superadmin") expect(await codeOf(call(admin, path)), path).toBe("FORBIDDEN");
      if (access === "authed" || access === "admin") {
        expect(await codeOf(call(admin, path)), path).not.toMatch(/UNAUTHORIZED|FORBIDDEN/);
      }
    }
  });

  it("refuses a caller whose token has expired", async () => {
    const user = await createUser(platform, "superadmin");
    const expired = callerFor(platform, {
      ...user,
      identity: { ...user.identity, expiresAt: Date.now() - 1 },
    });
    expect(await codeOf(expired.users.getCurrentUser())).toBe("UNAUTHORIZED");
  });
});

describe("coming-soon mode, on the server", () => {
  it("keeps every function but the coming-soon page's from everyone but administrators", async () => {
    await updateComingSoonSettings(platform.deps, { isComingSoonMode: true });
    try {
      const callers = {
        anonymous: callerFor(platform),
        user: callerFor(platform, await createUser(platform, "user")),
      };
      const admin = callerFor(platform, await createUser(platform, "admin"));
      const open: string[] = [];
      for (const [path, procedure] of procedures) {
        if (procedure._def.type === "subscription") continue;
        if (procedure._def.meta?.comingSoon === "open") {
          open.push(path);
          continue;
        }
        for (const [who, caller] of Object.entries(callers)) {
          expect(await messageOf(call(caller, path)), `${who} ${path}`).toBe(COMING_SOON_MESSAGE);
        }
        expect(await messageOf(call(admin, path)), `admin ${path}`).not.toBe(COMING_SOON_MESSAGE);
      }
      // What the coming-soon page and signing in need, and nothing more.
      expect(open.sort()).toEqual([
        "session.updateAccessToken",
        "systemSettings.getComingSoonSettings",
        "users.getCurrentUser",
        "users.updateCurrentUser",
      ]);
      await expect(callers.anonymous.systemSettings.getComingSoonSettings()).resolves.toMatchObject({
        isComingSoonMode: true,
      });
    } finally {
      await updateComingSoonSettings(platform.deps, { isComingSoonMode: false });
    }
  });
});
