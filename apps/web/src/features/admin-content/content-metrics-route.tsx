import { AdminOnly } from "./admin-only.tsx";
import { MetricsPage } from "./metrics-page.tsx";

export function Component() {
  return (
    <AdminOnly access="superadmin" title="Content Metrics">
      <MetricsPage />
    </AdminOnly>
  );
}
