import { AdminOnly } from "../session/index.ts";
import { AnalyticsPage } from "./analytics-page.tsx";

/** /admin/analytics: for administrators whose permissions reach analytics. */
export function Component() {
  return (
    <AdminOnly title="Analytics">
      <AnalyticsPage />
    </AdminOnly>
  );
}
