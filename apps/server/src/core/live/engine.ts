// The live-query engine: runs a query, remembers the topics it read, and runs it again when one of
// them changes, sending the new result only if it differs. Subscribers asking for the same query
// with the same input in the same scope share one entry, so a change costs one run however many
// clients watch. A new result is serialized once and handed to its listeners in chunks, with the
// event loop free between chunks, so that a result watched by thousands does not stop the server
// answering anything else while it goes out.
import type { ChangeBus } from "./change-bus.ts";
import { ALL_TOPICS, collectDependencies } from "./topics.ts";

/**
 * `json` is the result as JSON (undefined when the result has none, like `undefined`), computed once
 * per new result and shared by every listener: a listener that writes it to a socket need not
 * serialize it again.
 */
export type LiveEvent =
  | { kind: "data"; data: unknown; json: string | undefined }
  | { kind: "error"; error: unknown };
export type LiveListener = (event: LiveEvent) => void;

interface LiveEntry {
  readonly key: string;
  /**
   * Each listener with its own way to run the query, through its own connection's context: any of
   * them gives the same result, by the key's definition.
   */
  readonly listeners: Map<LiveListener, () => Promise<unknown>>;
  /** The newest listener's: a subscriber who leaves takes its session, which may expire, along. */
  run: () => Promise<unknown>;
  topics: Set<string>;
  lastJson: string | undefined;
  /** The event of the newest result, sent as is to subscribers who join later. */
  lastEvent: LiveEvent | undefined;
  /** Increases with every fan-out: a chunk of an older one finds itself superseded and stops. */
  fanouts: number;
  isScheduled: boolean;
  isRunning: boolean;
  /** A change arrived while running: run again as soon as this run ends. */
  isDirty: boolean;
  isClosed: boolean;
}

export interface LiveStats {
  /** Executions of a query function, first runs included. */
  runs: number;
  /** Results sent to listeners. */
  deliveries: number;
}

export interface LiveEngineOptions {
  /**
   * Listeners handed one result before the engine lets the event loop run other work. Each costs a
   * socket write, some 10–40 µs: a few hundred keep every pause in the millisecond range.
   */
  chunkSize?: number;
  /** Told about a listener that threw; the others still get the result. */
  onListenerError?: (error: unknown) => void;
}

export const DEFAULT_FANOUT_CHUNK = 256;

export class LiveQueryEngine {
  private readonly entries = new Map<string, LiveEntry>();
  private readonly entriesByTopic = new Map<string, Set<LiveEntry>>();
  private readonly unsubscribeBus: () => void;
  private readonly chunkSize: number;
  private readonly onListenerError: (error: unknown) => void;
  readonly stats: LiveStats = { runs: 0, deliveries: 0 };

