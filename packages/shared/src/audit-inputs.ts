// What the audit trail's functions accept.
import { z } from "zod";

const day = z.iso.date("A date is written YYYY-MM-DD");

export const auditFiltersInput = z
  .object({
    actorId: z.uuid("Not a valid person").optional(),
    /** A function or command, or the start of one ("contentAdmin."). */
    action: z.string().trim().max(100, "Keep the action under 100 characters").optional(),
    objectType: z.string().trim().max(40, "Keep the kind under 40 characters").optional(),
    objectId: z.string().trim().max(100, "Keep the id under 100 characters").optional(),
    source: z.enum(["app", "cli"]).optional(),
    /** Days, inclusive, in UTC. */
    from: day.optional(),
    to: day.optional(),
  })
  .strict()
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    error: "The first day comes before the last",
    path: ["to"],
  });

export const listAuditEventsInput = z
  .object({
    filters: auditFiltersInput.default({}),
    cursor: z.string().max(200).nullish(),
  })
  .strict();
