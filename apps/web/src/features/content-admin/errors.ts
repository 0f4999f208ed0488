import { describeError } from "../../lib/errors.ts";
import { type FieldErrors, formErrorOf } from "../../lib/form-errors.ts";
import { UploadError } from "../../lib/uploads.ts";

/** A failed upload's own message, or the words describeError finds for a failed call. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof UploadError) return error.message;
  return describeError(error, fallback).message;
}

/** A failed save's messages for a form: per field, and one for the form as a whole under "form". */
export function formErrorsOf(error: unknown, fallback: string): FieldErrors {
  const details = describeError(error, fallback);
  return { ...details.fieldErrors, form: [formErrorOf(details.fieldErrors, details.message)] };
}
