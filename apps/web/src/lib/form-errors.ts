// Field messages for the admin forms. Their inputs nest the fields under `data`, and the server
// reports invalid input per top-level key only (everything under "data"), so the forms check with
// the same shared schemas first and point at the exact field themselves.
import type { z } from "zod";

export type FieldErrors = Record<string, string[]>;

/** Messages per field under `data` from a failed safeParse; other issues under "form". */
export function dataFieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path;
    const key = first === "data" && typeof second === "string" ? second : "form";
    result[key] = [...(result[key] ?? []), issue.message];
  }
  return result;
}

/** Server field errors, with the nested ones (under "data") kept for the form as a whole. */
export function formErrorOf(fieldErrors: FieldErrors, message: string): string {
  return fieldErrors.data?.[0] ?? message;
}
