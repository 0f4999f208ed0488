// The ranked-choice count against a plain reference count, and the spoiler rule, for any input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instantRunoff, isSpoilerFor, spoilerEpisodeOf } from "./clubs.ts";

/** Instant runoff as written on paper: strike the weakest, recount every ballot, repeat. */
function referenceRunoff(options: string[], ballots: string[][]): { winner: string | null; tied: string[] } {
  let standing = [...options];
  for (;;) {
    const live = ballots
      .map((ballot) => ballot.filter((option) => standing.includes(option)))
      .filter((b) => b.length);
    if (live.length === 0) return { winner: null, tied: standing };
    const tally = new Map(standing.map((option) => [option, 0]));
    for (const ballot of live) tally.set(ballot[0] as string, (tally.get(ballot[0] as string) ?? 0) + 1);
    for (const [option, votes] of tally) if (votes > live.length / 2) return { winner: option, tied: [] };
    const fewest = Math.min(...tally.values());
    const weakest = standing.filter((option) => tally.get(option) === fewest);
    if (weakest.length === standing.length) return { winner: null, tied: standing };
    standing = standing.filter((option) => !weakest.includes(option));
  }
}

const OPTIONS = ["a", "b", "c", "d", "e"];
const election = fc
  .integer({ min: 1, max: OPTIONS.length })
  .chain((count) =>
    fc.tuple(
      fc.constant(OPTIONS.slice(0, count)),
      fc.array(fc.shuffledSubarray(OPTIONS.slice(0, count)), { maxLength: 40 }),
    ),
  );

describe("instant runoff", () => {
  it("agrees with the reference count", () => {
    fc.assert(
      fc.property(election, ([options, ballots]) => {
        const result = instantRunoff(options, ballots);
        expect({ winner: result.winner, tied: result.tied }).toEqual(referenceRunoff(options, ballots));
      }),
      { numRuns: 2_000 },
    );
  });

  it("gives the win to a majority of first choices, whatever the order of ballots", () => {
    fc.assert(
      fc.property(election, fc.integer(), ([options, ballots], seed) => {
        const result = instantRunoff(options, ballots);
        const firsts = ballots.filter((ballot) => ballot.length > 0).map((ballot) => ballot[0]);
        const majority = options.find(
          (option) => firsts.filter((first) => first === option).length * 2 > firsts.length,
        );
        if (majority) expect(result.winner).toBe(majority);
        // The winner holds more than half of the ballots still counting in the last round.
        const last = result.rounds.at(-1);
        if (result.winner && last) {
          const counting = Object.values(last.counts).reduce((sum, votes) => sum + votes, 0);
          expect((last.counts[result.winner] ?? 0) * 2).toBeGreaterThan(counting);
        }
        const turn = Math.abs(seed) % Math.max(1, ballots.length);
        const shuffled = [...ballots.slice(turn), ...ballots.slice(0, turn)].reverse();
        expect(instantRunoff(options, shuffled).winner).toBe(result.winner);
      }),
      { numRuns: 1_000 },
    );
  });

  it("counts a textbook election in rounds", () => {
    // 8 for a; 5 c>b; 4 b>c; 2 d>b. d goes, then c, then b beats a 11 to 8.
    const ballots = [
      ...Array(8).fill(["a"]),
      ...Array(5).fill(["c", "b"]),
      ...Array(4).fill(["b", "c"]),
      ...Array(2).fill(["d", "b"]),
    ];
    const result = instantRunoff(["a", "b", "c", "d"], ballots);
    expect(result.rounds.map((round) => round.eliminated)).toEqual([["d"], ["c"], []]);
    expect(result.winner).toBe("b");
    expect(result.rounds.at(-1)?.counts).toEqual({ a: 8, b: 11 });
  });
});

describe("spoilers", () => {
  it("hide exactly the posts that give away an episode the reader has not finished", () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
        fc.integer({ min: 0, max: 50 }),
        (milestoneEnd, marked, finished) => {
          const episode = spoilerEpisodeOf(milestoneEnd, marked);
          const furthest = Math.max(milestoneEnd ?? 0, marked ?? 0);
          expect(episode).toBe(furthest === 0 ? null : furthest);
          expect(isSpoilerFor(episode, finished)).toBe(furthest > finished);
        },
      ),
    );
  });
});
