// What a pass looks like for each vendored W3C EPUB 3 reading-system test, read off the page our
// reader shows (epub-conformance.spec.ts imports the tests and runs these). Each test's own text
// ("Test passes if …") says what a person should see; a check here looks for the same thing in the
// page: the element, its box, its computed style, where a link leads. A test that cannot apply to
// Litverse by design is declined with the reason; one whose check is not written yet is pending.
// The table is keyed by the test's folder under fixtures/epub-tests: two tests share an identifier.
import { expect, type Locator, type Page } from "@playwright/test";
import { callAs } from "./api.ts";

/** One imported test publication, as a check sees it. */
export interface ImportedTest {
  /** The title's id, or null when the import was refused. */
  contentId: string | null;
  /** What `content:import` printed, notes included. */
  output: string;
  /** Why the import was refused, or null when it was not. */
  refusal: string | null;
  /** The title id of another test's publication, by folder (for tests that compare two books). */
  titleOf: (folder: string) => Promise<string | null>;
}

/** True: the test passes. A string: it fails, and this says what the page showed instead. */
export type CheckOutcome = boolean | string;

export type EpubCheck =
  | {
      check: (page: Page, test: ImportedTest) => Promise<CheckOutcome>;
      /** Rewrites the zipped publication before it is imported (a container the folder cannot hold). */
      archive?: (epub: Buffer) => Buffer;
    }
  | { declined: string }
  | { pending: string };

const CONTENT = '[data-testid="book-content"]';
const MATTER = '[data-testid="book-matter-content"]';

/** The check may go on only with a title; a refused import fails every test but ocf-zip-comp. */
function titleIdOf(test: ImportedTest): string {
  if (!test.contentId) throw new Error(`the import was refused: ${test.refusal ?? "no title id"}`);
  return test.contentId;
}

/** Opens one episode of the title and waits until the reader has laid it out. */
async function openEpisode(page: Page, test: ImportedTest, episode = 1): Promise<void> {
  await page.goto(`/read/${titleIdOf(test)}?episode=${episode}`);
  await page.locator('[data-testid="book-reader"][data-ready="true"]').waitFor();
}

async function openMatter(page: Page, test: ImportedTest, position: number): Promise<void> {
  await page.goto(`/read/${titleIdOf(test)}?matter=${position}`);
  await page.locator('[data-testid="book-matter"][data-ready="true"]').waitFor();
}

/** The text of what `selector` holds, white space collapsed. */
function textOf(page: Page, selector = CONTENT): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim());
}

function quote(text: string, length = 80): string {
  const short = text.length > length ? `${text.slice(0, length)}…` : text;
  return `“${short}”`;
}

/** Passes when the chapter shows every one of `wanted` and none of `unwanted`. */
function showsText(wanted: string[], unwanted: string[] = [], episode = 1) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test, episode);
    const text = await textOf(page);
    const missing = wanted.filter((part) => !text.includes(part));
    const shown = unwanted.filter((part) => text.includes(part));
    if (missing.length === 0 && shown.length === 0) return true;
    const problems = [
      ...missing.map((part) => `does not show ${quote(part)}`),
      ...shown.map((part) => `shows ${quote(part)}`),
    ];
    return `episode ${episode} ${problems.join(" and ")} (it reads ${quote(text)})`;
  };
}

interface TitleSummary {
  episodes: Array<{ number: number; title: string }>;
}
interface MatterSummary {
  placement: "front" | "back";
  position: number;
  title: string;
}

function episodesOf(page: Page, test: ImportedTest) {
  return callAs<TitleSummary>(page, "query", "content.getContent", { contentId: titleIdOf(test) }).then(
    (detail) => [...detail.episodes].sort((a, b) => a.number - b.number),
  );
}

function matterOf(page: Page, test: ImportedTest) {
  return callAs<MatterSummary[]>(page, "query", "content.listBookMatter", { contentId: titleIdOf(test) });
}

// ---------------------------------------------------------------------------------------------
// Pictures, sound, drawings and formulas in the chapter

/** Every picture in the chapter decoded, with a box on the page (and from `source`, when given). */
function showsPictures(options: { source?: RegExp } = {}) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    const pictures = await page.locator(`${CONTENT} img`).evaluateAll(async (images) => {
      const found = [];
      for (const image of images as HTMLImageElement[]) {
        await image.decode().catch(() => undefined);
        const box = image.getBoundingClientRect();
        found.push({
          src: image.getAttribute("src") ?? "",
          width: image.naturalWidth,
          shown: box.width > 0 && box.height > 0,
        });
      }
      return found;
    });
    if (pictures.length === 0) return "the chapter has no picture (no img element)";
    const broken = pictures.filter((picture) => picture.width === 0 || !picture.shown);
    if (broken.length > 0) return `picture ${broken[0]?.src} is not decoded or has no box`;
    const wrong = options.source && pictures.find((picture) => !options.source?.test(picture.src));
    if (wrong) return `the picture shown is ${wrong.src}, not the one the test expects`;
    return true;
  };
}

/** The chapter's audio element plays its file: the browser reads its length. */
function playsAudio() {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    const audio = page.locator(`${CONTENT} audio`);
    if ((await audio.count()) === 0) return "the chapter has no audio element: it was removed at import";
    const state = await audio.first().evaluate(async (element: HTMLAudioElement) => {
      if (element.readyState < 1) {
        await new Promise((resolve) => {
          element.addEventListener("loadedmetadata", resolve, { once: true });
          element.addEventListener("error", resolve, { once: true });
          element.load();
        });
      }
      return {
        duration: element.duration,
        error: element.error?.message ?? null,
        controls: element.controls,
      };
    });
    if (state.error || !(state.duration > 0))
      return `the audio does not load (${state.error ?? "no length"})`;
    if (!state.controls) return "the audio has no controls to play it with";
    return true;
  };
}

/** A formula laid out as MathML: a box of its own, and the exponent raised above its base. */
async function mathml(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  await openEpisode(page, test);
  return page.locator(CONTENT).evaluate((content) => {
    const math = content.querySelector("math");
    if (!math) return "the chapter has no math element";
    if (math.namespaceURI !== "http://www.w3.org/1998/Math/MathML") return "the math element is not MathML";
    const box = math.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return "the formula has no box";
    const power = math.querySelector("msup");
    const [base, exponent] = power ? [...power.children] : [];
    if (!base || !exponent) return "the formula has no msup with a base and an exponent";
    const baseBox = base.getBoundingClientRect();
    const exponentBox = exponent.getBoundingClientRect();
    if (exponentBox.height === 0) return "the exponent has no box";
    // A superscript sits higher than its base: drawn as plain text they would share a baseline.
    if (exponentBox.bottom >= baseBox.bottom - 1)
      return "the exponent is not raised: the formula reads as plain text";
    return true;
  });
}

/** A drawing in the chapter with a box, whose shapes are painted as the test says. */
function drawing(options: { fill: "star pattern" | "solid"; text?: string }) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    return page.locator(CONTENT).evaluate((content, wanted) => {
      const svg = content.querySelector("svg");
      if (!svg) return "the chapter has no svg element";
      const box = svg.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return "the drawing has no box";
      const shapes = [...svg.querySelectorAll("path")];
      if (shapes.length === 0) return "the drawing has no shapes";
      for (const shape of shapes) {
        const fill = getComputedStyle(shape).fill;
        const shapeBox = shape.getBoundingClientRect();
        if (shapeBox.width === 0 || shapeBox.height === 0) return "a shape of the drawing has no box";
        if (wanted.fill === "solid" && (fill === "none" || fill.startsWith("url("))) {
          return `a shape is filled with ${fill}, not a colour`;
        }
        if (wanted.fill === "star pattern") {
          // The book's style sheet names the drawing's own pattern; ids get the reader's prefix.
          const reference = /url\("?[^#")]*#([^")]+)"?\)/.exec(fill)?.[1];
          const pattern = reference ? document.getElementById(reference) : null;
          if (!reference) return `a shape is filled with ${fill}, not the star pattern`;
          if (!(pattern instanceof SVGPatternElement) || !svg.contains(pattern)) {
            return `the fill names #${reference}, which is not a pattern in the drawing`;
          }
        }
      }
      if (wanted.text) {
        const label = [...svg.querySelectorAll("text")].find((text) =>
          text.textContent?.includes(wanted.text ?? ""),
        );
        const labelBox = label?.getBoundingClientRect();
        if (!labelBox || labelBox.width === 0) return `the drawing does not show ${wanted.text}`;
      }
      return true;
    }, options);
  };
}

/**
 * The picture of an SVG file that carries its own style: it must be painted by that style (solid
 * green), not by the chapter's (a star pattern), which must not reach inside a picture.
 */
