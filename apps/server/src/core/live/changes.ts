// Announcing writes. Inside a transaction, announcements wait for the commit and are dropped on
// rollback, so no live query ever re-runs for data that was never committed.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Database, Transaction } from "../db/client.ts";
import type { ChangeBus, ChangeListener } from "./change-bus.ts";
import { ReadCache } from "./read-cache.ts";

const transactionScope = new AsyncLocalStorage<Set<string>>();

export class ChangeNotifier {
  private readonly bus: ChangeBus;
  /**
   * Results of reads that are the same for everyone. Announcements from this process drop what
   * they touch at once, before the writer's call returns (the bus hands them on a turn later), so
   * a caller who wrote and then reads sees the write; other processes' arrive through the bus.
   */
  readonly reads: ReadCache;

  constructor(bus: ChangeBus) {
    this.bus = bus;
    this.reads = new ReadCache({ isInSync: () => bus.isInSync() });
    bus.subscribe((topics) => this.reads.invalidate(topics));
  }

  /** Announces that data behind these topics changed (after commit when inside a transaction). */
  changed(...topics: string[]): void {
    const pending = transactionScope.getStore();
    if (pending) {
      for (const topic of topics) pending.add(topic);
      return;
    }
    this.reads.invalidate(topics);
    this.bus.publish(topics);
  }

  /**
   * Calls `listener` with every batch of committed changes, from this process and others: for
   * caches of rarely changing data. Returns the function that stops listening.
   */
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
    if (pending.size > 0) {
      this.reads.invalidate(pending);
      this.bus.publish(pending);
    }
    return result;
  }
}
