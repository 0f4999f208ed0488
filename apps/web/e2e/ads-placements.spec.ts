// Ads where readers meet them, and the team's review of new ones. A new advertiser (not a demo
// account, whose wallet other specs count) submits a paid ad for home; the demo admin finds it
// waiting, with its previews and its advertiser, and approves it. Then the demo reader, on the
// free plan, finds a card labelled "Sponsored" on home (that ad or another the server picks: the
// demo's own running ones), scrolls it into view until it counts as seen, and clicks through to
// what it promotes.
import { expect, type Page, test } from "@playwright/test";
import { callAs, titleId } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { runCli } from "./support/cli.ts";
import { mainDataDir } from "./support/env.ts";

test.describe.configure({ mode: "serial" });
// The server serves no ads to crawlers, and takes headless Chromium's own user agent for one.
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
test.use({ userAgent: CHROME });

/** A person signed up just now, past the age question as an adult. */
async function newPerson(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.test`;
  await createAccount(page, { email, name, password: "Advertiser-Passw0rd" });
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
  return email;
}

test("the team finds a new ad waiting, with what it needs to judge it, and approves it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const name = `Whale season ${stamp}`;
  const advertiser = await (await browser.newContext()).newPage();
  const advertiserName = `Ada Advertiser ${stamp}`;
  const email = await newPerson(advertiser, advertiserName);
  await runCli(["coins:grant", email, "300"], mainDataDir());
  const contentId = await titleId(advertiser, "Moby", "book", "Moby-Dick");
  const now = Date.now();
  await callAs(advertiser, "mutation", "ads.createCampaign", {
    name,
    target: { kind: "title", id: contentId },
    headline: "Call me Ishmael, and read along",
    body: "The whale, the sea and one obsessed captain.",
    cta: "Read now",
    placements: ["home", "explore"],
    pricing: "cpm",
    budgetCoins: 100,
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 7 * 24 * 3_600_000).toISOString(),
  });

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(admin, "admin@demo.test");
  await admin.goto("/admin/ads/user-ads");
  await expect(admin.getByRole("heading", { name: "User Ads", level: 1 })).toBeVisible();
  await expect(admin.getByRole("tab", { name: /^Waiting/, selected: true })).toBeVisible();
  await expect(admin.getByTestId("waiting-count")).not.toHaveText("0");
  const entry = admin.getByTestId("user-ad").filter({ has: admin.getByRole("heading", { name }) });
  await expect(entry).toBeVisible();
  // As readers will see it, in both places it chose.
  const previews = entry.getByTestId("ad-previews").getByTestId("ad-card");
  await expect(previews).toHaveCount(2);
  await expect(previews.first()).toContainText("Sponsored");
  await expect(previews.first()).toContainText("Call me Ishmael, and read along");
  await expect(entry.getByTestId("campaign-facts")).toContainText("Moby-Dick");
  await expect(entry.getByTestId("campaign-facts")).toContainText("Per 1,000 views");
  await expect(entry.getByTestId("campaign-facts")).toContainText("100 coins");
  const who = entry.getByTestId("advertiser");
  await expect(who.getByRole("link", { name: advertiserName })).toHaveAttribute(
    "href",
    /^\/admin\/user-management\/[0-9a-f-]{36}$/,
  );
  await expect(who).toContainText("Member since");

  // A rejection needs a reason: the dialog says so and sends nothing.
  await entry.getByRole("button", { name: "Reject…" }).click();
  const reject = admin.getByRole("dialog", { name: `Reject “${name}”?` });
  await expect(reject).toContainText("100 coins held for it go back to their wallet");
  await reject.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(reject.getByText("Say why the ad is rejected")).toBeVisible();
  await reject.getByRole("button", { name: "Cancel" }).click();
  await expect(reject).toHaveCount(0);

  await entry.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText(`“${name}” is approved.`)).toBeVisible();
  await expect(entry).toHaveCount(0);
  await admin.getByRole("tab", { name: "Running" }).click();
  await expect(
    admin.getByTestId("user-ad").filter({ has: admin.getByRole("heading", { name }) }),
  ).toBeVisible();
  await advertiser.context().close();
  await admin.context().close();
});

test("a free reader sees a sponsored card on home, it counts once seen, can be reported, and leads where it says", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sent: string[] = [];
  page.on("websocket", (socket) => socket.on("framesent", (frame) => sent.push(String(frame.payload))));
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, "reader@demo.test");
  const card = page.getByTestId("ad-card").filter({ has: page.getByTestId("ad-sponsored") });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("ad-sponsored")).toHaveText(/^Sponsored/);
  await expect(card).toHaveAttribute("data-reported", /\bimpression\b/);

  // Seen: half of it on screen for a second, reported once the server has it.
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute("data-reported", /\bviewable\b/);

  // Its menu reports it; the form comes when asked for, not with the page.
  await card.getByRole("button", { name: "More about this ad" }).click();
  await page.getByRole("menuitem", { name: "Report ad" }).click();
  const report = page.getByRole("dialog", { name: "Report this ad" });
  await expect(report.getByRole("radio").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(report).toBeHidden();

  const token = await card.getAttribute("data-token");
  const link = card.getByRole("link");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\//);
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The click went out with the ad's token, after the page had moved on.
  await expect
    .poll(() =>
      sent.some(
        (frame) =>
          frame.includes("recordAdEvents") && frame.includes(`"click"`) && frame.includes(String(token)),
      ),
    )
    .toBe(true);
});
