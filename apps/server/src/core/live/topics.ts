// Dependency tracking for live queries. A service calls `track(topic)` where it reads data and
// `changes.changed(topic)` where it writes it; the live-query engine re-runs a query when a topic it
// tracked during its last run changes. Topics are plain strings such as "settings:coming-soon" or
// "user:<id>:notifications".
import { AsyncLocalStorage } from "node:async_hooks";

const trackingScope = new AsyncLocalStorage<Set<string>>();

/** Records that the current query depends on these topics (a no-op outside a live run). */
export function track(...topics: string[]): void {
  const collected = trackingScope.getStore();
  if (!collected) return;
  for (const topic of topics) collected.add(topic);
}

/** Runs `fn` and returns what it returned together with every topic it tracked. */
export async function collectDependencies<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; topics: Set<string> }> {
  const topics = new Set<string>();
  const value = await trackingScope.run(topics, fn);
  return { value, topics };
}

/** A topic that matches every query: announced after a gap in which changes may have been missed. */
export const ALL_TOPICS = "*";
