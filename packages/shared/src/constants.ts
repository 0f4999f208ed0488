// Product constants that both the web app and the server rely on.

export const PRODUCT_NAME = "Litverse";
export const TAGLINE = "Your Literary Universe";

/** Failed queries retry up to this many times. */
export const QUERY_RETRY_COUNT = 3;
/** Retry backoff starts at 1 s and doubles, capped at 30 s. */
export const QUERY_RETRY_BASE_MS = 1_000;
export const QUERY_RETRY_MAX_MS = 30_000;
/** Unused cache entries are garbage-collected after 5 minutes. */
export const QUERY_GC_TIME_MS = 5 * 60_000;

/** WebSocket reconnect backoff: 1 s doubling up to 16 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 16_000;
/** A connection that has received nothing for this long is considered dead. */
export const INACTIVITY_THRESHOLD_MS = 60_000;
/** How long the client waits for a pong once it has pinged a silent connection. */
export const PONG_TIMEOUT_MS = 5_000;
/** Tokens are refreshed this long before they expire. */
export const TOKEN_REFETCH_BEFORE_EXPIRY_MS = 2_000;
export const MAX_REAUTH_ATTEMPTS = 2;

/** Largest accepted function payload, over HTTP or WebSocket. */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

export const UNLOAD_WARNING_MESSAGE = "Are you sure you want to leave? Your changes may not be saved.";

export const USER_ROLES = ["user", "admin", "superadmin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const AGE_CHOICES = [13, 16, 18] as const;
export type Age = (typeof AGE_CHOICES)[number];

/** Exponential backoff delay for attempt `attempt` (0-based). */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt), maxMs);
}

/** Where visitors write to hear about the launch, unless configured otherwise. */
export const DEFAULT_SUPPORT_EMAIL = "support@litverse.app";

/** The install card appears this long after load on iOS, after the browser's install offer elsewhere. */
export const INSTALL_PROMPT_DELAY_MS = 3_000;
/** The mobile install banner appears this long after load (iOS and Android only). */
export const INSTALL_BANNER_DELAY_MS = 2_000;
