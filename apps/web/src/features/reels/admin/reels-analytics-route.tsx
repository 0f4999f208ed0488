import { AdminOnly } from "../../admin-content/admin-only.tsx";
import { ReelsAnalyticsPage } from "./reels-analytics-page.tsx";

/** /admin/reels/analytics */
export function Component() {
  return (
    <AdminOnly title="Reels Analytics">
      <ReelsAnalyticsPage />
    </AdminOnly>
  );
}
