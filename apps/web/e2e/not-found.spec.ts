// Unknown app paths render the app's 404 page; unknown server paths answer a real HTTP 404.

import { expect, test } from "@playwright/test";
import { landingHeading } from "./support/page.ts";

test("an unknown page shows the 404 page, logs the path and links home", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("This page does not exist.")).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes("/no/such/page"))).toBe(true);

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  await expect(landingHeading(page)).toBeVisible();
});

for (const url of ["/api/nope", "/media/nope"]) {
  test(`GET ${url} answers 404`, async ({ request }) => {
    const response = await request.get(url);
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
  });
}

test("GET /healthz answers 200 ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});
