// Accessibility: axe-core checks every working page in light and in dark, signed out, as a reader,
// as an admin and as a superadmin (each page as the people it is for see it), and fails on any
// serious or critical violation.
//
// Each person's pages are shared out between two browser pages that work side by side (an axe
// check is mostly the browser's work, and the server idles meanwhile). Each route is opened once
// and checked in light, then in dark after the system's scheme changes under it (the colour
// rules: nothing else changes). A page that is the same as one already checked for that person
// (every admin page refusing a reader, say) is checked once. On a phone, where the frame differs,
// the home page and the open menu are checked too.
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { fillSignInForm, openSignedIn, signIn } from "./support/auth.ts";
import { comingSoonOff, comingSoonOn } from "./support/cli.ts";
import { mainDataDir } from "./support/env.ts";
import { comingSoonTitle, openMenu } from "./support/page.ts";
import { ALL_SCHEMES, type Scheme } from "./support/screenshots.ts";

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);
/** How many pages check side by side. */
const LANES = 2;
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
const PHONE = { width: 390, height: 844 };

type Role = "reader" | "admin" | "superadmin";
const ACCOUNTS: Record<Role, string> = {
  reader: "reader@demo.test",
  admin: "admin@demo.test",
  superadmin: "superadmin@demo.test",
};

/**
 * A page to check: what to call it in a failure, where it is, and who it is for (everyone signed
 * in unless it says admins or superadmins).
 */
type Route = [name: string, path: string, audience?: Exclude<Role, "reader">];

/**
 * The routes `role` checks: each page as the people it is for see it, and once as a refusal. A
 * reader checks every page (the admin pages as the refusal they get); an admin the admin pages
 * (the superadmins' as a refusal); a superadmin the superadmins' own pages. The pages for everyone
 * differ for admins only in the frame's menu, which every role checks on home, wide and on a phone.
 */
function routesFor(role: Role, routes: Route[]): Route[] {
  if (role === "reader") return routes;
  const theirs = routes.filter(([, , audience]) => audience === role || (role === "admin" && audience));
  return [["home", "/"], ...theirs];
}

/**
 * The rules whose outcome depends on colour. Between light and dark only colours change (the page's
 * elements, names and layout stay), so in dark only these run again.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * What blocks on the page as it stands, as readable lines; none when it passes. Every WCAG A and
 * AA rule, or only the colour rules.
 */
async function seriousViolations(page: Page, only: "every rule" | "colour rules"): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const results = await (only === "colour rules"
    ? builder.withRules(COLOUR_RULES)
    : builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
  ).analyze();
  return results.violations
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
}

/** Shows the page in `scheme`, as the system's choice, with no motion to sample halfway. */
async function showScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
  // The app follows the system through a class on <html>; pages outside it have no class.
  if (await page.locator("#root").count()) {
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
  }
}

/** Stops transitions, so that a style read mid-change (a false contrast failure) cannot happen. */
async function stopTransitions(page: Page): Promise<void> {
  // Reduced motion still leaves a 0.01 ms transition, and a style read within that frame gets the
  // value it starts from: a button enabled just then, or a colour as the scheme changes.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
}

/**
 * Opens `path` and waits for the app to have drawn the page: the server's drawing gone (decision
 * 0031), its h1 (or what went wrong in its place) and no loading placeholders.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await stopTransitions(page);
  await expect(page.locator("#first-screen")).toHaveCount(0);
  await expect(page.locator("h1").or(page.getByRole("alert")).first()).toBeAttached();
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}

/**
 * The page's main content, but for its heading, in short: pages that match are the same page
 * under another title (every admin page turning a reader away).
 */
function sameness(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return null;
    const copy = main.cloneNode(true) as HTMLElement;
    for (const heading of copy.querySelectorAll("h1")) heading.textContent = "";
    let hash = 5381;
    for (const char of copy.outerHTML) hash = (Math.imul(hash, 33) ^ char.charCodeAt(0)) >>> 0;
    return `${hash}:${copy.outerHTML.length}`;
  });
}

/** The problems found on the page now, in light and then dark, under `name`. */
async function checkInEveryScheme(page: Page, name: string, problems: Record<string, string[]>) {
  for (const scheme of ALL_SCHEMES) {
    await showScheme(page, scheme);
    const found = await seriousViolations(page, scheme === "light" ? "every rule" : "colour rules");
    if (found.length > 0) problems[`${name}, ${scheme}`] = found;
  }
}

