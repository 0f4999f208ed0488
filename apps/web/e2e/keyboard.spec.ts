// A reader's journey with the keyboard alone, in light and in dark: open the menu, find a book,
// open it in the book reader, turn pages, change a reading setting and sign out. Every stop of the
// focus on the way must show a focus ring that stands out (3:1) from what is around it.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth.ts";
import { menu, menuButton } from "./support/page.ts";
import { ALL_SCHEMES } from "./support/screenshots.ts";

/** The contrast WCAG asks of a focus indicator against what is next to it. */
const FOCUS_RING_CONTRAST = 3;

interface FocusRing {
  /** What has the focus, for failure messages. */
  element: string;
  /** Why no ring could be seen, or null when one is. */
  problem: string | null;
  contrast: number;
}

/**
 * The focused element's ring: an outline, or a box shadow drawn as a ring, of the element itself
 * or, for a control drawn by its label (a visually hidden radio button in its tile), of that
 * label; and its contrast with the first opaque background behind it.
 */
function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(async () => {
    // Rings change with a transition (instant with reduced motion, but not within the frame of the
    // key press): two frames on, the ring is as it stays.
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused === document.documentElement) {
      return { element: "nothing", problem: "nothing has the focus", contrast: 0 };
    }
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.getAttribute("aria-label") ?? element.textContent ?? "")
        .trim()
        .slice(0, 40)}"`;
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    /** Any CSS colour (oklch, hex, rgb) as red, green, blue and alpha (0 to 255). */
    const rgba = (color: string): number[] => {
      if (!canvas) return [0, 0, 0, 0];
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data];
    };
    const luminance = ([red = 0, green = 0, blue = 0]: number[]) => {
      const linear = (channel: number) => {
        const value = channel / 255;
        return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
    };
    const box = focused.getBoundingClientRect();
    const drawn =
      box.width < 2 || box.height < 2 ? (focused.closest("label") ?? focused.parentElement) : focused;
    if (!drawn) return { element: describe(focused), problem: "not drawn", contrast: 0 };
    let behind = [255, 255, 255, 255];
    for (let element = drawn.parentElement; element; element = element.parentElement) {
      const background = rgba(getComputedStyle(element).backgroundColor);
      if (background[3] === 255) {
        behind = background;
        break;
      }
    }
    /** A colour as it shows over what is behind the ring, its transparency mixed in. */
    const shown = (color: number[]) => {
      const alpha = (color[3] ?? 0) / 255;
      return [0, 1, 2].map((index) => alpha * (color[index] ?? 0) + (1 - alpha) * (behind[index] ?? 0));
    };
    const style = getComputedStyle(drawn);
    const rings: number[][] = [];
    if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2) {
      rings.push(rgba(style.outlineColor));
    }
    // Box shadows drawn as rings (spread, no blur); the empty layers Tailwind composes are see-through.
    for (const layer of style.boxShadow === "none" ? [] : style.boxShadow.split(/,(?![^(]*\))/)) {
      const color = layer.match(/[a-z]+\([^)]*\)/)?.[0];
      const lengths = layer
        .replace(color ?? "", "")
        .trim()
        .split(/\s+/)
        .map(Number.parseFloat)
        .filter((length) => !Number.isNaN(length));
      const [, , blur = 0, spread = 0] = lengths;
      if (color && spread >= 2 && blur === 0) rings.push(rgba(color));
    }
    const contrasts = rings.map((ring) => {
      const [lighter, darker] = [luminance(shown(ring)), luminance(behind)].sort((a, b) => b - a);
      return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
    });
    const element = `${describe(focused)} (ring ${rings.map((ring) => `rgba(${ring})`).join(", ")} on rgba(${behind}))`;
    if (contrasts.length === 0) return { element, problem: "no outline or ring", contrast: 0 };
    return { element, problem: null, contrast: Math.max(...contrasts) };
  });
}

async function expectFocusRing(page: Page): Promise<void> {
  const ring = await focusRing(page);
  expect(ring.problem, `focus ring of ${ring.element}`).toBeNull();
  expect(ring.contrast, `focus ring contrast of ${ring.element}`).toBeGreaterThanOrEqual(FOCUS_RING_CONTRAST);
}

