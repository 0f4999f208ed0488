import { AdminOnly } from "../admin-content/admin-only.tsx";
import { QueuePage } from "./queue-page.tsx";

/** /admin/support */
export function Component() {
  return (
    <AdminOnly title="Support Tickets">
      <QueuePage />
    </AdminOnly>
  );
}
