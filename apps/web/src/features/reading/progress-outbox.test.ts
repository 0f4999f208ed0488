import { beforeEach, describe, expect, it } from "vitest";
import { PositionStore } from "./progress-outbox.ts";

/** Storage in memory, as localStorage behaves. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    key: (index: number) => [...values.keys()][index] ?? null,
    get length() {
      return values.size;
    },
    keys: () => [...values.keys()],
  };
}

const position = (episodeId: string, fraction: number, recordedAt: string, isCompleted = false) => ({
  episodeId,
  fraction,
  locator: { p: Math.round(fraction * 100) },
  isCompleted,
  clientId: "tab",
  recordedAt,
});

describe("the progress outbox", () => {
  let storage: ReturnType<typeof memoryStorage>;
  let store: PositionStore;
  beforeEach(() => {
    storage = memoryStorage();
    store = new PositionStore(() => storage, "tab");
  });

  it("keeps the latest position per episode until the server has it", () => {
    store.queue(position("a", 0.1, "2026-01-01T00:00:01Z"));
    store.queue(position("a", 0.2, "2026-01-01T00:00:02Z"));
    store.queue(position("b", 0.5, "2026-01-01T00:00:03Z"));
    expect(store.pending().map((entry) => [entry.episodeId, entry.fraction])).toEqual([
      ["a", 0.2],
      ["b", 0.5],
    ]);
    store.acknowledge(position("b", 0.5, "2026-01-01T00:00:03Z"));
    expect(store.pending().map((entry) => entry.episodeId)).toEqual(["a"]);
    // The same tab's store reads the same storage.
    expect(new PositionStore(() => storage, "tab").pending()).toHaveLength(1);
  });

  it("keeps a completion not sent yet when a later position replaces it", () => {
    store.queue(position("a", 1, "2026-01-01T00:00:01Z", true));
    store.queue(position("a", 0.99, "2026-01-01T00:00:02Z"));
    expect(store.pending()[0]).toMatchObject({ fraction: 0.99, isCompleted: true });
  });

  it("keeps a newer position queued while an older one was on its way", () => {
    const sent = position("a", 0.1, "2026-01-01T00:00:01Z");
    store.queue(sent);
    store.queue(position("a", 0.3, "2026-01-01T00:00:05Z"));
    store.acknowledge(sent);
    expect(store.pending().map((entry) => entry.fraction)).toEqual([0.3]);
  });

  it("remembers where the reader was, and that a finished episode stays finished", () => {
    store.queue(position("a", 1, "2026-01-01T00:00:01Z", true));
    store.queue(position("a", 0.2, "2026-01-01T00:00:09Z"));
    expect(store.known("a")).toEqual({
      fraction: 0.2,
      locator: { p: 20 },
      isCompleted: true,
      at: "2026-01-01T00:00:09Z",
    });
    expect(store.known("b")).toBeNull();
  });

  it("forgets the oldest positions beyond 300", () => {
    for (let index = 0; index < 305; index++) {
      store.remember(`e${index}`, {
        fraction: 0,
        locator: null,
        isCompleted: false,
        at: new Date(index * 1000).toISOString(),
      });
    }
    expect(store.known("e0")).toBeNull();
    expect(store.known("e304")).not.toBeNull();
  });

  it("survives storage that holds something else, or none at all", () => {
    storage.setItem(store.key, "[not json");
    expect(store.pending()).toEqual([]);
    store.queue(position("a", 0.5, "2026-01-01T00:00:01Z"));
    expect(store.pending()).toHaveLength(1);
    const without = new PositionStore(() => null, "tab");
    without.queue(position("a", 0.5, "2026-01-01T00:00:01Z"));
    expect(without.pending()).toEqual([]);
  });

  it("adds up active time until sent, and counts none of it twice", () => {
    store.queue({ ...position("a", 0.1, "2026-01-01T00:00:01Z"), activeSeconds: 20 });
    const sending = store.pending()[0];
    if (!sending) throw new Error("nothing queued");
    // A move while the first travels: it carries both, until the first arrives.
    store.queue({ ...position("a", 0.2, "2026-01-01T00:00:02Z"), activeSeconds: 15 });
    expect(store.pending()[0]?.activeSeconds).toBe(35);
    store.acknowledge(sending);
    expect(store.pending()).toEqual([expect.objectContaining({ fraction: 0.2, activeSeconds: 15 })]);
    // At most an hour rides on one position, as the server accepts.
    store.queue({ ...position("b", 0.1, "2026-01-01T00:00:03Z"), activeSeconds: 3_000 });
    store.queue({ ...position("b", 0.2, "2026-01-01T00:00:04Z"), activeSeconds: 3_000 });
    expect(store.pending().find((pending) => pending.episodeId === "b")?.activeSeconds).toBe(3_600);
  });

  it("keeps each tab's positions apart, so that no tab's write undoes another's", () => {
    const other = new PositionStore(() => storage, "other");
    store.queue(position("a", 0.2, "2026-01-01T00:00:02Z"));
    other.queue(position("a", 0.1, "2026-01-01T00:00:01Z"));
    other.acknowledge(position("a", 0.1, "2026-01-01T00:00:01Z"));
    expect(store.pending().map((entry) => entry.fraction)).toEqual([0.2]);
    expect(other.pending()).toEqual([]);
    // An outbox emptied leaves no key for other tabs to look into.
    expect(store.otherOutboxes()).toEqual([]);
    expect(other.otherOutboxes()).toEqual([store.key]);
  });

  it("takes over a gone tab's outbox: the newer position per episode, the time of both", () => {
    const gone = new PositionStore(() => storage, "gone");
    gone.queue({ ...position("a", 0.5, "2026-01-01T00:00:05Z", true), activeSeconds: 30 });
    gone.queue({ ...position("b", 0.3, "2026-01-01T00:00:01Z"), activeSeconds: 10 });
    store.queue({ ...position("a", 0.1, "2026-01-01T00:00:02Z"), activeSeconds: 20 });
    store.queue(position("b", 0.6, "2026-01-01T00:00:09Z"));
    expect(store.otherOutboxes()).toEqual([gone.key]);
    store.adopt(gone.key);
    expect(store.pending()).toEqual([
      expect.objectContaining({ episodeId: "a", fraction: 0.5, isCompleted: true, activeSeconds: 50 }),
      expect.objectContaining({ episodeId: "b", fraction: 0.6, activeSeconds: 10 }),
    ]);
    expect(storage.keys().filter((key) => key.startsWith("litverse.progress-outbox."))).toEqual([store.key]);
    // Its own outbox, or a key that is no outbox, is not taken.
    store.adopt(store.key);
    store.adopt("litverse.positions.v1");
    expect(store.pending()).toHaveLength(2);
  });

  it("takes over the outbox all tabs once shared", () => {
    storage.setItem(
      "litverse.progress-outbox.v1",
      JSON.stringify({ a: position("a", 0.4, "2026-01-01T00:00:04Z") }),
    );
    expect(store.otherOutboxes()).toEqual(["litverse.progress-outbox.v1"]);
    store.adopt("litverse.progress-outbox.v1");
    expect(store.pending()).toEqual([expect.objectContaining({ episodeId: "a", fraction: 0.4 })]);
    expect(store.otherOutboxes()).toEqual([]);
  });
});
