// Page helpers: a marker on `window` proves that a page was not reloaded, and the hidden
// connection-state element tells whether the page's WebSocket is connected.
import { expect, type Locator, type Page } from "@playwright/test";

type MarkedWindow = Window & { __marker?: number };

export async function setMarker(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as MarkedWindow).__marker = 1;
  });
}

export function readMarker(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as MarkedWindow).__marker);
}

/** `data-state` is "pending" while connected and "connecting" while (re)connecting. */
export function connectionState(page: Page): Locator {
  return page.getByTestId("connection-state");
}

export function landingHeading(page: Page): Locator {
  return page.getByRole("heading", { name: "Discover Your Next Adventure" });
}

export function comingSoonTitle(page: Page): Locator {
  return page.getByTestId("coming-soon-title");
}

export function menuButton(page: Page): Locator {
  return page.getByRole("button", { name: /^Open menu/ });
}

/** The navigation beside the page, on screens from 1024 px wide (hidden, but present, below). */
function sideNav(page: Page): Locator {
  return page.locator('[data-testid="side-nav"]:visible');
}

/**
 * The side menu: below 1024 px a dialog named after the product, which the menu button opens; on
 * wider screens the navigation beside the page, always open, with the same sections.
 */
export function menu(page: Page): Locator {
  return page.getByRole("dialog", { name: "Litverse" }).or(sideNav(page));
}

export async function openMenu(page: Page): Promise<Locator> {
  await expect(menuButton(page).or(sideNav(page))).toBeVisible();
  if (await menuButton(page).isVisible()) await menuButton(page).click();
  await expect(menu(page)).toBeVisible();
  return menu(page);
}
