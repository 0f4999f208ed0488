// A cache of query results that do not depend on who asks, kept until a change to something they
// read is announced. A result is stored with the topics its run tracked (as the live engine records
// them), so the announcements that re-run a live query also drop its cached result; a run that saw
// one of its topics change while it ran is not stored, since it may have read the data before the
// change. Results that tracked nothing are never stored: nothing would ever tell us they changed.
import { ALL_TOPICS, collectDependencies } from "./topics.ts";

export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Runs whose result was not kept, because a topic they read changed while they ran. */
  discarded: number;
  evictions: number;
}

export interface CachedResult<T> {
  value: T;
  topics: ReadonlySet<string>;
}

interface Entry {
  value: unknown;
  topics: ReadonlySet<string>;
  /** The value as JSON, made the first time it is asked for (peekJson). */
  json?: string;
}

/** A run in progress, and the topics announced since it began. */
interface RunningRead {
  changed: Set<string>;
  everything: boolean;
}

export const DEFAULT_READ_CACHE_ENTRIES = 1000;

export class ReadCache {
  /** In least recently used order: the first key is the next to go. */
  private readonly entries = new Map<string, Entry>();
  private readonly keysByTopic = new Map<string, Set<string>>();
  private readonly running = new Set<RunningRead>();
  /** Identical reads that arrive while one runs wait for it, rather than running again. */
  private readonly shared = new Map<string, Promise<CachedResult<unknown>>>();
  readonly stats: ReadCacheStats = { hits: 0, misses: 0, discarded: 0, evictions: 0 };
  private readonly maxEntries: number;
  private readonly isInSync: () => boolean;
  /** Announcements may have been missed since: what is held may be stale. */
  private wasOutOfSync = false;

  /**
   * `isInSync` says whether every announcement reaches us (the change bus's listener is up): while
   * it does not, the cache is passed by, and what it held is dropped once it does again.
   */
  constructor(options: { maxEntries?: number; isInSync?: () => boolean } = {}) {
    this.maxEntries = options.maxEntries ?? DEFAULT_READ_CACHE_ENTRIES;
    this.isInSync = options.isInSync ?? (() => true);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The stored result for `key`, or the result of `run` (stored if nothing it read changed meanwhile). */
  read<T>(key: string, run: () => Promise<T>): Promise<CachedResult<T>> {
    if (!this.isInSync()) {
      this.wasOutOfSync = true;
      this.stats.misses++;
      return collectDependencies(run);
    }
    if (this.wasOutOfSync) {
      this.wasOutOfSync = false;
      this.clear();
    }
    const entry = this.use(key);
    if (entry) return Promise.resolve(entry as CachedResult<T>);
    const inProgress = this.shared.get(key);
    if (inProgress) return inProgress as Promise<CachedResult<T>>;
    this.stats.misses++;
    const started = this.runAndStore(key, run);
    this.shared.set(key, started);
    const forget = () => {
      if (this.shared.get(key) === started) this.shared.delete(key);
    };
    started.then(forget, forget);
    return started;
  }

  /**
   * The stored result for `key` as JSON, without running anything: undefined when none is stored
   * (or the cache is passed by while announcements may be missed). The JSON is made once per
   * stored result, however many callers it is sent to.
   */
  peekJson(key: string): string | undefined {
    if (!this.isInSync() || this.wasOutOfSync) return undefined;
    const entry = this.use(key);
    if (!entry) return undefined;
    entry.json ??= JSON.stringify(entry.value);
    return entry.json;
  }

  /** Drops every result that read one of these topics (all of them for `ALL_TOPICS`). */
  invalidate(topics: Iterable<string>): void {
    const list = [...topics];
    if (list.length === 0) return;
    // Reads already running may have read the old data: later callers must not join them.
    this.shared.clear();
    if (list.includes(ALL_TOPICS)) {
      for (const read of this.running) read.everything = true;
      this.entries.clear();
      this.keysByTopic.clear();
      return;
    }
    for (const read of this.running) for (const topic of list) read.changed.add(topic);
    for (const topic of list) {
      const keys = this.keysByTopic.get(topic);
      if (!keys) continue;
      for (const key of [...keys]) this.remove(key);
    }
  }

  clear(): void {
    this.invalidate([ALL_TOPICS]);
  }

  private async runAndStore<T>(key: string, run: () => Promise<T>): Promise<CachedResult<T>> {
    const read: RunningRead = { changed: new Set(), everything: false };
    this.running.add(read);
    try {
      const { value, topics } = await collectDependencies(run);
      const isStale = read.everything || [...topics].some((topic) => read.changed.has(topic));
      if (isStale) this.stats.discarded++;
      else if (topics.size > 0 && !topics.has(ALL_TOPICS)) this.store(key, { value, topics });
      return { value, topics };
    } finally {
      this.running.delete(read);
    }
  }

  /** The stored entry for `key`, counted as a hit and moved to the back as most recently used. */
  private use(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.stats.hits++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private store(key: string, entry: Entry): void {
    this.remove(key);
    this.entries.set(key, entry);
    for (const topic of entry.topics) {
      let keys = this.keysByTopic.get(topic);
      if (!keys) {
        keys = new Set();
        this.keysByTopic.set(topic, keys);
      }
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
      this.stats.evictions++;
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const topic of entry.topics) {
      const keys = this.keysByTopic.get(topic);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysByTopic.delete(topic);
    }
  }
}
