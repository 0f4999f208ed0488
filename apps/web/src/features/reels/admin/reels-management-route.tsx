import { AdminOnly } from "../../admin-content/admin-only.tsx";
import { ReelsManagementPage } from "./reels-management-page.tsx";

/** /admin/reels/management */
export function Component() {
  return (
    <AdminOnly title="Manage Reels">
      <ReelsManagementPage />
    </AdminOnly>
  );
}
