// What the system settings functions accept.
import { z } from "zod";

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
