// The rules that turn watch events into views, on their own: what time allows, thresholds, skips,
// completion, and that no sequence of events can credit more than what really passed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NETWORK_TOLERANCE_MS, nextViewState, reachStep, type ViewState } from "./watch-events.service.ts";

const start: ViewState = { playedMs: 0, reachMs: 0, isCounted: false, isCompleted: false, isLeft: false };
const progress = (playedMs: number, positionMs = playedMs) => ({
  kind: "progress" as const,
  playedMs,
  positionMs,
});

describe("a view's state", () => {
  it("counts after 3 s of a long reel and after half of a short one, not before", () => {
    expect(nextViewState(start, [progress(2_900)], 10_000, 3_000).isCounted).toBe(false);
    expect(nextViewState(start, [progress(3_000)], 10_000, 3_000).isCounted).toBe(true);
    expect(nextViewState(start, [progress(1_999)], 4_000, 2_000).isCounted).toBe(false);
    expect(nextViewState(start, [progress(2_000)], 4_000, 2_000).isCounted).toBe(true);
  });

  it("credits no more playback than the time since the play started allows", () => {
    const claimed = nextViewState(start, [progress(60_000, 2_000)], 10_000, 2_000);
    expect(claimed.playedMs).toBe(2_000 + NETWORK_TOLERANCE_MS);
    expect(claimed.isCounted).toBe(true);
    expect(nextViewState(start, [progress(60_000)], 10_000, 500).isCounted).toBe(false);
  });

  it("leaving before the view counted is a skip; reaching the end is a completion", () => {
    const left = nextViewState(start, [{ kind: "leave", playedMs: 1_200, positionMs: 1_200 }], 10_000, 1_300);
    expect(left).toMatchObject({ isLeft: true, isCounted: false, reachMs: 1_200 });
    const ended = nextViewState(start, [{ kind: "end", playedMs: 9_900, positionMs: 9_900 }], 10_000, 9_950);
    expect(ended).toMatchObject({ isCompleted: true, reachMs: 10_000 });
    expect(reachStep(ended.reachMs, 10_000)).toBe(20);
    expect(reachStep(4_999, 10_000)).toBe(9);
  });

  it("never credits more than real time, whatever the events and however they are repeated", () => {
    const event = fc.record({
      kind: fc.constantFrom("play", "progress", "end", "leave"),
      playedMs: fc.nat(200_000),
      positionMs: fc.nat(20_000),
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(event, { maxLength: 5 }), fc.nat(5_000)), { maxLength: 10 }),
        fc.integer({ min: 1_000, max: 20_000 }),
        (batches, durationMs) => {
          let state = start;
          let elapsed = 0;
          for (const [events, wait] of batches) {
            elapsed += wait;
            const next = nextViewState(state, events, durationMs, elapsed);
            // Only ever grows, and only as far as time allows.
            expect(next.playedMs).toBeGreaterThanOrEqual(state.playedMs);
            expect(next.playedMs).toBeLessThanOrEqual(
              Math.max(state.playedMs, elapsed + NETWORK_TOLERANCE_MS),
            );
            expect(next.reachMs).toBeLessThanOrEqual(durationMs);
            // The same events again change nothing.
            expect(nextViewState(next, events, durationMs, elapsed)).toEqual(next);
            state = next;
          }
        },
      ),
    );
  });

  it("credits no more than the viewer's allowance", () => {
    const capped = nextViewState(start, [progress(5_000)], 10_000, 5_000, 1_500);
    expect(capped.playedMs).toBe(1_500);
  });
});
