// Twine's files in and out. An upload (Twee 3 text or Twine 2 published HTML, SugarCube or
// Harlowe) becomes a new draft: passages become scenes, links choices, variables stats, and what
// cannot be translated stays in the scene with a warning. A draft is written back as Twee or HTML
// for SugarCube, its stats, effects and conditions as SugarCube macros.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Expr, parseEffect, parseExpression } from "@litverse/shared/stories/story-expressions";
import { SCENE_CARD_SIZE } from "@litverse/shared/stories/story-layout";
import {
  STAT_NAME_PATTERN,
  STORY_LIMITS,
  type StoryChoice,
  type StoryScene,
  type StoryStat,
} from "@litverse/shared/stories/story-model";
import type { exportStoryInput } from "@litverse/shared/stories-inputs";
import type { z } from "zod";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { layoutInWorker } from "./layout-worker.ts";
import { loadStory } from "./story-access.ts";
import { draftDocument, insertStory } from "./story-drafts.service.ts";
import { type Effect, type StoryDraft as TwineDraft, translateStory } from "./twine/translate.ts";
import { parseTwee, writeTwee } from "./twine/twee.ts";
import { parseTwineHtml, writeTwineHtml } from "./twine/twine-html.ts";
import { TWINE_LIMITS, TwineImportError, type TwinePassage, type TwineStory } from "./twine/twine-model.ts";

const TEXT_EXTENSIONS = [".twee", ".tw", ".txt"];
const HTML_EXTENSIONS = [".html", ".htm"];
const MAX_SCENE_WARNINGS = 50;

/**
 * Twine draws a passage 100 px square with about 25 px between neighbours; our cards are larger
 * (SCENE_CARD_SIZE) and laid out further apart, so positions are scaled on the way in and back on
 * the way out. Unscaled, an imported map opens with its cards on top of one another.
 */
const TWINE_PASSAGE_SIZE = 100;
const TWINE_PITCH = TWINE_PASSAGE_SIZE + 25;
const TWINE_SCALE = {
  x: (SCENE_CARD_SIZE.width + 40) / TWINE_PITCH,
  y: (SCENE_CARD_SIZE.height + 80) / TWINE_PITCH,
} as const;

function fromTwinePosition(position: { x: number; y: number }): { x: number; y: number } {
  return { x: Math.round(position.x * TWINE_SCALE.x), y: Math.round(position.y * TWINE_SCALE.y) };
}

function toTwinePosition(position: { x: number; y: number }): { x: number; y: number } {
  return {
    x: Math.max(0, Math.round(position.x / TWINE_SCALE.x)),
    y: Math.max(0, Math.round(position.y / TWINE_SCALE.y)),
  };
}

/** Reads the one uploaded file as a Twine story; every problem is a TwineImportError. */
async function readUpload(deps: ServiceDeps, user: SessionUser, uploadId: string): Promise<TwineStory> {
  const upload = await deps.media.uploads.open(uploadId, user.id);
  try {
    const [file] = upload.files;
    if (!file || upload.files.length !== 1) throw new TwineImportError("Send exactly one Twine file.");
    const name = file.name.toLowerCase();
    const isHtml = HTML_EXTENSIONS.some((ext) => name.endsWith(ext));
    if (!isHtml && !TEXT_EXTENSIONS.some((ext) => name.endsWith(ext))) {
      throw new TwineImportError("Send a Twee file (.twee, .tw or .txt) or a published Twine story (.html).");
    }
    if (file.size > TWINE_LIMITS.maxBytes) {
      throw new TwineImportError("The file is larger than 5 MB, the most a Twine story may be.");
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await readFile(file.path));
    } catch {
      throw new TwineImportError("The file is not UTF-8 text, as Twine writes it.");
    }
    return isHtml || text.trimStart().startsWith("<") ? parseTwineHtml(text) : parseTwee(text);
  } finally {
    await deps.media.uploads.remove(uploadId);
  }
}