/** Presses `key` until `target` has the focus, checking the ring at every stop on the way. */
async function moveFocusTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", most = 80) {
  await expect(target).toBeVisible();
  const element = await target.elementHandle();
  if (!element) throw new Error("no element to focus");
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press(key);
    await expectFocusRing(page);
    if (await element.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`${most} presses of ${key} did not reach ${target}`);
}

// A tablet with a keyboard: below 1024 px the menu is a dialog behind the menu button.
test.use({ viewport: { width: 768, height: 1024 } });

for (const scheme of ALL_SCHEMES) {
  test(`a reader reads and signs out with the keyboard alone, ${scheme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    // A sign-in of its own: this journey ends it.
    await page.goto("/");
    await signIn(page, "reader@demo.test");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));

    // The menu, from the top of the page. Its name holds the unread count its badge shows.
    await moveFocusTo(page, menuButton(page));
    const badge = menuButton(page).getByTestId("unread-badge");
    await expect(badge).toBeVisible();
    await expect(menuButton(page)).toHaveAccessibleName(`Open menu, ${await badge.textContent()} unread`);
    await page.keyboard.press("Enter");
    await expect(menu(page)).toBeVisible();
    await moveFocusTo(page, menu(page).getByRole("link", { name: "Books", exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/explore" && url.searchParams.get("type") === "book");
    await expect(menu(page)).toHaveCount(0);

    // A book, found by searching for it.
    const search = page.getByRole("searchbox", { name: "Search titles" });
    await moveFocusTo(page, search);
    await page.keyboard.type("Moby");
    await page.keyboard.press("Enter");
    const card = page.getByTestId("content-card").filter({ hasText: "Moby-Dick" });
    await moveFocusTo(page, card);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/content\//);
    await moveFocusTo(page, page.getByTestId("primary-action"));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/read\//);
    const reader = page.getByTestId("book-reader");
    await expect(reader).toHaveAttribute("data-ready", "true");

    // Pages turn with the arrows and the space bar.
    const pageLabel = page.getByTestId("book-page-label");
    const first = await pageLabel.textContent();
    await page.keyboard.press("ArrowRight");
    await expect(pageLabel).not.toHaveText(first ?? "");
    const second = await pageLabel.textContent();
    await page.keyboard.press("Space");
    await expect(pageLabel).not.toHaveText(second ?? "");
    await page.keyboard.press("ArrowLeft");
    await expect(pageLabel).toHaveText(second ?? "");

    // Larger text, and the sepia theme, from the reading settings.
    await moveFocusTo(page, page.getByRole("button", { name: "Reading settings" }));
    await page.keyboard.press("Enter");
    const settings = page.getByRole("dialog", { name: "Reading settings" });
    await expect(settings).toBeVisible();
    const size = settings.getByRole("slider", { name: "Text size" });
    const before = Number(await size.getAttribute("aria-valuenow"));
    await moveFocusTo(page, settings.getByRole("button", { name: "Larger text" }));
    await page.keyboard.press("Enter");
    await expect(size).toHaveAttribute("aria-valuenow", String(before + 10));
    await moveFocusTo(page, settings.getByRole("radio", { checked: true }).first(), "Shift+Tab");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(settings.getByRole("radio", { name: "Sepia" })).toBeChecked();
    await expect(reader).toHaveAttribute("data-theme", "sepia");
    await page.keyboard.press("Escape");
    await expect(settings).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reading settings" })).toBeFocused();

    // Back to the title, then out through the menu: Shift+Tab from its first control wraps round
    // to its last, Sign Out.
    await moveFocusTo(page, page.getByRole("link", { name: "Back to Moby-Dick" }), "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/content\//);
    await moveFocusTo(page, menuButton(page));
    await page.keyboard.press("Enter");
    await expect(menu(page)).toBeVisible();
    await moveFocusTo(page, menu(page).getByRole("button", { name: "Sign Out" }), "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    await expect(page.getByRole("button", { name: "Sign In", exact: true }).first()).toBeVisible();
  });
}