/**
 * Checks every route as the person signed in on `pages`' contexts, several at once, and returns
 * what failed by route and scheme. Every route is checked before the test fails, so that one run
 * lists everything to fix.
 */
async function checkRoutes(pages: Page[], routes: Route[]): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  /** The route checked for each kind of page seen so far. */
  const seen = new Map<string, string>();
  const queue = [...routes];
  const lane = async (page: Page) => {
    for (let route = queue.shift(); route; route = queue.shift()) {
      const [name, path] = route;
      try {
        // Opened in light: the server's first drawing follows the scheme too.
        await showScheme(page, "light");
        await open(page, path);
        const key = await sameness(page);
        const same = key === null ? undefined : seen.get(key);
        if (same !== undefined) {
          test.info().annotations.push({ type: "same page", description: `${name}: as ${same}` });
          continue;
        }
        if (key !== null) seen.set(key, name);
        await checkInEveryScheme(page, name, problems);
      } catch (error) {
        problems[name] = [`did not load: ${(error as Error).message.split("\n")[0]}`];
      }
    }
  };
  await Promise.all(pages.map(lane));
  return problems;
}

/**
 * The app's frame on a phone, where the menu button (with its unread count) and the bottom bar
 * stand in for the navigation beside the page: home, then with the menu open.
 */
async function checkPhoneFrame(page: Page, problems: Record<string, string[]>): Promise<void> {
  await page.setViewportSize(PHONE);
  await showScheme(page, "light");
  await open(page, "/");
  await checkInEveryScheme(page, "home on a phone", problems);
  await openMenu(page);
  await checkInEveryScheme(page, "menu on a phone", problems);
}

/** Pages signed in as `role`, each in a context of its own. */
async function signedInPages(browser: Browser, role: Role): Promise<Page[]> {
  const pages: Page[] = [];
  for (let index = 0; index < LANES; index++) {
    const page = await (await browser.newContext()).newPage();
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
    await openSignedIn(page, ACCOUNTS[role]);
    pages.push(page);
  }
  return pages;
}

async function closeAll(pages: Page[]): Promise<void> {
  await Promise.all(pages.map((page) => page.context().close()));
}

/** Ids of the demo's content that the pages open, the same for everyone. */
interface DemoIds {
  titles: Record<"book" | "audiobook" | "comic" | "drama", string>;
  story: string;
  club: string;
  demoReader: string;
  ticket: string;
  /** The demo's persona, whose inbox holds a conversation with the demo reader. */
  persona: string;
}

async function demoIds(page: Page): Promise<DemoIds> {
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
  const stories = await callAs<Array<{ id: string }>>(page, "query", "stories.adminListStories", {
    status: "published",
  });
  const [reader] = await callAs<Array<{ person: { _id: string } }>>(page, "query", "friends.searchPeople", {
    query: "demo_reader",
  });
  const [club] = await callAs<Array<{ _id: string }>>(page, "query", "clubs.discoverClubs", {
    query: "Lantern",
  });
  const queue = await callAs<{ items: Array<{ _id: string }> }>(page, "query", "support.listQueue", {});
  const personas = await callAs<Array<{ person: { _id: string; handle: string | null } }>>(
    page,
    "query",
    "personas.listPersonas",
  );
  const ids = {
    titles: {
      book: firstOf("book"),
      audiobook: firstOf("audiobook"),
      comic: firstOf("comic"),
      drama: firstOf("drama"),
    },
    story: stories[0]?.id,
    club: club?._id,
    demoReader: reader?.person._id,
    ticket: queue.items[0]?._id,
    persona: (personas.find((each) => each.person.handle === "wren_reads") ?? personas[0])?.person._id,
  };
  for (const [name, value] of Object.entries(ids)) {
    if (!value) throw new Error(`the demo has no ${name}`);
  }
  return ids as DemoIds;
}

/** What the person at `page` has of their own: a story they play, a conversation, a ticket. */
async function ownIds(page: Page, demo: DemoIds) {
  const stories = await callAs<{ items: Array<{ id: string; progress: { status: string } }> }>(
    page,
    "query",
    "stories.listStories",
    {},
  );
  const playing = stories.items.find((item) => item.progress.status === "playing")?.id;
  const inbox = await callAs<{ chats: Array<{ partner: { _id: string }; unreadCount: number }> }>(
    page,
    "query",
    "messages.listConversations",
  );
  // Opening a conversation reads it: one with nothing unread leaves the person's badges as the
  // other journeys expect them.
  const chat = inbox.chats.find((conversation) => conversation.unreadCount === 0)?.partner._id;
  const [ticket] = await callAs<Array<{ _id: string }>>(page, "query", "support.listMyTickets");
  return {
    story: playing ?? demo.story,
    chatPartner: chat ?? demo.demoReader,
    ticket: ticket?._id ?? NO_SUCH_ID,
  };
}

