import {
  roleTemplateIdInput,
  saveRoleTemplateInput,
  setAdminPermissionsInput,
} from "@litverse/shared/admin-permissions-inputs";
import { authedProcedure, router, superadminProcedure } from "../../rpc/trpc.ts";
import * as service from "./permissions.service.ts";

export const permissionsRouter = router({
  /** The caller's own permissions: what their menu and admin pages show. */
  getMyAdminPermissions: authedProcedure.query(({ ctx }) =>
    service.getMyAdminPermissions(ctx.deps, ctx.user),
  ),
  listAdminPermissions: superadminProcedure("users").query(({ ctx }) =>
    service.listAdminPermissions(ctx.deps),
  ),
  setAdminPermissions: superadminProcedure("users")
    .input(setAdminPermissionsInput)
    .mutation(({ ctx, input }) => service.setAdminPermissions(ctx.deps, ctx.user, input)),
  listRoleTemplates: superadminProcedure("users").query(({ ctx }) => service.listRoleTemplates(ctx.deps)),
  saveRoleTemplate: superadminProcedure("users")
    .input(saveRoleTemplateInput)
    .mutation(({ ctx, input }) => service.saveRoleTemplate(ctx.deps, input)),
  deleteRoleTemplate: superadminProcedure("users")
    .input(roleTemplateIdInput)
    .mutation(({ ctx, input }) => service.deleteRoleTemplate(ctx.deps, input)),
});
