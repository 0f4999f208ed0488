// Who may call what, with the reviewed list (access-list.ts) as the source of truth: the list and
// the server agree exactly, and every function, live query and HTTP route is called as each kind
// of caller, expecting the list's answer.
import diagnostics from "node:diagnostics_channel";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { allSections, type SectionGrants } from "@litverse/shared/admin-permissions";
import type { UserRole } from "@litverse/shared/constants";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPermissions } from "../modules/permissions/schema.ts";
import { updateComingSoonSettings } from "../modules/system-settings/system-settings.service.ts";
import { appRouter } from "../router.ts";
import { callerFor, codeOf, createUser, openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { connectWs, startTestServer, type TestServer, watchLive } from "../test/test-server.ts";
import { signedInAs } from "../test/tokens.ts";
import { FUNCTION_ACCESS, type FunctionAccess, ROUTE_ACCESS, type RouteAccess } from "./access-list.ts";
import { COMING_SOON_MESSAGE, type ProcedureMeta } from "./trpc.ts";

type Procedure = { _def: { type: string; meta?: ProcedureMeta } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);
const LIST_FILE = "apps/server/src/rpc/access-list.ts";

/** The kinds of caller: the four roles, and admins whose permissions narrow what they may do. */
type Role =
  | "anonymous"
  | "user"
  | "admin"
  | "superadmin"
  | "admin without permissions"
  | "admin who may only view";
const ROLES: Role[] = [
  "anonymous",
  "user",
  "admin",
  "superadmin",
  "admin without permissions",
  "admin who may only view",
];
const ACCESS_REFUSALS = ["UNAUTHORIZED", "FORBIDDEN"];

/** The refusal a caller in `role` gets from a function with this entry, or null when let through. */
function refusalFor(entry: FunctionAccess, role: Role): "UNAUTHORIZED" | "FORBIDDEN" | null {
  const { access } = entry;
  if (access === "public") return null;
  if (role === "anonymous") return "UNAUTHORIZED";
  if (access === "admin" && role === "user") return "FORBIDDEN";
  if (access === "superadmin" && role !== "superadmin") return "FORBIDDEN";
  if (access === "admin" && entry.section) {
    if (role === "admin without permissions") return "FORBIDDEN";
    if (role === "admin who may only view" && entry.type === "mutation") return "FORBIDDEN";
  }
  return null;
}

/** The stored role of each kind of caller, and the permissions narrowing it. */
const STORED_ROLE: Record<Exclude<Role, "anonymous">, UserRole> = {
  user: "user",
  admin: "admin",
  superadmin: "superadmin",
  "admin without permissions": "admin",
  "admin who may only view": "admin",
};
const NARROWED: Partial<Record<Role, SectionGrants>> = {
  "admin without permissions": {},
  "admin who may only view": allSections("view"),
};

/** Gives an admin of a narrowed kind their permissions: no template, only the levels given. */
async function narrow(role: Role, userId: string): Promise<void> {
  const overrides = NARROWED[role];
  if (!overrides) return;
  await platform.deps.db.insert(adminPermissions).values({ userId, templateId: null, overrides });
}

/** A code as the list expects it: the refusal, or anything but an access refusal. */
function matchesAccess(code: string, expected: string | null): boolean {
  return expected ? code === expected : !ACCESS_REFUSALS.includes(code);
}

const listedFunctions = Object.entries(FUNCTION_ACCESS);
const listedQueries = listedFunctions.filter(([, entry]) => entry.type === "query");

/** What the server says of a function, as its entry in the list would say it. */
function serverEntry(procedure: Procedure): FunctionAccess {
  const meta = procedure._def.meta ?? {};
  const entry: Record<string, unknown> = { type: procedure._def.type, access: meta.access };
  for (const key of ["section", "rateLimit", "liveScope", "comingSoon"] as const) {
    if (meta[key] !== undefined) entry[key] = meta[key];
  }
  return entry as unknown as FunctionAccess;
}

/** An entry written as the list's line for it, so that a failure shows the line to write. */
function asListLine(functionPath: string, entry: FunctionAccess | undefined): string {
  if (!entry) return `(no "${functionPath}")`;
  const { type, access, section, rateLimit, liveScope, comingSoon } = entry;
  const fields = Object.entries({ type, access, section, rateLimit, liveScope, comingSoon })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${value === null ? "null" : `"${value}"`}`);
  return `"${functionPath}": { ${fields.join(", ")} },`;
}

let platform: TestPlatform;
let server: TestServer;
/** Every route the server registered, as "METHOD URL". */
const registeredRoutes = new Set<string>();
/** The web build the server serves: one page, so that its routes exist. */
let webDist: string;
const WEB_BUILD_FILES = ["index.html"];
/** The local admin endpoint's file goes here rather than to the test configuration's data folder. */
let dataDir: string;

/** Builds the app as every test server is built, seeing each route it registers as it does. */
async function startServerSeeingRoutes(): Promise<TestServer> {
  const channel = diagnostics.channel("fastify.initialization");
  const seeRoutes = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) registeredRoutes.add(`${method} ${route.url}`);
    });
  };
  channel.subscribe(seeRoutes);
  try {
    return await startTestServer(
      { ...platform, config: { ...platform.config, dataDir } },
      { localAdminEndpoint: true, webDistDir: webDist, firstScreenRenderer: async () => null },
    );
  } finally {
    channel.unsubscribe(seeRoutes);
  }
}

beforeAll(async () => {
  platform = await openTestPlatform();
  webDist = await mkdtemp(path.join(os.tmpdir(), "litverse-access-web-"));
  dataDir = await mkdtemp(path.join(os.tmpdir(), "litverse-access-data-"));
  for (const file of WEB_BUILD_FILES) {
    await writeFile(
      path.join(webDist, file),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
  }
  server = await startServerSeeingRoutes();
});
afterAll(async () => {
  await server?.close();
  await platform.dispose();
  await rm(webDist, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

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

describe("the access list", () => {
  it("names every function with the access and settings the server gives it, and nothing else", () => {
    const onServer = new Map(procedures.map(([name, procedure]) => [name, serverEntry(procedure)]));
    const problems: string[] = [];
    for (const name of new Set([...onServer.keys(), ...Object.keys(FUNCTION_ACCESS)])) {
      const actual = asListLine(name, onServer.get(name));
      const listed = asListLine(name, FUNCTION_ACCESS[name]);
      if (actual !== listed) problems.push(`  the server: ${actual}\n  the list:   ${listed}`);
    }
    if (problems.length > 0) {
      expect.fail(
        `The functions' access differs from ${LIST_FILE}: write what the server now does into the list, for review (or put the access back):\n${problems.join("\n")}`,
      );
    }
    expect(listedFunctions.length).toBeGreaterThan(100);
  });

  it("keeps the functions in order of their names, for a reader", () => {
    const names = Object.keys(FUNCTION_ACCESS);
    expect(names).toEqual([...names].sort());
  });
});

