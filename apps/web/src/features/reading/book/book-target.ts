/** Where to open a chapter, passed in the router's state by jumps from another chapter. */
export type BookTarget =
  | { kind: "place"; p: number; o: number }
  | { kind: "search"; query: string; occurrence: number; before: string; after: string }
  | { kind: "end" };

export function routeTarget(state: unknown): BookTarget | null {
  if (typeof state !== "object" || state === null || !("bookTarget" in state)) return null;
  return (state as { bookTarget: BookTarget }).bookTarget ?? null;
}
