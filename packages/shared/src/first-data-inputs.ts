// What the first-data endpoint accepts (see first-data.ts), kept apart so that pages importing
// the helpers there do not carry the validation library.
import { z } from "zod";

export const firstDataInput = z.strictObject({
  /** The page's path and query, as in the address bar ("/read/…?episode=2"). */
  path: z
    .string()
    .max(512, "A path is at most 512 characters.")
    .regex(/^\/\S*$/, "A path starts with / and has no spaces."),
});
export type FirstDataInput = z.infer<typeof firstDataInput>;
