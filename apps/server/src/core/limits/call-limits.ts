import type { Limits } from "../config.ts";
import type { CallLimits } from "../rpc/context.ts";
import { RateLimits } from "./rate-limits.ts";

/** The limits one server enforces on the calls it serves, from its configuration. */
export function callLimitsFor(limits: Limits): CallLimits {
  return {
    rates: new RateLimits(limits),
    maxLiveQueriesPerSocket: limits.maxLiveQueriesPerSocket,
    callTimeoutMs: limits.requestTimeoutMs,
  };
}
