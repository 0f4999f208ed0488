import { AdminOnly } from "../session/index.ts";
import { StoriesDashboardPage } from "./stories-dashboard-page.tsx";

/** /admin/stories/dashboard */
export function Component() {
  return (
    <AdminOnly title="Interactive Stories">
      <StoriesDashboardPage />
    </AdminOnly>
  );
}
