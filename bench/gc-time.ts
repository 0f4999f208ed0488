// Time this process spends in garbage collection, for the benchmarks to tell a slow change caused by
// a collection (in a server or in the clients' process) from one caused by anything else.
// With BENCH_GC_LOG=1 each collection longer than 10 ms is also written to standard error, with its
// kind and its start on the shared clock, so that it can be laid beside the changes (fanout.ts
// writes each change's commit time and p99 there too).
import { constants, PerformanceObserver } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Whether collections and changes are written to standard error as they happen. */
export const LOG_COLLECTIONS = process.env.BENCH_GC_LOG === "1";
const LOGGED_FROM_MS = 10;

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
};

let gc: (() => void) | undefined;

/** V8's collector, exposed by --expose-gc or, without it, turned on now. */
function fullCollection(): () => void {
  if (!gc) {
    gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    }
  }
  return gc;
}

/** One full collection, now. */
export function collectGarbageOnce(): void {
  fullCollection()();
}

/**
 * Full collections: three, with turns in between, so that objects freed by finalizers and weak
 * callbacks go too.
 */
export async function collectGarbage(): Promise<void> {
  const collect = fullCollection();
  for (let round = 0; round < 3; round++) {
    collect();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Starts counting; each call of the function returned gives the milliseconds since the last.
 * `role` names the process in the log (the bench server, the bare server, …).
 */
export function garbageCollectionTime(role: string): () => number {
  if (LOG_COLLECTIONS) process.stderr.write(`process pid=${process.pid} role=${role}\n`);
  let total = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      total += entry.duration;
      if (LOG_COLLECTIONS && entry.duration >= LOGGED_FROM_MS) {
        const { kind } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
        const at = Math.round(performance.timeOrigin + entry.startTime);
        process.stderr.write(
          `gc pid=${process.pid} kind=${KINDS[kind] ?? kind} ms=${entry.duration.toFixed(1)} at=${at}\n`,
        );
      }
    }
  }).observe({ entryTypes: ["gc"] });
  return () => {
    const since = total;
    total = 0;
    return since;
  };
}
