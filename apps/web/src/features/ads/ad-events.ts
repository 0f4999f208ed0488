// An ad's events on their way to the server: those due together (an impression and a click, two
// ads drawn at once) go in one call; a call that fails is tried again a few times, later and
// later. The server counts each token's event once, so sending one twice is harmless.
import { AD_EVENTS_AT_ONCE, type AdEventKind } from "@litverse/shared/ads";

export interface AdEvent {
  token: string;
  kind: AdEventKind;
}

export interface AdEventTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/** Events due within this long of each other leave together. */
export const AD_EVENT_BATCH_MS = 50;
/** The waits before each new try of a failed call; after the last, the events are given up. */
export const AD_EVENT_RETRY_MS = [1_000, 4_000, 15_000] as const;

interface Pending extends AdEvent {
  tries: number;
  settle: (isSent: boolean) => void;
  done: Promise<boolean>;
}

export class AdEventQueue {
  private pending: Pending[] = [];
  private isSending = false;
  private isScheduled = false;
  private readonly send: (events: AdEvent[]) => Promise<unknown>;
  private readonly timers: AdEventTimers;

  constructor(send: (events: AdEvent[]) => Promise<unknown>, timers: AdEventTimers) {
    this.send = send;
    this.timers = timers;
  }

  /** Queues an event; resolves true once the server has it, false if it could not be sent. */
  add(event: AdEvent): Promise<boolean> {
    const same = this.pending.find((item) => item.token === event.token && item.kind === event.kind);
    if (same) return same.done;
    let settle: (isSent: boolean) => void = () => {};
    const done = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    this.pending.push({ token: event.token, kind: event.kind, tries: 0, settle, done });
    this.schedule(AD_EVENT_BATCH_MS);
    return done;
  }

  private schedule(ms: number): void {
    if (this.isScheduled || this.isSending) return;
    this.isScheduled = true;
    this.timers.setTimeout(() => {
      this.isScheduled = false;
      void this.flush();
    }, ms);
  }

  private async flush(): Promise<void> {
    if (this.isSending) return;
    this.isSending = true;
    let retryIn: number | null = null;
    while (this.pending.length > 0 && retryIn === null) {
      const batch = this.pending.splice(0, AD_EVENTS_AT_ONCE);
      try {
        await this.send(batch.map(({ token, kind }) => ({ token, kind })));
        for (const item of batch) item.settle(true);
      } catch {
        const again: Pending[] = [];
        for (const item of batch) {
          item.tries++;
          if (item.tries > AD_EVENT_RETRY_MS.length) item.settle(false);
          else again.push(item);
        }
        // Next time first, in the same order.
        this.pending.unshift(...again);
        const tries = Math.max(0, ...again.map((item) => item.tries));
        if (again.length > 0) retryIn = AD_EVENT_RETRY_MS[tries - 1] ?? AD_EVENT_RETRY_MS[0];
      }
    }
    this.isSending = false;
    if (retryIn !== null) this.schedule(retryIn);
    else if (this.pending.length > 0) this.schedule(AD_EVENT_BATCH_MS);
  }
}
