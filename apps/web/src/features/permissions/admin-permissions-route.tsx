import { AdminOnly } from "../session/index.ts";
import { AdminPermissionsPage } from "./admin-permissions-page.tsx";

export function Component() {
  return (
    <AdminOnly access="superadmin" title="Admin Permissions">
      <AdminPermissionsPage />
    </AdminOnly>
  );
}
