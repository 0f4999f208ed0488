// How often one caller may do costly or abusable things: write anything, start a checkout, create
// an account. Counted in this process's memory: each process protects its own CPU and memory, and
// behind a load balancer with N processes a caller gets at most N times the budget (see decision
// 0016 for when a shared store is worth it).
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Limits } from "../config.ts";
import { AppError } from "../errors.ts";

export type RateLimitKind = "write" | "checkout" | "account" | "message" | "friend_request";

/** Thrown when a budget is spent; `retryAfterSeconds` travels to the caller (Retry-After). */
export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super("RATE_LIMITED", message);
    this.name = "RateLimitError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const MESSAGES: Record<RateLimitKind, string> = {
  write: "You are doing that too often.",
  checkout: "Too many checkouts started.",
  account: "Too many sign-ups from this address.",
  message: "You are sending messages too fast.",
  friend_request: "You have sent a lot of friend requests.",
};

/** A signed-in person's budgets, wherever they call from (functions, uploads, beacons). */
export const personBudgetKey = (identity: { issuerKey: string; subject: string }) =>
  `user:${identity.issuerKey}|${identity.subject}`;

export class RateLimits {
  private readonly limiters: Record<RateLimitKind, RateLimiterMemory>;

  constructor(
    limits: Pick<
      Limits,
      | "writesPerMinute"
      | "checkoutsPerHour"
      | "accountsPerHour"
      | "messagesPerMinute"
      | "friendRequestsPerHour"
    >,
  ) {
    this.limiters = {
      write: new RateLimiterMemory({ keyPrefix: "write", points: limits.writesPerMinute, duration: 60 }),
      checkout: new RateLimiterMemory({
        keyPrefix: "checkout",
        points: limits.checkoutsPerHour,
        duration: 3_600,
      }),
      account: new RateLimiterMemory({
        keyPrefix: "account",
        points: limits.accountsPerHour,
        duration: 3_600,
      }),
      message: new RateLimiterMemory({
        keyPrefix: "message",
        points: limits.messagesPerMinute,
        duration: 60,
      }),
      friend_request: new RateLimiterMemory({
        keyPrefix: "friend_request",
        points: limits.friendRequestsPerHour,
        duration: 3_600,
      }),
    };
  }

  /** Spends one unit of `kind` for `key` (a person or a client address); RATE_LIMITED when none is left. */
  async consume(kind: RateLimitKind, key: string): Promise<void> {
    try {
      await this.limiters[kind].consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1_000));
      throw new RateLimitError(`${MESSAGES[kind]} Try again in ${describeWait(seconds)}.`, seconds);
    }
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
