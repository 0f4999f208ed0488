import { afterEach, describe, expect, it } from "vitest";
import { LocalChangeBus } from "./change-bus.ts";
import { type LiveEngineOptions, type LiveEvent, LiveQueryEngine, liveResultsSentBy } from "./engine.ts";
import { ALL_TOPICS, track } from "./topics.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let engine: LiveQueryEngine;
let bus: LocalChangeBus;

function setup(options: LiveEngineOptions = {}) {
  bus = new LocalChangeBus();
  engine = new LiveQueryEngine(bus, options);
}
afterEach(() => engine?.close());

/** A query reading `state[name]` and tracking `topic`, counting its runs. */
function counterQuery(state: Record<string, number>, name: string, topic = name) {
  const query = {
    runs: 0,
    run: async () => {
      query.runs++;
      track(topic);
      return { value: state[name] ?? 0 };
    },
  };
  return query;
}

function collect() {
  const events: LiveEvent[] = [];
  return {
    events,
    listener: (event: LiveEvent) => events.push(event),
    data: () => events.map((e) => e.kind === "data" && e.data),
  };
}

describe("LiveQueryEngine", () => {
  it("sends the first result, then a new result only when a tracked topic changes", async () => {
    setup();
    const state = { a: 1, b: 1 };
    const a = counterQuery(state, "a");
    const out = collect();
    engine.watch("a", a.run, out.listener);
    await settle();
    expect(out.data()).toEqual([{ value: 1 }]);

    state.b = 2;
    bus.publish(["b"]);
    await settle();
    expect(a.runs).toBe(1);

    state.a = 2;
    bus.publish(["a"]);
    await settle();
    expect(a.runs).toBe(2);
    expect(out.data()).toEqual([{ value: 1 }, { value: 2 }]);
  });

  it("does not re-send a result that did not change", async () => {
    setup();
    const a = counterQuery({ a: 1 }, "a");
    const out = collect();
    engine.watch("a", a.run, out.listener);
    await settle();
    bus.publish(["a"]);
    await settle();
    expect(a.runs).toBe(2);
    expect(out.events).toHaveLength(1);
  });

  it("coalesces a burst of changes into few runs", async () => {
    setup();
    const state = { a: 0 };
    const a = counterQuery(state, "a");
    const out = collect();
    engine.watch("a", a.run, out.listener);
    await settle();
    for (let i = 1; i <= 100; i++) {
      state.a = i;
      bus.publish(["a"]);
    }
    await settle();
    expect(a.runs).toBe(2);
    expect(out.data().at(-1)).toEqual({ value: 100 });
  });

  it("re-runs once more when a change arrives during a run", async () => {
    setup();
    const state = { a: 0 };
    let release: () => void = () => {};
    let runs = 0;
    const run = async () => {
      runs++;
      track("a");
      const seen = state.a;
      if (runs === 2) await new Promise<void>((resolve) => (release = resolve));
      return seen;
    };
    const out = collect();
    engine.watch("a", run, out.listener);
    await settle();
    state.a = 1;
    bus.publish(["a"]);
    await settle(); // second run is now waiting
    state.a = 2;
    bus.publish(["a"]);
    await settle();
    release();
    await settle();
    expect(runs).toBe(3);
    expect(out.data().at(-1)).toBe(2);
  });

  it("shares one run between subscribers of the same key and stops when the last leaves", async () => {
    setup();
    const a = counterQuery({ a: 1 }, "a");
    const first = collect();
    const second = collect();
    const stopFirst = engine.watch("shared", a.run, first.listener);
    await settle();
    const stopSecond = engine.watch("shared", a.run, second.listener);
    expect(second.data()).toEqual([{ value: 1 }]);
    expect(a.runs).toBe(1);
    stopFirst();
    expect(engine.size).toBe(1);
    stopSecond();
    expect(engine.size).toBe(0);
    bus.publish(["a"]);
    await settle();
    expect(a.runs).toBe(1);
  });

  it("re-runs only the queries whose own topics changed", async () => {
    setup();
    const state: Record<string, number> = {};
    const queries = Array.from({ length: 20 }, (_, i) => counterQuery(state, `user:${i}`));
    for (const [i, query] of queries.entries()) engine.watch(`q${i}`, query.run, () => {});
    await settle();
    const before = engine.stats.runs;
    state["user:7"] = 1;
    bus.publish(["user:7"]);
    await settle();
    expect(engine.stats.runs - before).toBe(1);
    expect(queries[7]?.runs).toBe(2);
  });

  it("follows a query whose dependencies change between runs", async () => {
    setup();
    const state = { useB: 0, a: 1, b: 10 };
    const run = async () => {
      track("switch");
      if (state.useB) {
        track("b");
        return state.b;
      }
      track("a");
      return state.a;
    };
    const out = collect();
    engine.watch("q", run, out.listener);
    await settle();
    state.useB = 1;
    bus.publish(["switch"]);
    await settle();
    state.a = 2;
    bus.publish(["a"]); // no longer read
    await settle();
    state.b = 11;
    bus.publish(["b"]);
    await settle();
    expect(out.data()).toEqual([1, 10, 11]);
  });

  it("re-runs everything on the catch-all topic", async () => {
    setup();
    const state = { a: 1, b: 1 };
    const a = counterQuery(state, "a");
    const b = counterQuery(state, "b");
    engine.watch("a", a.run, () => {});
    engine.watch("b", b.run, () => {});
    await settle();
    bus.publish([ALL_TOPICS]);
    await settle();
    expect([a.runs, b.runs]).toEqual([2, 2]);
  });

  it("reports a failing run to its listeners", async () => {
    setup();
    const out = collect();
    engine.watch(
      "bad",
      async () => {
        throw new Error("nope");
      },
      out.listener,
    );
    await settle();
    expect(out.events).toHaveLength(1);
    expect(out.events[0]?.kind).toBe("error");
  });

  it("hands every subscriber of a shared change the same event, serialized once", async () => {
    setup();
    const state = { a: 1 };
    const a = counterQuery(state, "a");
    const outs = Array.from({ length: 50 }, () => collect());
    for (const out of outs) engine.watch("shared", a.run, out.listener);
    await settle();
    state.a = 2;
    bus.publish(["a"]);
    await settle();
    expect(a.runs).toBe(2);
    const latest = outs.map((out) => out.events.at(-1));
    expect(new Set(latest).size).toBe(1);
    expect(latest[0]).toMatchObject({ kind: "data", data: { value: 2 }, json: '{"value":2}' });
  });

  it("delivers in chunks to every subscriber, letting other work run in between", async () => {
    setup({ chunkSize: 3 });
    const state = { a: 1 };
    const a = counterQuery(state, "a");
    const outs = Array.from({ length: 10 }, () => collect());
    for (const out of outs) engine.watch("shared", a.run, out.listener);
    await settle();
    state.a = 2;
    bus.publish(["a"]);
    // The first chunk goes out in the run's own turn; the others each wait for a later turn.
    await new Promise<void>((resolve) => {
      const poll = () => (outs[0]?.events.length === 2 ? resolve() : setImmediate(poll));
      poll();
    });
    expect(outs.map((out) => out.events.length)).toEqual([2, 2, 2, 1, 1, 1, 1, 1, 1, 1]);
    await settle();
    expect(outs.map((out) => out.data().at(-1))).toEqual(outs.map(() => ({ value: 2 })));
  });

  it("skips subscribers who leave during a fan-out and leaves no entry behind", async () => {
    setup({ chunkSize: 2 });
    const state = { a: 1 };
    const a = counterQuery(state, "a");
    const outs = Array.from({ length: 6 }, () => collect());
    const stops = outs.map((out) => engine.watch("shared", a.run, out.listener));
    await settle();
    state.a = 2;
    bus.publish(["a"]);
    await new Promise<void>((resolve) => {
      const poll = () => (outs[0]?.events.length === 2 ? resolve() : setImmediate(poll));
      poll();
    });
    for (const stop of stops.slice(2)) stop();
    await settle();
    expect(outs.map((out) => out.events.length)).toEqual([2, 2, 1, 1, 1, 1]);
    for (const stop of stops.slice(0, 2)) stop();
    expect(engine.size).toBe(0);
  });

  it("keeps delivering when one listener throws", async () => {
    const failures: unknown[] = [];
    setup({ onListenerError: (error) => failures.push(error) });
    const a = counterQuery({ a: 1 }, "a");
    const before = collect();
    const after = collect();
    engine.watch("shared", a.run, before.listener);
    engine.watch("shared", a.run, () => {
      throw new Error("socket gone");
    });
    engine.watch("shared", a.run, after.listener);
    await settle();
    expect(before.events).toHaveLength(1);
    expect(after.events).toHaveLength(1);
    expect(failures).toHaveLength(1);
  });

  it("lets a newer result supersede one still going out", async () => {
    setup({ chunkSize: 1 });
    const state = { a: 1 };
    const a = counterQuery(state, "a");
    const outs = Array.from({ length: 4 }, () => collect());
    for (const out of outs) engine.watch("shared", a.run, out.listener);
    await settle();
    state.a = 2;
    bus.publish(["a"]);
    await new Promise<void>((resolve) => {
      const poll = () => (outs[0]?.events.length === 2 ? resolve() : setImmediate(poll));
      poll();
    });
    state.a = 3;
    bus.publish(["a"]);
    await settle();
    // Everyone ends on the newest result; the last ones never saw the one in between.
    expect(outs.map((out) => out.data().at(-1))).toEqual(outs.map(() => ({ value: 3 })));
    expect(outs[3]?.data()).toEqual([{ value: 1 }, { value: 3 }]);
  });
});

describe("liveResultsSentBy", () => {
  it("sends results through its callback and throws the query's error", async () => {
    setup();
    const state = { a: 1, fail: 0 };
    const run = async () => {
      track("a");
      if (state.fail) throw new Error("refused");
      return state.a;
    };
    const sent: unknown[] = [];
    const iterator = liveResultsSentBy(engine, "a", run, undefined, (event) => sent.push(event.json));
    const ended = iterator.next();
    await settle();
    state.a = 2;
    bus.publish(["a"]);
    await settle();
    expect(sent).toEqual(["1", "2"]);
    state.fail = 1;
    bus.publish(["a"]);
    await expect(ended).rejects.toThrow("refused");
    expect(engine.size).toBe(0);
  });

  it("ends and lets go of its entry when its signal aborts", async () => {
    setup();
    const controller = new AbortController();
    const sent: unknown[] = [];
    const iterator = liveResultsSentBy(
      engine,
      "a",
      async () => 1,
      controller.signal,
      (event) => sent.push(event.data),
    );
    const ended = iterator.next();
    await settle();
    expect(sent).toEqual([1]);
    controller.abort();
    await expect(ended).resolves.toEqual({ done: true, value: undefined });
    expect(engine.size).toBe(0);
  });
});
