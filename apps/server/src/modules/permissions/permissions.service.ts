// What each administrator may do in each section of the admin area: templates superadmins give,
// and levels of a person's own on top. The guard of every admin function reads `grantsOf`.
import {
  ADMIN_SECTION_LABELS,
  type AdminPermissionsEntry,
  type AdminRoleTemplate,
  type AdminSection,
  BUILT_IN_TEMPLATES,
  DEFAULT_TEMPLATE_KEY,
  effectiveGrants,
  levelAllows,
  type MyAdminPermissions,
  type PermissionLevel,
  type SectionGrants,
} from "@litverse/shared/admin-permissions";
import type {
  roleTemplateIdInput,
  saveRoleTemplateInput,
  setAdminPermissionsInput,
} from "@litverse/shared/admin-permissions-inputs";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError, databaseErrorCode } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { users } from "../users/schema.ts";
import { adminPermissions, adminRoleTemplates } from "./schema.ts";
import { PERMISSIONS_TOPIC } from "./topics.ts";

/** Makes the built-in templates that are missing; changes none that exist. Run at start. */
export async function ensureBuiltInTemplates(db: Executor): Promise<void> {
  await db
    .insert(adminRoleTemplates)
    .values(
      BUILT_IN_TEMPLATES.map(({ key, name, description, grants }) => ({ key, name, description, grants })),
    )
    .onConflictDoNothing();
}

/**
 * What a caller may do in each section, read from the database on every call (never from the
 * client). Live queries that asked re-run when any permission changes, and are refused if the
 * caller may no longer see what they show.
 */
export async function grantsOf(
  db: Executor,
  user: SessionUser,
): Promise<Record<AdminSection, PermissionLevel>> {
  if (user.role !== "admin") return effectiveGrants(user.role, null, {});
  track(PERMISSIONS_TOPIC);
  const [row] = await db
    .select({ overrides: adminPermissions.overrides, grants: adminRoleTemplates.grants })
    .from(adminPermissions)
    .leftJoin(adminRoleTemplates, eq(adminRoleTemplates.id, adminPermissions.templateId))
    .where(eq(adminPermissions.userId, user.id));
  if (row) return effectiveGrants(user.role, row.grants, row.overrides);
  const [fallback] = await db
    .select({ grants: adminRoleTemplates.grants })
    .from(adminRoleTemplates)
    .where(eq(adminRoleTemplates.key, DEFAULT_TEMPLATE_KEY));
  return effectiveGrants(user.role, fallback?.grants ?? null, {});
}

/** Refuses a caller whose permissions do not reach `level` in `section`. */
export async function requirePermission(
  db: Executor,
  user: SessionUser,
  section: AdminSection,
  level: PermissionLevel,
): Promise<void> {
  const grants = await grantsOf(db, user);
  if (levelAllows(grants[section], level)) return;
  const what = ADMIN_SECTION_LABELS[section].toLowerCase();
  throw new AppError(
    "FORBIDDEN",
    level === "view"
      ? `Your permissions do not let you see ${what}.`
      : `Your permissions let you see ${what} but not change it.`,
  );
}

export async function getMyAdminPermissions(
  deps: ServiceDeps,
  user: SessionUser,
): Promise<MyAdminPermissions> {
  return { role: user.role, grants: await grantsOf(deps.db, user) };
}

/** Every administrator (or the one named) with what they may do, superadmins first, then by name. */
export async function listAdminPermissions(
  deps: ServiceDeps,
  onlyUserId?: string,
): Promise<AdminPermissionsEntry[]> {
  track(PERMISSIONS_TOPIC);
  const [rows, templates] = await Promise.all([
    deps.db
      .select({
        userId: users.id,
        name: users.name,
        handle: users.handle,
        email: users.email,
        role: users.role,
        templateId: adminPermissions.templateId,
        overrides: adminPermissions.overrides,
        hasRow: sql<boolean>`${adminPermissions.userId} is not null`,
        updatedAt: adminPermissions.updatedAt,
      })
      .from(users)
      .leftJoin(adminPermissions, eq(adminPermissions.userId, users.id))
      .where(
        and(inArray(users.role, ["admin", "superadmin"]), onlyUserId ? eq(users.id, onlyUserId) : undefined),
      )
      .orderBy(sql`${users.role} = 'admin'`, asc(users.name), asc(users.id)),
    deps.db.select().from(adminRoleTemplates),
  ]);
  const byId = new Map(templates.map((template) => [template.id, template]));
  const fallback = templates.find((template) => template.key === DEFAULT_TEMPLATE_KEY) ?? null;
  return rows.map((row) => {
    const templateId = row.hasRow ? row.templateId : (fallback?.id ?? null);
    const overrides = row.overrides ?? {};
    const template = templateId ? (byId.get(templateId) ?? null) : null;
    return {
      userId: row.userId,
      name: row.name,
      handle: row.handle,
      email: row.email,
      role: row.role as "admin" | "superadmin",
      templateId: row.role === "superadmin" ? null : templateId,
      overrides: row.role === "superadmin" ? {} : overrides,
      grants: effectiveGrants(row.role, template?.grants ?? null, overrides),
      updatedAt: row.updatedAt?.toISOString() ?? null,
    };
  });
}

