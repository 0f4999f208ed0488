// Whether the signed-in administrator may act in Admin Tools (manage), not only look (view). The
// server checks every call anyway: this keeps the buttons to what will work.
import { useAdminPermissions } from "../../lib/auth/use-admin-permissions.ts";

export function useCanManageTools(): boolean {
  return useAdminPermissions().data?.grants.tools === "manage";
}
