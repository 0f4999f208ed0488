// What to tell people when a function call fails. The server's error formatter (see
// apps/server/src/rpc/trpc.ts) puts `appCode`, `httpStatus` and, for invalid input, `fieldErrors`
// into the error's `data`; services write their messages for people, so those are shown as they
// are, and only what the server cannot word well (invalid input, crashes, lost connection) gets a
// message chosen here.
import { APP_ERROR_CODES, type AppErrorCode } from "@litverse/shared/errors";
import { type FieldErrors, formErrorOf } from "./form-errors.ts";
import { toast } from "./toast.ts";

export interface ErrorDetails {
  /** One sentence to show in a toast, an error state or above a form. */
  message: string;
  /** Messages per input field, only for invalid input; `{}` otherwise. */
  fieldErrors: Record<string, string[]>;
}

export const DEFAULT_ERROR_MESSAGE = "Something went wrong. Please try again.";
export const INVALID_INPUT_MESSAGE = "Some fields need attention.";
export const CONNECTION_MESSAGE = "Could not reach the server. Check your connection and try again.";

/** For the rare error that arrives without a message of its own. */
const CODE_MESSAGES: Record<AppErrorCode, string> = {
  BAD_REQUEST: "That request could not be handled.",
  UNAUTHORIZED: "Please sign in first.",
  FORBIDDEN: "You are not allowed to do that.",
  NOT_FOUND: "That could not be found.",
  CONFLICT: "That changed in the meantime. Reload and try again.",
  INSUFFICIENT_COINS: "You do not have enough coins.",
  RATE_LIMITED: "Too many attempts. Wait a moment and try again.",
  PAYLOAD_TOO_LARGE: "That is too large to send.",
  UNAVAILABLE: "This is unavailable right now. Please try again soon.",
  ACCOUNT_RESTRICTED: "Your account cannot be used right now.",
};

interface ErrorData {
  code?: unknown;
  appCode?: unknown;
  httpStatus?: unknown;
  fieldErrors?: unknown;
  /** Set for unexpected failures: what the server's log knows them by. */
  reference?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The formatted `data` of a tRPC client error, read without trusting its shape. */
function errorData(error: unknown): ErrorData | null {
  if (!isObject(error) || !isObject(error.data)) return null;
  return error.data as ErrorData;
}

function isAppErrorCode(code: unknown): code is AppErrorCode {
  return typeof code === "string" && (APP_ERROR_CODES as readonly string[]).includes(code);
}

/** Only the fields with at least one message, each a list of strings. */
function cleanFieldErrors(value: unknown): Record<string, string[]> {
  if (!isObject(value)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (!Array.isArray(messages)) continue;
    const texts = messages.filter((message): message is string => typeof message === "string" && !!message);
    if (texts.length > 0) result[field] = texts;
  }
  return result;
}

/**
 * The application error code of a failed call ("NOT_FOUND", "INSUFFICIENT_COINS", …), or tRPC's
 * own code ("INTERNAL_SERVER_ERROR") when the failure did not come from a service; undefined for
 * anything that is not a server answer. For pages that react to one code in their own way.
 */
export function errorCode(error: unknown): string | undefined {
  const data = errorData(error);
  const code = data?.appCode ?? data?.code;
  return typeof code === "string" ? code : undefined;
}

/** Turns whatever a failed call threw into a message and per-field messages. */
export function describeError(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): ErrorDetails {
  const data = errorData(error);
  if (!data) {
    // A tRPC client error without data never got an answer: the connection failed.
    const isTransportError = isObject(error) && error.name === "TRPCClientError";
    return { message: isTransportError ? CONNECTION_MESSAGE : fallback, fieldErrors: {} };
  }
  // The formatter adds `fieldErrors` only for input that failed validation; the error's own
  // message is then the first field's sentence ("A subject is at most 150 characters"). Should
  // it ever be something else (a list of issues as JSON), it is not shown: without a field to
  // point at, the caller's own words say more.
  if (data.fieldErrors !== undefined && data.fieldErrors !== null) {
    const fieldErrors = cleanFieldErrors(data.fieldErrors);
    const hasFields = Object.keys(fieldErrors).length > 0;
    const ownMessage = isObject(error) && typeof error.message === "string" ? error.message.trim() : "";
    const isSentence = ownMessage !== "" && !/^[[{]/.test(ownMessage);
    if (isSentence) return { message: ownMessage, fieldErrors };
    return { message: hasFields ? INVALID_INPUT_MESSAGE : fallback, fieldErrors };
  }
  const code = data.appCode ?? data.code;
  // Unexpected failures reach the client without their internals; the caller knows best what
  // was being attempted.
  if (!isAppErrorCode(code)) {
    const ownMessage = isObject(error) && typeof error.message === "string" ? error.message.trim() : "";
    const isServerFault = code === "INTERNAL_SERVER_ERROR" || !ownMessage;
    if (!isServerFault) return { message: ownMessage, fieldErrors: {} };
    // The reference lets support find the failure in the server's log.
    const reference = typeof data.reference === "string" ? ` (reference ${data.reference.slice(0, 64)})` : "";
    return { message: `${fallback}${reference}`, fieldErrors: {} };
  }
  const message = isObject(error) && typeof error.message === "string" ? error.message.trim() : "";
  return { message: message || CODE_MESSAGES[code], fieldErrors: {} };
}

/**
 * Shows a failed call as an error toast, with `fallback` for failures the server does not explain
 * (say what was being attempted: "Could not save the title."). Returns the details, so a form can
 * also mark its fields.
 */
export function toastError(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): ErrorDetails {
  const details = describeError(error, fallback);
  toast.error(details.message);
  return details;
}

/** A failed save's messages for a form: per field, and one for the form as a whole under "form". */
export function formErrorsOf(error: unknown, fallback: string): FieldErrors {
  const details = describeError(error, fallback);
  return { ...details.fieldErrors, form: [formErrorOf(details.fieldErrors, details.message)] };
}
