// What the profile, friends and reports functions accept.
import { z } from "zod";
import { REPORT_REASON_INPUTS } from "./moderation.ts";
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  FAVOURITE_GENRES_MAX,
  HANDLE_MAX_LENGTH,
  HANDLE_MIN_LENGTH,
  HANDLE_PATTERN,
  RESERVED_HANDLES,
  VISIBILITIES,
} from "./people.ts";
import { ageSchema } from "./users-inputs.ts";
import { invisibleTextMessage, isVisibleText, visibleString } from "./visible-text.ts";

const userId = z.uuid("Not a valid person");

export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isVisibleText, invisibleTextMessage("A handle"))
  .min(HANDLE_MIN_LENGTH, `Handles are at least ${HANDLE_MIN_LENGTH} characters`)
  .max(HANDLE_MAX_LENGTH, `Handles are at most ${HANDLE_MAX_LENGTH} characters`)
  .regex(HANDLE_PATTERN, "Use only letters a to z, digits and underscores")
  .refine((handle) => !RESERVED_HANDLES.includes(handle), "That handle is reserved");

/** Whether a time zone name is one this runtime knows (IANA names such as "Europe/Paris"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const genre = visibleString("A genre").min(1, "Name the genre").max(40, "Genres are at most 40 characters");

export const updateProfileInput = z
  .object({
    displayName: visibleString("A display name")
      .min(1, "Enter a name")
      .max(DISPLAY_NAME_MAX_LENGTH, `A display name is at most ${DISPLAY_NAME_MAX_LENGTH} characters`)
      .optional(),
    handle: handleSchema.optional(),
    bio: z.string().trim().max(BIO_MAX_LENGTH, `A bio is at most ${BIO_MAX_LENGTH} characters`).optional(),
    favouriteGenres: z
      .array(genre)
      .max(FAVOURITE_GENRES_MAX, `Choose at most ${FAVOURITE_GENRES_MAX} genres`)
      .optional(),
    /** An IANA zone, or null for the browser's. */
    timeZone: z
      .string()
      .max(64, "Not a time zone")
      .refine(isTimeZone, "Not a time zone")
      .nullable()
      .optional(),
    age: ageSchema.optional(),
    detailsVisibility: z.enum(VISIBILITIES).optional(),
    activityVisibility: z.enum(VISIBILITIES).optional(),
    libraryVisibility: z.enum(VISIBILITIES).optional(),
  })
  .strict();

/** A square of the uploaded picture to keep, in its pixels. */
export const avatarCropSchema = z
  .object({
    x: z
      .number()
      .int("Choose a part of the picture in whole pixels")
      .min(0, "The part starts inside the picture"),
    y: z
      .number()
      .int("Choose a part of the picture in whole pixels")
      .min(0, "The part starts inside the picture"),
    size: z
      .number()
      .int("Choose a part of the picture in whole pixels")
      .min(16, "Choose a larger part of the picture")
      .max(20_000, "Choose a smaller part of the picture"),
  })
  .strict();

export const setAvatarInput = z
  .object({ uploadId: z.uuid("Not a valid upload"), crop: avatarCropSchema })
  .strict();

export const userIdInput = z.object({ userId }).strict();

export const handleInput = z
  .object({ handle: z.string().trim().min(1, "Give a handle").max(64, "Nobody has that handle") })
  .strict();

export const searchPeopleInput = z
  .object({
    query: z.string().trim().min(1, "Type a name or a handle").max(60, "A search is at most 60 characters"),
  })
  .strict();

export const reportUserInput = z
  .object({
    userId,
    reason: z.enum(REPORT_REASON_INPUTS, "Choose a reason"),
    details: z.string().trim().max(1000, "Details are at most 1,000 characters").default(""),
  })
  .strict();
