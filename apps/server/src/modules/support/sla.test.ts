import type { SlaPolicy } from "@litverse/shared/support";
import { slaTimers } from "@litverse/shared/support";
import { describe, expect, it } from "vitest";
import {
  agentReplied,
  changePriority,
  changeStatus,
  newTicketClock,
  overdueTargets,
  requesterReplied,
  type SlaState,
} from "./sla.ts";

const HIGH: SlaPolicy = {
  priority: "high",
  firstReplyMinutes: 60,
  nextReplyMinutes: 120,
  resolutionMinutes: 480,
};
const URGENT: SlaPolicy = {
  priority: "urgent",
  firstReplyMinutes: 15,
  nextReplyMinutes: 30,
  resolutionMinutes: 120,
};

/** A controlled clock: minutes after a fixed start. */
const start = Date.parse("2026-03-01T09:00:00Z");
const at = (minutes: number) => new Date(start + minutes * 60_000);
const iso = (state: SlaState) => ({
  status: state.status,
  firstResponseAt: state.firstResponseAt?.toISOString() ?? null,
  firstReplyDueAt: state.firstReplyDueAt.toISOString(),
  nextReplyDueAt: state.nextReplyDueAt?.toISOString() ?? null,
  resolutionDueAt: state.resolutionDueAt.toISOString(),
  pausedSince: state.pausedSince?.toISOString() ?? null,
});

describe("service-level clock", () => {
  it("sets the first reply and resolution due times from the policy", () => {
    const clock = newTicketClock(HIGH, at(0));
    expect(clock.firstReplyDueAt).toEqual(at(60));
    expect(clock.resolutionDueAt).toEqual(at(480));
    expect(overdueTargets(clock, at(59))).toEqual([]);
    expect(overdueTargets(clock, at(61))).toEqual([{ target: "first_reply", dueAt: at(60) }]);
  });

  it("an answer in time meets the first reply; a late one is a breach", () => {
    const early = agentReplied(newTicketClock(HIGH, at(0)), "pending", HIGH, at(30));
    expect(early.breaches).toEqual([]);
    expect(early.state).toMatchObject({ status: "pending", firstResponseAt: at(30), pausedSince: at(30) });

    const late = agentReplied(newTicketClock(HIGH, at(0)), "open", HIGH, at(90));
    expect(late.breaches).toEqual([{ target: "first_reply", dueAt: at(60) }]);
    expect(late.state.status).toBe("open");
  });

  it("stands still while pending or on hold and moves every due time on by the pause", () => {
    let clock = agentReplied(newTicketClock(HIGH, at(0)), "pending", HIGH, at(10)).state;
    // Paused from minute 10; the timers show the same remaining time whenever they are looked at.
    const during = slaTimers(iso(clock), at(300).getTime());
    expect(during).toEqual([
      {
        target: "resolution",
        dueAt: at(480).toISOString(),
        remainingMs: 470 * 60_000,
        breached: false,
        paused: true,
      },
    ]);
    expect(overdueTargets(clock, at(1000))).toEqual([]);

    // The person answers at minute 1010: 1000 minutes of pause.
    clock = requesterReplied(clock, HIGH, at(1010)).state;
    expect(clock.status).toBe("open");
    expect(clock.pausedSince).toBeNull();
    expect(clock.resolutionDueAt).toEqual(at(1480));
    expect(clock.nextReplyDueAt).toEqual(at(1130));
    expect(overdueTargets(clock, at(1129))).toEqual([]);
    expect(overdueTargets(clock, at(1131))).toEqual([{ target: "next_reply", dueAt: at(1130) }]);

    // On hold then open again: only the hold's length is added.
    clock = changeStatus(clock, "on_hold", HIGH, at(1020)).state;
    clock = changeStatus(clock, "open", HIGH, at(1050)).state;
    expect(clock.nextReplyDueAt).toEqual(at(1160));
    expect(clock.resolutionDueAt).toEqual(at(1510));
  });

  it("a pause before the first answer moves the first reply due time too", () => {
    let clock = changeStatus(newTicketClock(HIGH, at(0)), "on_hold", HIGH, at(20)).state;
    clock = changeStatus(clock, "open", HIGH, at(140)).state;
    expect(clock.firstReplyDueAt).toEqual(at(180));
    expect(agentReplied(clock, "pending", HIGH, at(170)).breaches).toEqual([]);
  });

  it("solving late breaches the resolution once; reopening restarts it", () => {
    const open = agentReplied(newTicketClock(HIGH, at(0)), "open", HIGH, at(10)).state;
    const solved = changeStatus(open, "solved", HIGH, at(500));
    expect(solved.breaches).toEqual([{ target: "resolution", dueAt: at(480) }]);
    expect(solved.state.resolvedAt).toEqual(at(500));
    expect(slaTimers(iso(solved.state), at(600).getTime())).toEqual([]);
    expect(overdueTargets(solved.state, at(10_000))).toEqual([]);

    const reopened = requesterReplied(solved.state, HIGH, at(600)).state;
    expect(reopened).toMatchObject({ status: "open", resolvedAt: null });
    expect(reopened.resolutionDueAt).toEqual(at(1080));
    expect(reopened.nextReplyDueAt).toEqual(at(720));
  });

  it("a new priority keeps the time used and takes the new lengths", () => {
    const clock = newTicketClock(HIGH, at(0));
    const urgent = changePriority(clock, HIGH, URGENT);
    expect(urgent.firstReplyDueAt).toEqual(at(15));
    expect(urgent.resolutionDueAt).toEqual(at(120));
    // A target already met keeps its due time.
    const answered = agentReplied(clock, "open", HIGH, at(5)).state;
    expect(changePriority(answered, HIGH, URGENT).firstReplyDueAt).toEqual(at(60));
  });

  it("keeps the state it was given", () => {
    const clock = newTicketClock(HIGH, at(0));
    const copy = structuredClone(clock);
    agentReplied(clock, "pending", HIGH, at(5));
    requesterReplied(clock, HIGH, at(6));
    changeStatus(clock, "solved", HIGH, at(7));
    expect(clock).toEqual(copy);
  });
});
