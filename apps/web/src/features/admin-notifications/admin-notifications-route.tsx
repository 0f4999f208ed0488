import { AdminOnly } from "../session/index.ts";
import { AdminNotificationsPage } from "./admin-notifications-page.tsx";

/** /admin/notifications */
export function Component() {
  return (
    <AdminOnly title="Admin Notifications">
      <AdminNotificationsPage />
    </AdminOnly>
  );
}
