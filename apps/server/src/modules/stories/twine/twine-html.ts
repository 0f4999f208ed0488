import { Tokenizer } from "htmlparser2";
import {
  checkInputSize,
  checkStory,
  parsePair,
  TWINE_LIMITS,
  TwineImportError,
  type TwinePassage,
  type TwineStory,
} from "./twine-model.ts";

/**
 * Twine 2 published HTML: a `<tw-storydata>` element (alone or inside a whole page with the story
 * format's code) holding one `<tw-passagedata>` per passage, whose text is HTML-escaped.
 *
 * The tokenizer is used rather than the full parser: the parser keeps a stack of open elements
 * and searches it for every end tag, which thousands of unclosed elements make quadratic. Only
 * two elements matter here, neither nests, so no stack is needed. The tokenizer still treats
 * `<script>` and `<style>` content as raw text, so the format's code cannot fake a passage.
 */

interface Element {
  name: string;
  attributes: Map<string, string>;
}

interface RawPassage {
  attributes: Map<string, string>;
  text: string[];
}

export function parseTwineHtml(input: string): TwineStory {
  checkInputSize(input);
  const { story, passages, sawTwine1 } = scan(input);
  if (!story) {
    throw new TwineImportError(
      sawTwine1
        ? "This is a Twine 1 story; only Twine 2 stories (or Twee) can be imported."
        : "This is not a Twine 2 story: the file has no <tw-storydata> element.",
    );
  }
  const byPid = new Map<string, string>();
  const parsed: TwinePassage[] = passages.map(({ attributes, text }) => {
    const name = attributes.get("name") ?? "";
    const pid = attributes.get("pid");
    if (pid !== undefined && !byPid.has(pid)) byPid.set(pid, name);
    const position = parsePair(attributes.get("position"));
    const size = parsePair(attributes.get("size"));
    return {
      name,
      tags: splitTags(attributes.get("tags") ?? ""),
      position: position ? { x: position[0], y: position[1] } : null,
      size: size ? { w: size[0], h: size[1] } : null,
      text: text.join(""),
    };
  });
  const startnode = story.get("startnode")?.trim() ?? "";
  let start = "";
  if (startnode !== "") {
    const name = byPid.get(startnode);
    if (name === undefined) {
      throw new TwineImportError(
        `The story starts at passage number ${startnode}, which is not in the file.`,
      );
    }
    start = name;
  } else if (parsed.some((passage) => passage.name === "Start")) {
    start = "Start";
  }
  return checkStory({
    title: story.get("name") ?? "Untitled Story",
    ifid: nonEmpty(story.get("ifid")),
    format: story.get("format") ?? "",
    formatVersion: nonEmpty(story.get("format-version")),
    start,
    passages: parsed,
  });
}

