import { AdminOnly } from "../admin-content/admin-only.tsx";
import { AdminNotificationsPage } from "./admin-notifications-page.tsx";

/** /admin/notifications */
export function Component() {
  return (
    <AdminOnly title="Admin Notifications">
      <AdminNotificationsPage />
    </AdminOnly>
  );
}
