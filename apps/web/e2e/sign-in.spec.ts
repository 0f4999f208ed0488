// Signing in through the real provider pages: each demo account, a new account meeting the age
// gate, and the same flow against a separately started provider acting as an external one.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createAccount, DEMO_PASSWORD, fillSignInForm, signIn, signOut } from "./support/auth.ts";
import { freePort, makeDataDir, removeDataDir, type ServerProcess, startServer } from "./support/server.ts";

const DEMO_ACCOUNTS = [
  { email: "reader@demo.test", name: "Demo Reader" },
  { email: "admin@demo.test", name: "Demo Admin" },
  { email: "superadmin@demo.test", name: "Demo Superadmin" },
];

/** Every address the page's main frame visits, to prove that no token stays in one. */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

function expectNoSecretsAfterCallback(urls: string[], finalUrl: string) {
  const carriesCode = (url: string) => new URL(url).pathname === "/auth/callback" && url.includes("code=");
  const returnIndex = urls.findLastIndex(carriesCode);
  expect(returnIndex, "the sign-in returned through /auth/callback").toBeGreaterThanOrEqual(0);
  const after = [...urls.slice(returnIndex + 1), finalUrl];
  expect(after.length).toBeGreaterThan(1);
  for (const url of after) {
    expect(url).not.toMatch(/[?#&](code|state|access_token|id_token|refresh_token|iss)=/);
  }
}

async function expectProviderCookiesSafe(context: BrowserContext) {
  const cookies = await context.cookies();
  const providerCookies = cookies.filter((cookie) => cookie.name.startsWith("_session"));
  expect(providerCookies.length).toBeGreaterThan(0);
  for (const cookie of providerCookies) {
    expect(cookie.httpOnly, `${cookie.name} is HttpOnly`).toBe(true);
    expect(cookie.sameSite, `${cookie.name} has SameSite`).toBe("Lax");
  }
}

for (const account of DEMO_ACCOUNTS) {
  // On PostgreSQL once, for the provider's storage there (every account signs in the same way).
  const tag = account.email === "reader@demo.test" ? ["@postgres"] : [];
  test(`${account.email} signs in, stays signed in after a reload and signs out`, { tag }, async ({
    page,
    context,
  }) => {
    const visited = recordNavigations(page);
    await page.goto("/");
    await signIn(page, account.email);
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome back, ${account.name}!`);
    expectNoSecretsAfterCallback(visited, page.url());
    await expectProviderCookiesSafe(context);

    await page.reload();
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome back, ${account.name}!`);
    const beforeSignOut = visited.length;
    await signOut(page);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByText("Discover Your Next Adventure")).toBeVisible();
    // Straight through the provider, never stopping at a question.
    expect(visited.slice(beforeSignOut).some((url) => url.includes("/oidc/session/end"))).toBe(true);
    await expect(page.getByText("Sign out of Litverse?")).toHaveCount(0);
    expect(
      await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("oidc.user:"))),
    ).toBe(false);
    await page.reload();
    await expect(page.getByRole("button", { name: "Sign In", exact: true }).first()).toBeVisible();
  });
}

test("a demo says so on the landing and sign-in pages, whose demo accounts sign in", async ({ page }) => {
  const account = (email: string) => new RegExp(`^${email.replaceAll(".", "\\.")}`);
  const emails = ["reader@demo.test", "admin@demo.test", "superadmin@demo.test", "newbie@demo.test"];
  await page.goto("/");
  const notice = page.getByTestId("demo-notice");
  await expect(notice).toContainText("This is a demo of Litverse");
  await expect(notice).toContainText(DEMO_PASSWORD);
  for (const email of emails)
    await expect(notice.getByRole("button", { name: account(email) })).toBeVisible();

  // A click starts the sign-in with that account's email filled in; the provider's page lists
  // the accounts too, and one click there signs in.
  await notice.getByRole("button", { name: account("reader@demo.test") }).click();
  await expect(page.getByLabel("Email")).toHaveValue("reader@demo.test");
  const accounts = page.getByRole("complementary", { name: "This is a demo of Litverse" });
  await expect(accounts).toContainText(DEMO_PASSWORD);
  for (const email of emails)
    await expect(accounts.getByRole("button", { name: account(email) })).toBeVisible();
  await accounts.getByRole("button", { name: account("reader@demo.test") }).click();
  await page.waitForURL((url) => url.pathname === "/" && url.search === "");
  await expect(page.getByTestId("welcome")).toHaveText("Welcome back, Demo Reader!");
});

