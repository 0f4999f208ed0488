import { AdminOnly } from "../session/index.ts";
import { AdminToolsPage } from "./admin-tools-page.tsx";

export function Component() {
  return (
    <AdminOnly access="admin" title="Admin Tools">
      <AdminToolsPage />
    </AdminOnly>
  );
}
