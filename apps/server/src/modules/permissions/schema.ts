import type { SectionGrants } from "@litverse/shared/admin-permissions";
import { jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "../../core/db/columns.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/** Named sets of section levels that administrators are given; built-in ones carry a key. */
export const adminRoleTemplates = pgTable("admin_role_templates", {
  id: idColumn(),
  /** Set for the built-in templates (admin-permissions.ts), so they are made once. */
  key: text("key").unique(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  grants: jsonb("grants").$type<SectionGrants>().notNull(),
  ...timestamps(),
});

/**
 * One administrator's permissions: a template, and levels of their own that replace the
 * template's for some sections. An admin without a row has the default template.
 */
export const adminPermissions = pgTable("admin_permissions", {
  userId: personColumn("user_id").primaryKey(),
  templateId: uuid("template_id").references(() => adminRoleTemplates.id, { onDelete: "set null" }),
  overrides: jsonb("overrides").$type<SectionGrants>().notNull().default({}),
  updatedBy: actorColumn("updated_by"),
  ...timestamps(),
});