export function writeTwineHtml(story: TwineStory): string {
  const startIndex = story.passages.findIndex((passage) => passage.name === story.start);
  if (startIndex < 0) throw new TwineImportError(`The start passage "${story.start}" is not in the story.`);
  const storyAttributes: Array<[string, string | null]> = [
    ["name", story.title],
    ["startnode", String(startIndex + 1)],
    ["creator", "Litverse"],
    ["creator-version", "1.0.0"],
    ["ifid", story.ifid],
    ["zoom", "1"],
    ["format", story.format === "" ? null : story.format],
    ["format-version", story.formatVersion],
    ["options", ""],
  ];
  const passages = story.passages.map((passage, index) => {
    const attributes: Array<[string, string | null]> = [
      ["pid", String(index + 1)],
      ["name", passage.name],
      ["tags", passage.tags.join(" ")],
      ["position", passage.position ? `${passage.position.x},${passage.position.y}` : null],
      ["size", passage.size ? `${passage.size.w},${passage.size.h}` : null],
    ];
    return `<tw-passagedata${formatAttributes(attributes)}>${escapeHtml(passage.text)}</tw-passagedata>`;
  });
  return [
    "<!DOCTYPE html>",
    "<html>",
    "<head>",
    '<meta charset="utf-8">',
    `<title>${escapeHtml(story.title)}</title>`,
    "</head>",
    "<body>",
    `<tw-storydata${formatAttributes(storyAttributes)} hidden>` +
      '<style role="stylesheet" id="twine-user-stylesheet" type="text/twine-css"></style>' +
      '<script role="script" id="twine-user-script" type="text/twine-javascript"></script>' +
      passages.join("") +
      "</tw-storydata>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** One pass of the tokenizer, keeping the first story's attributes and its passages. */
function scan(input: string): {
  story: Map<string, string> | null;
  passages: RawPassage[];
  sawTwine1: boolean;
} {
  let story: Map<string, string> | null = null;
  let inStory = false;
  let passage: RawPassage | null = null;
  let passageChars = 0;
  const passages: RawPassage[] = [];
  let sawTwine1 = false;

  let element: Element | null = null;
  let attributeName = "";
  let attributeValue = "";

  const finishPassage = () => {
    if (passage) passages.push(passage);
    passage = null;
  };
  const addText = (text: string) => {
    if (!passage) return;
    passageChars += text.length;
    if (passageChars > TWINE_LIMITS.maxPassageChars) {
      const name = passage.attributes.get("name") ?? "";
      throw new TwineImportError(
        `The passage "${name.slice(0, 60)}" is longer than ${TWINE_LIMITS.maxPassageChars} characters.`,
      );
    }
    passage.text.push(text);
  };
  const openElement = (current: Element) => {
    if (current.name === "tw-storydata") {
      if (story) {
        throw new TwineImportError(
          "The file holds more than one story (a Twine library archive?); publish one story and import that.",
        );
      }
      story = current.attributes;
      inStory = true;
    } else if (current.name === "tw-passagedata" && inStory) {
      finishPassage();
      if (passages.length >= TWINE_LIMITS.maxPassages) {
        throw new TwineImportError(
          `The story has more than ${TWINE_LIMITS.maxPassages} passages, the most that can be imported.`,
        );
      }
      passage = { attributes: current.attributes, text: [] };
      passageChars = 0;
    } else if (current.attributes.has("tiddler") || current.attributes.get("id") === "storeArea") {
      sawTwine1 = true;
    }
  };

  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      onopentagname(start, end) {
        element = { name: input.slice(start, end).toLowerCase(), attributes: new Map() };
      },
      onattribname(start, end) {
        attributeName = input.slice(start, end).toLowerCase();
        attributeValue = "";
      },
      onattribdata(start, end) {
        attributeValue += input.slice(start, end);
      },
      onattribentity(codepoint) {
        attributeValue += String.fromCodePoint(codepoint);
      },
      onattribend() {
        // As in browsers, the first of two same-named attributes wins.
        if (element && !element.attributes.has(attributeName)) {
          element.attributes.set(attributeName, attributeValue);
        }
      },
      onopentagend() {
        if (element) openElement(element);
        element = null;
      },
      onselfclosingtag() {
        if (element) openElement(element);
        element = null;
      },
      onclosetag(start, end) {
        const name = input.slice(start, end).toLowerCase();
        if (name === "tw-passagedata") finishPassage();
        if (name === "tw-storydata") {
          finishPassage();
          inStory = false;
        }
      },
      ontext(start, end) {
        addText(input.slice(start, end));
      },
      ontextentity(codepoint) {
        addText(String.fromCodePoint(codepoint));
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {
        finishPassage();
      },
    },
  );
  tokenizer.write(input);
  tokenizer.end();
  return { story, passages, sawTwine1 };
}

function splitTags(tags: string): string[] {
  return tags.split(/[ \t\n\r\f]+/).filter((tag) => tag !== "");
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === "" ? null : value;
}

function formatAttributes(attributes: Array<[string, string | null]>): string {
  return attributes
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join("");
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** The same five characters Twine escapes when it publishes, in text and attributes alike. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