describe("access to every function", () => {
  it("gives each kind of caller of each function the list's answer", async () => {
    const callers = {} as Record<Role, ReturnType<typeof callerFor>>;
    for (const role of ROLES) {
      if (role === "anonymous") {
        callers[role] = callerFor(platform);
        continue;
      }
      const user = await createUser(platform, STORED_ROLE[role]);
      await narrow(role, user.id);
      callers[role] = callerFor(platform, user);
    }
    const wrong: string[] = [];
    for (const [name, entry] of listedFunctions) {
      if (entry.type === "subscription") continue;
      for (const role of ROLES) {
        const expected = refusalFor(entry, role);
        const code = await codeOf(call(callers[role], name));
        if (!matchesAccess(code, expected))
          wrong.push(`${name} as ${role}: ${code}, expected ${expected ?? "no refusal"}`);
      }
    }
    expect(wrong, `Calls not answered as ${LIST_FILE} says`).toEqual([]);
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

describe("access to live queries", () => {
  /** The code a live subscription to `name` ends with at first ("OK" when it delivers a result). */
  async function liveCode(client: ReturnType<typeof connectWs>["client"], name: string): Promise<string> {
    const watch = watchLive(client, name, {});
    try {
      await watch.waitFor(1);
    } finally {
      watch.stop();
    }
    const error = watch.errors[0] as { data?: { code?: string } } | undefined;
    return error ? (error.data?.code ?? String(error)) : "OK";
  }

  it("gives each kind of subscriber of each query the list's answer, and watches nothing but queries", async () => {
    const tokens = {} as Record<Role, string | undefined>;
    for (const role of ROLES) {
      if (role === "anonymous") continue;
      const person = await signedInAs(platform, STORED_ROLE[role]);
      await narrow(role, person.id);
      tokens[role] = person.token;
    }
    const sockets = ROLES.map((role) => ({ role, socket: connectWs(server.wsUrl, tokens[role]) }));
    try {
      const wrong = await Promise.all(
        sockets.map(async ({ role, socket }) => {
          const found: string[] = [];
          for (const [name, entry] of listedQueries) {
            const expected = refusalFor(entry, role);
            const code = await liveCode(socket.client, name);
            if (!matchesAccess(code, expected)) {
              found.push(`live ${name} as ${role}: ${code}, expected ${expected ?? "no refusal"}`);
            }
          }
          return found;
        }),
      );
      expect(wrong.flat(), `Live queries not answered as ${LIST_FILE} says`).toEqual([]);

      // Only queries: a mutation or a subscription is not found by the live path, even for a superadmin.
      const superadmin = sockets.find(({ role }) => role === "superadmin")?.socket.client;
      for (const [name, entry] of listedFunctions) {
        if (entry.type === "query" || !superadmin) continue;
        expect(await liveCode(superadmin, name), `live ${name}`).toBe("NOT_FOUND");
      }
    } finally {
      for (const { socket } of sockets) await socket.close();
    }
  });
});

// ---- HTTP routes ----

/** Fastify's methods for a route registered for all of them (`ALL` in the list). */
const allMethods = () => (server.app as unknown as { supportedMethods: string[] }).supportedMethods;
const WEB_BUILD_FILE = "/<web build file>";

/** The list's routes, one "METHOD URL" per method, with each one's access. */
function listedRoutes(): Map<string, RouteAccess> {
  const routes = new Map<string, RouteAccess>();
  for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
    const space = key.indexOf(" ");
    const [methods, url] = [key.slice(0, space), key.slice(space + 1)];
    for (const method of methods === "ALL" ? allMethods() : methods.split(",")) {
      const route = `${method} ${url}`;
      if (routes.has(route)) throw new Error(`${route} is listed twice in ${LIST_FILE}`);
      routes.set(route, access);
    }
  }
  return routes;
}

/** Registered routes, with the web build's files (one route per file) standing as one. */
function serverRoutes(): Set<string> {
  const buildFiles = new Set(WEB_BUILD_FILES.map((file) => `/${file}`));
  return new Set(
    [...registeredRoutes].map((route) => {
      const [method, url = ""] = route.split(" ");
      return buildFiles.has(url) ? `${method} ${WEB_BUILD_FILE}` : route;
    }),
  );
}

/** Values for a route's parameters: real enough to reach the route's own checks. */
const SAMPLE_PARAMS: Record<string, string> = {
  path: "content.listGenres",
  provider: "sandbox",
  uid: "no-such-sign-in",
  id: "a1",
  contentId: "c1",
  userId: "u1",
  token: "not-a-signature",
  file: "x.jpg",
};

function sampleUrl(pattern: string): string {
  if (pattern === WEB_BUILD_FILE) return `/${WEB_BUILD_FILES[0]}`;
  return pattern
    .replace(/:(\w+)/g, (_match, name: string) => SAMPLE_PARAMS[name] ?? "x")
    .replace(/\*$/, "x/y.jpg");
}

/** A body each route's own check reads before any other (the watch token's beacon must be well formed). */
function sampleBody(access: RouteAccess): object {
  if (access !== "watch-token") return {};
  return {
    token: "not-a-watch-token",
    sessionId: crypto.randomUUID(),
    events: [
      {
        reelId: crypto.randomUUID(),
        seq: 0,
        kind: "play",
        positionMs: 0,
        playedMs: 0,
        at: new Date().toISOString(),
      },
    ],
  };
}

/** What a request without credentials gets, by who the route is for: a status, or "answers" (not 401/403). */
const ANSWER_WITHOUT_CREDENTIALS: Record<RouteAccess, number | "answers"> = {
  public: "answers",
  functions: "answers",
  "sign-in-provider": "answers",
  "signed-in": 401,
  "upload-owner": 401,
  "watch-token": 401,
  "signed-media-url": 403,
  "local-admin": 403,
  "sign-in-form": 403,
  "payment-provider": 400,
  "mail-link": 404,
  "mail-provider": 401,
};

describe("access to every HTTP route", () => {
  it("lists every route the server registers, and nothing else", () => {
    const listed = listedRoutes();
    const registered = serverRoutes();
    const unlisted = [...registered].filter((route) => !listed.has(route)).sort();
    const stale = [...listed.keys()].filter((route) => !registered.has(route)).sort();
    if (unlisted.length + stale.length > 0) {
      expect.fail(
        `The HTTP routes differ from ${LIST_FILE}: list who may use each new route, and remove the routes gone.\n` +
          `  registered, not listed: ${unlisted.join(", ") || "none"}\n  listed, not registered: ${stale.join(", ") || "none"}`,
      );
    }
  });

  it("refuses requests without credentials on every route that needs them, and answers them on the others", async () => {
    const wrong: string[] = [];
    for (const [route, access] of listedRoutes()) {
      const [method = "", pattern = ""] = route.split(" ");
      const hasBody = !["GET", "HEAD", "OPTIONS", "TRACE"].includes(method);
      const response = await server.app.inject({
        method: method as "GET",
        url: sampleUrl(pattern),
        // A form from another site: the sign-in forms' own check.
        headers: access === "sign-in-form" ? { origin: "https://elsewhere.example" } : {},
        ...(hasBody ? { payload: sampleBody(access) } : {}),
      });
      const expected = ANSWER_WITHOUT_CREDENTIALS[access];
      const isRight =
        expected === "answers" ? ![401, 403].includes(response.statusCode) : response.statusCode === expected;
      if (!isRight) wrong.push(`${route} (${access}): ${response.statusCode}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it("carries the caller's sign-in to the functions over HTTP: none, and a function for signed-in people refuses", async () => {
    const anonymous = await server.app.inject({ method: "GET", url: "/api/trpc/users.getCurrentUser" });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await signedInAs(platform, "user");
    const signedIn = await server.app.inject({
      method: "GET",
      url: "/api/trpc/users.getCurrentUser",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedIn.statusCode).toBe(200);
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