/** Gives an administrator a template and levels of their own; a superadmin needs none. */
export async function setAdminPermissions(
  deps: ServiceDeps,
  actor: SessionUser,
  input: z.output<typeof setAdminPermissionsInput>,
): Promise<AdminPermissionsEntry> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [person] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.userId));
    if (!person) throw new AppError("NOT_FOUND", "No such person.");
    if (person.role === "superadmin") {
      throw new AppError("BAD_REQUEST", "A superadmin may always do everything: there is nothing to narrow.");
    }
    if (person.role !== "admin") {
      throw new AppError("BAD_REQUEST", "Only administrators have permissions: make them an admin first.");
    }
    if (input.templateId) {
      const [template] = await tx
        .select({ id: adminRoleTemplates.id })
        .from(adminRoleTemplates)
        .where(eq(adminRoleTemplates.id, input.templateId));
      if (!template) throw new AppError("NOT_FOUND", "No such template.");
    }
    const [before] = await tx
      .select({ templateId: adminPermissions.templateId, overrides: adminPermissions.overrides })
      .from(adminPermissions)
      .where(eq(adminPermissions.userId, input.userId))
      .for("update");
    const values = { templateId: input.templateId, overrides: input.overrides, updatedBy: actor.id };
    await tx
      .insert(adminPermissions)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: adminPermissions.userId, set: { ...values, updatedAt: new Date() } });
    noteChange({
      objectType: "admin-permissions",
      objectId: input.userId,
      before: before ?? null,
      after: { templateId: input.templateId, overrides: input.overrides },
    });
    deps.changes.changed(PERMISSIONS_TOPIC);
  });
  const [entry] = await listAdminPermissions(deps, input.userId);
  if (!entry) throw new AppError("NOT_FOUND", "No such person.");
  return entry;
}

export async function listRoleTemplates(deps: ServiceDeps): Promise<AdminRoleTemplate[]> {
  track(PERMISSIONS_TOPIC);
  const [templates, held, unassignedAdmins] = await Promise.all([
    deps.db
      .select()
      .from(adminRoleTemplates)
      .orderBy(asc(adminRoleTemplates.createdAt), asc(adminRoleTemplates.name)),
    deps.db
      .select({ templateId: adminPermissions.templateId, holders: count() })
      .from(adminPermissions)
      .innerJoin(users, eq(users.id, adminPermissions.userId))
      .where(eq(users.role, "admin"))
      .groupBy(adminPermissions.templateId),
    deps.db
      .select({ holders: count() })
      .from(users)
      .leftJoin(adminPermissions, eq(adminPermissions.userId, users.id))
      .where(sql`${users.role} = 'admin' and ${adminPermissions.userId} is null`),
  ]);
  const holders = new Map(held.map((row) => [row.templateId, row.holders]));
  return templates.map((template) => ({
    _id: template.id,
    key: template.key,
    name: template.name,
    description: template.description,
    grants: template.grants,
    holders:
      (holders.get(template.id) ?? 0) +
      (template.key === DEFAULT_TEMPLATE_KEY ? (unassignedAdmins[0]?.holders ?? 0) : 0),
  }));
}

/** Makes a template, or changes one (which changes what every admin holding it may do). */
export async function saveRoleTemplate(
  deps: ServiceDeps,
  input: z.output<typeof saveRoleTemplateInput>,
): Promise<{ templateId: string }> {
  try {
    return await deps.changes.inTransaction(deps.db, async (tx) => {
      const fields = {
        name: input.name,
        description: input.description,
        grants: input.grants as SectionGrants,
      };
      let templateId = input.templateId;
      if (templateId) {
        const [before] = await tx
          .select()
          .from(adminRoleTemplates)
          .where(eq(adminRoleTemplates.id, templateId))
          .for("update");
        if (!before) throw new AppError("NOT_FOUND", "No such template.");
        await tx.update(adminRoleTemplates).set(fields).where(eq(adminRoleTemplates.id, templateId));
        noteChange({
          objectType: "role-template",
          objectId: templateId,
          before: { name: before.name, description: before.description, grants: before.grants },
          after: fields,
        });
      } else {
        const [made] = await tx
          .insert(adminRoleTemplates)
          .values(fields)
          .returning({ id: adminRoleTemplates.id });
        templateId = made?.id ?? "";
        noteChange({ objectType: "role-template", objectId: templateId, before: null, after: fields });
      }
      deps.changes.changed(PERMISSIONS_TOPIC);
      return { templateId };
    });
  } catch (error) {
    if (databaseErrorCode(error) === "23505") {
      throw new AppError("CONFLICT", "There is already a template with this name.");
    }
    throw error;
  }
}

/** Deletes a template nobody holds; the default template stays. */
export async function deleteRoleTemplate(
  deps: ServiceDeps,
  input: z.output<typeof roleTemplateIdInput>,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [template] = await tx
      .select()
      .from(adminRoleTemplates)
      .where(eq(adminRoleTemplates.id, input.templateId))
      .for("update");
    if (!template) throw new AppError("NOT_FOUND", "No such template.");
    if (template.key === DEFAULT_TEMPLATE_KEY) {
      throw new AppError("BAD_REQUEST", "The default template cannot be deleted: new admins start with it.");
    }
    const [held] = await tx
      .select({ holders: count() })
      .from(adminPermissions)
      .innerJoin(users, eq(users.id, adminPermissions.userId))
      .where(sql`${adminPermissions.templateId} = ${template.id} and ${users.role} = 'admin'`);
    const holders = held?.holders ?? 0;
    if (holders > 0) {
      throw new AppError(
        "CONFLICT",
        `${holders === 1 ? "An admin has" : `${holders} admins have`} this template: give them another first.`,
      );
    }
    await tx.delete(adminRoleTemplates).where(eq(adminRoleTemplates.id, template.id));
    noteChange({
      objectType: "role-template",
      objectId: template.id,
      before: { name: template.name, description: template.description, grants: template.grants },
      after: null,
    });
    deps.changes.changed(PERMISSIONS_TOPIC);
  });
}
