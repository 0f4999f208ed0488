// Signing in through the real embedded provider pages, as a person would.
import { expect, type Page } from "@playwright/test";

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

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  // The provider may ask to confirm; the app then lands on its root, signed out.
  const confirm = page.getByRole("button", { name: /^(Yes, )?sign (me )?out$/i });
  await Promise.race([
    page.waitForURL((url) => url.pathname === "/" && url.port === new URL(page.url()).port, {
      timeout: 15_000,
    }),
    confirm.click({ timeout: 15_000 }).catch(() => {}),
  ]);
  await expect(page.getByRole("button", { name: "Sign In", exact: true }).first()).toBeVisible();
}
