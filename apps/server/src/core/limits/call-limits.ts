import type { Limits } from "../config.ts";
import { RateLimits } from "./rate-limits.ts";

/** What one caller may do, in calls. */
export interface CallLimits {
  /** Budgets for writes, checkouts and sign-ups. */
  rates: RateLimits;
  maxLiveQueriesPerSocket: number;
  /** A call that takes longer is answered with a timeout error. */
  callTimeoutMs: number;
}

/** The limits one server enforces on the calls it serves, from its configuration. */
export function callLimitsFor(limits: Limits): CallLimits {
  return {
    rates: new RateLimits(limits),
    maxLiveQueriesPerSocket: limits.maxLiveQueriesPerSocket,
    callTimeoutMs: limits.requestTimeoutMs,
  };
}
