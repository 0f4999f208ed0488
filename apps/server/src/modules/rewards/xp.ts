// How much XP a day's counted units are worth under a rule: pure, so that caps can be checked
// against any sequence of increments.
import { MINUTE_SOURCES, type XpSource } from "@litverse/shared/rewards";

export interface XpRule {
  /** XP per unit: per whole minute for minute sources, per event for the others. */
  amount: number;
  dailyCap: number;
}

/** The XP a day's units earn: whole minutes (or events) times the rule's amount, never above the cap. */
export function xpForUnits(source: XpSource, units: number, rule: XpRule): number {
  const counted = MINUTE_SOURCES.includes(source) ? Math.floor(units / 60) : units;
  return Math.max(0, Math.min(rule.dailyCap, counted * rule.amount));
}

/**
 * What to award now: the day's worth after the new units less what was already awarded. Never
 * negative, so lowering a rule mid-day takes nothing back.
 */
export function xpTopUp(source: XpSource, awarded: number, unitsAfter: number, rule: XpRule): number {
  return Math.max(0, xpForUnits(source, unitsAfter, rule) - awarded);
}
