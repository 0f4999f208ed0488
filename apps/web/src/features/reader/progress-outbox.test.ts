import { beforeEach, describe, expect, it } from "vitest";
import { PositionStore } from "./progress-outbox.ts";

/** Storage in memory, as localStorage behaves. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
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
    store = new PositionStore(() => storage);
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
    // Another page load reads the same storage.
    expect(new PositionStore(() => storage).pending()).toHaveLength(1);
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
    storage.setItem("litverse.progress-outbox.v1", "[not json");
    expect(store.pending()).toEqual([]);
    store.queue(position("a", 0.5, "2026-01-01T00:00:01Z"));
    expect(store.pending()).toHaveLength(1);
    const without = new PositionStore(() => null);
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
});
