import { AD_VIEWABLE_MS } from "@litverse/shared/ads";
import { describe, expect, it } from "vitest";
import { type ViewabilityClock, ViewabilityTracker } from "./viewability.ts";

/** A clock moved by hand: timers fire when `advance` passes their time. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: ViewabilityClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      const [id, timer] = due;
      now = timer.at;
      timers.delete(id);
      timer.callback();
    }
    now = until;
  };
  return { clock, advance, pending: () => timers.size };
}

function setup(options: { isPageVisible?: boolean } = {}) {
  const time = fakeClock();
  let reports = 0;
  const tracker = new ViewabilityTracker(() => reports++, time.clock, options);
  return { tracker, ...time, reports: () => reports };
}

describe("an ad's viewability", () => {
  it("counts once half of it has been on screen for a second", () => {
    const { tracker, advance, reports } = setup();
    tracker.setVisibleShare(0.5);
    advance(AD_VIEWABLE_MS - 1);
    expect(reports()).toBe(0);
    advance(1);
    expect(reports()).toBe(1);
    expect(tracker.isViewable).toBe(true);
  });

  it("takes an observer's ratio a hair under the threshold as half", () => {
    const { tracker, advance, reports } = setup();
    tracker.setVisibleShare(0.4999);
    advance(AD_VIEWABLE_MS);
    expect(reports()).toBe(1);
  });

  it("does not count while less than half shows", () => {
    const { tracker, advance, reports, pending } = setup();
    tracker.setVisibleShare(0.3);
    advance(AD_VIEWABLE_MS * 5);
    expect(reports()).toBe(0);
    expect(pending()).toBe(0);
  });

  it("starts the second again when the ad drops below half", () => {
    const { tracker, advance, reports } = setup();
    tracker.setVisibleShare(0.8);
    advance(700);
    tracker.setVisibleShare(0.2);
    advance(5_000);
    tracker.setVisibleShare(0.6);
    advance(700);
    expect(reports()).toBe(0);
    advance(300);
    expect(reports()).toBe(1);
  });

  it("keeps counting as the share changes above half", () => {
    const { tracker, advance, reports } = setup();
    tracker.setVisibleShare(0.5);
    advance(600);
    tracker.setVisibleShare(1);
    advance(400);
    expect(reports()).toBe(1);
  });

  it("pauses while the tab is hidden and goes on from where it was", () => {
    const { tracker, advance, reports } = setup();
    tracker.setVisibleShare(1);
    advance(600);
    tracker.setPageVisible(false);
    advance(10_000);
    expect(reports()).toBe(0);
    tracker.setPageVisible(true);
    advance(399);
    expect(reports()).toBe(0);
    advance(1);
    expect(reports()).toBe(1);
  });

  it("starts again when the ad left the screen while the tab was hidden", () => {
    const { tracker, advance, reports } = setup();
    tracker.setVisibleShare(1);
    advance(900);
    tracker.setPageVisible(false);
    tracker.setVisibleShare(0);
    tracker.setVisibleShare(1);
    tracker.setPageVisible(true);
    advance(100);
    expect(reports()).toBe(0);
    advance(900);
    expect(reports()).toBe(1);
  });

  it("waits for a tab that opened hidden", () => {
    const { tracker, advance, reports } = setup({ isPageVisible: false });
    tracker.setVisibleShare(1);
    advance(AD_VIEWABLE_MS * 3);
    expect(reports()).toBe(0);
    tracker.setPageVisible(true);
    advance(AD_VIEWABLE_MS);
    expect(reports()).toBe(1);
  });

  it("reports once however long the ad stays or comes back", () => {
    const { tracker, advance, reports } = setup();
    tracker.setVisibleShare(1);
    advance(AD_VIEWABLE_MS);
    tracker.setVisibleShare(0);
    tracker.setVisibleShare(1);
    advance(AD_VIEWABLE_MS * 3);
    expect(reports()).toBe(1);
  });

  it("reports nothing after the ad has left the page", () => {
    const { tracker, advance, reports, pending } = setup();
    tracker.setVisibleShare(1);
    advance(500);
    tracker.dispose();
    advance(AD_VIEWABLE_MS);
    tracker.setVisibleShare(1);
    advance(AD_VIEWABLE_MS);
    expect(reports()).toBe(0);
    expect(pending()).toBe(0);
  });
});