/** Every route of the app (src/app/routes.tsx), as the person at `page` opens it. */
async function appRoutes(page: Page, demo: DemoIds): Promise<Route[]> {
  const own = await ownIds(page, demo);
  const { titles } = demo;
  return [
    ["home", "/"],
    ["explore", "/explore"],
    ["library", "/library"],
    ["my library", "/my-library"],
    ["title", `/content/${titles.book}`],
    ["book reader", `/read/${titles.book}`],
    ["audio player", `/listen/${titles.audiobook}`],
    ["comic reader", `/read-comic/${titles.comic}`],
    ["drama player", `/watch/${titles.drama}`],
    ["buy coins", "/coins/buy"],
    ["no payment to verify", "/subscription/verify"],
    ["plans", "/subscription/plans"],
    ["rewards", "/rewards"],
    ["achievements", "/badges"],
    ["leaderboard", "/leaderboard"],
    ["interactive stories", "/interactive-stories"],
    ["interactive story", `/interactive-stories/${own.story}`],
    ["story player", `/interactive-stories/${own.story}/play`],
    ["reels", "/reels"],
    ["my reels", "/profile/reels"],
    ["make friends", "/users"],
    ["messages", "/messages"],
    ["conversation", `/messages/${own.chatPartner}`],
    ["notifications", "/notifications"],
    ["edit profile", "/settings/profile"],
    ["safety", "/settings/safety"],
    ["report illegal content", "/report-illegal-content"],
    ["profile", "/user/demo_reader"],
    ["profile by id", `/profile/${demo.demoReader}`],
    ["clubs", "/clubs"],
    ["discover clubs", "/clubs?tab=discover"],
    ["club", `/clubs/${demo.club}`],
    ["support", "/support"],
    ["own ticket", `/support/${own.ticket}`],
    ["my ads", "/ads/my-ads"],
    ["newsletter", "/admin/newsletter", "admin"],
    ["newsletter outbox", "/admin/newsletter?tab=outbox", "admin"],
    ["new newsletter issue", "/admin/newsletter?issue=new", "admin"],
    ["user ads", "/admin/ads/user-ads", "admin"],
    ["platform ads", "/admin/ads/platform-management", "admin"],
    ["ad settings", "/admin/ads/settings", "admin"],
    ["admin dashboard", "/admin/dashboard", "admin"],
    ["analytics", "/admin/analytics", "admin"],
    ["content management", "/admin/content-management", "admin"],
    ["content curation", "/admin/content-curation", "admin"],
    ["content metrics", "/admin/content-metrics", "superadmin"],
    ["revenue analytics", "/admin/revenue-analytics", "admin"],
    ["subscription management", "/admin/subscription-management", "superadmin"],
    ["VVIP control", "/admin/vvip-control", "superadmin"],
    ["admin permissions", "/admin/admin-permissions", "superadmin"],
    ["user management", "/admin/user-management", "superadmin"],
    ["user management person", `/admin/user-management/${demo.demoReader}`, "superadmin"],
    ["admin notifications", "/admin/notifications", "admin"],
    ["support queue", "/admin/support", "admin"],
    ["support ticket", `/admin/support/${demo.ticket}`, "admin"],
    ["support analytics", "/admin/support-analytics", "superadmin"],
    ["flagged content", "/admin/flagged-content", "admin"],
    ["flagged content, transparency", "/admin/flagged-content?tab=transparency", "admin"],
    ["flagged content, settings", "/admin/flagged-content?tab=settings", "admin"],
    ["flagged content review", "/admin/flagged-content-review", "admin"],
    ["reward rules", "/admin/rewards", "admin"],
    ["reward grants", "/admin/rewards?tab=grants", "admin"],
    ["stories dashboard", `/admin/stories/dashboard?story=${demo.story}`, "admin"],
    ["stat presets", "/admin/stat-presets", "admin"],
    ["create story", "/admin/stories/create", "admin"],
    ["story editor", `/admin/stories/${demo.story}/edit`, "admin"],
    ["reels management", "/admin/reels/management", "admin"],
    ["reels analytics", "/admin/reels/analytics", "admin"],
    ["admin tools", "/admin/tools", "admin"],
    ["admin tools, coming soon", "/admin/tools?tab=coming-soon", "admin"],
    ["fictitious users", "/admin/fictitious-users", "admin"],
    ["persona messages", `/admin/fictitious-users/${demo.persona}/messages?with=${demo.demoReader}`, "admin"],
    ["admin tools, jobs", "/admin/tools?tab=jobs", "admin"],
    ["admin tools, ledger check", "/admin/tools?tab=ledger", "admin"],
    ["admin tools, maintenance", "/admin/tools?tab=maintenance", "admin"],
    ["not found", "/no-such-page"],
  ];
}

