// The feed's watch reports on their way to the server: numbered per reel in the order they happen
// (0, 1, 2, …), sent in batches every few seconds, and whatever is still unsent handed to a beacon
// when the page hides. A batch that fails goes back to the front and is sent again; the server
// ignores what it has already seen (by session, reel and number), so sending twice is harmless.
import { REEL_EVENTS_PER_BATCH } from "@litverse/shared/reels";
import type { WatchReport } from "./watch-tracker.ts";

export interface WatchEvent extends WatchReport {
  reelId: string;
  seq: number;
}

export interface WatchSink {
  /** Sends a batch as a function call; rejects when it did not arrive. */
  send: (sessionId: string, events: WatchEvent[]) => Promise<unknown>;
  /** Hands a batch to the browser to deliver after the page has gone; false when it refused. */
  beacon: (sessionId: string, events: WatchEvent[]) => boolean;
}

/** Beyond this many unsent (a long time offline), the oldest go. */
const MAX_PENDING = 1_000;

export class WatchQueue {
  private pending: WatchEvent[] = [];
  private inFlight: WatchEvent[] = [];
  private readonly nextSeq = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  readonly sessionId: string;
  private readonly sink: WatchSink;

  constructor(sessionId: string, sink: WatchSink) {
    this.sessionId = sessionId;
    this.sink = sink;
  }

  add(reelId: string, report: WatchReport): void {
    const seq = this.nextSeq.get(reelId) ?? 0;
    this.nextSeq.set(reelId, seq + 1);
    this.pending.push({ ...report, reelId, seq });
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
    this.notify();
  }

  /** Reports not yet known to have arrived. */
  get unsent(): number {
    return this.pending.length + this.inFlight.length;
  }

  /** Calls `listener` whenever `unsent` may have changed; returns the way to stop. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends what is pending, a batch at a time; one flush at a time. */
  async flush(): Promise<void> {
    while (this.inFlight.length === 0 && this.pending.length > 0) {
      const batch = this.pending.splice(0, REEL_EVENTS_PER_BATCH);
      this.inFlight = batch;
      this.notify();
      try {
        await this.sink.send(this.sessionId, batch);
        this.inFlight = [];
        this.notify();
      } catch {
        // Next time, in the same order.
        this.pending.unshift(...batch);
        this.inFlight = [];
        this.notify();
        return;
      }
    }
  }

  /**
   * The page is going: everything unsent (including a batch whose answer has not come) goes by
   * beacon. What the browser accepted is considered sent.
   */
  sendBeacon(): void {
    const all = [...this.inFlight, ...this.pending];
    if (all.length === 0) return;
    const accepted = new Set<WatchEvent>();
    for (let start = 0; start < all.length; start += REEL_EVENTS_PER_BATCH) {
      const batch = all.slice(start, start + REEL_EVENTS_PER_BATCH);
      if (!this.sink.beacon(this.sessionId, batch)) break;
      for (const event of batch) accepted.add(event);
    }
    this.pending = this.pending.filter((event) => !accepted.has(event));
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}
