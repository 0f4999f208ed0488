import { z } from "zod";

export const comingSoonSettingsSchema = z.object({
  isComingSoonMode: z.boolean(),
  comingSoonTitle: z.string(),
  comingSoonDescription: z.string(),
  /** Free text shown exactly as entered, e.g. "Spring 2027". */
  expectedLaunchDate: z.string().optional(),
});
export type ComingSoonSettings = z.infer<typeof comingSoonSettingsSchema>;

const trimmed = (max: number) => z.string().trim().max(max);

/** A partial update; an empty `expectedLaunchDate` (or null) removes the launch line. */
export const updateComingSoonSettingsInput = z
  .object({
    isComingSoonMode: z.boolean().optional(),
    comingSoonTitle: trimmed(120).min(1, "Title cannot be empty").optional(),
    comingSoonDescription: trimmed(1000).optional(),
    expectedLaunchDate: trimmed(120).nullable().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export type UpdateComingSoonSettingsInput = z.infer<typeof updateComingSoonSettingsInput>;

export const DEFAULT_COMING_SOON_SETTINGS: ComingSoonSettings = {
  isComingSoonMode: false,
  comingSoonTitle: "Something new is on its way",
  comingSoonDescription:
    "We are putting the finishing touches on a new home for stories: books, audiobooks, comics and dramas, released episode by episode.",
};
