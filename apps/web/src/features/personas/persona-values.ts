// What the personas' pages work out without the server: where a persona's profile is, a reel's id
// from a pasted link, a form's field messages, and the square of a picture to keep.
import type { PersonSummary } from "@litverse/shared/people";
import type { z } from "zod";
import type { FieldErrors } from "../../lib/form-errors.ts";

/** The square to keep, in the picture's own pixels. */
export interface PictureArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The persona's public profile, by handle where it has one (routes.tsx: /user/:handle). */
export function profilePathOf(person: Pick<PersonSummary, "_id" | "handle">): string {
  return person.handle ? `/user/${person.handle}` : `/profile/${person._id}`;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The reel a pasted link or id names: `/reels/<id>`, `/reels?reel=<id>`, a whole address with
 * either, or the id itself. Null when there is none in it.
 */
export function reelIdOf(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, "https://litverse.invalid");
    const fromQuery = url.searchParams.get("reel")?.match(UUID)?.[0];
    if (fromQuery) return fromQuery.toLowerCase();
  } catch {
    // Not an address: look for an id in the text itself.
  }
  return trimmed.match(UUID)?.[0]?.toLowerCase() ?? null;
}

/** A failed safeParse of a flat input as messages per field; what belongs to no field under "form". */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of error.issues) {
    const key = typeof issue.path[0] === "string" ? issue.path[0] : "form";
    found[key] = [...(found[key] ?? []), issue.message];
  }
  return found;
}

/**
 * A persona form's failure from the server: a refused handle (taken, looks like another, reserved)
 * comes as the form's message, and is shown under the handle field instead.
 */
export function personaFieldErrors(errors: FieldErrors): FieldErrors {
  const message = errors.form?.[0];
  if (!message || errors.handle || !/handle/i.test(message)) return errors;
  const { form: _form, ...rest } = errors;
  return { ...rest, handle: [message] };
}

/** The largest square in the middle of a picture of this size. */
export function centredSquare(width: number, height: number): PictureArea {
  const size = Math.min(width, height);
  return {
    x: Math.floor((width - size) / 2),
    y: Math.floor((height - size) / 2),
    width: size,
    height: size,
  };
}