async function referencedDrawingKeepsItsStyle(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  await openEpisode(page, test);
  return page
    .locator(`${CONTENT} img`)
    .first()
    .evaluate(async (image: HTMLImageElement) => {
      await image.decode().catch(() => undefined);
      if (image.naturalWidth === 0) return "the picture is not decoded";
      const canvas = document.createElement("canvas");
      canvas.width = 400;
      canvas.height = Math.max(1, Math.round((400 * image.naturalHeight) / image.naturalWidth));
      const context = canvas.getContext("2d");
      if (!context) return "no canvas to look at the picture with";
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      let solidGreen = 0;
      for (let index = 0; index < data.length; index += 4) {
        const [red = 0, green = 0, blue = 0, alpha = 0] = data.subarray(index, index + 4);
        if (alpha < 16 || (red > 240 && green > 240 && blue > 240)) continue;
        painted++;
        if (alpha > 240 && red < 30 && blue < 30 && green > 100 && green < 160) solidGreen++;
      }
      if (painted === 0) return "the picture is blank";
      // Painted with the pattern of half-transparent stars, next to no pixel is opaque green; painted
      // solid, all are but the smoothed edges of the thin shapes.
      const share = solidGreen / painted;
      return share > 0.5 ? true : `only ${Math.round(share * 100)}% of the painted pixels are solid green`;
    });
}

// ---------------------------------------------------------------------------------------------
// Fonts

/**
 * The book's font face (its family renamed by the importer, so matched by `includes`) loads, and
 * the element the test styles uses it; or, with `loads: false`, no such face is ever loaded.
 */
function bookFont(family: string, selector: string, loads = true) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    const state = () =>
      page.evaluate(
        async ({ family, selector }) => {
          await document.fonts.ready;
          const faces = [...document.fonts].filter((face) => face.family.includes(family));
          const element = document.querySelector(`[data-testid="book-content"] ${selector}`);
          return {
            statuses: faces.map((face) => face.status),
            used: element ? getComputedStyle(element).fontFamily : null,
          };
        },
        { family, selector },
      );
    if (!loads) {
      const { statuses } = await state();
      return statuses.includes("loaded") ? `the font face of ${family} loaded and is used` : true;
    }
    // The face starts to load once laid-out text uses it: wait for that load to settle either way.
    await page
      .waitForFunction(
        (name) =>
          [...document.fonts].some(
            (face) => face.family.includes(name) && (face.status === "loaded" || face.status === "error"),
          ),
        family,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    const found = await state();
    if (found.used === null) return `the chapter has no ${selector}`;
    if (found.statuses.length === 0) return `no font face of the family ${family} is in the page`;
    if (!found.statuses.includes("loaded"))
      return `the font face of ${family} is ${found.statuses.join(", ")}`;
    const first = found.used.split(",")[0] ?? "";
    if (!first.includes(family)) return `${selector} is set in ${found.used}, not the book's ${family}`;
    return true;
  };
}

// ---------------------------------------------------------------------------------------------
// CSS: the prefixed properties EPUB defines must act as the standard ones

interface StyleCase {
  /** What the test calls it, for the reason. */
  label: string;
  /** Inside the chapter's content. */
  selector: string;
  property: string;
  /** The standard value the element must compute as. */
  value: string;
}

/**
 * Each element computes `property` as an element given the standard `value` would. A probe of the
 * same kind beside the element gives the browser's own serialisation of that value.
 */
function computesAs(cases: StyleCase[]) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    const problems = await page.locator(CONTENT).evaluate((content, list) => {
      const found: string[] = [];
      for (const { label, selector, property, value } of list) {
        const element = content.querySelector(selector);
        if (!element?.parentElement) {
          found.push(`${label}: no ${selector}`);
          continue;
        }
        if (!CSS.supports(property, value)) {
          found.push(`${label}: the browser does not support ${property}: ${value}`);
          continue;
        }
        const probe = document.createElement(element.localName);
        probe.style.setProperty(property, value);
        element.parentElement.append(probe);
        const wanted = getComputedStyle(probe).getPropertyValue(property);
        probe.remove();
        const actual = getComputedStyle(element).getPropertyValue(property);
        if (actual !== wanted) found.push(`${label}: ${property} is ${actual}, wants ${wanted}`);
      }
      return found;
    }, cases);
    return problems.length === 0 ? true : problems.join("; ");
  };
}

/** Inside the second or a later document of a chapter (the importer wraps each in a part). */
const LATER_DOCUMENTS = '[id^="book-lv-part-"] *';

/** Cases for paragraphs told apart by the prefixed declaration in their style attribute. */
function inlineCases(prefixed: string, property: string, values: Array<[string, string]>): StyleCase[] {
  return values.map(([written, standard], index) => ({
    label: `block ${index + 1}`,
    // The importer may write the standard property for the prefixed one: either spelling matches.
    selector: `p[style*="${prefixed.replace(/^-epub-/, "")}: ${written}"]`,
    property,
    value: standard,
  }));
}

// ---------------------------------------------------------------------------------------------
// The reader's own interface: contents, title page, links, page order

/** Opens the reader's contents panel; the rows of its episode list, with where each leads. */
async function contentsRows(page: Page): Promise<Array<{ text: string; href: string; marker: string }>> {
  await page.getByRole("button", { name: "Contents", exact: true }).first().click();
  const list = page.getByTestId("episode-sheet");
  await list.waitFor();
  return list.getByTestId("episode-row").evaluateAll((rows) =>
    rows.map((row) => ({
      text: (row.textContent ?? "").replace(/\s+/g, " ").trim(),
      href: row.getAttribute("href") ?? "",
      marker: getComputedStyle(row.closest("li") ?? row).listStyleType,
    })),
  );
}

/**
 * The table of contents in the reader's own panel lists `labels` in order, each leading to the
 * episode of the same number, and drawn without list numbering.
 */
function contentsList(labels: string[]) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    const rows = await contentsRows(page);
    const titles = (await episodesOf(page, test)).map((episode) => episode.title);
    const problems: string[] = [];
    labels.forEach((label, index) => {
      const row = rows[index];
      if (!row) problems.push(`entry ${index + 1} is missing`);
      else if (!row.text.includes(label)) {
        problems.push(`entry ${index + 1} reads ${quote(titles[index] ?? row.text)}, wants ${quote(label)}`);
      } else if (!row.href.endsWith(`episode=${index + 1}`)) {
        problems.push(`entry ${index + 1} leads to ${row.href}`);
      }
    });
    if (rows.length > labels.length)
      problems.push(`the panel lists ${rows.length} entries, wants ${labels.length}`);
    const numbered = rows.find((row) => row.marker !== "none");
    if (numbered) problems.push(`the list draws ${numbered.marker} markers`);
    await page.keyboard.press("Escape");
    return problems.length === 0 ? true : problems.join("; ");
  };
}

/** Choosing an entry of the contents panel opens the episode it names, showing `text`. */
function contentsLeadTo(label: string, episode: number, text: string) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    await contentsRows(page);
    await page
      .getByTestId("episode-sheet")
      .getByTestId("episode-row")
      .filter({ hasText: label })
      .first()
      .click();
    await page.waitForURL(new RegExp(`episode=${episode}$`), { timeout: 5_000 }).catch(() => undefined);
    if (!page.url().endsWith(`episode=${episode}`)) return `choosing ${quote(label)} opened ${page.url()}`;
    await page.locator(`[data-testid="book-reader"][data-episode="${episode}"][data-ready="true"]`).waitFor();
    const shown = await textOf(page);
    return shown.includes(text) ? true : `episode ${episode} does not show ${quote(text)}`;
  };
}

/**
 * The navigation document in the reading order is shown (as a page of front matter) without the
 * entry it hides, while the reader's own contents list every entry.
 */
function hiddenEntryStaysHidden(hidden: string) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    const listed = await contentsList(["The first link", "The second link"])(page, test);
    if (listed !== true) return `the reader's contents: ${listed}`;
    const navPage = (await matterOf(page, test)).find((matter) => matter.placement === "front");
    if (!navPage) return "the navigation document in the spine is not shown as a page";
    await openMatter(page, test, navPage.position);
    const first = page.locator(MATTER).getByText("The first link");
    const second = page.locator(MATTER).getByText(hidden);
    if (!(await first.isVisible())) return "the rendered navigation document does not show its first link";
    if ((await second.count()) > 0 && (await second.isVisible())) {
      return "the rendered navigation document shows the entry it hides";
    }
    return true;
  };
}

interface TitlePage {
  title: string;
  author: string;
  titleDirection: string;
  authorDirection: string;
}

/** The title's page in the catalogue: its heading and the author line under it. */
async function titlePage(page: Page, test: ImportedTest): Promise<TitlePage> {
  await page.goto(`/content/${titleIdOf(test)}`);
  const heading = page.getByRole("heading", { level: 1 }).first();
  await heading.waitFor();
  return heading.evaluate((element) => {
    // "by <span>author</span>" is the paragraph under the heading.
    const author = element.nextElementSibling?.querySelector("span") ?? null;
    return {
      title: element.textContent ?? "",
      author: author?.textContent ?? "",
      titleDirection: getComputedStyle(element).direction,
      authorDirection: author ? getComputedStyle(author).direction : "",
    };
  });
}

/** The title as the reader's top bar shows it, and its direction there. */
async function readerTitleDirection(page: Page, test: ImportedTest, title: string): Promise<string> {
  await openEpisode(page, test);
  return page
    .locator('[data-testid="book-reader"] header')
    .getByText(title, { exact: true })
    .first()
    .evaluate((element) => getComputedStyle(element).direction);
}

