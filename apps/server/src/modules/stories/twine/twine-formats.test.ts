import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../core/config.ts";
import { parseTwee, writeTwee } from "./twee.ts";
import { parseTwineHtml, writeTwineHtml } from "./twine-html.ts";
import { TwineImportError, type TwineStory } from "./twine-model.ts";

const fixture = (name: string) => readFileSync(path.join(REPO_ROOT, "fixtures/twine", name), "utf8");

describe("reading the fixtures", () => {
  it("reads the SugarCube story from Twee", () => {
    const story = parseTwee(fixture("lantern-sugarcube.twee"));
    expect(story.title).toBe("The Lantern Keeper");
    expect(story.format).toBe("SugarCube");
    expect(story.formatVersion).toBe("2.36.1");
    expect(story.ifid).toBe("5F1C2A7E-93B4-4D1E-8C6A-2B7F0D4E9A11");
    expect(story.start).toBe("Lighthouse Door");
    expect(story.passages.map((passage) => passage.name)).toEqual([
      "StoryInit",
      "Lighthouse Door",
      "Rocks",
      "Stairwell",
      "Lamp Room",
      "Beacon",
      "Darkness",
    ]);
    const door = story.passages[1];
    expect(door?.tags).toEqual(["start"]);
    expect(door?.position).toEqual({ x: 300, y: 100 });
    expect(door?.size).toEqual({ w: 100, h: 100 });
    expect(door?.text.endsWith("[[Search the rocks|Rocks]]")).toBe(true);
  });

  it("reads the Harlowe story from Twee", () => {
    const story = parseTwee(fixture("harbour-harlowe.twee"));
    expect(story.format).toBe("Harlowe");
    expect(story.start).toBe("Quay");
    expect(story.passages).toHaveLength(6);
    expect(story.passages[0]?.tags).toEqual(["startup"]);
    expect(story.passages.find((passage) => passage.name === "Market")?.position).toEqual({ x: 300, y: 300 });
  });

  it("reads the published HTML the same as the Twee, ignoring the page's scripts and styles", () => {
    for (const name of ["lantern-sugarcube", "harbour-harlowe"]) {
      const fromHtml = parseTwineHtml(fixture(`${name}.html`));
      expect(fromHtml).toEqual(parseTwee(fixture(`${name}.twee`)));
    }
  });

  it("decodes entities and maps the start node to its passage", () => {
    const story = parseTwineHtml(fixture("lantern-sugarcube.html"));
    expect(story.start).toBe("Lighthouse Door");
    expect(story.passages.find((passage) => passage.name === "Stairwell")?.text).toContain(
      '<<link "Go back down" "Lighthouse Door">><</link>>',
    );
  });
});

const sample: TwineStory = {
  title: 'A "tricky" <title> & more',
  ifid: "0A1B2C3D-0000-4000-8000-000000000000",
  format: "Harlowe",
  formatVersion: "3.3.9",
  start: "Start [1] {x}",
  passages: [
    {
      name: "Start [1] {x}",
      tags: ["a\\b", "c]"],
      position: { x: 10.5, y: 20 },
      size: { w: 100, h: 200 },
      text: ":: not a header\n\\:: escaped already\n  indented <b>&amp;</b>",
    },
    { name: "back\\slash <1,2>", tags: [], position: null, size: null, text: "" },
  ],
};

describe("writing and reading back", () => {
  it("round-trips a story with awkward names through Twee", () => {
    expect(parseTwee(writeTwee(sample))).toEqual(sample);
  });

  it("round-trips a story with awkward names through HTML", () => {
    const html = writeTwineHtml(sample);
    expect(html).toContain("<tw-storydata");
    expect(html).not.toContain("<b>");
    expect(parseTwineHtml(html)).toEqual(sample);
  });

  it("round-trips the fixtures", () => {
    const story = parseTwee(fixture("lantern-sugarcube.twee"));
    expect(parseTwee(writeTwee(story))).toEqual(story);
    expect(parseTwineHtml(writeTwineHtml(story))).toEqual(story);
  });

  it("round-trips generated stories", () => {
    const awkward = fc.string({
      unit: fc.constantFrom(
        "a",
        "Z",
        " ",
        "[",
        "]",
        "{",
        "}",
        "\\",
        '"',
        "<",
        ">",
        "&",
        "'",
        "-",
        ":",
        "é",
        "1",
      ),
      minLength: 1,
      maxLength: 12,
    });
    const name = awkward
      .map((text) => text.trim())
      .filter((text) => text !== "" && !/^Story(Title|Data)$/.test(text));
    const tag = awkward
      .map((text) => text.replaceAll(" ", ""))
      .filter((text) => text !== "" && text !== "script" && text !== "stylesheet");
    const text = fc
      .array(fc.oneof(awkward, fc.constantFrom("\n", "::", "\\::", "[[x]]", "<<set $a to 1>>")), {
        maxLength: 8,
      })
      .map((parts) => parts.join("").trimEnd());
    const pair = fc.tuple(fc.nat(5000), fc.nat(5000));
    const passages = fc.uniqueArray(
      fc.record({
        name,
        tags: fc.array(tag, { maxLength: 3 }),
        position: fc.option(
          pair.map(([x, y]) => ({ x, y })),
          { nil: null },
        ),
        size: fc.option(
          pair.map(([w, h]) => ({ w, h })),
          { nil: null },
        ),
        text,
      }),
      { minLength: 1, maxLength: 5, selector: (passage) => passage.name },
    );
    const story = fc
      .record({
        title: awkward.map((title) => title.trim()).filter((title) => title !== "" && !title.startsWith(":")),
        ifid: fc.option(
          fc.uuid().map((id) => id.toUpperCase()),
          { nil: null },
        ),
        format: fc.constantFrom("SugarCube", "Harlowe", ""),
        formatVersion: fc.option(fc.constantFrom("2.36.1", "3.3.9"), { nil: null }),
        passages,
      })
      .chain((partial) =>
        fc
          .constantFrom(...partial.passages.map((passage) => passage.name))
          .map((start) => ({ ...partial, start })),
      );
    fc.assert(
      fc.property(story, (generated) => {
        expect(parseTwee(writeTwee(generated))).toEqual(generated);
        expect(parseTwineHtml(writeTwineHtml(generated))).toEqual(generated);
      }),
      { numRuns: 300 },
    );
  });
});