/** Tabs and line breaks are text; other control characters cannot be shown. */
function clean(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const plain = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  return plain.length > max ? plain.slice(0, max) : plain;
}

/** Ids the editor can use: letters, digits, `-` and `_`, unique in the story. */
function idsFor(names: string[]): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of names) {
    const base =
      name
        .normalize("NFKD")
        .replace(/[^A-Za-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .toLowerCase()
        .slice(0, 32) || "scene";
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    ids.set(name, id);
  }
  return ids;
}

function effectText(effect: Effect): string {
  if (effect.kind === "toggle") return `toggle ${effect.name}`;
  if (effect.kind === "set") return `${effect.name} = ${effect.value}`;
  return effect.value.startsWith("-")
    ? `${effect.name} -= ${effect.value.slice(1)}`
    : `${effect.name} += ${effect.value}`;
}

/** "hasKey" → "Has key", "lamp_oil" → "Lamp oil". */
function labelFor(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_+/g, " ")
    .trim()
    .toLowerCase();
  return clean(words.charAt(0).toUpperCase() + words.slice(1), STORY_LIMITS.maxStatLabelLength) || name;
}

/** Keeps what fits the story model's limits, saying what it dropped. */
function capped<T>(items: T[], max: number, warnings: string[], what: string): T[] {
  if (items.length <= max) return items;
  warnings.push(`Only the first ${max} ${what} were kept (of ${items.length})`);
  return items.slice(0, max);
}

interface ImportedStory {
  title: string;
  stats: StoryStat[];
  startSceneId: string;
  scenes: StoryScene[];
  warnings: string[];
}

/** The translated Twine story as the story model has it. */
export async function toStoryModel(draft: TwineDraft, passages: TwinePassage[]): Promise<ImportedStory> {
  const warnings = [...draft.warnings];
  const stats: StoryStat[] = [];
  for (const stat of draft.stats) {
    if (!STAT_NAME_PATTERN.test(stat.name) || stat.name.length > 40) {
      warnings.push(`The variable “${stat.name}” cannot be a stat here (the name is too long)`);
      continue;
    }
    stats.push({
      name: stat.name,
      label: labelFor(stat.name),
      kind: stat.kind,
      min: null,
      max: null,
      default: stat.kind === "boolean" ? Boolean(stat.default) : Number(stat.default) || 0,
      visible: true,
    });
  }
  const keptStats = capped(stats, STORY_LIMITS.maxStats, warnings, "stats");
  const ids = idsFor(draft.scenes.map((scene) => scene.key));
  const tagged = new Map(passages.map((passage) => [passage.name, passage.tags]));
  let choiceNumber = 0;
  const scenes: StoryScene[] = draft.scenes.map((scene) => {
    const sceneWarnings = [...scene.warnings];
    const choices: StoryChoice[] = capped(
      scene.choices,
      STORY_LIMITS.maxChoicesPerScene,
      sceneWarnings,
      "links",
    ).map((choice) => {
      choiceNumber++;
      return {
        id: `c${choiceNumber}`,
        label: clean(choice.label.trim() || choice.target, STORY_LIMITS.maxChoiceLabelLength) || "Continue",
        target: ids.get(choice.target) ?? null,
        condition: choice.condition,
        effects: capped(
          choice.effects.map(effectText),
          STORY_LIMITS.maxEffectsPerItem,
          sceneWarnings,
          "changes",
        ),
        priceCoins: 0,
      };
    });
    if (scene.text.length > STORY_LIMITS.maxSceneTextLength) {
      sceneWarnings.push(
        `The text was cut to ${STORY_LIMITS.maxSceneTextLength.toLocaleString("en-US")} characters`,
      );
    }
    // A passage without links ends the story there (Twine has no other way to say so).
    const isEnding = choices.length === 0;
    const isTaggedEnding = tagged.get(scene.key)?.some((tag) => tag.toLowerCase() === "ending") ?? false;
    if (isTaggedEnding && !isEnding)
      sceneWarnings.push("Tagged as an ending but has links, so it is not one here");
    return {
      id: ids.get(scene.key) as string,
      title: clean(scene.key, STORY_LIMITS.maxSceneTitleLength),
      text: clean(scene.text, STORY_LIMITS.maxSceneTextLength),
      image: null,
      position: scene.position ? fromTwinePosition(scene.position) : { x: 0, y: 0 },
      effects: capped(
        scene.effects.map(effectText),
        STORY_LIMITS.maxEffectsPerItem,
        sceneWarnings,
        "changes",
      ),
      ending: isEnding ? { name: clean(scene.key, STORY_LIMITS.maxEndingNameLength) } : null,
      choices,
      warnings: sceneWarnings.slice(0, MAX_SCENE_WARNINGS).map((warning) => clean(warning, 500)),
    };
  });
  const startSceneId = ids.get(draft.start) as string;
  const unplaced = draft.scenes.filter((scene) => scene.position === null).map((scene) => ids.get(scene.key));
  if (unplaced.length > 0) {
    // Scenes the file did not place are laid out, below those it did.
    const positions = await layoutInWorker(scenes, startSceneId);
    const placed = draft.scenes
      .filter((scene) => scene.position !== null)
      .map((scene) => (scene.position ? fromTwinePosition(scene.position).y : 0));
    const top = placed.length > 0 ? Math.max(...placed) + 200 : 0;
    for (const scene of scenes) {
      const position = positions.get(scene.id);
      if (position && unplaced.includes(scene.id)) scene.position = { x: position.x, y: position.y + top };
    }
    warnings.push(`${unplaced.length} passage(s) had no place on the map and were laid out automatically`);
  }
  return {
    title: clean(draft.title.trim(), STORY_LIMITS.maxTitleLength).trim() || "Imported story",
    stats: keptStats,
    startSceneId,
    scenes,
    warnings,
  };
}

