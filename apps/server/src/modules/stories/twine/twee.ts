import {
  checkInputSize,
  checkStory,
  parsePair,
  shorten,
  TWINE_LIMITS,
  TwineImportError,
  type TwinePassage,
  type TwineStory,
} from "./twine-model.ts";

/**
 * Twee 3 (the text form of a Twine story): `:: Name [tags] {metadata}` headers, each followed by
 * the passage's text, with StoryTitle and StoryData as special passages.
 */

/** Passages holding the story's JavaScript and CSS; Twine keeps these outside the passage list. */
const CODE_TAGS = new Set(["script", "stylesheet"]);
const TWEE2_POSITION = /^<\s*-?[\d.]+\s*,\s*-?[\d.]+\s*>\s*$/;

interface RawPassage {
  name: string;
  tags: string[];
  metadata: string;
  twee2Position: string | null;
  lines: string[];
}

export function parseTwee(input: string): TwineStory {
  checkInputSize(input);
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const raws: RawPassage[] = [];
  let current: RawPassage | null = null;
  for (const rawLine of text.split("\n")) {
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (line.startsWith("::")) {
      current = parseHeader(line);
      raws.push(current);
      // StoryTitle and StoryData come on top of the passages proper.
      if (raws.length > TWINE_LIMITS.maxPassages + 2) {
        throw new TwineImportError(
          `The story has more than ${TWINE_LIMITS.maxPassages} passages, the most that can be imported.`,
        );
      }
    } else if (current) {
      current.lines.push(unescapeContentLine(line));
    }
    // Text before the first header belongs to no passage; Twee compilers skip it too.
  }
  if (raws.length === 0) {
    throw new TwineImportError("This is not a Twee file: no line starts a passage with “::”.");
  }

  let title: string | null = null;
  let data: Record<string, unknown> = {};
  const passages: TwinePassage[] = [];
  for (const raw of raws) {
    const content = raw.lines.join("\n").trimEnd();
    if (raw.name === "StoryTitle") {
      title = content.trim();
    } else if (raw.name === "StoryData") {
      data = parseStoryData(content);
    } else if (!raw.tags.some((tag) => CODE_TAGS.has(tag))) {
      passages.push({ name: raw.name, tags: raw.tags, ...parseMetadata(raw), text: content });
    }
  }

  const start = typeof data.start === "string" ? data.start : "Start";
  return checkStory({
    title: title ?? "Untitled Story",
    ifid: typeof data.ifid === "string" ? data.ifid : null,
    format: typeof data.format === "string" ? data.format : "",
    formatVersion: typeof data["format-version"] === "string" ? data["format-version"] : null,
    start,
    passages,
  });
}

export function writeTwee(story: TwineStory): string {
  const data: Record<string, unknown> = {};
  if (story.ifid !== null) data.ifid = story.ifid;
  if (story.format !== "") data.format = story.format;
  if (story.formatVersion !== null) data["format-version"] = story.formatVersion;
  data.start = story.start;
  const parts = [
    `:: StoryTitle\n${escapeContent(story.title)}`,
    `:: StoryData\n${JSON.stringify(data, null, 2)}`,
  ];
  for (const passage of story.passages) {
    let header = `:: ${escapeHeaderText(passage.name)}`;
    if (passage.tags.length > 0) header += ` [${passage.tags.map(escapeHeaderText).join(" ")}]`;
    const metadata: Record<string, string> = {};
    if (passage.position) metadata.position = `${passage.position.x},${passage.position.y}`;
    if (passage.size) metadata.size = `${passage.size.w},${passage.size.h}`;
    if (Object.keys(metadata).length > 0) header += ` ${JSON.stringify(metadata)}`;
    parts.push(`${header}\n${escapeContent(passage.text)}`);
  }
  return `${parts.join("\n\n\n")}\n`;
}

/** Reads one header line (it starts with `::`) character by character, honouring `\` escapes. */
function parseHeader(line: string): RawPassage {
  // Twee 2 placed a passage with a trailing `<x,y>`; a `<` anywhere else is part of the name.
  const lastAngle = line.lastIndexOf("<");
  const twee2At = lastAngle > 2 && TWEE2_POSITION.test(line.slice(lastAngle)) ? lastAngle : -1;
  let i = 2;
  let name = "";
  while (i < line.length && line[i] !== "[" && line[i] !== "{" && i !== twee2At) {
    if (line[i] === "\\" && i + 1 < line.length) i++;
    name += line[i];
    i++;
  }
  const tags: string[] = [];
  if (line[i] === "[") {
    i++;
    let tag = "";
    while (i < line.length && line[i] !== "]") {
      const char = line[i] as string;
      if (char === "\\" && i + 1 < line.length) {
        i++;
        tag += line[i];
      } else if (char === " " || char === "\t") {
        if (tag !== "") tags.push(tag);
        tag = "";
      } else {
        tag += char;
      }
      i++;
    }
    if (tag !== "") tags.push(tag);
    i++;
  }
  const rest = line.slice(i).trim();
  return {
    name: name.trim(),
    tags,
    metadata: rest.startsWith("{") ? rest : "",
    twee2Position: rest.startsWith("<") ? rest.slice(1, -1) : null,
    lines: [],
  };
}

/** Bad metadata is dropped, as the Twee 3 specification recommends: it only places the passage. */
function parseMetadata(raw: RawPassage): Pick<TwinePassage, "position" | "size"> {
  let metadata: Record<string, unknown> = {};
  if (raw.metadata !== "") {
    try {
      const parsed: unknown = JSON.parse(raw.metadata);
      if (parsed && typeof parsed === "object") metadata = parsed as Record<string, unknown>;
    } catch {
      metadata = {};
    }
  }
  const position = parsePair(metadata.position ?? raw.twee2Position);
  const size = parsePair(metadata.size);
  return {
    position: position ? { x: position[0], y: position[1] } : null,
    size: size ? { w: size[0], h: size[1] } : null,
  };
}

/**
 * StoryData decides the format and the start passage, so, unlike passage metadata, a broken one
 * is an error: guessing would translate the story with the wrong rules.
 */
function parseStoryData(content: string): Record<string, unknown> {
  if (content.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new TwineImportError(`The StoryData passage is not valid JSON: ${shorten(content.trim(), 80)}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new TwineImportError("The StoryData passage must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

/** `<` is escaped too, so that a name ending in `<x,y>` does not read as a Twee 2 position. */
function escapeHeaderText(text: string): string {
  let out = "";
  for (const char of text) out += "\\[]{}<".includes(char) ? `\\${char}` : char;
  return out;
}

/**
 * A content line beginning with `::` would read as a header, so it gains a backslash; one that
 * already begins with backslashes and `::` gains one more, so that reading removes exactly one.
 */
function escapeContent(text: string): string {
  return text
    .split("\n")
    .map((line) => (isEscapableLine(line) ? `\\${line}` : line))
    .join("\n");
}

function unescapeContentLine(line: string): string {
  return line.startsWith("\\") && isEscapableLine(line) ? line.slice(1) : line;
}

function isEscapableLine(line: string): boolean {
  let i = 0;
  while (line[i] === "\\") i++;
  return line.startsWith("::", i);
}
