// How often one caller may do costly or abusable things: write anything, start a checkout, create
// an account. Counted in the platform's limiter store, so that behind a load balancer a caller
// still has one budget, not one per process (decision 0050).
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { Limits } from "../config.ts";
import { AppError } from "../errors.ts";
import type { LimiterStore } from "./limiter-store.ts";

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

/** What a refusal says of each budget, before "Try again in …". */
export const RATE_LIMIT_MESSAGES: Record<RateLimitKind, string> = {
  write: "You are doing that too often.",
  checkout: "Too many checkouts started.",
  account: "Too many sign-ups from this address.",
  message: "You are sending messages too fast.",
  friend_request: "You have sent a lot of friend requests.",
};

/** How long each budget lasts before it is whole again, in seconds. */
export const BUDGET_WINDOW_SECONDS: Record<RateLimitKind, number> = {
  write: 60,
  checkout: 3_600,
  account: 3_600,
  message: 60,
  friend_request: 3_600,
};

/** A signed-in person's budgets, wherever they call from (functions, uploads, beacons). */
export const personBudgetKey = (identity: { issuerKey: string; subject: string }) =>
  `user:${identity.issuerKey}|${identity.subject}`;

export class RateLimits {
  private readonly limiters: Record<RateLimitKind, RateLimiterAbstract>;

  constructor(
    limits: Pick<
      Limits,
      | "writesPerMinute"
      | "checkoutsPerHour"
      | "accountsPerHour"
      | "messagesPerMinute"
      | "friendRequestsPerHour"
    >,
    store: LimiterStore,
  ) {
    const points: Record<RateLimitKind, number> = {
      write: limits.writesPerMinute,
      checkout: limits.checkoutsPerHour,
      account: limits.accountsPerHour,
      message: limits.messagesPerMinute,
      friend_request: limits.friendRequestsPerHour,
    };
    const limiter = (kind: RateLimitKind) =>
      store.limiter({ keyPrefix: kind, points: points[kind], duration: BUDGET_WINDOW_SECONDS[kind] });
    this.limiters = {
      write: limiter("write"),
      checkout: limiter("checkout"),
      account: limiter("account"),
      message: limiter("message"),
      friend_request: limiter("friend_request"),
    };
  }

  /** Spends one unit of `kind` for `key` (a person or a client address); RATE_LIMITED when none is left. */
  async consume(kind: RateLimitKind, key: string): Promise<void> {
    try {
      await this.limiters[kind].consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1_000));
      throw new RateLimitError(
        `${RATE_LIMIT_MESSAGES[kind]} Try again in ${describeWait(seconds)}.`,
        seconds,
      );
    }
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
