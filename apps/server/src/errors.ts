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