test("a wrong password is refused on the provider's page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
  await fillSignInForm(page, "reader@demo.test", "not-the-password");
  await expect(page.getByRole("alert")).toContainText(/incorrect|invalid|wrong/i);
  expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
});

test("the demo account without an age meets the age gate, which cannot be dismissed", async ({ page }) => {
  await page.goto("/");
  await signIn(page, "newbie@demo.test");
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await expect(gate).toBeVisible();
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(gate).toBeVisible();
});

test("the age gate is disabled while it saves, and says so when saving fails", async ({ page }) => {
  // The page's WebSocket passes through this test, which holds the first age save and then
  // answers it with an error, as a server that failed would.
  let answerHeldSave: (() => void) | undefined;
  await page.routeWebSocket(/\/api\/ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const text = message.toString();
      if (!answerHeldSave && text.includes('"users.setUserAge"')) {
        const parsed = JSON.parse(text) as { id: number } | Array<{ id: number }>;
        const id = Array.isArray(parsed) ? parsed[0]?.id : parsed.id;
        const error = { code: -32603, message: "Try later", data: { code: "INTERNAL_SERVER_ERROR" } };
        answerHeldSave = () => ws.send(JSON.stringify({ id, error }));
        return;
      }
      server.send(message);
    });
  });
  await createAccount(page, {
    email: `age-${Date.now()}@example.test`,
    name: "Ada Gate",
    password: "Stronger-Passw0rd",
  });

  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await expect(gate).toBeVisible();
  await expect(gate).toContainText("Access content rated 13+ and below");
  await expect(gate).toContainText("Access content rated 16+ and below");
  await expect(gate).toContainText("Access all content including mature (18+)");
  await expect(gate).toContainText("change it later in your account settings");
  await gate.getByRole("button", { name: /13-15/ }).click();
  for (const choice of [/13-15/, /16-17/, /18\+/]) {
    await expect(gate.getByRole("button", { name: choice })).toBeDisabled();
  }
  await expect.poll(() => answerHeldSave !== undefined).toBe(true);
  answerHeldSave?.();
  await expect(page.getByText("Failed to set age. Please try again.")).toBeVisible();
  await expect(gate).toBeVisible();
  await expect(gate.getByRole("button", { name: /18\+/ })).toBeEnabled();

  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(page.getByText("Age verification complete! You can now access 18+ content.")).toBeVisible();
  await expect(gate).toBeHidden();
});

