import { REEL_EVENTS_PER_BATCH as MAX_BATCH } from "@litverse/shared/reels";
import { describe, expect, it } from "vitest";
import { preloadFor, readSoundOn, reelPath, shouldFetchMore, stepIndex, storeSoundOn } from "./feed-logic.ts";
import { type WatchEvent, WatchQueue } from "./watch-queue.ts";
import { ReelView, type WatchReport } from "./watch-tracker.ts";

describe("what loads ahead", () => {
  it("loads the reel on screen and the next two in full, the one after and the one behind in part", () => {
    expect([-3, -2, -1, 0, 1, 2, 3, 4].map(preloadFor)).toEqual([
      "none",
      "none",
      "metadata",
      "auto",
      "auto",
      "auto",
      "metadata",
      "none",
    ]);
  });
  it("asks for more reels while a few are still ahead", () => {
    expect(shouldFetchMore(0, 10, true)).toBe(false);
    expect(shouldFetchMore(6, 10, true)).toBe(true);
    expect(shouldFetchMore(9, 10, false)).toBe(false);
  });
  it("steps within the loaded reels", () => {
    expect(stepIndex(0, -1, 5)).toBe(0);
    expect(stepIndex(4, 1, 5)).toBe(4);
    expect(stepIndex(2, 1, 5)).toBe(3);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
  it("links to a reel", () => {
    expect(reelPath("a b")).toBe("/reels?reel=a%20b");
  });
});

describe("the sound preference", () => {
  it("is off until turned on, then kept", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(readSoundOn(storage)).toBe(false);
    storeSoundOn(storage, true);
    expect(readSoundOn(storage)).toBe(true);
    storeSoundOn(storage, false);
    expect(readSoundOn(storage)).toBe(false);
    expect(readSoundOn(null)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
    };
    expect(readSoundOn(broken)).toBe(false);
  });
});

function view(durationMs: number) {
  const reports: WatchReport[] = [];
  return { reports, view: new ReelView(durationMs, (report) => reports.push(report)) };
}

describe("a view's reports", () => {
  it("reports progress when a shorter reel has played half", () => {
    const { reports, view: reel } = view(4_000);
    reel.start(0, 0);
    reel.tick(1_900, 1_900);
    expect(reports).toHaveLength(1);
    reel.tick(2_000, 2_000);
    expect(reports.at(-1)).toMatchObject({ kind: "progress", playedMs: 2_000 });
  });

  it("carries on from what the reel played earlier in the session", () => {
    const reports: WatchReport[] = [];
    const again = new ReelView(60_000, (report) => reports.push(report), 4_000);
    again.start(0, 0);
    expect(reports[0]).toMatchObject({ kind: "play", playedMs: 4_000 });
    again.tick(4_000, 4_000);
    expect(reports.map((report) => report.kind)).toEqual(["play"]);
    again.tick(5_000, 5_000);
    expect(reports.at(-1)).toMatchObject({ kind: "progress", playedMs: 9_000 });
  });

  it("reports play, progress once it counts, and leave, with the time played", () => {
    const { reports, view: reel } = view(20_000);
    reel.start(0, 1_000);
    for (let t = 250; t <= 2_750; t += 250) reel.tick(t, 1_000 + t);
    expect(reports.map((report) => report.kind)).toEqual(["play"]);
    reel.tick(3_000, 4_000);
    expect(reports.at(-1)).toMatchObject({ kind: "progress", positionMs: 3_000, playedMs: 3_000 });
    reel.leave(3_200, 4_200, { isPlaying: true });
    expect(reports.at(-1)).toMatchObject({ kind: "leave", positionMs: 3_200, playedMs: 3_200, at: 4_200 });
    reel.tick(4_000, 5_000);
    reel.pause(4_000, 5_000);
    expect(reports).toHaveLength(3);
    expect(reel.isLeft).toBe(true);
  });

  it("reports every few seconds while playing", () => {
    const { reports, view: reel } = view(60_000);
    reel.start(0, 0);
    for (let t = 250; t <= 14_000; t += 250) reel.tick(t, t);
    expect(reports.filter((report) => report.kind === "progress").map((report) => report.positionMs)).toEqual(
      [3_000, 8_000, 13_000],
    );
  });

  it("counts each loop as an end and keeps counting across it", () => {
    const { reports, view: reel } = view(4_000);
    reel.start(0, 0);
    for (let t = 250; t <= 3_900; t += 250) reel.tick(t, t);
    reel.tick(3_900, 3_900);
    reel.tick(150, 4_150);
    const end = reports.find((report) => report.kind === "end");
    expect(end).toMatchObject({ positionMs: 4_000, playedMs: 4_150 });
  });

  it("never counts more than the wall clock allows", () => {
    const { reports, view: reel } = view(60_000);
    reel.start(0, 0);
    // The media claims 20 s in 1 s of page time.
    reel.tick(20_000, 1_000);
    reel.leave(20_000, 1_000, { isPlaying: false });
    expect(reports.at(-1)?.playedMs).toBeLessThanOrEqual(1_250);
  });

  it("does not count a pause as played", () => {
    const { reports, view: reel } = view(60_000);
    reel.start(0, 0);
    reel.tick(1_000, 1_000);
    reel.pause(1_000, 1_000);
    expect(reports.at(-1)).toMatchObject({ kind: "progress", playedMs: 1_000 });
    reel.resume(1_000, 30_000);
    reel.tick(1_500, 30_500);
    reel.leave(1_500, 30_500, { isPlaying: true });
    expect(reports.at(-1)).toMatchObject({ kind: "leave", playedMs: 1_500 });
  });
});

function queue(send: (events: WatchEvent[]) => Promise<unknown>, beacon = (_events: WatchEvent[]) => true) {
  const sent: WatchEvent[][] = [];
  const beaconed: WatchEvent[][] = [];
  const q = new WatchQueue("session-1", {
    send: (_session, events) => {
      sent.push(events);
      return send(events);
    },
    beacon: (_session, events) => {
      beaconed.push(events);
      return beacon(events);
    },
  });
  return { q, sent, beaconed };
}

const report = (kind: WatchReport["kind"], at: number): WatchReport => ({
  kind,
  positionMs: 0,
  playedMs: 0,
  at,
});

describe("the watch queue", () => {
  it("numbers events per reel from 0 and sends them in batches", async () => {
    const { q, sent } = queue(async () => {});
    for (let index = 0; index < MAX_BATCH + 5; index++) q.add("r1", report("progress", index));
    q.add("r2", report("play", 99));
    expect(q.unsent).toBe(MAX_BATCH + 6);
    await q.flush();
    expect(sent.map((batch) => batch.length)).toEqual([MAX_BATCH, 6]);
    expect(sent.flat().map((event) => `${event.reelId}:${event.seq}`)).toEqual([
      ...Array.from({ length: MAX_BATCH + 5 }, (_, index) => `r1:${index}`),
      "r2:0",
    ]);
    expect(q.unsent).toBe(0);
  });

  it("keeps a failed batch, in order, for next time", async () => {
    let fail = true;
    const { q, sent } = queue(async () => {
      if (fail) throw new Error("offline");
    });
    q.add("r1", report("play", 1));
    q.add("r1", report("leave", 2));
    await q.flush();
    expect(q.unsent).toBe(2);
    q.add("r2", report("play", 3));
    fail = false;
    await q.flush();
    expect(sent.at(-1)?.map((event) => `${event.reelId}:${event.seq}`)).toEqual(["r1:0", "r1:1", "r2:0"]);
    expect(q.unsent).toBe(0);
  });

  it("hands everything unsent to the beacon, including a batch still on its way", async () => {
    let release: () => void = () => {};
    const { q, beaconed } = queue(() => new Promise<void>((resolve) => (release = resolve)));
    q.add("r1", report("play", 1));
    const flushing = q.flush();
    q.add("r1", report("leave", 2));
    q.sendBeacon();
    expect(beaconed[0]?.map((event) => event.seq)).toEqual([0, 1]);
    release();
    await flushing;
    expect(q.unsent).toBe(0);
  });

  it("keeps what the browser refused to beacon", () => {
    const { q } = queue(
      async () => {},
      () => false,
    );
    q.add("r1", report("play", 1));
    q.sendBeacon();
    expect(q.unsent).toBe(1);
  });

  it("tells listeners when the count changes", async () => {
    const { q } = queue(async () => {});
    const seen: number[] = [];
    const stop = q.subscribe(() => seen.push(q.unsent));
    q.add("r1", report("play", 1));
    await q.flush();
    stop();
    q.add("r1", report("leave", 2));
    expect(seen).toEqual([1, 1, 0]);
  });
});
