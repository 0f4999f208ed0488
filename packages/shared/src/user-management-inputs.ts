// What the user-management functions accept. Every action on an account carries a reason, which
// the audit trail keeps and, for suspensions and bans, the person is shown.
import { z } from "zod";
import { USER_ROLES } from "./constants.ts";

export const MAX_SUSPENSION_DAYS = 365;

const userId = z.uuid("Not a valid person");
const reason = z
  .string()
  .trim()
  .min(3, "Give a reason of at least 3 characters")
  .max(500, "Keep the reason under 500 characters");

export const ACCOUNT_FILTERS = ["all", "active", "restricted", "admins", "deleted"] as const;
export type AccountFilter = (typeof ACCOUNT_FILTERS)[number];

export const searchPeopleInput = z
  .object({
    /** A name, handle (with or without @), email, or a person's id. Empty lists everyone. */
    query: z.string().trim().max(200, "Keep the search under 200 characters").default(""),
    filter: z.enum(ACCOUNT_FILTERS).default("all"),
    cursor: z.string().max(200).nullish(),
  })
  .strict();

export const personInput = z.object({ userId }).strict();

export const restrictAccountInput = z
  .object({
    userId,
    kind: z.enum(["suspend", "ban"]),
    /** Suspensions only: how many days, from now. */
    days: z
      .number()
      .int("Whole days only")
      .min(1, "At least 1 day")
      .max(MAX_SUSPENSION_DAYS, `At most ${MAX_SUSPENSION_DAYS} days`)
      .optional(),
    reason,
    /** Hide what they wrote in public while restricted; false keeps it visible. */
    hideContent: z.boolean(),
  })
  .strict()
  .refine((input) => input.kind === "ban" || input.days !== undefined, {
    error: "Say for how many days",
    path: ["days"],
  });

export const accountActionInput = z.object({ userId, reason }).strict();

export const changeRoleInput = z.object({ userId, role: z.enum(USER_ROLES), reason }).strict();

export const deleteAccountInput = z
  .object({
    userId,
    reason,
    /** The person's handle, typed again: deleting cannot be undone. */
    confirmation: z.string().trim().max(100),
  })
  .strict();
