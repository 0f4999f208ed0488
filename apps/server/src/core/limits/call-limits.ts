import type { Limits } from "../config.ts";
import type { LimiterStore } from "./limiter-store.ts";
import { RateLimits } from "./rate-limits.ts";

/** What one caller may do, in calls. */
export interface CallLimits {
  /** Budgets for writes, checkouts and sign-ups. */
  rates: RateLimits;
  maxLiveQueriesPerSocket: number;
  /** A call that takes longer is answered with a timeout error. */
  callTimeoutMs: number;
}

/** The limits one server enforces on the calls it serves, from its configuration; budgets count in `store`. */
export function callLimitsFor(limits: Limits, store: LimiterStore): CallLimits {
  return {
    rates: new RateLimits(limits, store),
    maxLiveQueriesPerSocket: limits.maxLiveQueriesPerSocket,
    callTimeoutMs: limits.requestTimeoutMs,
  };
}