/**
 * The title containing right-to-left text is laid out in `direction`, on the title's page and in
 * the reader's top bar: rtl when the package asks for it, ltr where the test says it must display
 * "incorrectly" (dir="auto" resolving on the leading Latin letters, or no direction given).
 */
function titleDirection(direction: "ltr" | "rtl", title: string) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    const shown = await titlePage(page, test);
    if (shown.title !== title) return `the title shows as ${quote(shown.title)}`;
    const inReader = await readerTitleDirection(page, test, title);
    const problems = [
      ...(shown.titleDirection === direction
        ? []
        : [`the title page lays the title out ${shown.titleDirection}`]),
      ...(inReader === direction ? [] : [`the reader's top bar lays it out ${inReader}`]),
    ];
    return problems.length === 0 ? true : `${problems.join("; ")} (wants ${direction})`;
  };
}

/**
 * Moving on with the reader's key for "next chapter" in the book's direction (Ctrl with the arrow
 * that points the way pages go) shows the documents in spine order, each with its text.
 */
function pageProgression(arrow: "ArrowLeft" | "ArrowRight", texts: string[]) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    const first = await textOf(page);
    if (!first.includes(texts[0] ?? "")) return `episode 1 does not show ${quote(texts[0] ?? "")}`;
    for (let episode = 2; episode <= texts.length; episode++) {
      await page.keyboard.press(`Control+${arrow}`);
      const arrived = await page
        .locator(`[data-testid="book-reader"][data-episode="${episode}"][data-ready="true"]`)
        .waitFor({ timeout: 4_000 })
        .then(() => true)
        .catch(() => false);
      if (!arrived) {
        const key = arrow === "ArrowLeft" ? "←" : "→";
        const runs = await page.locator(CONTENT).evaluate((content) => content.parentElement?.dir ?? "");
        return `from episode ${episode - 1}, Ctrl+${key} does not move on to the next document (its pages run ${runs})`;
      }
      const shown = await textOf(page);
      const wanted = texts[episode - 1] ?? "";
      if (!shown.includes(wanted)) return `episode ${episode} does not show ${quote(wanted)}`;
    }
    return true;
  };
}

/** Following the chapter's link `label` leads to `where`, which shows `text`. */
function linkLeadsTo(label: string, where: { episode: number } | { matter: number }, text: string) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    const before = page.url();
    await page.locator(CONTENT).getByRole("link", { name: label }).click();
    await page.waitForURL((url) => url.href !== before, { timeout: 5_000 }).catch(() => undefined);
    const target = "episode" in where ? `episode=${where.episode}` : `matter=${where.matter}`;
    if (!page.url().endsWith(target))
      return `the link leads to ${new URL(page.url()).search || "nowhere"}, not ?${target}`;
    const selector = "episode" in where ? CONTENT : MATTER;
    if ("episode" in where) {
      await page
        .locator(`[data-testid="book-reader"][data-episode="${where.episode}"][data-ready="true"]`)
        .waitFor();
    } else {
      await page.locator('[data-testid="book-matter"][data-ready="true"]').waitFor();
    }
    const shown = await textOf(page, selector);
    return shown.includes(text) ? true : `the page it opens does not show ${quote(text)}`;
  };
}

/**
 * Following an outside link (web or mail) must ask the reader first. The app's click handlers run
 * before one on the window; whatever they decide, the window's handler stops the browser from
 * actually leaving, so nothing outside the test machine is contacted.
 */
function asksBeforeLeaving(scheme: "https:" | "mailto:") {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    await openEpisode(page, test);
    const link = page.locator(`${CONTENT} a[href^="${scheme}"]`).first();
    if ((await link.count()) === 0) return `the chapter has no ${scheme} link`;
    const outcome = await link.evaluate(
      (element: HTMLAnchorElement) =>
        new Promise<{ prevented: boolean; target: string }>((resolve) => {
          window.addEventListener(
            "click",
            (event) => {
              resolve({ prevented: event.defaultPrevented, target: element.target });
              event.preventDefault();
            },
            { once: true },
          );
          element.click();
        }),
    );
    if (!outcome.prevented) {
      const how = outcome.target === "_blank" ? " (target=_blank)" : "";
      return `following the link hands it to the browser at once${how}, without asking the reader`;
    }
    const question = page.getByRole("alertdialog").or(page.getByRole("dialog"));
    const asked = await question
      .first()
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (asked) await page.keyboard.press("Escape");
    return asked ? true : "following the link does nothing: no question, no new tab";
  };
}

/** A note reference opens its note in the reader's own popover. */
async function footnotePopover(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  await openEpisode(page, test);
  await page.locator(`${CONTENT} a[data-type="noteref"]`).first().click();
  const popover = page.getByTestId("note-popover");
  const shown = await popover
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!shown) return "following the note reference opens no popover";
  const text = ((await popover.textContent()) ?? "").replace(/\s+/g, " ");
  return text.includes("This text is meant to appear as a footnote.")
    ? true
    : `the popover shows ${quote(text)}, not the footnote`;
}

/** Waits until the page has drawn two more frames: long enough for a click's popover to appear. */
function twoFrames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * A title element marked as a footnote is no footnote: the second document's reference to it must
 * open nothing. The first document's real footnote shows that a popover would appear in time.
 */
async function footnoteOnTitleIgnored(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  const real = await footnotePopover(page, test);
  if (real !== true) return `the first page's real footnote: ${real}`;
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("note-popover")).toHaveCount(0);
  const reference = page.locator(`${CONTENT} #book-lv-part-2 a[data-type="noteref"]`);
  if ((await reference.count()) === 0) return "the second document's note reference is missing";
  await reference.click();
  await twoFrames(page);
  await twoFrames(page);
  const popover = page.getByTestId("note-popover");
  if ((await popover.count()) === 0) return true;
  const text = ((await popover.textContent()) ?? "").replace(/\s+/g, " ").trim();
  return `the second document's reference opens a popover showing ${quote(text)}`;
}

/** Nothing in the chapter or its loading reaches outside the app: no remote or file resource. */
async function loadsNothingOutside(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  const origin = new URL(page.url()).origin;
  const outside: string[] = [];
  const onRequest = (request: { url: () => string }) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) outside.push(url);
  };
  page.on("request", onRequest);
  // Whatever would leave the machine is answered here instead, so a failure costs no network.
  await page.route(
    (url) => url.origin !== origin && url.protocol !== "data:" && url.protocol !== "blob:",
    (route) => route.abort(),
  );
  try {
    await openEpisode(page, test);
    const embedded = await page
      .locator(CONTENT)
      .evaluate((content) =>
        [...content.querySelectorAll("[src], iframe, object, embed, link, script")]
          .map((element) => element.getAttribute("src") ?? element.localName)
          .filter((source) => !source.startsWith("/") && !source.startsWith(location.origin)),
      );
    const red = await page
      .locator(`${CONTENT} .pub-paint_red`)
      .evaluateAll(
        (elements) =>
          elements.filter((element) => getComputedStyle(element).color === "rgb(255, 0, 0)").length,
      );
    const problems = [
      ...outside.map((url) => `requested ${url}`),
      ...embedded.map((source) => `the chapter embeds ${source}`),
      ...(red > 0 ? ["the remote style sheet applies (the text is red)"] : []),
    ];
    return problems.length === 0 ? true : problems.join("; ");
  } finally {
    page.off("request", onRequest);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
}

/** An error must be reported for a malformed document: at import, or on the page. */
function reportsXmlError(phrase: string) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    if (test.refusal) return true;
    if (/not well-formed|malformed|invalid xml|xml error|could not be parsed/i.test(test.output)) return true;
    await openEpisode(page, test);
    const text = await textOf(page);
    if (/error/i.test(text.replace(phrase, ""))) return true;
    return "the book imported with no error or note, and the page reads as if nothing were wrong";
  };
}

// ---------------------------------------------------------------------------------------------
// The container

/**
 * The folder is zipped with Deflate, as the container requires; the test needs a container that
 * uses another method. The content document's entry is marked as compressed with bzip2 (method
 * 12) in both its local header and the central directory: a reader must refuse the book.
 */
