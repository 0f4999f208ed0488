import { parseAssignments } from "./effects.ts";
import { parseCondition } from "./expression.ts";
import {
  type Branch,
  forwardFinder,
  MAX_NESTING,
  type PassageNode,
  parseLinkBody,
  parseStringArgs,
} from "./passage-tree.ts";

/**
 * Reads a SugarCube 2 passage: `[[links]]`, `<<macros>>` (with `<<if>>`/`<<elseif>>`/`<<else>>`
 * blocks and `<<set>>`), and `<<script>>` blocks, whose JavaScript is kept whole.
 */

type Token =
  | { kind: "text"; text: string }
  | { kind: "link"; body: string; raw: string }
  | { kind: "macro"; name: string; args: string; raw: string }
  | { kind: "close"; name: string; raw: string };

const MACRO_NAME = /[A-Za-z=-][\w-]*/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const nextLink = forwardFinder(text, "[[");
  const nextLinkEnd = forwardFinder(text, "]]");
  const nextMacro = forwardFinder(text, "<<");
  const nextMacroEnd = forwardFinder(text, ">>");
  const nextScriptEnd = forwardFinder(text, "<</script>>");
  let plainFrom = 0;
  let i = 0;
  const pushText = (end: number) => {
    if (end > plainFrom) tokens.push({ kind: "text", text: text.slice(plainFrom, end) });
  };
  while (i < text.length) {
    const link = nextLink(i);
    const macro = nextMacro(i);
    if (link < 0 && macro < 0) break;
    const at = link < 0 ? macro : macro < 0 ? link : Math.min(link, macro);
    if (at === link) {
      const end = nextLinkEnd(at + 2);
      if (end < 0) {
        i = at + 2;
        continue;
      }
      pushText(at);
      tokens.push({ kind: "link", body: text.slice(at + 2, end), raw: text.slice(at, end + 2) });
      i = plainFrom = end + 2;
      continue;
    }
    const closing = text[at + 2] === "/";
    MACRO_NAME.lastIndex = at + (closing ? 3 : 2);
    const name = MACRO_NAME.exec(text)?.[0];
    const end = name ? nextMacroEnd(at + 2) : -1;
    if (!name || end < 0) {
      // `<<` without a macro name, or never closed: plain text, as SugarCube shows it.
      i = at + 1;
      continue;
    }
    pushText(at);
    const raw = text.slice(at, end + 2);
    if (closing) {
      tokens.push({ kind: "close", name, raw });
    } else if (name === "script") {
      // JavaScript is never read for links or macros; it stays as it is, up to its closing tag.
      const scriptEnd = nextScriptEnd(end + 2);
      const stop = scriptEnd < 0 ? text.length : scriptEnd + "<</script>>".length;
      tokens.push({ kind: "macro", name, args: "", raw: text.slice(at, stop) });
      i = plainFrom = stop;
      continue;
    } else {
      const argsFrom = at + 2 + name.length;
      tokens.push({ kind: "macro", name, args: text.slice(argsFrom, end), raw });
    }
    i = plainFrom = end + 2;
  }
  plainFrom = Math.min(plainFrom, text.length);
  pushText(text.length);
  return tokens;
}

interface Frame {
  branches: Branch[];
  /** Where the conditional goes once closed. */
  parent: PassageNode[];
}

export function readSugarCube(text: string): PassageNode[] {
  const tokens = tokenize(text);
  const root: PassageNode[] = [];
  const stack: Frame[] = [];
  const current = () => {
    const frame = stack[stack.length - 1];
    return frame ? (frame.branches[frame.branches.length - 1] as Branch).children : root;
  };

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    const out = current();
    if (token.kind === "text") {
      out.push({ kind: "text", text: token.text });
    } else if (token.kind === "link") {
      out.push(linkNode(token.body, token.raw));
    } else if (token.kind === "close") {
      const frame = stack[stack.length - 1];
      if (token.name === "if" && frame) {
        stack.pop();
        frame.parent.push({ kind: "conditional", branches: frame.branches, close: token.raw });
      } else {
        out.push({ kind: "untranslated", raw: token.raw, warn: false });
      }
    } else if (token.name === "if" && stack.length < MAX_NESTING) {
      stack.push({ parent: out, branches: [branch(token.raw, token.args)] });
    } else if ((token.name === "elseif" || token.name === "else") && stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      const elseIf = token.name === "elseif" || /^\s*if\b/.test(token.args);
      const args = token.name === "else" ? token.args.replace(/^\s*if\b/, "") : token.args;
      frame.branches.push(
        elseIf ? branch(token.raw, args) : { open: token.raw, condition: "else", children: [], close: "" },
      );
    } else if (token.name === "set") {
      const effects = parseAssignments(token.args, "set");
      out.push(
        effects
          ? { kind: "effects", effects, raw: token.raw }
          : { kind: "untranslated", raw: token.raw, warn: true },
      );
    } else if (token.name === "link" || token.name === "button") {
      index = readLinkMacro(tokens, index, out);
    } else {
      out.push({ kind: "untranslated", raw: token.raw, warn: true });
    }
  }
  // Blocks never closed cannot be conditions: their markup becomes plain, their content stays.
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    for (const open of frame.branches) {
      frame.parent.push({ kind: "untranslated", raw: open.open, warn: true }, ...open.children);
    }
  }
  return root;
}

function branch(raw: string, args: string): Branch {
  return { open: raw, condition: parseCondition(args) ?? "untranslatable", children: [], close: "" };
}

/** A link; a setter made only of assignments we translate becomes the choice's effects. */
function linkNode(body: string, raw: string): PassageNode {
  const { label, target, setter } = parseLinkBody(body);
  if (setter === null) return { kind: "link", label, target, raw, note: null };
  const effects = parseAssignments(setter, "set");
  if (effects) return { kind: "link", label, target, raw, note: null, effects };
  return { kind: "link", label, target, raw, note: " (the link's setter)" };
}

/**
 * `<<link "Label" "Target">><</link>>` (or with `[[…]]` as its argument) is just a link; with
 * anything inside, it runs code on click, which we do not translate.
 */
function readLinkMacro(tokens: Token[], index: number, out: PassageNode[]): number {
  const token = tokens[index] as Extract<Token, { kind: "macro" }>;
  let next = index + 1;
  const between = tokens[next];
  if (between?.kind === "text" && between.text.trim() === "") next++;
  const close = tokens[next];
  const args = token.args.trim();
  const linkArg = args.startsWith("[[") && args.endsWith("]]") ? args.slice(2, -2) : null;
  const strings = linkArg === null ? parseStringArgs(args) : null;
  if (close?.kind === "close" && close.name === token.name) {
    if (linkArg !== null && !linkArg.includes("[[")) {
      out.push(linkNode(linkArg, token.raw + close.raw));
      return next;
    }
    if (strings?.length === 2) {
      const [label, target] = strings as [string, string];
      out.push({ kind: "link", label, target, raw: token.raw + close.raw, note: null });
      return next;
    }
  }
  out.push({ kind: "untranslated", raw: token.raw, warn: true });
  return index;
}
