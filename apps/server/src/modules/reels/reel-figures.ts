// Announcing that reels' figures moved. Watch events arrive many times a second; the analytics
// page re-runs a heavy query per announcement, so they are announced at most every few seconds
// per process (the last change of a burst always is).
import type { ServiceDeps } from "../../core/service-deps.ts";
import { REELS_ANALYTICS_TOPIC } from "./topics.ts";

export const ANALYTICS_ANNOUNCE_MS = 5_000;

const pending = new WeakMap<ServiceDeps, NodeJS.Timeout>();

/**
 * Call once the change has committed, outside any transaction: the announcement is made later, in
 * the context it was asked from.
 */
export function noteAnalyticsChange(deps: ServiceDeps): void {
  if (pending.has(deps)) return;
  const timer = setTimeout(() => {
    pending.delete(deps);
    deps.changes.changed(REELS_ANALYTICS_TOPIC);
  }, ANALYTICS_ANNOUNCE_MS);
  timer.unref();
  pending.set(deps, timer);
}
