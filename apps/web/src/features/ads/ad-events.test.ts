import { describe, expect, it } from "vitest";
import { AD_EVENT_BATCH_MS, AD_EVENT_RETRY_MS, type AdEvent, AdEventQueue } from "./ad-events.ts";

/** Timers run by hand, with the promises they start settled in between. */
function manualTimers() {
  let now = 0;
  const timers: Array<{ at: number; callback: () => void }> = [];
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      now = next.at;
      next.callback();
    }
    now = until;
  };
  return {
    timers: {
      setTimeout: (callback: () => void, ms: number) => {
        timers.push({ at: now + ms, callback });
        return timers.length;
      },
    },
    advance,
  };
}

const token = (n: number) => `token-${String(n).padStart(20, "0")}`;

describe("sending ad events", () => {
  it("sends the events due together in one call", async () => {
    const calls: AdEvent[][] = [];
    const { timers, advance } = manualTimers();
    const queue = new AdEventQueue(async (events) => void calls.push(events), timers);
    const sent = [
      queue.add({ token: token(1), kind: "impression" }),
      queue.add({ token: token(2), kind: "impression" }),
    ];
    await advance(AD_EVENT_BATCH_MS);
    expect(calls).toEqual([
      [
        { token: token(1), kind: "impression" },
        { token: token(2), kind: "impression" },
      ],
    ]);
    expect(await Promise.all(sent)).toEqual([true, true]);
  });

  it("queues the same event once", async () => {
    const calls: AdEvent[][] = [];
    const { timers, advance } = manualTimers();
    const queue = new AdEventQueue(async (events) => void calls.push(events), timers);
    void queue.add({ token: token(1), kind: "click" });
    void queue.add({ token: token(1), kind: "click" });
    await advance(AD_EVENT_BATCH_MS);
    expect(calls).toEqual([[{ token: token(1), kind: "click" }]]);
  });

  it("sends at most twenty events a call", async () => {
    const calls: AdEvent[][] = [];
    const { timers, advance } = manualTimers();
    const queue = new AdEventQueue(async (events) => void calls.push(events), timers);
    for (let n = 0; n < 25; n++) void queue.add({ token: token(n), kind: "impression" });
    await advance(AD_EVENT_BATCH_MS);
    expect(calls.map((call) => call.length)).toEqual([20, 5]);
  });

  it("tries a failed call again, later and later, then gives up", async () => {
    let attempts = 0;
    const { timers, advance } = manualTimers();
    const queue = new AdEventQueue(async () => {
      attempts++;
      throw new Error("offline");
    }, timers);
    let result: boolean | null = null;
    void queue.add({ token: token(1), kind: "viewable" }).then((sent) => {
      result = sent;
    });
    await advance(AD_EVENT_BATCH_MS);
    expect(attempts).toBe(1);
    await advance((AD_EVENT_RETRY_MS[0] ?? 0) - 1);
    expect(attempts).toBe(1);
    await advance(1);
    expect(attempts).toBe(2);
    await advance(AD_EVENT_RETRY_MS.reduce((sum, ms) => sum + ms, 0));
    expect(attempts).toBe(1 + AD_EVENT_RETRY_MS.length);
    expect(result).toBe(false);
  });

  it("delivers once the server answers again", async () => {
    let fails = 1;
    const calls: AdEvent[][] = [];
    const { timers, advance } = manualTimers();
    const queue = new AdEventQueue(async (events) => {
      if (fails-- > 0) throw new Error("offline");
      calls.push(events);
    }, timers);
    const sent = queue.add({ token: token(1), kind: "impression" });
    await advance(AD_EVENT_BATCH_MS);
    void queue.add({ token: token(2), kind: "viewable" });
    await advance(AD_EVENT_RETRY_MS[0] ?? 0);
    expect(calls).toEqual([
      [
        { token: token(1), kind: "impression" },
        { token: token(2), kind: "viewable" },
      ],
    ]);
    expect(await sent).toBe(true);
  });
});
