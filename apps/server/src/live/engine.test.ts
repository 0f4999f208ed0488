import { afterEach, describe, expect, it } from "vitest";
import { LocalChangeBus } from "./change-bus.ts";
import { type LiveEvent, LiveQueryEngine } from "./engine.ts";
import { ALL_TOPICS, track } from "./topics.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let engine: LiveQueryEngine;
let bus: LocalChangeBus;

function setup() {
  bus = new LocalChangeBus();
  engine = new LiveQueryEngine(bus);
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
});
