import { AdminOnly } from "../admin-content/admin-only.tsx";
import { RevenueAnalyticsPage } from "./revenue-analytics-page.tsx";

export function Component() {
  return (
    <AdminOnly title="Revenue Analytics">
      <RevenueAnalyticsPage />
    </AdminOnly>
  );
}
