import type { Effect } from "./effects.ts";
import type { StatKind } from "./expression.ts";
import { readHarlowe } from "./harlowe.ts";
import type { PassageNode } from "./passage-tree.ts";
import { type BuiltScene, buildScene, type Choice } from "./scene-builder.ts";
import { readSugarCube } from "./sugarcube.ts";
import { shorten, TwineImportError, type TwinePassage, type TwineStory } from "./twine-model.ts";

export type { Effect } from "./effects.ts";
export type { Choice } from "./scene-builder.ts";

export interface SceneDraft {
  /** The passage's name, which choices use as their target. */
  key: string;
  text: string;
  position: { x: number; y: number } | null;
  choices: Choice[];
  effects: Effect[];
  warnings: string[];
}

export interface StatDraft {
  name: string;
  kind: StatKind;
  default: number | boolean;
}

export interface StoryDraft {
  title: string;
  start: string;
  scenes: SceneDraft[];
  stats: StatDraft[];
  warnings: string[];
}

type Dialect = "sugarcube" | "harlowe";

/** SugarCube passages that configure the story rather than show a scene. */
const SUGARCUBE_SPECIAL = new Set([
  "StoryInit",
  "StoryCaption",
  "StoryMenu",
  "StoryBanner",
  "StorySubtitle",
  "StoryAuthor",
  "StoryDisplayTitle",
  "StoryInterface",
  "StoryShare",
  "PassageReady",
  "PassageDone",
  "PassageHeader",
  "PassageFooter",
]);
const SUGARCUBE_SPECIAL_TAGS = ["widget", "script", "stylesheet", "Twine.private"];
const HARLOWE_SPECIAL_TAGS = ["startup", "header", "footer", "debug-startup", "debug-header", "debug-footer"];

export function translateStory(story: TwineStory): StoryDraft {
  const warnings: string[] = [];
  const dialect = pickDialect(story, warnings);
  if (!story.passages.some((passage) => passage.name === story.start)) {
    throw new TwineImportError(`The start passage "${shorten(story.start)}" is not in the story.`);
  }

  const read = (passage: TwinePassage): { scene: BuiltScene; extra: string[] } => {
    if (dialect === "sugarcube") return { scene: buildScene(readSugarCube(passage.text)), extra: [] };
    const { nodes, warnings: extra } = readHarlowe(passage.text);
    return { scene: buildScene(nodes as PassageNode[]), extra };
  };

  const scenes: SceneDraft[] = [];
  const initEffects: Effect[] = [];
  const usage: BuiltScene["usage"] = [];
  let startEffects: Effect[] = [];
  for (const passage of story.passages) {
    const { scene, extra } = read(passage);
    usage.push(...scene.usage);
    const special = specialReason(passage, dialect);
    if (special === "init") {
      // Initialisation passages give stats their starting values and are not shown.
      initEffects.push(...scene.effects);
      for (const warning of [...extra, ...scene.warnings])
        warnings.push(`Passage "${shorten(passage.name)}": ${warning}`);
      continue;
    }
    if (special) {
      warnings.push(`Passage "${shorten(passage.name)}" was not imported: ${special}`);
      continue;
    }
    if (passage.name === story.start) startEffects = scene.effects;
    const sceneWarnings = [...extra, ...scene.warnings];
    scenes.push({
      key: passage.name,
      text: scene.text,
      position: passage.position,
      choices: scene.choices,
      effects: scene.effects,
      warnings: sceneWarnings,
    });
    if (sceneWarnings.length > 0) {
      warnings.push(
        `Passage "${shorten(passage.name)}": ${sceneWarnings.length} part(s) not fully translated`,
      );
    }
  }
  if (!scenes.some((scene) => scene.key === story.start)) {
    throw new TwineImportError(
      `The start passage "${shorten(story.start)}" is a special passage, not a scene.`,
    );
  }

  const keys = new Set(scenes.map((scene) => scene.key));
  for (const scene of scenes) {
    for (const choice of scene.choices) {
      if (!keys.has(choice.target)) {
        const message = `Choice "${shorten(choice.label)}" leads to "${shorten(choice.target)}", which is not a scene`;
        scene.warnings.push(message);
        warnings.push(`Passage "${shorten(scene.key)}": ${message}`);
      }
    }
  }

  return {
    title: story.title,
    start: story.start,
    scenes,
    stats: decideStats([...initEffects, ...startEffects], usage, warnings),
    warnings,
  };
}

function pickDialect(story: TwineStory, warnings: string[]): Dialect {
  const format = story.format.toLowerCase();
  if (format.startsWith("sugarcube")) return "sugarcube";
  if (format.startsWith("harlowe")) return "harlowe";
  // Unknown or missing: judge by which format's markup the passages use.
  const text = story.passages.map((passage) => passage.text).join("\n");
  const dialect: Dialect =
    text.includes("<<") && !/\((?:set|if|link-goto):/.test(text) ? "sugarcube" : "harlowe";
  warnings.push(
    `The story format ${story.format === "" ? "is not given" : `"${shorten(story.format)}" is neither SugarCube nor Harlowe`}; it was read as ${dialect === "sugarcube" ? "SugarCube" : "Harlowe"}`,
  );
  return dialect;
}

/** "init" for passages that set up variables, a reason for other non-scene passages, else null. */
function specialReason(passage: TwinePassage, dialect: Dialect): "init" | string | null {
  if (dialect === "sugarcube") {
    if (passage.name === "StoryInit") return "init";
    if (SUGARCUBE_SPECIAL.has(passage.name)) return "it is a SugarCube special passage";
    const tag = passage.tags.find((candidate) => SUGARCUBE_SPECIAL_TAGS.includes(candidate));
    return tag ? `it is tagged "${tag}"` : null;
  }
  if (passage.tags.includes("startup")) return "init";
  const tag = passage.tags.find((candidate) => HARLOWE_SPECIAL_TAGS.includes(candidate));
  return tag ? `it is tagged "${tag}"` : null;
}

/**
 * A stat's kind and starting value come from the first literal `set` in the initialisation
 * passages, then in the start passage; otherwise from how it is used, starting at 0 or false.
 */
function decideStats(initial: Effect[], usage: BuiltScene["usage"], warnings: string[]): StatDraft[] {
  const stats = new Map<string, StatDraft>();
  for (const effect of initial) {
    if (effect.kind !== "set" || stats.has(effect.name)) continue;
    const isBoolean = effect.value === "true" || effect.value === "false";
    stats.set(effect.name, {
      name: effect.name,
      kind: isBoolean ? "boolean" : "number",
      default: isBoolean ? effect.value === "true" : Number(effect.value),
    });
  }
  const kinds = new Map<string, Set<StatKind>>();
  for (const { name, kind } of usage) {
    const seen = kinds.get(name) ?? new Set<StatKind>();
    seen.add(kind);
    kinds.set(name, seen);
  }
  for (const [name, seen] of kinds) {
    const known = stats.get(name);
    const kind: StatKind = known?.kind ?? (seen.has("number") ? "number" : "boolean");
    if (seen.size > 1 || (known && !seen.has(known.kind))) {
      warnings.push(
        `Stat "${shorten(name)}" is used both as a number and as true/false; it was made a ${kind}`,
      );
    }
    if (!known) stats.set(name, { name, kind, default: kind === "number" ? 0 : false });
  }
  return [...stats.values()];
}
