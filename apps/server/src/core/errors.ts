import type { AppErrorCode } from "@litverse/shared/errors";

/** The one error type services throw. The RPC layer turns it into a transport error. */
export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.name = "AppError";
    this.code = code;
  }
}

/** The errors behind `error`: its cause, the first of an AggregateError's, and so on. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 10) {
    chain.push(current);
    current = current.cause ?? (current as { errors?: unknown[] }).errors?.[0];
  }
  return chain;
}

/** The SQLSTATE the database gave for `error` (the ORM wraps the driver's error), if any. */
export function databaseErrorCode(error: unknown): string | undefined {
  const code = causeChain(error)
    .map((item) => (item as { code?: unknown }).code)
    .find((value) => typeof value === "string" && /^[0-9A-Z]{5}$/.test(value));
  return code as string | undefined;
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH"]);

/**
 * Why a command or a start failed, for a person at a terminal: what went wrong without a stack
 * (which the debug log level adds) or the text of the query that met it.
 */
export function describeFailure(error: unknown): string {
  const chain = causeChain(error);
  const unreachable = chain.find((item) => UNREACHABLE.has((item as NodeJS.ErrnoException).code ?? "")) as
    | (NodeJS.ErrnoException & { address?: string })
    | undefined;
  if (unreachable) {
    return `Could not connect to the database${unreachable.address ? ` at ${unreachable.address}` : ""} (${unreachable.code}).`;
  }
  // A failed query's own message is the query and its parameters; what the database said is its cause.
  const telling = chain.find(
    (item) => item instanceof Error && item.message.trim() && !item.message.startsWith("Failed query:"),
  ) as Error | undefined;
  if (telling) return telling.message.trim();
  return error instanceof Error ? error.name : String(error);
}