function markBzip2(epub: Buffer): Buffer {
  const zip = Buffer.from(epub);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let entry = zip.readUInt32LE(end + 16);
  for (let index = 0; index < count; index++) {
    const nameLength = zip.readUInt16LE(entry + 28);
    const extraLength = zip.readUInt16LE(entry + 30);
    const commentLength = zip.readUInt16LE(entry + 32);
    const name = zip.toString("utf8", entry + 46, entry + 46 + nameLength);
    if (name.endsWith(".xhtml") && !name.endsWith("nav.xhtml")) {
      zip.writeUInt16LE(12, entry + 10);
      zip.writeUInt16LE(12, zip.readUInt32LE(entry + 42) + 8);
      return zip;
    }
    entry += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error("no content document in the archive");
}

// ---------------------------------------------------------------------------------------------
// Read-along: a chapter's recorded narration (its media overlay), played phrase by phrase

const READ_ALONG_BAR = '[data-testid="read-along-bar"]';
const NARRATION = '[data-testid="book-reader"] main audio';

/** What the narration's audio element did since `listenToNarration` (times in seconds). */
interface NarrationLog {
  /** The files it played, in order. */
  sources: string[];
  /** Where each start of playback began. */
  starts: number[];
  /** Where each pause left it: the last one is where the narration stopped. */
  pauses: number[];
  error: string | null;
}

/** Starts a log of the narration's audio element, kept on the window (see `narrationLog`). */
async function listenToNarration(page: Page): Promise<void> {
  await page.locator(NARRATION).evaluate((audio: HTMLAudioElement) => {
    const log: NarrationLog = { sources: [], starts: [], pauses: [], error: null };
    audio.addEventListener("playing", () => {
      log.starts.push(audio.currentTime);
      if (log.sources.at(-1) !== audio.currentSrc) log.sources.push(audio.currentSrc);
    });
    audio.addEventListener("pause", () => log.pauses.push(audio.currentTime));
    audio.addEventListener("error", () => {
      log.error = audio.error?.message || `media error ${audio.error?.code ?? ""}`.trim();
    });
    (window as unknown as { narrationLog: NarrationLog }).narrationLog = log;
  });
}

function narrationLog(page: Page): Promise<NarrationLog> {
  return page.evaluate(() => (window as unknown as { narrationLog: NarrationLog }).narrationLog);
}

/** The narration's audio element as it is now. */
function narrationState(page: Page) {
  return page.locator(NARRATION).evaluate((audio: HTMLAudioElement) => ({
    src: audio.currentSrc,
    time: audio.currentTime,
    paused: audio.paused,
    error: audio.error?.message ?? null,
  }));
}

/** Resolves true once `locator` is there, false after `timeout` ms. */
function appears(locator: Locator, timeout: number): Promise<boolean> {
  return locator
    .first()
    .waitFor({ timeout })
    .then(() => true)
    .catch(() => false);
}

/**
 * Presses the bar's "Read along" (a user gesture, which lets the browser play) and waits until it
 * reads "Pause read-along"; a string says why the narration did not start.
 */
async function startReadAlong(page: Page): Promise<true | string> {
  const bar = page.locator(READ_ALONG_BAR);
  if ((await bar.count()) === 0) return "the chapter shows no read-along bar";
  await bar.getByRole("button", { name: "Read along", exact: true }).click();
  if (await appears(bar.getByRole("button", { name: "Pause read-along", exact: true }), 5_000)) return true;
  const state = await narrationState(page);
  return `pressing “Read along” does not start the narration (the audio is ${state.paused ? "paused" : "playing"}${state.error ? `: ${state.error}` : ""})`;
}

/** Seconds as the SMIL file writes a clock value, for the reasons. */
const clock = (seconds: number) => `${seconds.toFixed(2)} s`;

/**
 * mol-audio: the one narrated phrase (`#first`, clipBegin 29.268 s, clipEnd 44.783 s of a longer
 * file) is read from its start to its end and no further. Played at 2× to keep the check short:
 * the clip still plays in full, from the same file positions.
 */
async function readsClipToItsEnd(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  const [clipBegin, clipEnd] = [29.268, 44.783];
  const narrated = (await episodesOf(page, test)).find((episode) => /Media Overlay/i.test(episode.title));
  await openEpisode(page, test, narrated?.number ?? 2);
  const bar = page.locator(READ_ALONG_BAR);
  if ((await bar.count()) === 0) return "the chapter with the media overlay shows no read-along bar";
  await bar.getByRole("combobox", { name: "Read-along speed" }).selectOption("2");
  await listenToNarration(page);
  const started = await startReadAlong(page);
  if (started !== true) return started;
  const phrase = page.locator(`${CONTENT} #book-first`);
  const marked = await appears(page.locator(`${CONTENT} #book-first.book-read-along-active`), 3_000);
  if (!marked) {
    const other = await page.locator(`${CONTENT} .book-read-along-active`).count();
    return other > 0 ? "another element than #first is marked as spoken" : "no element is marked as spoken";
  }
  // The clip lasts 15.5 s, under 8 s at 2×; then the bar offers "Read along" again.
  const ended = await appears(bar.getByRole("button", { name: "Read along", exact: true }), 15_000);
  const log = await narrationLog(page);
  if (log.error) return `the narration's audio failed: ${log.error}`;
  if (!ended)
    return `the narration did not stop at clipEnd: it is at ${clock((await narrationState(page)).time)}`;
  const from = log.starts[0] ?? Number.NaN;
  const to = log.pauses.at(-1) ?? Number.NaN;
  const problems = [
    ...(log.sources.length === 1 ? [] : [`it played ${log.sources.length} files: ${log.sources.join(", ")}`]),
    ...(Math.abs(from - clipBegin) <= 0.25 ? [] : [`it started at ${clock(from)}, not at clipBegin`]),
    ...(to >= clipEnd - 0.25 ? [] : [`it stopped at ${clock(to)}, before clipEnd: the phrase was cut short`]),
    ...(to <= clipEnd + 0.5 ? [] : [`it stopped at ${clock(to)}: more than the phrase was read`]),
    ...((await phrase.getAttribute("class"))?.includes("book-read-along-active")
      ? ["the phrase stays marked after the narration ended"]
      : []),
  ];
  await page.waitForTimeout(500);
  if (!(await narrationState(page)).paused) problems.push("the audio plays on after the phrase");
  return problems.length === 0
    ? true
    : `${problems.join("; ")} (clipBegin ${clock(clipBegin)}, clipEnd ${clock(clipEnd)})`;
}

/**
 * mol-navigation: while chapter 1 is read along, choosing "Chapter 2" in the contents must carry
 * the narration there: chapter 2 plays, its own phrases marked, from its own audio file.
 */
async function narrationFollowsContents(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  await openEpisode(page, test, 1);
  const started = await startReadAlong(page);
  if (started !== true) return `chapter 1: ${started}`;
  const spokenInFirst = await appears(page.locator(`${CONTENT} .book-read-along-active`), 3_000);
  if (!spokenInFirst) return "chapter 1 plays, but no element is marked as spoken";
  await contentsRows(page);
  const first = await narrationState(page);
  if (first.paused) return "opening the contents pauses chapter 1's narration";
  await page
    .getByTestId("episode-sheet")
    .getByTestId("episode-row")
    .filter({ hasText: "Chapter 2" })
    .first()
    .click();
  const opened = await appears(
    page.locator('[data-testid="book-reader"][data-episode="2"][data-ready="true"]'),
    5_000,
  );
  if (!opened) return "choosing “Chapter 2” in the contents does not open chapter 2";
  const bar = page.locator(READ_ALONG_BAR);
  if ((await bar.count()) === 0) return "chapter 2 shows no read-along bar";
  const playing = await appears(bar.getByRole("button", { name: "Pause read-along", exact: true }), 4_000);
  const now = await narrationState(page);
  if (!playing) {
    return (
      "choosing “Chapter 2” in the contents while chapter 1 was read along stops the narration: " +
      `chapter 2 opens with its bar offering “Read along”, and the audio is ${now.paused ? "paused" : "playing"}` +
      (now.src ? ` (${now.src.split("/").pop()} at ${clock(now.time)})` : " with no file")
    );
  }
  const spoken = page.locator(`${CONTENT} .book-read-along-active`);
  if (!(await appears(spoken, 3_000))) return "chapter 2 plays, but no element of it is marked as spoken";
  const text = await textOf(page, `${CONTENT} .book-read-along-active`);
  if (!/Chapter 2|this page plays/.test(text))
    return `chapter 2 plays, but the phrase marked reads ${quote(text)}`;
  if (now.src === first.src) return `chapter 2 plays chapter 1's audio file (${now.src.split("/").pop()})`;
  await page.waitForTimeout(300);
  const later = await narrationState(page);
  return later.time > now.time
    ? true
    : `chapter 2's audio does not move on (it stays at ${clock(later.time)})`;
}

const NO_OVERLAY_SPEECH =
  "passes only if the overlay's phrases that have no recorded audio are spoken with speech synthesis; " +
  "Litverse's read-along plays recorded narration only (a phrase without audio is skipped, so this " +
  "chapter offers no read-along), and its separate read-aloud speaks the whole chapter with the " +
  "device's voice, not the overlay";

// ---------------------------------------------------------------------------------------------
// Fixed layout: pages of the size the book declares, paired into spreads

const FIXED = '[data-testid="fixed-layout"]';

interface ShownPage {
  /** The page's number in the book, from the layout's `data-spread`. */
  number: number;
  /** Its box on the screen, scaled. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The size it is laid out at, before scaling: the CSS width and height of the page box. */
  width: string;
  height: string;
  overflow: string;
  text: string;
}

interface ShownSpread {
  /** `data-spread` as the layout writes it: "1", "2,3", "-,1". */
  spread: string;
  /** The halves the spread has (one or two), the empty one included. */
  slots: number;
  pages: ShownPage[];
  /** The middle of the area the spread is laid out in. */
  middle: number;
  /** That area's top and bottom. */
  top: number;
  bottom: number;
}

/** The spread on screen now: its pages, where they are and at what size they are laid out. */
async function shownSpread(page: Page): Promise<ShownSpread> {
  await page.locator(`${FIXED}[data-ready="true"]`).waitFor();
  // The pages' fonts settle their text before anything is measured.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.locator(FIXED).evaluate((main) => {
    const spread = main.getAttribute("data-spread") ?? "";
    const slots = spread.split(",").filter(Boolean);
    const numbers = slots.filter((slot) => slot !== "-").map(Number);
    const boxes = [...main.querySelectorAll<HTMLElement>('[data-testid="fixed-page"]')];
    // The page's frame sits in the row that centres the spread in the stage.
    const row = boxes[0]?.parentElement?.parentElement ?? main;
    const area = row.getBoundingClientRect();
    return {
      spread,
      slots: slots.length,
      middle: (area.left + area.right) / 2,
      top: area.top,
      bottom: area.bottom,
      pages: boxes.map((box, index) => {
        const rect = box.getBoundingClientRect();
        const style = getComputedStyle(box);
        return {
          number: numbers[index] ?? 0,
          left: rect.left,
          right: rect.right,
          top: rect.top,
          bottom: rect.bottom,
          width: style.width,
          height: style.height,
          overflow: style.overflow,
          text: (box.textContent ?? "").replace(/\s+/g, " ").trim(),
        };
      }),
    };
  });
}