test("a new account is created on the provider's page, then meets the age gate", {
  tag: "@postgres",
}, async ({ page }) => {
  const email = `new-${Date.now()}@example.test`;
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Display name").fill("Nova Reader");
  await page.getByLabel("Password", { exact: true }).fill("weak");
  await page.getByRole("button", { name: /create account/i }).click();
  await expect(page.getByRole("alert")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("Stronger-Passw0rd");
  await page.getByRole("button", { name: /create account/i }).click();
  await page.waitForURL((url) => url.pathname === "/" && url.search === "");

  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await expect(gate).toBeVisible();
  await gate.getByRole("button", { name: /16-17/ }).click();
  await expect(page.getByText("Age verification complete! You can now access 16+ content.")).toBeVisible();
  await expect(gate).toBeHidden();
  await expect(page.getByTestId("welcome")).toHaveText("Welcome back, Nova Reader!");

  await page.reload();
  await expect(page.getByTestId("welcome")).toBeVisible();
  await expect(gate).toBeHidden();
});

test.describe("against an external provider", () => {
  let provider: ServerProcess | undefined;
  let app: ServerProcess | undefined;
  const dirs: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const [providerPort, appPort] = [await freePort(), await freePort()];
    const appOrigin = `http://127.0.0.1:${appPort}`;
    dirs.push(await makeDataDir(), await makeDataDir());
    // Another Litverse server's embedded provider, which lets the app's origin sign in through it.
    provider = await startServer({
      port: providerPort,
      dataDir: dirs[0] as string,
      // It only needs the demo accounts, to sign in with.
      env: { ALLOWED_ORIGINS: appOrigin, SEED_DEMO_CATALOGUE: "0" },
    });
    app = await startServer({
      port: appPort,
      dataDir: dirs[1] as string,
      env: { OIDC_ISSUER: `${provider.url}/oidc`, SEED_DEMO: "0" },
    });
  });

  test.afterAll(async () => {
    await app?.stop();
    await provider?.stop();
    await Promise.all(dirs.map(removeDataDir));
  });

  test("signs in through it, stays signed in after a reload and signs out", async ({ page }) => {
    if (!app || !provider) throw new Error("servers not started");
    const config = await (await fetch(`${app.url}/api/client-config`)).json();
    expect(config.auth.authority).toBe(`${provider.url}/oidc`);
    // The app no longer serves a provider of its own.
    expect((await fetch(`${app.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);

    await page.goto(`${app.url}/`);
    await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
    await page.waitForURL((url) => url.origin === provider?.url);
    await fillSignInForm(page, "reader@demo.test", DEMO_PASSWORD);
    await page.waitForURL((url) => url.origin === app?.url && url.pathname === "/" && url.search === "");

    // New to this app: a user record made from the external provider's claims, without an age.
    const gate = page.getByRole("dialog", { name: "How old are you?" });
    await expect(gate).toBeVisible();
    await gate.getByRole("button", { name: /18\+/ }).click();
    await expect(gate).toBeHidden();
    await expect(page.getByTestId("welcome")).toHaveText("Welcome back, Demo Reader!");

    await page.reload();
    await expect(page.getByTestId("welcome")).toHaveText("Welcome back, Demo Reader!");

    // The app's own sign-out needs no confirmation at the provider either.
    await signOut(page);
  });
});

test.describe("renewing the sign-in without a refresh token", () => {
  let server: ServerProcess | undefined;
  let dataDir = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = await makeDataDir();
    // Tokens that last 75 s: the client renews them 60 s before they expire.
    server = await startServer({
      port: await freePort(),
      dataDir,
      env: { OIDC_ACCESS_TOKEN_TTL_SECONDS: "75", SEED_DEMO_CATALOGUE: "0" },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await removeDataDir(dataDir);
  });

  test("renews in a hidden frame with prompt=none, without leaving the page", async ({ page }) => {
    if (!server) throw new Error("server not started");
    await page.goto(`${server.url}/`);
    await signIn(page, "reader@demo.test");
    await expect(page.getByTestId("welcome")).toBeVisible();
    const stored = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"));
        return key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>) : null;
      });
    const first = await stored();
    // A provider that gives no refresh token: take it away.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"));
      if (!key) return;
      const user = JSON.parse(localStorage.getItem(key) ?? "{}");
      delete user.refresh_token;
      localStorage.setItem(key, JSON.stringify(user));
    });
    const frames: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) frames.push(frame.url());
    });
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const mainUrl = page.url();

    await expect
      .poll(async () => (await stored())?.access_token, { timeout: 45_000, intervals: [1_000] })
      .not.toBe(first?.access_token);
    // The provider was asked in a frame, without a prompt, and answered into the callback page.
    expect(requests.some((url) => url.includes("/oidc/auth?") && url.includes("prompt=none"))).toBe(true);
    expect(
      frames.some((url) => new URL(url).pathname === "/silent-callback.html" && url.includes("code=")),
    ).toBe(true);
    expect(requests.filter((url) => url.endsWith("/oidc/token"))).toHaveLength(1);
    expect(page.url()).toBe(mainUrl);
    // Still signed in, live: the new token reached the open socket.
    await expect(page.getByTestId("welcome")).toHaveText("Welcome back, Demo Reader!");
    await page.reload();
    await expect(page.getByTestId("welcome")).toHaveText("Welcome back, Demo Reader!");
  });
});
