// Signing in through the real embedded provider pages, as a person would.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { openMenu } from "./page.ts";

export const DEMO_PASSWORD = "demo-password";

/** From a page showing a `Sign In` button, through the provider's pages, back to the signed-in app. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
  await fillSignInForm(page, email, password);
  await page.waitForURL((url) => url.pathname === "/" && url.search === "");
}

/** Fills the provider's sign-in form, choosing "Use another account" if the chooser shows first. */
export async function fillSignInForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const another = page.getByRole("button", { name: "Use another account" });
  const emailField = page.getByLabel("Email");
  await expect(another.or(emailField)).toBeVisible();
  if (await another.isVisible()) await another.click();
  await emailField.fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs out from the side menu: the app lands on its root, signed out, with nothing to confirm. */
export async function signOut(page: Page): Promise<void> {
  const appOrigin = new URL(page.url()).origin;
  await openMenu(page);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.origin === appOrigin && url.pathname === "/" && url.search === "");
  await expect(page.getByRole("button", { name: "Sign In", exact: true }).first()).toBeVisible();
}

/**
 * A sign-in made through the provider's pages, kept to open more pages as the same person: the
 * app's stored user (local storage) and the site's cookies (the provider's session, the app's
 * first-screen cookie). Each worker signs in once per account rather than once per test; the
 * journey itself is sign-in.spec.ts's.
 */
interface KeptSignIn {
  cookies: Awaited<ReturnType<BrowserContext["storageState"]>>["cookies"];
  storedUser: Array<{ name: string; value: string }>;
  /** When its access token expires (ms since the epoch). */
  expiresAt: number;
}
const keptSignIns = new Map<string, KeptSignIn>();
/**
 * A kept sign-in is used only while its access token has this long left, so that no test renews
 * it: the provider rotates refresh tokens, and one renewed by an earlier test cannot be used again.
 */
const KEPT_SIGN_IN_MARGIN_MS = 15 * 60_000;
const STORED_USER_PREFIX = "oidc.user:";

async function keepSignIn(page: Page, email: string): Promise<void> {
  const state = await page.context().storageState();
  const origin = new URL(page.url()).origin;
  const storedUser = (state.origins.find((entry) => entry.origin === origin)?.localStorage ?? []).filter(
    (entry) => entry.name.startsWith(STORED_USER_PREFIX),
  );
  const expiresAt = Math.min(
    ...storedUser.map(
      (entry) => Number((JSON.parse(entry.value) as { expires_at?: number }).expires_at) * 1000,
    ),
  );
  if (storedUser.length > 0 && Number.isFinite(expiresAt)) {
    keptSignIns.set(email, { cookies: state.cookies, storedUser, expiresAt });
  }
}

/** Opens the app and signs in as `email`, ending on the signed-in home page. */
export async function openSignedIn(page: Page, email: string): Promise<void> {
  const kept = keptSignIns.get(email);
  const reuse = kept !== undefined && kept.expiresAt - Date.now() > KEPT_SIGN_IN_MARGIN_MS;
  if (reuse) {
    await page.context().addCookies(kept.cookies);
    // Any page of the app's origin gives access to its storage; the health check is the lightest.
    await page.goto("/healthz");
    await page.evaluate((entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, kept.storedUser);
    await page.goto("/");
  } else {
    await page.goto("/");
    await signIn(page, email);
  }
  await expect(page.getByTestId("welcome")).toBeVisible();
  if (!reuse) await keepSignIn(page, email);
}

/** The signed-in page's access token, from where the sign-in client keeps the user. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith("oidc.user:")) return JSON.parse(localStorage.getItem(key) ?? "{}").access_token;
    }
    return null;
  });
  if (typeof token !== "string") throw new Error("the page is not signed in");
  return token;
}

/** Creates a new account through the provider's pages and returns to the app signed in (age unset). */
export async function createAccount(page: Page, account: { email: string; name: string; password: string }) {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Display name").fill(account.name);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: /create account/i }).click();
  await page.waitForURL((url) => url.pathname === "/" && url.search === "");
}
