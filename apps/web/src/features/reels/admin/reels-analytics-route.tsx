import { AdminOnly } from "../../session/index.ts";
import { ReelsAnalyticsPage } from "./reels-analytics-page.tsx";

/** /admin/reels/analytics */
export function Component() {
  return (
    <AdminOnly title="Reels Analytics">
      <ReelsAnalyticsPage />
    </AdminOnly>
  );
}
