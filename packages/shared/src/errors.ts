/**
 * Application error codes. Services throw them; the RPC layer maps them to transport errors and
 * the web app picks the message to show from the code.
 */
export const APP_ERROR_CODES = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "INSUFFICIENT_COINS",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNAVAILABLE",
  /** The account is suspended, banned or deleted: the message says which, until when and why. */
  "ACCOUNT_RESTRICTED",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** Field-level messages from input validation, keyed by field name. */
export type FieldErrors = Record<string, string[] | undefined>;