/** Turns to the next spread with the footer's "Next page"; false once past the last page. */
async function nextSpread(page: Page): Promise<boolean> {
  const layout = page.locator(FIXED);
  const before = (await layout.getAttribute("data-spread")) ?? "";
  await layout.locator("footer").getByRole("button", { name: "Next page", exact: true }).click();
  await page.waitForFunction(
    ({ selector, before }) => {
      const main = document.querySelector(selector);
      const label = document.querySelector('[data-testid="fixed-page-label"]')?.textContent ?? "";
      return main?.getAttribute("data-spread") !== before || label === "End of chapter";
    },
    { selector: FIXED, before },
    { timeout: 3_000 },
  );
  return (await page.getByTestId("fixed-page").count()) > 0;
}

/** Every spread of the book's one episode, in reading order, turning with "Next page". */
async function allSpreads(page: Page, test: ImportedTest): Promise<ShownSpread[]> {
  await openEpisode(page, test);
  const spreads = [await shownSpread(page)];
  for (let turn = 0; turn < 12 && (await nextSpread(page)); turn++) spreads.push(await shownSpread(page));
  return spreads;
}

const spreadList = (spreads: ShownSpread[]) => spreads.map((spread) => `[${spread.spread}]`).join(" ");

/** The spread that shows page `number`, with that page; or a reason. */
function findPage(
  spreads: ShownSpread[],
  number: number,
): { spread: ShownSpread; shown: ShownPage } | string {
  for (const spread of spreads) {
    const shown = spread.pages.find((candidate) => candidate.number === number);
    if (shown) return { spread, shown };
  }
  return `page ${number} is never shown (the spreads are ${spreadList(spreads)})`;
}

/** Which half of its spread's area a page is in, by where its box lies against the middle. */
function sideOf(spread: ShownSpread, shown: ShownPage): "left" | "right" | "centre" {
  if (shown.right <= spread.middle + 1) return "left";
  if (shown.left >= spread.middle - 1) return "right";
  return "centre";
}

/** Page `number` is one half of a two-page spread, the `side` half. */
function pageOnSide(number: number, side: "left" | "right") {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    const spreads = await allSpreads(page, test);
    const found = findPage(spreads, number);
    if (typeof found === "string") return found;
    const { spread, shown } = found;
    if (spread.slots !== 2) {
      return `page ${number} is shown alone (spread [${spread.spread}]), not as one half of a spread (the spreads are ${spreadList(spreads)})`;
    }
    const actual = sideOf(spread, shown);
    return actual === side
      ? true
      : `page ${number} is on the ${actual} of its spread [${spread.spread}], wants the ${side}`;
  };
}

/** Pages `left` and `right` form one spread: side by side, touching, in that order. */
function pagesFormSpread(left: number, right: number) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    const spreads = await allSpreads(page, test);
    const found = findPage(spreads, left);
    if (typeof found === "string") return found;
    const partner = found.spread.pages.find((candidate) => candidate.number === right);
    if (!partner)
      return `page ${left} is not in a spread with page ${right} (the spreads are ${spreadList(spreads)})`;
    const problems = [
      ...(sideOf(found.spread, found.shown) === "left" ? [] : [`page ${left} is not on the left`]),
      ...(sideOf(found.spread, partner) === "right" ? [] : [`page ${right} is not on the right`]),
      ...(Math.abs(found.shown.right - partner.left) <= 2 && Math.abs(found.shown.top - partner.top) <= 2
        ? []
        : [`pages ${left} and ${right} do not meet at the spine`]),
    ];
    return problems.length === 0 ? true : problems.join("; ");
  };
}

/** Page `number` is shown alone, in the middle of the screen. */
function pageCentred(number: number) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    const spreads = await allSpreads(page, test);
    const found = findPage(spreads, number);
    if (typeof found === "string") return found;
    const { spread, shown } = found;
    if (spread.slots !== 1) return `page ${number} is shown in the spread [${spread.spread}], not alone`;
    const offset = (shown.left + shown.right) / 2 - spread.middle;
    return Math.abs(offset) <= 2 ? true : `page ${number} is ${Math.round(offset)} px off the middle`;
  };
}

/** No spread pairs two pages (the book declares `rendition:spread` none). */
async function noSpreads(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  const spreads = await allSpreads(page, test);
  const paired = spreads.filter((spread) => spread.slots > 1);
  if (paired.length === 0) return true;
  return (
    `the book declares rendition:spread none, but pages ${paired.map((spread) => spread.spread).join(" and ")} ` +
    `are shown side by side (the spreads are ${spreadList(spreads)})`
  );
}

/**
 * Each document is one whole page, in spine order: pages 1 to `count` each shown once, at the size
 * the document declares, inside the screen, with the document's own text.
 */
function onePagePerDocument(count: number, size: { width: number; height: number }) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    const spreads = await allSpreads(page, test);
    const order = spreads.flatMap((spread) =>
      [...spread.pages].sort((a, b) => a.left - b.left).map((shown) => shown.number),
    );
    const wanted = Array.from({ length: count }, (_, index) => index + 1);
    if (order.join(",") !== wanted.join(","))
      return `the pages come as ${order.join(",")}, wants ${wanted.join(",")} (the spreads are ${spreadList(spreads)})`;
    const problems: string[] = [];
    for (const spread of spreads) {
      for (const shown of spread.pages) {
        if (shown.width !== `${size.width}px` || shown.height !== `${size.height}px`)
          problems.push(`page ${shown.number} is laid out at ${shown.width} × ${shown.height}`);
        if (!shown.text.includes(`Page ${shown.number}.`))
          problems.push(`page ${shown.number} does not show its text (${quote(shown.text)})`);
        if (shown.top < spread.top - 1 || shown.bottom > spread.bottom + 1)
          problems.push(`page ${shown.number} does not fit on the screen`);
      }
    }
    return problems.length === 0 ? true : problems.join("; ");
  };
}

/** Decodes a screenshot in the page (no image library here) and counts its pixels. */
function screenshotPixels(page: Page, pngs: Buffer[]) {
  return page.evaluate(
    async (encoded) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no canvas to read the screenshot with");
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const images = await Promise.all(encoded.map(decode));
      const [first, second] = images;
      if (!first) return { pixels: 0, red: 0, differing: 0 };
      let red = 0;
      let differing = 0;
      for (let index = 0; index < first.data.length; index += 4) {
        const [r = 0, g = 0, b = 0] = first.data.subarray(index, index + 3);
        if (r > 200 && g < 90 && b < 90) red++;
        if (second) {
          const other = second.data.subarray(index, index + 3);
          if (
            Math.abs(r - (other[0] ?? 0)) + Math.abs(g - (other[1] ?? 0)) + Math.abs(b - (other[2] ?? 0)) >
            24
          )
            differing++;
        }
      }
      const sameSize = !second || (second.width === first.width && second.height === first.height);
      return { pixels: first.data.length / 4, red, differing: sameSize ? differing : first.data.length / 4 };
    },
    pngs.map((png) => png.toString("base64")),
  );
}

/**
 * lay-fxl-xhtml-icb: page 1 declares 900 × 600 and holds a red square of 1000 × 1000 under a grid
 * of 900 × 600. Laid out at its declared size and clipped to it, no red shows, neither in the page
 * nor beyond its right and bottom edges, where the square would stick out.
 */
async function clipsToViewport(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  await openEpisode(page, test);
  const spread = await shownSpread(page);
  const first = spread.pages.find((shown) => shown.number === 1);
  if (!first) return `page 1 is not shown first (spread [${spread.spread}])`;
  const problems = [
    ...(first.width === "900px" && first.height === "600px"
      ? []
      : [`page 1 is laid out at ${first.width} × ${first.height}, not its declared 900px × 600px`]),
    ...(first.overflow === "hidden" ? [] : [`the page box lets its content overflow (${first.overflow})`]),
  ];
  const grid = await page
    .getByTestId("fixed-page")
    .first()
    .locator(".pub-pattern")
    .evaluateAll((elements) =>
      elements.some((element) => getComputedStyle(element).backgroundImage.includes("gradient")),
    );
  if (!grid) problems.push("the grid pattern is not drawn");
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const width = first.right - first.left;
  const height = first.bottom - first.top;
  const clip = {
    x: Math.max(0, first.left),
    y: Math.max(0, first.top),
    width: Math.min(viewport.width, first.right + width * 0.15) - Math.max(0, first.left),
    height: Math.min(viewport.height, first.bottom + height * 0.7) - Math.max(0, first.top),
  };
  const { red, pixels } = await screenshotPixels(page, [await page.screenshot({ clip })]);
  if (red > pixels / 1000)
    problems.push(`${Math.round((100 * red) / pixels)}% of the page and its surroundings show red`);
  return problems.length === 0 ? true : problems.join("; ");
}

