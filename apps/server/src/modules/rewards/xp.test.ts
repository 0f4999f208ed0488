import { XP_SOURCES } from "@litverse/shared/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { xpForUnits, xpTopUp } from "./xp.ts";

const rule = fc.record({
  amount: fc.integer({ min: 0, max: 50 }),
  dailyCap: fc.integer({ min: 0, max: 500 }),
});
const source = fc.constantFrom(...XP_SOURCES);

describe("XP within a daily cap", () => {
  it("awards in top-ups exactly what the day's total is worth, never above the cap", () => {
    fc.assert(
      fc.property(
        source,
        rule,
        fc.array(fc.integer({ min: 0, max: 3_600 }), { maxLength: 50 }),
        (from, xpRule, increments) => {
          let units = 0;
          let awarded = 0;
          for (const increment of increments) {
            units += increment;
            const topUp = xpTopUp(from, awarded, units, xpRule);
            expect(topUp).toBeGreaterThanOrEqual(0);
            awarded += topUp;
            expect(awarded).toBeLessThanOrEqual(xpRule.dailyCap);
          }
          const perUnit = from.endsWith("_minutes") ? Math.floor(units / 60) : units;
          expect(awarded).toBe(Math.min(xpRule.dailyCap, perUnit * xpRule.amount));
          expect(awarded).toBe(xpForUnits(from, units, xpRule));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("gives the same total however the seconds are split between reports", () => {
    fc.assert(
      fc.property(rule, fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 30 }), (xpRule, parts) => {
        let awarded = 0;
        let units = 0;
        for (const part of parts) {
          units += part;
          awarded += xpTopUp("reading_minutes", awarded, units, xpRule);
        }
        expect(awarded).toBe(xpTopUp("reading_minutes", 0, units, xpRule));
      }),
    );
  });

  it("takes nothing back when a rule is lowered during the day", () => {
    fc.assert(
      fc.property(source, rule, rule, fc.integer({ min: 0, max: 20_000 }), (from, before, after, units) => {
        const awarded = xpForUnits(from, units, before);
        expect(xpTopUp(from, awarded, units + 60, after)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
