// A ticket's service-level clock as plain values: what every event (a reply on either side, a
// status or priority change) does to its due times, and which targets it missed. The services
// store what these functions return; the clock is passed in, so tests drive it.
//
// Due times are wall-clock times. A pause (pending, on hold) records when it began; when it ends,
// every due time still running moves on by the pause's length, so paused time never counts.
import {
  PAUSED_STATUSES,
  RESOLVED_STATUSES,
  type SlaPolicy,
  type SlaTarget,
  type TicketStatus,
} from "@litverse/shared/support";

const MINUTE_MS = 60_000;

export interface SlaState {
  status: TicketStatus;
  firstResponseAt: Date | null;
  firstReplyDueAt: Date;
  nextReplyDueAt: Date | null;
  resolutionDueAt: Date;
  pausedSince: Date | null;
  resolvedAt: Date | null;
}

export interface Breach {
  target: SlaTarget;
  dueAt: Date;
}

/** What an event does: the new state and the targets it missed on the way. */
export interface SlaStep {
  state: SlaState;
  breaches: Breach[];
}

const plus = (time: Date, minutes: number) => new Date(time.getTime() + minutes * MINUTE_MS);
const isPaused = (status: TicketStatus) => PAUSED_STATUSES.includes(status);
const isResolved = (status: TicketStatus) => RESOLVED_STATUSES.includes(status);

export function newTicketClock(policy: SlaPolicy, now: Date): SlaState {
  return {
    status: "new",
    firstResponseAt: null,
    firstReplyDueAt: plus(now, policy.firstReplyMinutes),
    nextReplyDueAt: null,
    resolutionDueAt: plus(now, policy.resolutionMinutes),
    pausedSince: null,
    resolvedAt: null,
  };
}

/** Moves `status` on: pauses and resumes the clock, restarts it on reopening, stops it when resolved. */
export function changeStatus(state: SlaState, to: TicketStatus, policy: SlaPolicy, now: Date): SlaStep {
  const from = state.status;
  if (from === to) return { state, breaches: [] };
  let next: SlaState = { ...state, status: to };
  const breaches: Breach[] = [];
  if (isResolved(from) && !isResolved(to)) {
    // Reopened: the person is waiting again, for an answer and for a resolution.
    next = {
      ...next,
      resolvedAt: null,
      pausedSince: null,
      resolutionDueAt: plus(now, policy.resolutionMinutes),
      nextReplyDueAt: state.firstResponseAt ? plus(now, policy.nextReplyMinutes) : null,
    };
  } else if (state.pausedSince && !isPaused(to)) {
    next = resumed(next, now);
  }
  if (isPaused(to) && !isResolved(from) && !next.pausedSince) next.pausedSince = now;
  if (isResolved(to) && !isResolved(from)) {
    const before = resumed(state, now);
    if (now > before.resolutionDueAt) breaches.push({ target: "resolution", dueAt: before.resolutionDueAt });
    next = { ...next, resolvedAt: now, pausedSince: null, nextReplyDueAt: null };
  }
  return { state: next, breaches };
}

/** Ends a pause: every running due time moves on by its length. */
function resumed(state: SlaState, now: Date): SlaState {
  if (!state.pausedSince) return state;
  const paused = now.getTime() - state.pausedSince.getTime();
  const shift = (time: Date) => new Date(time.getTime() + paused);
  return {
    ...state,
    pausedSince: null,
    firstReplyDueAt: state.firstResponseAt ? state.firstReplyDueAt : shift(state.firstReplyDueAt),
    nextReplyDueAt: state.nextReplyDueAt ? shift(state.nextReplyDueAt) : null,
    resolutionDueAt: shift(state.resolutionDueAt),
  };
}

function timersRunning(state: SlaState) {
  const resolved = isResolved(state.status);
  return {
    first_reply: !resolved && !state.firstResponseAt,
    next_reply: !resolved && state.nextReplyDueAt !== null,
    resolution: !resolved,
  };
}

/**
 * A reply from the team, then the status it chose (default pending: waiting for the person).
 * Answers the first or next reply target, late or not.
 */
export function agentReplied(
  state: SlaState,
  statusAfter: TicketStatus,
  policy: SlaPolicy,
  now: Date,
): SlaStep {
  const current = state.pausedSince ? resumed(state, now) : state;
  const breaches: Breach[] = [];
  if (!current.firstResponseAt && now > current.firstReplyDueAt) {
    breaches.push({ target: "first_reply", dueAt: current.firstReplyDueAt });
  }
  if (current.nextReplyDueAt && now > current.nextReplyDueAt) {
    breaches.push({ target: "next_reply", dueAt: current.nextReplyDueAt });
  }
  // A reply on a resolved ticket does not reopen it unless the agent says so.
  const answered: SlaState = {
    ...current,
    firstResponseAt: current.firstResponseAt ?? now,
    nextReplyDueAt: null,
    status: current.status === "new" ? "open" : current.status,
  };
  const step = changeStatus(answered, statusAfter, policy, now);
  return { state: step.state, breaches: [...breaches, ...step.breaches] };
}

/**
 * A message from the person: the team owes an answer (the next reply target, once there was a
 * first one), and the ticket is worked on again: a paused one opens, a resolved one reopens.
 */
export function requesterReplied(state: SlaState, policy: SlaPolicy, now: Date): SlaStep {
  const to: TicketStatus = state.status === "new" ? "new" : "open";
  const step = changeStatus(state, to, policy, now);
  const next = step.state;
  if (!next.firstResponseAt || next.nextReplyDueAt) return step;
  return { ...step, state: { ...next, nextReplyDueAt: plus(now, policy.nextReplyMinutes) } };
}

/** A new priority: running targets keep what they have used and get the new policy's length. */
export function changePriority(state: SlaState, from: SlaPolicy, to: SlaPolicy): SlaState {
  const running = timersRunning(state);
  const by = (time: Date, before: number, after: number) => plus(time, after - before);
  return {
    ...state,
    firstReplyDueAt: running.first_reply
      ? by(state.firstReplyDueAt, from.firstReplyMinutes, to.firstReplyMinutes)
      : state.firstReplyDueAt,
    nextReplyDueAt:
      running.next_reply && state.nextReplyDueAt
        ? by(state.nextReplyDueAt, from.nextReplyMinutes, to.nextReplyMinutes)
        : state.nextReplyDueAt,
    resolutionDueAt: running.resolution
      ? by(state.resolutionDueAt, from.resolutionMinutes, to.resolutionMinutes)
      : state.resolutionDueAt,
  };
}

/** Targets running, not paused, and past due at `now`: what the breach check flags. */
export function overdueTargets(state: SlaState, now: Date): Breach[] {
  if (state.pausedSince) return [];
  const running = timersRunning(state);
  const overdue: Breach[] = [];
  if (running.first_reply && now > state.firstReplyDueAt) {
    overdue.push({ target: "first_reply", dueAt: state.firstReplyDueAt });
  }
  if (running.next_reply && state.nextReplyDueAt && now > state.nextReplyDueAt) {
    overdue.push({ target: "next_reply", dueAt: state.nextReplyDueAt });
  }
  if (running.resolution && now > state.resolutionDueAt) {
    overdue.push({ target: "resolution", dueAt: state.resolutionDueAt });
  }
  return overdue;
}
