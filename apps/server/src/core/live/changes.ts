// Announcing writes. Inside a transaction, announcements wait for the commit and are dropped on
// rollback, so no live query ever re-runs for data that was never committed.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Database, Transaction } from "../db/client.ts";
import type { ChangeBus, ChangeListener } from "./change-bus.ts";
import { ReadCache } from "./read-cache.ts";

const transactionScope = new AsyncLocalStorage<Set<string>>();

/** Topics announced at most once per so many milliseconds (see `coalesceTopic`). */
const coalescedTopics = new Map<string, number>();

/**
 * Announces `topic` at most once every `everyMs`: for a topic that changes with nearly every event
 * (a day's counts), whose watchers would otherwise run again with each one. The last change is
 * always announced, at most `everyMs` late.
 */
export function coalesceTopic(topic: string, everyMs: number): void {
  coalescedTopics.set(topic, everyMs);
}

/** Signed-in callers whose rows are kept: about a process's open sockets, with room. */
const CALLER_ROWS_KEPT = 20_000;

export class ChangeNotifier {
  private readonly bus: ChangeBus;
  /**
   * Results of reads that are the same for everyone. Announcements from this process drop what
   * they touch at once, before the writer's call returns (the bus hands them on a turn later), so
   * a caller who wrote and then reads sees the write; other processes' arrive through the bus.
   */
  readonly reads: ReadCache;
  /**
   * The stored rows of signed-in callers, which every call reads: kept apart from `reads` so that
   * thousands of people do not crowd out the shared results, and dropped by the same
   * announcements (a suspension, a new role or age is seen by the very next call).
   */
  readonly callers: ReadCache;
  /** Coalesced topics waiting to be announced, and when each was last. */
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  private readonly lastAnnounced = new Map<string, number>();

  constructor(bus: ChangeBus) {
    this.bus = bus;
    this.reads = new ReadCache({ isInSync: () => bus.isInSync() });
    this.callers = new ReadCache({ maxEntries: CALLER_ROWS_KEPT, isInSync: () => bus.isInSync() });
    bus.subscribe((topics) => this.invalidate(topics));
  }

  /** Announces that data behind these topics changed (after commit when inside a transaction). */
  changed(...topics: string[]): void {
    const pending = transactionScope.getStore();
    if (pending) {
      for (const topic of topics) pending.add(topic);
      return;
    }
    this.publish(topics);
  }

  private publish(topics: Iterable<string>): void {
    const now: string[] = [];
    for (const topic of topics) {
      const everyMs = coalescedTopics.get(topic);
      if (everyMs === undefined) now.push(topic);
      else this.publishLater(topic, everyMs);
    }
    if (now.length === 0) return;
    this.invalidate(now);
    this.bus.publish(now);
  }

  private publishLater(topic: string, everyMs: number): void {
    // One already waiting carries this change too.
    if (this.waiting.has(topic)) return;
    const wait = Math.max(0, (this.lastAnnounced.get(topic) ?? 0) + everyMs - Date.now());
    const timer = setTimeout(() => {
      this.waiting.delete(topic);
      this.lastAnnounced.set(topic, Date.now());
      this.invalidate([topic]);
      this.bus.publish([topic]);
    }, wait);
    timer.unref();
    this.waiting.set(topic, timer);
  }

  /**
   * Calls `listener` with every batch of committed changes, from this process and others: for
   * caches of rarely changing data. Returns the function that stops listening.
   */
  private invalidate(topics: readonly string[]): void {
    this.reads.invalidate(topics);
    this.callers.invalidate(topics);
  }

  subscribe(listener: ChangeListener): () => void {
    return this.bus.subscribe(listener);
  }

  /**
   * Runs `fn` in a database transaction. Topics announced inside it are published once the
   * transaction has committed; a nested call joins the outer transaction's announcements.
   */
  async inTransaction<T>(db: Database, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    if (transactionScope.getStore()) return db.transaction(fn);
    const pending = new Set<string>();
    const result = await transactionScope.run(pending, () => db.transaction(fn));
    if (pending.size > 0) this.publish(pending);
    return result;
  }
}
