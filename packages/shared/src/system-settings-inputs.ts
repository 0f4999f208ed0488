// What the system settings functions accept.
import { z } from "zod";
import { invisibleTextMessage, isVisibleText } from "./visible-text.ts";

const trimmed = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max.toLocaleString("en-US")} characters`);

/** A partial update; an empty `expectedLaunchDate` (or null) removes the launch line. */
export const updateComingSoonSettingsInput = z
  .object({
    isComingSoonMode: z.boolean("Choose on or off").optional(),
    comingSoonTitle: trimmed(120, "The title")
      .min(1, "Title cannot be empty")
      .refine(isVisibleText, invisibleTextMessage("The title"))
      .optional(),
    comingSoonDescription: trimmed(1000, "The description").optional(),
    expectedLaunchDate: trimmed(120, "The launch line").nullable().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export type UpdateComingSoonSettingsInput = z.infer<typeof updateComingSoonSettingsInput>;