export async function importTwine(
  deps: ServiceDeps,
  user: SessionUser,
  uploadId: string,
): Promise<{ storyId: string; warnings: string[] }> {
  let imported: ImportedStory;
  try {
    const twine = await readUpload(deps, user, uploadId);
    imported = await toStoryModel(translateStory(twine), twine.passages);
  } catch (error) {
    if (error instanceof TwineImportError) throw new AppError("BAD_REQUEST", error.message);
    throw error;
  }
  const storyId = await deps.changes.inTransaction(deps.db, (tx) =>
    insertStory(deps, tx, user, {
      title: imported.title,
      ownStats: imported.stats,
      startSceneId: imported.startSceneId,
      scenes: imported.scenes,
    }),
  );
  return { storyId, warnings: imported.warnings };
}

// ---- Export ------------------------------------------------------------------------------------

/** Our grammar as SugarCube reads it: `$` before names, `not` around anything but a single value. */
function sugarCube(expr: Expr): string {
  switch (expr.kind) {
    case "literal":
      return String(expr.value);
    case "name":
      return `$${expr.name}`;
    case "unary": {
      const operand = sugarCube(expr.operand);
      const isAtom = expr.operand.kind === "name" || expr.operand.kind === "literal";
      return expr.op === "not" ? (isAtom ? `not ${operand}` : `not (${operand})`) : `-(${operand})`;
    }
    case "binary": {
      const side = (e: Expr) => (e.kind === "binary" ? `(${sugarCube(e)})` : sugarCube(e));
      return `${side(expr.left)} ${expr.op} ${side(expr.right)}`;
    }
  }
}

function conditionMacro(condition: string): string | null {
  const parsed = parseExpression(condition);
  return parsed.ok ? sugarCube(parsed.expr) : null;
}

