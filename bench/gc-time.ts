// Time this process spends in garbage collection, for the benchmarks to tell a slow change caused by
// a collection (in a server or in the clients' process) from one caused by anything else.
import { PerformanceObserver } from "node:perf_hooks";

/** Starts counting; each call of the function returned gives the milliseconds since the last. */
export function garbageCollectionTime(): () => number {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) total += entry.duration;
  }).observe({ entryTypes: ["gc"] });
  return () => {
    const since = total;
    total = 0;
    return since;
  };
}
