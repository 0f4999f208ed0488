// What the permissions functions accept.
import { z } from "zod";
import { ADMIN_SECTIONS, PERMISSION_LEVELS, type SectionGrants } from "./admin-permissions.ts";
import { visibleString } from "./visible-text.ts";

const idSchema = z.uuid("Not a valid id");

const grantsSchema = z
  .record(z.string(), z.enum(PERMISSION_LEVELS, { error: "A level is none, view or manage" }))
  .refine(
    (grants) => Object.keys(grants).every((key) => (ADMIN_SECTIONS as readonly string[]).includes(key)),
    {
      error: "Not a section of the admin area",
    },
  )
  .transform((grants) => grants as SectionGrants);

export const setAdminPermissionsInput = z
  .object({
    userId: idSchema,
    /** Null: no template, only the levels given here. */
    templateId: idSchema.nullable(),
    overrides: grantsSchema,
  })
  .strict();

export const saveRoleTemplateInput = z
  .object({
    /** Absent to make a new template. */
    templateId: idSchema.optional(),
    name: visibleString("A template's name")
      .min(1, "Give the template a name")
      .max(60, "Keep the name under 60 characters"),
    description: z.string().trim().max(300, "Keep the description under 300 characters").default(""),
    grants: grantsSchema,
  })
  .strict();

export const roleTemplateIdInput = z.object({ templateId: idSchema }).strict();
