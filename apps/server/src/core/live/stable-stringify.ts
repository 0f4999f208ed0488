/** JSON with object keys sorted, so that equal inputs give equal keys (of live queries, of cached reads). */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) => {
    if (item && typeof item === "object" && !Array.isArray(item)) {
      return Object.fromEntries(
        Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return item;
  });
}
