import type { Effect } from "./effects.ts";
import { allOf, collectUsage, type Expr, negate, printExpr, type StatKind } from "./expression.ts";
import type { PassageNode } from "./passage-tree.ts";
import { shorten } from "./twine-model.ts";

export interface Choice {
  label: string;
  target: string;
  /** In our expression grammar; null when the choice is always offered. */
  condition: string | null;
  /** What taking the choice does (a SugarCube link's setter). */
  effects: Effect[];
}

export interface BuiltScene {
  text: string;
  choices: Choice[];
  effects: Effect[];
  warnings: string[];
  /** Every way a variable is used, for deciding each stat's kind. */
  usage: Array<{ name: string; kind: StatKind }>;
}

/** The conditions in force at a point in the passage; `unknown` once one of them did not translate. */
interface Context {
  conditions: Expr[];
  unknown: string | null;
}

/**
 * Turns a passage tree into a scene: links become choices (with the conditions around them),
 * top-level assignments become effects, and all other markup stays in the text and is warned of.
 */
export function buildScene(nodes: PassageNode[]): BuiltScene {
  const scene: BuiltScene = { text: "", choices: [], effects: [], warnings: [], usage: [] };
  const text: string[] = [];
  const warned = new Set<string>();
  const warn = (message: string) => {
    if (!warned.has(message)) scene.warnings.push(message);
    warned.add(message);
  };
  const notTranslated = (raw: string, why = "") => warn(`Not translated: ${shorten(raw.trim(), 80)}${why}`);

  const visit = (list: PassageNode[], context: Context) => {
    for (const node of list) {
      switch (node.kind) {
        case "text":
          text.push(node.text);
          for (const match of node.text.matchAll(/\$[A-Za-z_]\w*/g)) {
            notTranslated(match[0], " (shows a variable's value)");
          }
          break;
        case "untranslated":
          text.push(node.raw);
          if (node.warn) notTranslated(node.raw);
          break;
        case "link": {
          const condition = allOf(context.conditions);
          scene.choices.push({
            label: node.label,
            target: node.target,
            condition: context.unknown ? null : condition && printExpr(condition),
            effects: node.effects ?? [],
          });
          for (const effect of node.effects ?? []) {
            scene.usage.push({ name: effect.name, kind: effectKind(effect) });
          }
          if (context.unknown) {
            warn(
              `Choice "${shorten(node.label)}" is always offered: its condition ${shorten(context.unknown, 80)} was not translated`,
            );
          }
          if (node.note) notTranslated(node.raw, node.note);
          break;
        }
        case "effects":
          if (context.conditions.length > 0 || context.unknown) {
            text.push(node.raw);
            notTranslated(node.raw, " (a change made only under a condition)");
          } else {
            for (const effect of node.effects) {
              scene.effects.push(effect);
              scene.usage.push({ name: effect.name, kind: effectKind(effect) });
            }
          }
          break;
        case "container":
          text.push(node.open);
          notTranslated(node.open);
          visit(node.children, context);
          text.push(node.close);
          break;
        case "conditional": {
          // Only a conditional holding nothing but choices disappears into their conditions.
          const removable = node.branches.every((branch) => onlyChoices(branch.children));
          let before: Expr[] = [];
          let unknown = context.unknown;
          for (const branch of node.branches) {
            let own: Expr[] = [];
            if (branch.condition === "untranslatable") unknown ??= branch.open;
            else if (branch.condition !== "else") {
              own = [branch.condition];
              collectUsage(branch.condition, (name, kind) => scene.usage.push({ name, kind }));
            }
            if (!removable) {
              text.push(branch.open);
              notTranslated(branch.open, " (text shown only under a condition)");
            }
            visit(branch.children, { conditions: [...context.conditions, ...before, ...own], unknown });
            if (!removable) text.push(branch.close);
            if (branch.condition !== "else" && branch.condition !== "untranslatable") {
              before = [...before, negate(branch.condition)];
            }
          }
          if (!removable) text.push(node.close);
          break;
        }
      }
    }
  };
  visit(nodes, { conditions: [], unknown: null });
  scene.text = tidy(text.join(""));
  return scene;
}

function effectKind(effect: Effect): StatKind {
  if (effect.kind === "toggle") return "boolean";
  if (effect.kind === "add") return "number";
  return effect.value === "true" || effect.value === "false" ? "boolean" : "number";
}

function onlyChoices(list: PassageNode[]): boolean {
  return list.every(
    (node) =>
      node.kind === "link" ||
      (node.kind === "text" && node.text.trim() === "") ||
      (node.kind === "conditional" && node.branches.every((branch) => onlyChoices(branch.children))),
  );
}

/** Removing markup leaves stray spaces and blank lines; keep at most one blank line in a row. */
function tidy(text: string): string {
  const lines = text.split("\n").map((line) => line.trimEnd());
  const kept: string[] = [];
  for (const line of lines) {
    if (line === "" && (kept.length === 0 || kept[kept.length - 1] === "")) continue;
    kept.push(line);
  }
  return kept.join("\n").trim();
}
