// What the import functions accept.
import { z } from "zod";
import { CONTENT_TYPES } from "./content.ts";

export const startImportInput = z
  .object({
    /** Files sent before to POST /api/uploads. */
    uploadId: z.uuid("Not a valid upload"),
    /** Forces the kind of title; otherwise it is read from the files. */
    type: z.enum(CONTENT_TYPES, "Not a kind of title").optional(),
    /** Adds the episodes to this title rather than creating a new one. */
    contentId: z.uuid("Not a valid id").optional(),
    /** Publish the new title and release its episodes at once; otherwise they stay drafts. */
    publish: z.boolean().default(true),
  })
  .strict();

export const jobIdInput = z.object({ jobId: z.uuid("Not a valid id") }).strict();