/**
 * lay-fxl-xhtml-icb_units: page 1 declares its viewport as "width=1000, height=600", page 2 as
 * "width=1000px, height=600mm"; units are ignored, so both are 1000 × 600 and look the same.
 */
async function unitsIgnored(page: Page, test: ImportedTest): Promise<CheckOutcome> {
  await openEpisode(page, test);
  const shots: Buffer[] = [];
  const sizes: string[] = [];
  for (const number of [1, 2]) {
    const spread = await shownSpread(page);
    const index = spread.pages.findIndex((shown) => shown.number === number);
    const shown = spread.pages[index];
    if (!shown) return `page ${number} is not shown where expected (spread [${spread.spread}])`;
    sizes.push(`${shown.width} × ${shown.height}`);
    // The page's frame: the page box scaled, as the reader sees it.
    shots.push(await page.getByTestId("fixed-page").nth(index).locator("..").screenshot());
    if (number === 1 && !spread.pages.some((other) => other.number === 2)) await nextSpread(page);
  }
  const problems = [
    ...sizes.flatMap((size, index) =>
      size === "1000px × 600px" ? [] : [`page ${index + 1} is laid out at ${size}, wants 1000px × 600px`],
    ),
  ];
  const { differing, pixels } = await screenshotPixels(page, shots);
  if (differing > pixels / 1000)
    problems.push(`the two pages differ in ${Math.round((100 * differing) / pixels)}% of their pixels`);
  return problems.length === 0 ? true : problems.join("; ");
}

// ---------------------------------------------------------------------------------------------
// The table

const NO_SCRIPTS = "chapters run no publisher scripts, by design (the HTML is sanitised at import)";
const LEFT = "ArrowLeft";
const RIGHT = "ArrowRight";
const ORDER = [
  "This page must appear first.",
  "This page must appear second",
  "This page must appear third",
  "This page must appear last",
];
const DUPLICATE = "This document occurs three times in the spine.";
const OPENS = showsText(["Test passes if the EPUB opens."]);

