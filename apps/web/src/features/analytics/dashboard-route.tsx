import { AdminOnly } from "../session/index.ts";
import { DashboardPage } from "./dashboard-page.tsx";

export function Component() {
  return (
    <AdminOnly title="Admin Dashboard">
      <DashboardPage />
    </AdminOnly>
  );
}
