import { type Token, tokenize } from "./expression.ts";

/** A change to a stat when a scene is shown; `value` is written in our expression grammar. */
export interface Effect {
  kind: "set" | "add" | "toggle";
  name: string;
  /** The new value for `set`, the signed amount for `add`, empty for `toggle`. */
  value: string;
}

/**
 * Reads the assignments of `<<set …>>` or `(set: …)` (comma-separated, `to` or `=`), or of
 * `(put: … into $x)`. Only literal numbers and booleans, adding or subtracting a number, and
 * flipping a boolean translate; null when any assignment in the list does not.
 */
export function parseAssignments(source: string, form: "set" | "put"): Effect[] | null {
  const groups: Token[][] = [[]];
  for (const token of tokenize(source)) {
    if (token.kind === "sym" && token.text === ",") groups.push([]);
    else groups[groups.length - 1]?.push(token);
  }
  const effects: Effect[] = [];
  for (const group of groups) {
    const effect = form === "set" ? readSet(group) : readPut(group);
    if (!effect) return null;
    effects.push(effect);
  }
  return effects;
}

function readSet(tokens: Token[]): Effect | null {
  const [target, op, ...value] = tokens;
  if (target?.kind !== "var" || !op) return null;
  const name = target.text;
  if (op.text === "++" || op.text === "--") {
    return value.length === 0 ? { kind: "add", name, value: op.text === "++" ? "1" : "-1" } : null;
  }
  if (op.text === "+=" || op.text === "-=") {
    const amount = readNumber(value);
    return amount === null ? null : { kind: "add", name, value: String(op.text === "+=" ? amount : -amount) };
  }
  if ((op.kind === "word" && op.text === "to") || (op.kind === "sym" && op.text === "=")) {
    return readValue(name, value);
  }
  return null;
}

function readPut(tokens: Token[]): Effect | null {
  const into = tokens.findIndex((token) => token.kind === "word" && token.text === "into");
  const target = tokens[into + 1];
  if (into < 0 || target?.kind !== "var" || into + 2 !== tokens.length) return null;
  return readValue(target.text, tokens.slice(0, into));
}

/** The right-hand side: a literal, the variable (or Harlowe's `it`) plus or minus a number, or its negation. */
function readValue(name: string, tokens: Token[]): Effect | null {
  const literal = readNumber(tokens);
  if (literal !== null) return { kind: "set", name, value: String(literal) };
  const [first, second, ...rest] = tokens;
  if (first?.kind === "word" && (first.text === "true" || first.text === "false") && !second) {
    return { kind: "set", name, value: first.text };
  }
  const isSelf = (token: Token | undefined) =>
    (token?.kind === "var" && token.text === name) || (token?.kind === "word" && token.text === "it");
  if (isSelf(first) && second?.kind === "sym" && (second.text === "+" || second.text === "-")) {
    const amount = readNumber(rest);
    if (amount !== null) return { kind: "add", name, value: String(second.text === "+" ? amount : -amount) };
  }
  if ((first?.text === "not" || first?.text === "!") && isSelf(second) && rest.length === 0) {
    return { kind: "toggle", name, value: "" };
  }
  return null;
}

function readNumber(tokens: Token[]): number | null {
  const [first, second] = tokens;
  if (first?.kind === "num" && tokens.length === 1) return Number(first.text);
  if (first?.kind === "sym" && first.text === "-" && second?.kind === "num" && tokens.length === 2) {
    return -Number(second.text);
  }
  return null;
}