describe("refusing what cannot be imported", () => {
  const twee = (passages: string) =>
    `:: StoryTitle\nT\n\n:: StoryData\n{"ifid":"X","format":"SugarCube","start":"A"}\n\n${passages}`;

  it.each([
    ["over 5 MB", () => parseTwee(`:: A\n${"x".repeat(5 * 1024 * 1024)}`), /larger than 5 MB/],
    ["over 5 MB of HTML", () => parseTwineHtml("é".repeat(3 * 1024 * 1024)), /larger than 5 MB/],
    [
      "more than 5000 passages",
      () => parseTwee(twee(`${Array.from({ length: 5001 }, (_, i) => `:: P${i}\n`).join("")}:: A\n`)),
      /more than 5000 passages/,
    ],
    [
      "more than 5000 passages in HTML",
      () =>
        parseTwineHtml(
          `<tw-storydata startnode="1">${'<tw-passagedata pid="1" name="x"></tw-passagedata>'.repeat(5001)}</tw-storydata>`,
        ),
      /more than 5000 passages/,
    ],
    [
      "a passage over 100,000 characters",
      () => parseTwee(twee(`:: A\n${"x".repeat(100_001)}`)),
      /longer than 100000/,
    ],
    [
      "an HTML passage over 100,000 characters",
      () => parseTwineHtml(`<tw-storydata><tw-passagedata pid="1" name="Start">${"&amp;".repeat(100_001)}`),
      /longer than 100000/,
    ],
    ["a missing start passage", () => parseTwee(twee(":: B\ntext")), /start passage "A" is not in the story/],
    ["no start at all", () => parseTwee(":: B\ntext"), /start passage "Start"/],
    [
      "a start node that does not exist",
      () =>
        parseTwineHtml(
          '<tw-storydata startnode="9"><tw-passagedata pid="1" name="A"></tw-passagedata></tw-storydata>',
        ),
      /passage number 9/,
    ],
    [
      "a file that is neither format (Twee)",
      () => parseTwee("just some notes\nabout a story"),
      /not a Twee file/,
    ],
    [
      "a file that is neither format (HTML)",
      () => parseTwineHtml("<html><body><p>Hi</p></body></html>"),
      /no <tw-storydata>/,
    ],
    [
      "a Twine 1 story",
      () => parseTwineHtml('<div id="storeArea"><div tiddler="Start">x</div></div>'),
      /Twine 1/,
    ],
    ["broken StoryData", () => parseTwee(":: StoryData\n{nope\n:: Start\n"), /not valid JSON/],
    [
      "duplicate passage names",
      () => parseTwee(":: Start\na\n:: Start\nb"),
      /Two passages are named "Start"/,
    ],
    [
      "a library archive with two stories",
      () => parseTwineHtml("<tw-storydata></tw-storydata><tw-storydata></tw-storydata>"),
      /more than one story/,
    ],
  ])("refuses %s", (_, run, message) => {
    expect(run).toThrow(TwineImportError);
    expect(run).toThrow(message);
  });
});

describe("hostile input", () => {
  const fast = (run: () => unknown) => {
    const started = performance.now();
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(TwineImportError);
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  };

  it("reads thousands of unclosed elements and brackets quickly", () => {
    fast(() => parseTwineHtml(`${"<a>".repeat(200_000)}${"</b>".repeat(200_000)}`));
    fast(() => parseTwineHtml(`<tw-storydata>${"<div>".repeat(300_000)}`));
    fast(() => parseTwineHtml(`<tw-storydata name="${"x".repeat(4_000_000)}">`));
    fast(() =>
      parseTwineHtml(`<tw-storydata startnode="1"><tw-passagedata pid="1" name="A">${"&lt;".repeat(30_000)}`),
    );
    fast(() => parseTwee(`:: Start ${"[".repeat(1_000_000)}\n${"\\".repeat(1_000_000)}`));
    fast(() => parseTwee(`:: Start ${"<".repeat(1_000_000)}1,2>`));
  });
});
