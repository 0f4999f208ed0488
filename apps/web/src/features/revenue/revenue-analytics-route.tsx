import { AdminOnly } from "../session/index.ts";
import { RevenueAnalyticsPage } from "./revenue-analytics-page.tsx";

export function Component() {
  return (
    <AdminOnly title="Revenue Analytics">
      <RevenueAnalyticsPage />
    </AdminOnly>
  );
}
