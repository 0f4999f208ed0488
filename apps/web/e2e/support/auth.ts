// Signing in through the real embedded provider pages, as a person would.
import { expect, type Page } from "@playwright/test";
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

/** Opens the app and signs in as `email`, ending on the signed-in home page. */
export async function openSignedIn(page: Page, email: string): Promise<void> {
  await page.goto("/");
  await signIn(page, email);
  await expect(page.getByTestId("welcome")).toBeVisible();
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
