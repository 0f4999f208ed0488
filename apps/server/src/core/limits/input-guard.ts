// What no function's input may hold, checked before any schema sees it: NUL characters (which
// PostgreSQL refuses in text, failing the call deep inside a query) and nesting deeper than any
// real input needs (which costs recursion in validators and serializers).

/** Deeper than any function's input schema goes, with room to spare. */
export const MAX_INPUT_DEPTH = 32;

/** The problem with a call's raw input, in words for the caller, or null when there is none. */
export function inputProblem(input: unknown): string | null {
  // Iterative, so that hostile nesting cannot exhaust the stack of the check itself.
  const pending: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop() as { value: unknown; depth: number };
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "Text may not contain NUL characters.";
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return `Input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return "Text may not contain NUL characters.";
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}