/** An effect as SugarCube's `<<set>>` argument: `$gold += 5`, `$met to true`. */
function setArgument(text: string): string | null {
  const parsed = parseEffect(text);
  if (!parsed.ok) return null;
  const effect = parsed.effect;
  const name = `$${effect.name}`;
  if (effect.kind === "toggle") return `${name} to not ${name}`;
  if (effect.kind === "set") return `${name} to ${sugarCube(effect.value)}`;
  const amount = effect.amount;
  if (amount.kind === "literal" && typeof amount.value === "number") return `${name} += ${amount.value}`;
  if (amount.kind === "unary" && amount.op === "-" && amount.operand.kind === "literal") {
    return `${name} -= ${amount.operand.value}`;
  }
  return `${name} to ${name} + (${sugarCube(amount)})`;
}

/** Passage names that are safe inside `[[…]]`, unique, and never a SugarCube special name. */
function passageNames(scenes: StoryScene[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set(["StoryInit", "StoryTitle", "StoryData"]);
  for (const scene of scenes) {
    const base =
      (scene.title || scene.id)
        .replace(/\[|\]|\||->|<-/g, " ")
        .replace(/\s+/g, " ")
        .trim() || scene.id;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
    taken.add(name);
    names.set(scene.id, name);
  }
  return names;
}

function linkLabel(label: string): string {
  return (
    label
      .replace(/\[|\]|\||->|<-/g, " ")
      .replace(/\s+/g, " ")
      .trim() || "Continue"
  );
}

/** The story as Twine sees it, for SugarCube. */
export function toTwineStory(
  title: string,
  stats: StoryStat[],
  startSceneId: string | null,
  scenes: StoryScene[],
): TwineStory {
  const names = passageNames(scenes);
  const passages: TwinePassage[] = [];
  if (stats.length > 0) {
    passages.push({
      name: "StoryInit",
      tags: [],
      position: null,
      size: null,
      text: stats.map((stat) => `<<set $${stat.name} to ${stat.default}>>`).join("\n"),
    });
  }
  for (const scene of scenes) {
    const lines: string[] = [];
    for (const effect of scene.effects) {
      const argument = setArgument(effect);
      if (argument) lines.push(`<<set ${argument}>>`);
    }
    lines.push(scene.text);
    if (scene.choices.length > 0) lines.push("");
    for (const choice of scene.choices) {
      const target = choice.target ? names.get(choice.target) : undefined;
      if (!target) continue;
      const setters = choice.effects.map(setArgument).filter((argument) => argument !== null);
      const label = linkLabel(choice.label);
      // Prices are Litverse's own: Twine has no such thing, so they stay behind.
      const link =
        setters.length > 0 ? `[[${label}|${target}][${setters.join(", ")}]]` : `[[${label}->${target}]]`;
      const condition = choice.condition?.trim() ? conditionMacro(choice.condition) : null;
      lines.push(condition ? `<<if ${condition}>>${link}<</if>>` : link);
    }
    passages.push({
      name: names.get(scene.id) as string,
      tags: scene.ending ? ["ending"] : [],
      position: toTwinePosition(scene.position),
      size: { w: TWINE_PASSAGE_SIZE, h: TWINE_PASSAGE_SIZE },
      text: lines.join("\n").trim(),
    });
  }
  const start = (startSceneId && names.get(startSceneId)) || names.get(scenes[0]?.id ?? "") || "";
  return {
    title,
    ifid: randomUUID().toUpperCase(),
    format: "SugarCube",
    formatVersion: "2.36.1",
    start,
    passages,
  };
}

function fileNameFor(title: string, extension: string): string {
  const base =
    title
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 60) || "story";
  return `${base}.${extension}`;
}

export async function exportStory(
  deps: ServiceDeps,
  input: z.output<typeof exportStoryInput>,
): Promise<{ fileName: string; text: string }> {
  const story = await loadStory(deps.db, input.storyId);
  const { document } = await draftDocument(deps.db, story);
  if (document.scenes.length === 0) throw new AppError("BAD_REQUEST", "This story has no scenes to export.");
  const twine = toTwineStory(document.title, document.stats, document.startSceneId, document.scenes);
  return input.format === "twee"
    ? { fileName: fileNameFor(story.title, "twee"), text: writeTwee(twine) }
    : { fileName: fileNameFor(story.title, "html"), text: writeTwineHtml(twine) };
}
