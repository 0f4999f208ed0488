import { AdminOnly } from "../../session/index.ts";
import { ReelsManagementPage } from "./reels-management-page.tsx";

/** /admin/reels/management */
export function Component() {
  return (
    <AdminOnly title="Manage Reels">
      <ReelsManagementPage />
    </AdminOnly>
  );
}