let demo: DemoIds;
test.beforeAll(async ({ browser }) => {
  const [page] = await signedInPages(browser, "superadmin");
  if (!page) throw new Error("no page");
  demo = await demoIds(page);
  // A story in play, so that the superadmin's player shows a scene with its choices and stats.
  await callAs(page, "mutation", "stories.startPlay", { storyId: demo.story });
  await page.context().close();
});

for (const role of ["reader", "admin", "superadmin"] as const) {
  test(`every page passes axe as ${role === "admin" ? "an" : "a"} ${role}, light and dark`, async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const pages = await signedInPages(browser, role);
    const [first] = pages;
    if (!first) throw new Error("no page");
    const routes = routesFor(role, await appRoutes(first, demo));
    if (role === "reader") {
      // The payment provider's page (the sandbox's, drawn by the app) and the page coming back from
      // it, for a checkout of the reader's.
      const [coinPackage] = await callAs<Array<{ id: string }>>(first, "query", "coins.listCoinPackages");
      const checkout = await callAs<{ paymentId: string; checkoutUrl: string }>(
        first,
        "mutation",
        "payments.startCoinCheckout",
        { packageId: coinPackage?.id },
      );
      routes.push(
        ["sandbox checkout", new URL(checkout.checkoutUrl).pathname],
        ["payment to verify", `/subscription/verify?payment=${checkout.paymentId}`],
      );
    }
    const problems = await checkRoutes(pages, routes);
    await checkPhoneFrame(first, problems);
    await closeAll(pages);
    expect(problems).toEqual({});
  });
}

test("signed-out pages pass axe, light and dark", async ({ browser, page }) => {
  test.setTimeout(300_000);
  const problems: Record<string, string[]> = {};
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  // Every page that needs an account shows the landing page (decision 0007).
  Object.assign(
    problems,
    await checkRoutes(
      [page],
      [
        ["landing", "/"],
        ["report illegal content", "/report-illegal-content"],
        ["not found", "/no-such-page"],
      ],
    ),
  );
  await page.setViewportSize(PHONE);
  await open(page, "/");
  await checkInEveryScheme(page, "landing on a phone", problems);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The sign-in provider's pages: signing in (and its error), creating an account (and its errors),
  // choosing the account already signed in, and its message page.
  const check = (name: string) => checkInEveryScheme(page, name, problems);
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
  await expect(page.getByLabel("Email")).toBeVisible();
  await stopTransitions(page);
  await check("sign-in page");
  await fillSignInForm(page, "reader@demo.test", "not-the-password");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await check("sign-in page, wrong password");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByLabel("Display name")).toBeVisible();
  await check("sign-up page");
  await page.getByLabel("Email").fill("a11y-check@example.test");
  await page.getByLabel("Display name").fill("A");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: /create account/i }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await check("sign-up page, with errors");
  await page.goto("/oidc/interaction/no-such-interaction");
  await expect(page.getByRole("heading", { name: "Sign-in expired" })).toBeVisible();
  await check("sign-in message page");

  const chooser = await (await browser.newContext()).newPage();
  try {
    await chooser.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
    await chooser.goto("/");
    await signIn(chooser, "reader@demo.test");
    // The app forgets the person (another tab signed out, say) while the provider remembers them.
    await chooser.evaluate(() => localStorage.clear());
    await chooser.goto("/");
    await chooser.getByRole("button", { name: "Sign In", exact: true }).first().click();
    await expect(chooser.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await checkInEveryScheme(chooser, "account chooser", problems);
  } finally {
    await chooser.context().close();
  }

  // Before launch, signed-out visitors see the coming-soon page.
  await comingSoonOn(mainDataDir(), { title: "Opening night", launch: "June" });
  try {
    await showScheme(page, "light");
    await page.goto("/");
    await expect(comingSoonTitle(page)).toHaveText("Opening night");
    await stopTransitions(page);
    await checkInEveryScheme(page, "coming soon", problems);
  } finally {
    await comingSoonOff(mainDataDir());
  }
  expect(problems).toEqual({});
});
