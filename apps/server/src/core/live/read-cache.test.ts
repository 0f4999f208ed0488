import { describe, expect, it } from "vitest";
import { ReadCache } from "./read-cache.ts";
import { ALL_TOPICS, collectDependencies, track } from "./topics.ts";

/** A read of `topics` that counts its runs and returns the value it is given at the time. */
function counted(topics: string[], value: () => unknown) {
  const read = {
    runs: 0,
    run: async () => {
      read.runs++;
      track(...topics);
      return value();
    },
  };
  return read;
}

describe("ReadCache", () => {
  it("runs a read once and serves its result until a topic it read changes", async () => {
    const cache = new ReadCache();
    let name = "Ada";
    const read = counted(["user:1"], () => name);
    expect((await cache.read("k", read.run)).value).toBe("Ada");
    expect((await cache.read("k", read.run)).value).toBe("Ada");
    expect(read.runs).toBe(1);

    cache.invalidate(["user:2"]);
    expect((await cache.read("k", read.run)).value).toBe("Ada");
    expect(read.runs).toBe(1);

    name = "Grace";
    cache.invalidate(["user:1"]);
    expect((await cache.read("k", read.run)).value).toBe("Grace");
    expect(read.runs).toBe(2);
    cache.invalidate([ALL_TOPICS]);
    await cache.read("k", read.run);
    expect(read.runs).toBe(3);
  });

  it("gives the topics of a stored result, so that a live run of it still tracks them", async () => {
    const cache = new ReadCache();
    const read = counted(["user:1", "settings"], () => 1);
    await cache.read("k", read.run);
    const { topics } = await collectDependencies(async () => {
      const result = await cache.read("k", read.run);
      track(...result.topics);
    });
    expect([...topics].sort()).toEqual(["settings", "user:1"]);
  });

  it("keeps no result read while one of its topics changed, nor one that read no topic", async () => {
    const cache = new ReadCache();
    let release: () => void = () => {};
    const slow = {
      runs: 0,
      run: async () => {
        slow.runs++;
        track("user:1");
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return "old";
      },
    };
    const pending = cache.read("k", slow.run);
    await Promise.resolve();
    // The write commits and is announced while the read is still on its way.
    cache.invalidate(["user:1"]);
    release();
    expect((await pending).value).toBe("old");
    expect(cache.size).toBe(0);
    expect(cache.stats.discarded).toBe(1);

    const untracked = counted([], () => "x");
    await cache.read("u", untracked.run);
    await cache.read("u", untracked.run);
    expect(untracked.runs).toBe(2);
  });

  it("lets identical reads that arrive together share one run, but none that arrive after a change", async () => {
    const cache = new ReadCache();
    let value = "first";
    const read = counted(["t"], () => value);
    const [a, b] = await Promise.all([cache.read("k", read.run), cache.read("k", read.run)]);
    expect(read.runs).toBe(1);
    expect([a.value, b.value]).toEqual(["first", "first"]);

    cache.invalidate(["t"]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = {
      run: async () => {
        track("t");
        const seen = value;
        await gate;
        return seen;
      },
    };
    const before = cache.read("k", slow.run);
    await Promise.resolve();
    value = "second";
    cache.invalidate(["t"]);
    const after = cache.read("k", read.run);
    release();
    expect((await before).value).toBe("first");
    expect((await after).value).toBe("second");
  });

  it("is passed by while announcements may be missed, and starts afresh once they arrive again", async () => {
    let inSync = true;
    const cache = new ReadCache({ isInSync: () => inSync });
    let name = "before";
    const read = counted(["t"], () => name);
    await cache.read("k", read.run);
    inSync = false;
    name = "during";
    expect((await cache.read("k", read.run)).value).toBe("during");
    expect((await cache.read("k", read.run)).value).toBe("during");
    name = "after";
    inSync = true;
    expect((await cache.read("k", read.run)).value).toBe("after");
    expect((await cache.read("k", read.run)).value).toBe("after");
    expect(read.runs).toBe(4);
  });

  it("never keeps a failure", async () => {
    const cache = new ReadCache();
    let fails = true;
    const run = async () => {
      track("t");
      if (fails) throw new Error("no");
      return "ok";
    };
    await expect(cache.read("k", run)).rejects.toThrow("no");
    fails = false;
    expect((await cache.read("k", run)).value).toBe("ok");
  });

  it("holds at most its size, dropping the least recently used", async () => {
    const cache = new ReadCache({ maxEntries: 2 });
    const [a, b, c] = ["a", "b", "c"].map((key) => counted([`topic:${key}`], () => key)) as [
      ReturnType<typeof counted>,
      ReturnType<typeof counted>,
      ReturnType<typeof counted>,
    ];
    await cache.read("a", a.run);
    await cache.read("b", b.run);
    await cache.read("a", a.run);
    await cache.read("c", c.run);
    expect(cache.size).toBe(2);
    await cache.read("a", a.run);
    await cache.read("b", b.run);
    expect([a.runs, b.runs, c.runs]).toEqual([1, 2, 1]);
    expect(cache.stats.evictions).toBeGreaterThanOrEqual(1);
  });
});
