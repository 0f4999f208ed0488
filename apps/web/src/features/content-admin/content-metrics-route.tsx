import { AdminOnly } from "../session/index.ts";
import { MetricsPage } from "./metrics-page.tsx";

export function Component() {
  return (
    <AdminOnly access="superadmin" title="Content Metrics">
      <MetricsPage />
    </AdminOnly>
  );
}
