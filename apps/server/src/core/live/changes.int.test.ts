import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { systemSettings } from "../../modules/system-settings/schema.ts";
import { openTestPlatform, type TestPlatform, usesPostgres } from "../../test/test-platform.ts";
import { chunkPayloads, PostgresChangeBus } from "./change-bus.ts";
import { coalesceTopic } from "./changes.ts";

let platform: TestPlatform;
let announced: string[][] = [];
beforeAll(async () => {
  platform = await openTestPlatform();
  platform.bus.subscribe((topics) => announced.push([...topics]));
});
afterAll(() => platform.dispose());
beforeEach(async () => {
  await platform.reset();
  announced = [];
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const row = { id: 1, comingSoonTitle: "t", comingSoonDescription: "d" };

describe("ChangeNotifier", () => {
  it("announces changes made in a transaction after it commits", async () => {
    const { deps } = platform;
    await deps.changes.inTransaction(deps.db, async (tx) => {
      await tx.insert(systemSettings).values(row);
      deps.changes.changed("settings:test");
      await settle();
      expect(announced).toEqual([]);
    });
    await settle();
    expect(announced).toEqual([["settings:test"]]);
  });

  it("announces nothing for a transaction that rolls back", async () => {
    const { deps } = platform;
    await expect(
      deps.changes.inTransaction(deps.db, async (tx) => {
        await tx.insert(systemSettings).values(row);
        deps.changes.changed("settings:test");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await settle();
    expect(announced).toEqual([]);
    expect(await deps.db.select().from(systemSettings).where(eq(systemSettings.id, 1))).toEqual([]);
  });

  it("batches the topics announced in one turn", async () => {
    platform.deps.changes.changed("a");
    platform.deps.changes.changed("b", "a");
    await settle();
    expect(announced).toEqual([["a", "b"]]);
  });

  it("announces a coalesced topic at most once a window, and always its last change", async () => {
    coalesceTopic("busy:test", 200);
    const { changes } = platform.deps;
    const timesOf = (topic: string) => announced.filter((topics) => topics.includes(topic)).length;
    changes.changed("busy:test", "calm:test");
    await settle();
    expect(timesOf("busy:test")).toBe(1);
    for (let index = 0; index < 20; index++) changes.changed("busy:test");
    await settle();
    // Within the window: the changes wait, together, for its end.
    expect(timesOf("busy:test")).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(timesOf("busy:test")).toBe(2);
    expect(timesOf("calm:test")).toBe(1);
  });
});

describe("chunkPayloads", () => {
  it("splits large batches under PostgreSQL's NOTIFY limit and keeps every topic", () => {
    const topics = Array.from({ length: 2000 }, (_, i) => `user:${i}:notifications`);
    const payloads = chunkPayloads("origin", topics);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(payload.length).toBeLessThan(8000);
    expect(payloads.flatMap((payload) => JSON.parse(payload).t)).toEqual(topics);
  });
});

describe.runIf(usesPostgres)("PostgresChangeBus", () => {
  it("carries a batch from one process's bus to another's, once", async () => {
    const handle = platform.database;
    const other = new PostgresChangeBus(() => handle.newDedicatedClient());
    await other.start();
    const received: string[][] = [];
    other.subscribe((topics) => received.push([...topics]));
    try {
      platform.deps.changes.changed("user:1", "user:2");
      const deadline = Date.now() + 5_000;
      while (received.length === 0 && Date.now() < deadline) await settle();
      expect(received).toEqual([["user:1", "user:2"]]);
      // The sender does not hear its own batch twice.
      expect(announced).toEqual([["user:1", "user:2"]]);
    } finally {
      await other.close();
    }
  });
});