export const EPUB_CHECKS: Record<string, EpubCheck> = {
  // Content documents: fonts, MathML, SVG, XHTML
  "cnt-css-fonts_ot": { check: bookFont("Franky Toys", "li") },
  "cnt-css-fonts_tt": { check: bookFont("Lobster", "li") },
  "cnt-css-fonts_woff": { check: bookFont("Pacifico", "li") },
  "cnt-css-fonts_woff2": { check: bookFont("Macondo", "li") },
  "cnt-mathml-support": { check: mathml },
  "cnt-svg-css": {
    check: drawing({ fill: "star pattern", text: "Test passes if the image appears filled" }),
  },
  "cnt-svg-css-inclusion": { check: drawing({ fill: "star pattern" }) },
  "cnt-svg-css-reference": { check: referencedDrawingKeepsItsStyle },
  "cnt-svg-embedded": { check: drawing({ fill: "solid" }) },
  "cnt-svg-support": { check: drawing({ fill: "solid", text: "Test passes if you see this text" }) },
  "cnt-xhtml-support": { check: showsText(["Test passes if you see this."]) },

  // The prefixed CSS properties of EPUB 3
  "css-epub-hyphens": {
    check: computesAs(
      inlineCases("-epub-hyphens", "hyphens", [
        ["none", "none"],
        ["manual", "manual"],
        ["auto", "auto"],
      ]),
    ),
  },
  "css-epub-line-break": {
    check: computesAs(
      ["auto", "loose", "normal", "strict"].map((value) => ({
        label: `${value} block`,
        selector: `p.pub-${value}`,
        property: "line-break",
        value,
      })),
    ),
  },
  "css-epub-text-align-last": {
    check: computesAs(
      inlineCases(
        "-epub-text-align-last",
        "text-align-last",
        ["auto", "start", "end", "left", "right", "center", "justify"].map((value) => [value, value]),
      ),
    ),
  },
  "css-epub-text-combine-horizontal": {
    check: computesAs([
      {
        label: "block 1",
        selector: ".pub-epub-text-combine-horizontal-none",
        property: "text-combine-upright",
        value: "none",
      },
      {
        label: "block 2",
        selector: ".pub-epub-text-combine-horizontal-all",
        property: "text-combine-upright",
        value: "all",
      },
      {
        label: "block 3",
        selector: ".pub-epub-text-combine-none",
        property: "text-combine-upright",
        value: "none",
      },
      {
        label: "block 4",
        selector: ".pub-epub-text-combine-horizontal",
        property: "text-combine-upright",
        value: "all",
      },
    ]),
  },
  "css-epub-text-emphasis": {
    check: computesAs([
      ...(
        [
          ["filled-dot", "filled dot"],
          ["filled-circle", "filled circle"],
          ["filled-double-circle", "filled double-circle"],
          ["filled-double-triangle", "filled triangle"],
          ["filled-sesame", "filled sesame"],
          ["a", '"a"'],
          ["open-dot", "open dot"],
        ] as const
      ).map(([name, value]) => ({
        label: name,
        selector: `.pub-emphasis-${name}`,
        property: "text-emphasis-style",
        value,
      })),
      {
        label: "blue",
        selector: ".pub-emphasis-filled-dot-blue",
        property: "text-emphasis-color",
        value: "blue",
      },
      {
        label: "under",
        selector: ".pub-emphasis-filled-dot-under",
        property: "text-emphasis-position",
        value: "under",
      },
      {
        label: "over left",
        selector: ".pub-emphasis-filled-dot-over-left",
        property: "text-emphasis-position",
        value: "over left",
      },
      {
        label: "over right",
        selector: ".pub-emphasis-filled-dot-over-right",
        property: "text-emphasis-position",
        value: "over right",
      },
    ]),
  },
  "css-epub-text-orientation": {
    check: computesAs(
      (
        [
          ["mixed", "mixed"],
          ["upright", "upright"],
          ["sideways", "sideways"],
          // EPUB's sideways-right is the standard sideways.
          ["sideways-right", "sideways"],
        ] as const
      ).map(([name, value]) => ({
        label: name,
        selector: `.pub-text-orientation-${name}`,
        property: "text-orientation",
        value,
      })),
    ),
  },
  "css-epub-text-transform": {
    check: computesAs([
      {
        label: "block 1",
        selector: 'p[style*="-epub-fullwidth"]',
        property: "text-transform",
        value: "full-width",
      },
    ]),
  },
  "css-epub-text-underline-position": {
    check: computesAs([
      {
        label: "page 1",
        selector: `p .pub-underline:not(${LATER_DOCUMENTS})`,
        property: "text-underline-position",
        value: "auto",
      },
      {
        label: "page 2",
        selector: "#book-lv-part-2 .pub-underline",
        property: "text-underline-position",
        value: "under",
      },
      { label: "page 2", selector: "#book-lv-part-2 p", property: "writing-mode", value: "horizontal-tb" },
      {
        label: "page 3",
        selector: "#book-lv-part-3 .pub-underline",
        property: "text-underline-position",
        value: "under left",
      },
      { label: "page 3", selector: "#book-lv-part-3 p", property: "writing-mode", value: "vertical-rl" },
      {
        label: "page 5",
        selector: "#book-lv-part-5 .pub-underline",
        property: "text-underline-position",
        value: "under right",
      },
      { label: "page 5", selector: "#book-lv-part-5 p", property: "writing-mode", value: "vertical-rl" },
    ]),
  },
  "css-epub-word-break": {
    check: computesAs(
      inlineCases("-epub-word-break", "word-break", [
        ["normal", "normal"],
        ["keep-all", "keep-all"],
        ["break-all", "break-all"],
      ]),
    ),
  },
  "css-epub-writing-mode": {
    check: computesAs([
      {
        label: "page 1",
        selector: `p[style]:not(${LATER_DOCUMENTS})`,
        property: "writing-mode",
        value: "horizontal-tb",
      },
      { label: "page 2", selector: "#book-lv-part-2 p", property: "writing-mode", value: "vertical-rl" },
      { label: "page 3", selector: "#book-lv-part-3 p", property: "writing-mode", value: "vertical-lr" },
    ]),
  },

  // Media overlays
  "mol-audio": { check: readsClipToItsEnd },
  "mol-navigation": { check: narrationFollowsContents },
  "mol-tts_multi": { declined: NO_OVERLAY_SPEECH },
  "mol-tts_single": { declined: NO_OVERLAY_SPEECH },

  // Fixed layout (pre-paginated): every document one page of its declared size, in spreads
  "fxl-page-spread-center": { check: pageCentred(1) },
  "lay-fxl-layout-pre-paginated": { check: onePagePerDocument(4, { width: 900, height: 600 }) },
  "lay-fxl-page-spread-combined": { check: pagesFormSpread(2, 3) },
  "lay-fxl-page-spread-left": { check: pageOnSide(2, "left") },
  "lay-fxl-page-spread-right": { check: pageOnSide(1, "right") },
  "lay-fxl-spread-none": { check: noSpreads },
  "lay-fxl-xhtml-icb": { check: clipsToViewport },
  "lay-fxl-xhtml-icb_units": { check: unitsIgnored },

  // Navigation documents
  "nav-access": {
    check: contentsLeadTo(
      "Test passes if you can see this link",
      1,
      "Test passes if you can access the single link",
    ),
  },
  "nav-activation": {
    check: contentsLeadTo(
      "Click to access 2nd content document",
      2,
      "Test passes if the navigation link leads here.",
    ),
  },
  "nav-non-text_img": { check: contentsList(["Start page", "Description of the Abbey of Sénanque"]) },
  "nav-non-text_img_title": { check: contentsList(["Start page", "Description of the Abbey of Sénanque"]) },
  "nav-spine_in-spine": {
    check: contentsList([
      "Test passes if you can see two links (first link)",
      "Test passes if you can see two links (second link)",
    ]),
  },
  "nav-spine_in-spine-hidden-toc-css": { check: hiddenEntryStaysHidden("The second link") },
  "nav-spine_in-spine-hidden-toc-html": { check: hiddenEntryStaysHidden("The second link") },
  "nav-spine_in-spine-no-list-style": {
    check: contentsList(["Test passes if you can see two links: the first link", "the second link"]),
  },
  "nav-spine_not-in-spine": {
    check: contentsList([
      "Test passes if you can see two links (first link)",
      "Test passes if you can see two links (second link)",
    ]),
  },

  // The container
  "ocf-font_obfuscation": { check: bookFont("Lobster", "q") },
  "ocf-font_obfuscation_bis": { check: bookFont("Lobster", "q", false) },
  "ocf-metainf-inc": {
    check: showsText(["Test passes if this page of the book can be accessed without any error."]),
  },
  "ocf-metainf-manifest": {
    check: async (page, test) => {
      const shown = await showsText(["Test passes if only this page of the book is accessible"])(page, test);
      if (shown !== true) return shown;
      const episodes = await episodesOf(page, test);
      const matter = await matterOf(page, test);
      if (episodes.length !== 1 || matter.length !== 0) {
        return `the book has ${episodes.length} episodes and ${matter.length} pages of matter, wants 1 and 0`;
      }
      return true;
    },
  },
  "ocf-package_arbitrary": { check: showsText(["Test passes if you see this."], ["Test fails"]) },
  "ocf-package_multiple": { check: showsText(["Test passes if you see this."], ["Test fails"]) },
  "ocf-url_link-leaking-relative": { check: showsPictures({ source: /monastery/ }) },
  "ocf-url_link-path-absolute": { check: showsPictures({ source: /monastery/ }) },
  "ocf-url_link-relative": { check: showsPictures({ source: /monastery/ }) },
  "ocf-url_manifest": { check: showsText(["Test passes if this page opens."]) },
  "ocf-url_origin": { declined: `shows the document's origin only through its own script; ${NO_SCRIPTS}` },
  "ocf-url_parse-leaking-relative": { declined: `computes the URL in the book's own script; ${NO_SCRIPTS}` },
  "ocf-url_parse-path-absolute": { declined: `computes the URL in the book's own script; ${NO_SCRIPTS}` },
  "ocf-url_relative": { check: showsText(["Test passes if this page opens."]) },
  "ocf-zip-comp": {
    archive: markBzip2,
    check: async (_page, test) => {
      if (!test.refusal)
        return "a container whose content document is not stored or deflated was imported without error";
      return /compression/i.test(test.refusal)
        ? true
        : `refused, but not for the compression: ${test.refusal}`;
    },
  },

  // Package documents
  "pkg-collections-unknown": { check: OPENS },
  "pkg-creator-order": {
    check: async (page, test) => {
      const { author } = await titlePage(page, test);
      return author.startsWith("Dave Cramer") ? true : `the author line reads ${quote(author)}`;
    },
  },
  "pkg-dir-auto_root-rtl": { check: titleDirection("ltr", "CSS: مغامرة جديدة!") },
  "pkg-dir-auto_root-unset": { check: titleDirection("ltr", "CSS: הרפתקה חדשה!") },
  "pkg-dir_but_not_content": {
    check: async (page, test) => {
      await openEpisode(page, test);
      const layout = await page.locator(`${CONTENT} ul`).evaluate((list) => {
        const paragraph = list.previousElementSibling ?? list;
        // Where the first entry's words sit in its line: at the left end when laid out ltr.
        const item = list.querySelector("li");
        const words = document.createRange();
        if (item) words.selectNodeContents(item);
        const line = item?.getBoundingClientRect();
        const text = words.getBoundingClientRect();
        return {
          list: getComputedStyle(list).direction,
          paragraph: getComputedStyle(paragraph).direction,
          leftAligned: line ? text.left - line.left < line.right - text.right : false,
        };
      });
      if (layout.list === "ltr" && layout.paragraph === "ltr" && layout.leftAligned) return true;
      const side = layout.leftAligned ? "left" : "right";
      return `the list is laid out ${layout.list} (its entries on the ${side}), the paragraph ${layout.paragraph}`;
    },
  },
  "pkg-dir_creator-rtl": {
    check: async (page, test) => {
      const { author, authorDirection } = await titlePage(page, test);
      if (author !== "Dave Cramer") return `the author line reads ${quote(author)}`;
      return authorDirection === "rtl" ? true : `the author's name is laid out ${authorDirection}, wants rtl`;
    },
  },
  "pkg-dir_rtl-root-ltr": { check: titleDirection("rtl", "CSS: הרפתקה חדשה!") },
  "pkg-dir_rtl-root-unset": { check: titleDirection("rtl", "CSS: הרפתקה חדשה!") },
  "pkg-dir_unset-root-rtl": { check: titleDirection("rtl", "CSS: مغامرة جديدة!") },
  "pkg-dir_unset-root-unset": { check: titleDirection("ltr", "CSS: مغامرة جديدة!") },
  "pkg-lang_but_not_content": {
    check: async (page, test) => {
      await openEpisode(page, test);
      const language = await page
        .locator(`${CONTENT} q`)
        .evaluate((quotation) => quotation.closest("[lang]")?.getAttribute("lang") ?? "");
      // The quotation marks a browser draws around <q> follow the language the element is in.
      return language.toLowerCase().startsWith("fr")
        ? `the chapter is marked lang="${language}" from the package, so the quotation gets « »`
        : true;
    },
  },
  "pkg-linked-records": {
    declined:
      "for reading systems that read linked metadata records; Litverse does not, and the test's own text says to report it as not run then",
  },
  "pkg-manifest-unknown": { check: OPENS },
  "pkg-manifest-unlisted-resource": {
    check: async (page, test) => {
      await openEpisode(page, test);
      const shown = await page.locator(`${CONTENT} img`).evaluateAll(async (images) => {
        const decoded = [];
        for (const image of images as HTMLImageElement[]) {
          await image.decode().catch(() => undefined);
          if (image.naturalWidth > 0) decoded.push(image.getAttribute("src") ?? "");
        }
        return decoded;
      });
      const name = shown[0]?.split("/").pop();
      return shown.length === 0 ? true : `the picture ${name}, which the manifest does not list, is shown`;
    },
  },
  "pkg-meta-unknown": { check: OPENS },
  "pkg-meta-whitespace": {
    check: async (page, test) => {
      const { title, author } = await titlePage(page, test);
      const problems = [
        ...(title === "pkg-meta-whitespace" ? [] : [`the title reads ${JSON.stringify(title)}`]),
        ...(author === "Dave Cramer" ? [] : [`the author reads ${JSON.stringify(author)}`]),
      ];
      return problems.length === 0 ? true : problems.join("; ");
    },
  },
  "pkg-spine-duplicate-item-hyperlink": { check: linkLeadsTo("this link", { episode: 2 }, DUPLICATE) },
  "pkg-spine-duplicate-item-rendering": {
    check: pageProgression(RIGHT, ["three identical pages after this one", DUPLICATE, DUPLICATE, DUPLICATE]),
  },
  "pkg-spine-duplicate-item-ui": {
    check: contentsList([
      "Link to first page",
      "Link to second page",
      "Link to second page",
      "Link to second page",
    ]),
  },
  "pkg-spine-nonlinear-activation": {
    check: linkLeadsTo("this link", { matter: 1 }, "Test passes if following the link opens this page."),
  },
  "pkg-spine-order": {
    check: async (page, test) => {
      await openEpisode(page, test);
      const text = await textOf(page);
      const places = ORDER.map((part) => text.indexOf(part));
      if (places.some((place) => place < 0))
        return `the book does not show all four documents: ${quote(text, 200)}`;
      const inOrder = places.every((place, index) => index === 0 || place > (places[index - 1] ?? 0));
      return inOrder ? true : "the four documents are not in spine order";
    },
  },
  "pkg-spine-order-svg": {
    check: async (page, test) => {
      await openEpisode(page, test);
      const pages = await page.locator(`${CONTENT} svg`).evaluateAll((drawings) =>
        drawings.map((svg) => {
          const box = svg.getBoundingClientRect();
          return { text: svg.textContent ?? "", shown: box.width > 0 && box.height > 0 };
        }),
      );
      const numbers = pages.map((drawing) => /Page (\d)/.exec(drawing.text)?.[1]).join(",");
      if (numbers !== "1,2,3,4") return `the drawings read pages ${numbers || "none"}, wants 1,2,3,4`;
      return pages.every((drawing) => drawing.shown) ? true : "a page's drawing has no box";
    },
  },
  "pkg-spine-progression-default": { check: pageProgression(LEFT, ORDER) },
  "pkg-spine-progression-pre-paginated": {
    check: async (page, test) => {
      await openEpisode(page, test);
      const seen: number[] = [];
      for (let turn = 0; turn < 4 && seen.length < 4; turn++) {
        const spread = await page.getByTestId("fixed-page").evaluateAll((boxes) =>
          boxes
            .map((box) => ({
              left: box.getBoundingClientRect().left,
              page: Number(/\(page (\d)\)/.exec(box.textContent ?? "")?.[1] ?? 0),
            }))
            .sort((a, b) => a.left - b.left)
            .map((entry) => entry.page),
        );
        if (spread.some((number, index) => index > 0 && number < (spread[index - 1] ?? 0))) {
          return `pages ${spread.join(" and ")} are laid out right to left`;
        }
        seen.push(...spread);
        if (seen.length >= 4) break;
        const before = await page.getByTestId("fixed-layout").getAttribute("data-spread");
        await page.keyboard.press(RIGHT);
        await expect(page.getByTestId("fixed-layout")).not.toHaveAttribute("data-spread", before ?? "");
      }
      return seen.join(",") === "1,2,3,4" ? true : `moving right shows pages ${seen.join(",")}`;
    },
  },
  "pkg-spine-progression_ltr": { check: pageProgression(RIGHT, ORDER) },
  "pkg-spine-progression_rtl": { check: pageProgression(LEFT, ORDER) },
  "pkg-spine-unknown": { check: OPENS },
  "pkg-title-order": {
    check: async (page, test) => {
      const { title } = await titlePage(page, test);
      return title === "pkg-title-order" ? true : `the title reads ${quote(title)}, not the first dc:title`;
    },
  },
  "pkg-unique-id": { check: separateBooks("pkg-unique-id_duplicate", "Unique identifier not unique") },
  "pkg-unique-id_duplicate": { check: separateBooks("pkg-unique-id", "Unique identifier reused") },
  "pkg-version-backward": { check: OPENS },

  // Structural semantics
  "pss-support": { check: footnotePopover },
  "pss-support_ignore-title": { check: footnoteOnTitleIgnored },

  // Publication resources
  "pub-cmt-avif": { check: showsPictures() },
  "pub-cmt-gif": { check: showsPictures() },
  "pub-cmt-jpeg": { check: showsPictures() },
  "pub-cmt-jxl": { check: showsPictures() },
  "pub-cmt-mp3": { check: playsAudio() },
  "pub-cmt-mp4": { check: playsAudio() },
  "pub-cmt-opus": { check: playsAudio() },
  "pub-cmt-png": { check: showsPictures() },
  "pub-cmt-svg": { check: showsPictures() },
  "pub-cmt-webp": { check: showsPictures() },
  "pub-data-urls_browsing-context": { check: showsPictures() },
  "pub-data-urls_top-level-content": {
    check: async (page, test) => {
      await openEpisode(page, test);
      const first = page.getByTestId("fixed-page").filter({ hasText: "Page 1." });
      if ((await first.count()) === 0) return "the first page is not shown";
      const picture = await first.locator("img").evaluateAll(async (images) => {
        const image = images[0] as HTMLImageElement | undefined;
        await image?.decode().catch(() => undefined);
        const box = image?.getBoundingClientRect();
        return image ? image.naturalWidth > 0 && (box?.width ?? 0) > 0 : false;
      });
      return picture ? true : "the first page does not show the picture from the data: URL";
    },
  },
  "pub-external-links": { check: asksBeforeLeaving("https:") },
  "pub-external-links_consent": { check: asksBeforeLeaving("mailto:") },
  "pub-file-urls": { check: loadsNothingOutside },
  "pub-foreign_image": { check: showsPictures({ source: /snowflake/i }) },
  "pub-foreign_json-spine": { check: showsText(["Test passes if you see this text."], ["Test fails"]) },
  "pub-foreign_xml-spine": { check: showsText(["Test passes if you see this text."], ["Test fails"]) },
  "pub-foreign_xml-suffix-spine": { check: showsText(["Test passes if you see this text."], ["Test fails"]) },
  "pub-xml-external-id": {
    check: showsText(["Test passes unless a failure statement follows"], ["The test fails"]),
  },
  "pub-xml-names": { check: reportsXmlError("reports an error on this page") },
  "pub-xml-non-validating_comment": {
    check: async (page, test) => {
      const shown = await showsText(["Test passes if the invalid navigation document is not included"])(
        page,
        test,
      );
      if (shown !== true) return shown;
      const matter = await matterOf(page, test);
      return matter.length === 0
        ? true
        : `the navigation document is shown as a page (${quote(matter[0]?.title ?? "")})`;
    },
  },
  "pub-xml-non-validating_unclosed": { check: reportsXmlError("reports an error on this page") },

  // Scripting
  "scr-not-support_ccscript-modify-host": {
    declined: `about scripts inside iframes, which chapters do not keep; ${NO_SCRIPTS}`,
  },
  "scr-not-support_ccscript-modify-size": {
    declined: `about scripts inside iframes, which chapters do not keep; ${NO_SCRIPTS}`,
  },
  "scr-readingsystem-features": {
    declined: `navigator.epubReadingSystem serves publisher scripts; ${NO_SCRIPTS}`,
  },
  "scr-readingsystem-support": {
    declined: `navigator.epubReadingSystem serves publisher scripts; ${NO_SCRIPTS}`,
  },
  "scr-readingsystem-support_iframe": {
    declined: `navigator.epubReadingSystem serves publisher scripts; ${NO_SCRIPTS}`,
  },
  "scr-readingsystem-support_iframe_svg": {
    declined: `navigator.epubReadingSystem serves publisher scripts; ${NO_SCRIPTS}`,
  },
  "scr-readingsystem-support_svg": {
    declined: `navigator.epubReadingSystem serves publisher scripts; ${NO_SCRIPTS}`,
  },
  "scr-storage-delete": {
    // The test's own text: a reading system without scripting passes, as nothing is stored.
    check: async (page, test) => {
      const shown = await showsText([
        "This reading system does not support scripting, hence this test succeeds.",
      ])(page, test);
      if (shown !== true) return shown;
      const stored = await page.evaluate(() => localStorage.getItem("scr_storage_delete_random_data_entry"));
      return stored === null ? true : "the book's script stored data in the app's local storage";
    },
  },
  "scr-support": { declined: `checks that publisher scripts run; ${NO_SCRIPTS}` },
  "scr-support-fallback": {
    // Without scripting, the manifest's fallback for the scripted document is the one to show.
    check: showsText(
      ["followed through the scripted content fallback"],
      ["The content fallback page should be displayed here"],
    ),
  },
  "scr-support_iframe": { declined: `checks that scripts run inside iframes; ${NO_SCRIPTS}` },
  "scr-support_origin": {
    declined: `shows the document's origin only through its own script; ${NO_SCRIPTS}`,
  },
  "scr-support_origin_unique": {
    declined: `shows the document's origin only through its own script; ${NO_SCRIPTS}`,
  },
  "scr-support_scrolled-continuous": {
    declined: `its own text says it does not apply to a reading system without scripting; ${NO_SCRIPTS}`,
  },
  "scr-support_scrolled-doc": {
    declined: `its own text says it does not apply to a reading system without scripting; ${NO_SCRIPTS}`,
  },
  "scr-support_svg": { declined: `checks that scripts in SVG documents run; ${NO_SCRIPTS}` },

  // Security
  "sec-untrusted-consent_network": { check: loadsNothingOutside },
  "sec-untrusted-consent_scripting": {
    declined: `passes only once a script runs after the reader's consent; ${NO_SCRIPTS}, with or without consent`,
  },
};

/**
 * Two books with the same identifier are separate titles: each has its own id and page, and its
 * chapter shows its own text.
 */
function separateBooks(otherFolder: string, ownText: string) {
  return async (page: Page, test: ImportedTest): Promise<CheckOutcome> => {
    const other = await test.titleOf(otherFolder);
    if (!other) return `the other book (${otherFolder}) was not imported`;
    if (other === test.contentId) return "both books were imported as one title";
    const own = await showsText([ownText])(page, test);
    if (own !== true) return own;
    const otherTitle = await titlePage(page, { ...test, contentId: other });
    return otherTitle.title === otherFolder ? true : `the other book's page shows ${quote(otherTitle.title)}`;
  };
}
