import { describeError } from "../../lib/errors.ts";
import { UploadError } from "../../lib/uploads.ts";

/** A failed upload's own message, or the words describeError finds for a failed call. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof UploadError) return error.message;
  return describeError(error, fallback).message;
}
