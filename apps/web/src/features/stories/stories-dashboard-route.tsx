import { AdminOnly } from "../admin-content/admin-only.tsx";
import { StoriesDashboardPage } from "./stories-dashboard-page.tsx";

/** /admin/stories/dashboard */
export function Component() {
  return (
    <AdminOnly title="Interactive Stories">
      <StoriesDashboardPage />
    </AdminOnly>
  );
}
