import { AdminOnly } from "../session/index.ts";
import { SupportAnalyticsPage } from "./support-analytics-page.tsx";

/** /admin/support-analytics */
export function Component() {
  return (
    <AdminOnly title="Support Analytics" access="superadmin">
      <SupportAnalyticsPage />
    </AdminOnly>
  );
}