  constructor(bus: ChangeBus, options: LiveEngineOptions = {}) {
    this.unsubscribeBus = bus.subscribe((topics) => this.onChanges(topics));
    this.chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_FANOUT_CHUNK));
    this.onListenerError = options.onListenerError ?? (() => {});
  }

  /**
   * Starts (or joins) the live query identified by `key`. `listener` receives the current result
   * and every later, different result. Returns the function that stops listening.
   */
  watch(key: string, run: () => Promise<unknown>, listener: LiveListener): () => void {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        key,
        listeners: new Map(),
        run,
        topics: new Set(),
        lastJson: undefined,
        lastEvent: undefined,
        fanouts: 0,
        isScheduled: false,
        isRunning: false,
        isDirty: false,
        isClosed: false,
      };
      this.entries.set(key, entry);
      this.schedule(entry);
    } else if (entry.lastEvent) {
      this.deliver(listener, entry.lastEvent);
    }
    entry.listeners.set(listener, run);
    entry.run = run;
    const joined = entry;
    return () => {
      const leavingRun = joined.listeners.get(listener);
      joined.listeners.delete(listener);
      if (joined.listeners.size === 0) this.remove(joined);
      else if (joined.run === leavingRun) joined.run = [...joined.listeners.values()].at(-1) ?? joined.run;
    };
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribeBus();
    for (const entry of this.entries.values()) this.remove(entry);
  }

  private onChanges(topics: readonly string[]): void {
    if (topics.includes(ALL_TOPICS)) {
      for (const entry of this.entries.values()) this.schedule(entry);
      return;
    }
    for (const topic of topics) {
      const affected = this.entriesByTopic.get(topic);
      if (affected) for (const entry of affected) this.schedule(entry);
    }
  }

  private schedule(entry: LiveEntry): void {
    if (entry.isClosed) return;
    if (entry.isRunning) {
      entry.isDirty = true;
      return;
    }
    if (entry.isScheduled) return;
    entry.isScheduled = true;
    // Waiting one turn lets every topic of a burst arrive before the query runs once.
    setImmediate(() => void this.execute(entry));
  }

  private async execute(entry: LiveEntry): Promise<void> {
    entry.isScheduled = false;
    if (entry.isClosed) return;
    entry.isRunning = true;
    entry.isDirty = false;
    this.stats.runs++;
    try {
      const { value, topics } = await collectDependencies(entry.run);
      if (entry.isClosed) return;
      this.retrack(entry, topics);
      const json: string | undefined = JSON.stringify(value);
      const comparable = json ?? "null";
      if (comparable !== entry.lastJson) {
        const event: LiveEvent = { kind: "data", data: value, json };
        entry.lastJson = comparable;
        entry.lastEvent = event;
        this.emit(entry, event);
      }
    } catch (error) {
      if (entry.isClosed) return;
      entry.lastJson = undefined;
      entry.lastEvent = undefined;
      this.emit(entry, { kind: "error", error });
    } finally {
      entry.isRunning = false;
      if (entry.isDirty) this.schedule(entry);
    }
  }

  /**
   * Hands `event` to the entry's listeners, `chunkSize` at a time with a turn of the event loop in
   * between. A listener who left meanwhile is skipped; a newer result of the same entry supersedes
   * this one for the listeners not reached yet (they skip an intermediate state).
   */
  private emit(entry: LiveEntry, event: LiveEvent): void {
    const listeners = [...entry.listeners.keys()];
    const fanout = ++entry.fanouts;
    const sendFrom = (start: number) => {
      if (entry.isClosed || entry.fanouts !== fanout) return;
      const end = Math.min(start + this.chunkSize, listeners.length);
      for (let index = start; index < end; index++) {
        const listener = listeners[index] as LiveListener;
        if (entry.listeners.has(listener)) this.deliver(listener, event);
      }
      if (end < listeners.length) setImmediate(sendFrom, end);
    };
    sendFrom(0);
  }

  private deliver(listener: LiveListener, event: LiveEvent): void {
    this.stats.deliveries++;
    try {
      listener(event);
    } catch (error) {
      this.onListenerError(error);
    }
  }

  private retrack(entry: LiveEntry, topics: Set<string>): void {
    for (const topic of entry.topics) {
      if (!topics.has(topic)) this.untrack(entry, topic);
    }
    for (const topic of topics) {
      if (entry.topics.has(topic)) continue;
      let set = this.entriesByTopic.get(topic);
      if (!set) {
        set = new Set();
        this.entriesByTopic.set(topic, set);
      }
      set.add(entry);
    }
    entry.topics = topics;
  }

  private untrack(entry: LiveEntry, topic: string): void {
    const set = this.entriesByTopic.get(topic);
    if (!set) return;
    set.delete(entry);
    if (set.size === 0) this.entriesByTopic.delete(topic);
  }

  private remove(entry: LiveEntry): void {
    if (entry.isClosed) return;
    entry.isClosed = true;
    this.entries.delete(entry.key);
    for (const topic of entry.topics) this.untrack(entry, topic);
    entry.listeners.clear();
  }
}

/**
 * Turns engine events into an async iterator for one subscriber, keeping only the newest pending
 * result: a slow client skips intermediate states rather than queueing them.
 */
export async function* liveResults(
  engine: LiveQueryEngine,
  key: string,
  run: () => Promise<unknown>,
  signal: AbortSignal | undefined,
): AsyncGenerator<unknown> {
  // Boxed so that the listener's writes are visible to the loop's checks.
  const box: { pending: LiveEvent | null } = { pending: null };
  let wake: (() => void) | null = null;
  const stop = engine.watch(key, run, (event) => {
    if (box.pending?.kind === "error") return;
    box.pending = event;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    while (!signal?.aborted) {
      const event = box.pending;
      if (!event) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      box.pending = null;
      if (event.kind === "error") throw event.error;
      yield event.data;
    }
  } finally {
    stop();
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Like `liveResults`, for a subscriber whose results go out by `send` as they come (straight to its
 * socket) rather than through the iterator: the iterator yields nothing, throws the query's error
 * (which the transport reports to the subscriber as before) and ends when `signal` aborts.
 */
export async function* liveResultsSentBy(
  engine: LiveQueryEngine,
  key: string,
  run: () => Promise<unknown>,
  signal: AbortSignal | undefined,
  send: (event: Extract<LiveEvent, { kind: "data" }>) => void,
): AsyncGenerator<never> {
  // One turn first: the transport acknowledges the subscription when it has asked for the first
  // item, and a result already at hand must not reach the client before that acknowledgement.
  await Promise.resolve();
  const box: { failure: { error: unknown } | null } = { failure: null };
  let wake: (() => void) | null = null;
  const stop = engine.watch(key, run, (event) => {
    if (box.failure) return;
    if (event.kind === "data") {
      send(event);
      return;
    }
    box.failure = { error: event.error };
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    while (!signal?.aborted && !box.failure) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
    if (box.failure) throw box.failure.error;
  } finally {
    stop();
    signal?.removeEventListener("abort", onAbort);
  }
}
