// Accessibility: axe-core checks every working page, signed out and as a superadmin (who may open
// every page), and fails on any serious or critical violation. Signed-out pages in light and dark;
// the signed-in pages in light, and also in dark with SCREENSHOTS=all (`npm run screenshots`), to
// keep the suite within CI's time.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { ALL_SCHEMES, SCHEMES } from "./support/screenshots.ts";

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/** What blocks on the page as it stands, as readable lines; none when it passes. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map(
            (node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`,
          )
          .join("\n")}`,
    );
  return blocking;
}

async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page), `${name}: axe violations`).toEqual([]);
}

/**
 * Opens `path` and waits for the app to have drawn the page: the server's drawing gone (decision
 * 0031), its h1 and no loading placeholders.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Reduced motion still leaves a 0.01 ms transition, and a style read within that frame gets the
  // value it starts from: a button enabled just then still reads as half transparent (a false
  // contrast failure). With no transitions at all, every change is whole at once.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await expect(page.locator("#first-screen")).toHaveCount(0);
  await expect(page.locator("h1").first()).toBeAttached();
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}

for (const scheme of ALL_SCHEMES) {
  test(`signed-out pages pass axe, ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await open(page, "/");
    await expectNoSeriousViolations(page, "landing");
    await open(page, "/no-such-page");
    await expectNoSeriousViolations(page, "not found");
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expectNoSeriousViolations(page, "sign-in page");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByLabel("Display name")).toBeVisible();
    await expectNoSeriousViolations(page, "sign-up page");
  });

  for (const group of SCHEMES.includes(scheme) ? (["reading", "people", "admin"] as const) : []) {
    test(`signed-in pages pass axe: ${group}, ${scheme}`, async ({ page }) => {
      test.setTimeout(150_000);
      // Without motion, a button fading in or out is never sampled halfway (a false contrast failure).
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await openSignedIn(page, "superadmin@demo.test");
      const pages =
        group === "reading"
          ? await readingPages(page)
          : group === "people"
            ? await peoplePages(page)
            : await adminPages(page);
      // Every page is checked before the test fails, so that one run lists everything to fix.
      const problems: Record<string, string[]> = {};
      for (const [name, path] of pages) {
        try {
          await open(page, path);
          const found = await seriousViolations(page);
          if (found.length > 0) problems[name] = found;
        } catch (error) {
          problems[name] = [`did not load: ${(error as Error).message.split("\n")[0]}`];
        }
      }
      expect(problems).toEqual({});
    });
  }
}

async function readingPages(page: Page): Promise<Array<[string, string]>> {
  const catalogue = await callAs<{ items: Array<{ _id: string; contentType: string }> }>(
    page,
    "query",
    "content.listContent",
    { limit: 50 },
  );
  const firstOf = (type: string) => {
    const found = catalogue.items.find((item) => item.contentType === type);
    if (!found) throw new Error(`no ${type} in the demo catalogue`);
    return found._id;
  };
  // A story in play, so that the player shows a scene with its choices and stats.
  const stories = await callAs<{ items: Array<{ id: string; hasPremiumChoices: boolean }> }>(
    page,
    "query",
    "stories.listStories",
    {},
  );
  const story = (stories.items.find((item) => item.hasPremiumChoices) ?? stories.items[0])?.id;
  if (!story) throw new Error("no published demo story");
  await callAs(page, "mutation", "stories.startPlay", { storyId: story });
  return [
    ["home", "/"],
    ["explore", "/explore"],
    ["library", "/library"],
    ["my library", "/my-library"],
    ["title", `/content/${firstOf("book")}`],
    ["book reader", `/read/${firstOf("book")}`],
    ["audio player", `/listen/${firstOf("audiobook")}`],
    ["comic reader", `/read-comic/${firstOf("comic")}`],
    ["drama player", `/watch/${firstOf("drama")}`],
    ["buy coins", "/coins/buy"],
    ["plans", "/subscription/plans"],
    ["rewards", "/rewards"],
    ["achievements", "/badges"],
    ["leaderboard", "/leaderboard"],
    ["interactive stories", "/interactive-stories"],
    ["interactive story", `/interactive-stories/${story}`],
    ["story player", `/interactive-stories/${story}/play`],
    ["reels", "/reels"],
    ["my reels", "/profile/reels"],
    ["a page to come", "/ads/my-ads"],
  ];
}

async function peoplePages(page: Page): Promise<Array<[string, string]>> {
  const reader = await callAs<Array<{ person: { _id: string } }>>(page, "query", "friends.searchPeople", {
    query: "demo_reader",
  });
  const readerId = reader[0]?.person._id;
  if (!readerId) throw new Error("no demo reader");
  const [club] = await callAs<Array<{ _id: string }>>(page, "query", "clubs.discoverClubs", {
    query: "Lantern",
  });
  if (!club) throw new Error("no demo club");
  return [
    ["make friends", "/users"],
    ["messages", "/messages"],
    ["conversation", `/messages/${readerId}`],
    ["notifications", "/notifications"],
    ["edit profile", "/settings/profile"],
    ["profile", "/user/demo_reader"],
    ["profile by id", `/profile/${readerId}`],
    ["clubs", "/clubs?tab=discover"],
    ["club", `/clubs/${club._id}`],
    ["support", "/support"],
  ];
}

async function adminPages(page: Page): Promise<Array<[string, string]>> {
  const queue = await callAs<{ items: Array<{ _id: string }> }>(page, "query", "support.listQueue", {});
  const ticketId = queue.items[0]?._id;
  if (!ticketId) throw new Error("no demo ticket");
  const stories = await callAs<Array<{ id: string; status: string }>>(
    page,
    "query",
    "stories.adminListStories",
    {
      status: "published",
    },
  );
  const storyId = stories[0]?.id;
  if (!storyId) throw new Error("no published demo story");
  return [
    ["content management", "/admin/content-management"],
    ["content curation", "/admin/content-curation"],
    ["content metrics", "/admin/content-metrics"],
    ["revenue analytics", "/admin/revenue-analytics"],
    ["subscription management", "/admin/subscription-management"],
    ["VVIP control", "/admin/vvip-control"],
    ["admin notifications", "/admin/notifications"],
    ["support queue", "/admin/support"],
    ["support ticket", `/admin/support/${ticketId}`],
    ["support analytics", "/admin/support-analytics"],
    ["reward rules", "/admin/rewards"],
    ["reward grants", "/admin/rewards?tab=grants"],
    ["stories dashboard", `/admin/stories/dashboard?story=${storyId}`],
    ["stat presets", "/admin/stat-presets"],
    ["create story", "/admin/stories/create"],
    ["story editor", `/admin/stories/${storyId}/edit`],
    ["reels management", "/admin/reels/management"],
    ["reels analytics", "/admin/reels/analytics"],
  ];
}
