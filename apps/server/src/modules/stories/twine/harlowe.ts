import { parseAssignments } from "./effects.ts";
import { negate, parseCondition } from "./expression.ts";
import {
  type Branch,
  forwardFinder,
  MAX_NESTING,
  type PassageNode,
  parseLinkBody,
  parseStringArgs,
} from "./passage-tree.ts";

/**
 * Reads a Harlowe 3 passage: `[[links]]`, `(macro: …)` calls, and hooks (`[…]`) attached to
 * changers such as `(if:)`, `(else-if:)`, `(else:)` and `(unless:)`.
 */

type Token =
  | { kind: "text"; text: string }
  | { kind: "link"; body: string; raw: string }
  | { kind: "macro"; name: string; args: string; raw: string; hook: boolean }
  | { kind: "hookEnd" };

const MACRO_START = /\(([A-Za-z][\w-]*):/y;
/**
 * Finding a macro's closing parenthesis can fail only at the end of the text; total scanning
 * beyond this many characters (times the passage length) stops macro reading, so that many
 * unclosed `(name:` cannot make reading quadratic.
 */
const SCAN_BUDGET_FACTOR = 8;

function tokenize(text: string): { tokens: Token[]; gaveUp: boolean } {
  const tokens: Token[] = [];
  const nextLinkEnd = forwardFinder(text, "]]");
  let budget = SCAN_BUDGET_FACTOR * text.length + 10_000;
  let gaveUp = false;
  let hookDepth = 0;
  let plainFrom = 0;
  let i = 0;
  const pushText = (end: number) => {
    if (end > plainFrom) tokens.push({ kind: "text", text: text.slice(plainFrom, end) });
  };
  while (i < text.length) {
    const char = text[i];
    if (char === "[" && text[i + 1] === "[") {
      const end = nextLinkEnd(i + 2);
      if (end >= 0) {
        pushText(i);
        tokens.push({ kind: "link", body: text.slice(i + 2, end), raw: text.slice(i, end + 2) });
        i = plainFrom = end + 2;
        continue;
      }
    } else if (char === "]" && hookDepth > 0) {
      pushText(i);
      tokens.push({ kind: "hookEnd" });
      hookDepth--;
      i = plainFrom = i + 1;
      continue;
    } else if (char === "(" && !gaveUp) {
      MACRO_START.lastIndex = i;
      const start = MACRO_START.exec(text);
      if (start) {
        const end = findClose(text, i + start[0].length, budget);
        budget -= end.scanned;
        if (end.at < 0 && budget <= 0) gaveUp = true;
        if (end.at >= 0) {
          pushText(i);
          // `(if:)[[[link]]]`: three brackets open a hook holding a link; exactly two are a link.
          const brackets = countBrackets(text, end.at + 1);
          const hook = brackets === 1 || brackets >= 3;
          const openHook = hook && hookDepth < MAX_NESTING;
          tokens.push({
            kind: "macro",
            name: (start[1] as string).toLowerCase().replaceAll("-", "").replaceAll("_", ""),
            args: text.slice(i + start[0].length, end.at),
            raw: text.slice(i, end.at + (openHook ? 2 : 1)),
            hook: openHook,
          });
          if (openHook) hookDepth++;
          i = plainFrom = end.at + (openHook ? 2 : 1);
          continue;
        }
      }
    }
    i++;
  }
  pushText(text.length);
  return { tokens, gaveUp };
}

function countBrackets(text: string, from: number): number {
  let count = 0;
  while (count < 3 && text[from + count] === "[") count++;
  return count;
}

/** The position of the `)` closing a macro whose arguments start at `from`, skipping strings. */
function findClose(text: string, from: number, budget: number): { at: number; scanned: number } {
  let depth = 1;
  let i = from;
  const limit = Math.min(text.length, from + Math.max(budget, 0));
  while (i < limit) {
    const char = text[i];
    if (char === '"' || char === "'") {
      i++;
      while (i < limit && text[i] !== char) i += text[i] === "\\" ? 2 : 1;
    } else if (char === "(") {
      depth++;
    } else if (char === ")") {
      depth--;
      if (depth === 0) return { at: i, scanned: i - from };
    }
    i++;
  }
  return { at: -1, scanned: i - from };
}

interface Frame {
  macro: Extract<Token, { kind: "macro" }>;
  children: PassageNode[];
}

const CONDITIONS = new Set(["if", "unless", "elseif", "else"]);

export function readHarlowe(text: string): { nodes: PassageNode[]; warnings: string[] } {
  const { tokens, gaveUp } = tokenize(text);
  const root: PassageNode[] = [];
  const stack: Frame[] = [];
  const current = () => stack[stack.length - 1]?.children ?? root;

  for (const token of tokens) {
    const out = current();
    if (token.kind === "text") {
      out.push({ kind: "text", text: token.text });
    } else if (token.kind === "link") {
      const { label, target, setter } = parseLinkBody(token.body);
      out.push({
        kind: "link",
        label,
        target,
        raw: token.raw,
        note: setter === null ? null : " (the link's setter)",
      });
    } else if (token.kind === "macro" && token.hook) {
      stack.push({ macro: token, children: [] });
    } else if (token.kind === "macro") {
      out.push(command(token));
    } else {
      const frame = stack.pop();
      if (frame) closeHook(frame, current());
    }
  }
  // Hooks never closed: their opening markup becomes plain text, their content stays.
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    current().push({ kind: "untranslated", raw: frame.macro.raw, warn: true }, ...frame.children);
  }
  const warnings = gaveUp ? ["Too many unclosed macros: the rest of the passage was read as plain text"] : [];
  return { nodes: root, warnings };
}

/** A macro without a hook: an assignment, a link, or something we leave as it is. */
function command(token: Extract<Token, { kind: "macro" }>): PassageNode {
  if (token.name === "set" || token.name === "put") {
    const effects = parseAssignments(token.args, token.name);
    if (effects) return { kind: "effects", effects, raw: token.raw };
  }
  if (token.name === "linkgoto") {
    const args = parseStringArgs(token.args);
    if (args && (args.length === 1 || args.length === 2)) {
      const label = args[0] as string;
      return { kind: "link", label, target: args[1] ?? label, raw: token.raw, note: null };
    }
  }
  return { kind: "untranslated", raw: token.raw, warn: true };
}

function closeHook(frame: Frame, parent: PassageNode[]): void {
  const { macro, children } = frame;
  if (!CONDITIONS.has(macro.name)) {
    parent.push({ kind: "container", open: macro.raw, close: "]", children });
    return;
  }
  let condition: Branch["condition"] = "else";
  if (macro.name !== "else") {
    const parsed = parseCondition(macro.args);
    condition = parsed ? (macro.name === "unless" ? negate(parsed) : parsed) : "untranslatable";
  }
  const branch: Branch = { open: macro.raw, condition, children, close: "]" };
  if (macro.name === "if" || macro.name === "unless") {
    parent.push({ kind: "conditional", branches: [branch], close: "" });
    return;
  }
  // `(else-if:)` and `(else:)` continue the conditional just before them (spaces between allowed).
  let previous = parent.length - 1;
  while (previous >= 0) {
    const node = parent[previous] as PassageNode;
    if (node.kind !== "text" || node.text.trim() !== "") break;
    previous--;
  }
  const conditional = parent[previous];
  const ended = conditional?.kind === "conditional" && conditional.branches.at(-1)?.condition === "else";
  if (conditional?.kind === "conditional" && !ended) {
    parent.splice(previous + 1);
    conditional.branches.push(branch);
  } else {
    parent.push({ kind: "container", open: macro.raw, close: "]", children });
  }
}
