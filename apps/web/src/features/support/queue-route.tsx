import { AdminOnly } from "../session/index.ts";
import { QueuePage } from "./queue-page.tsx";

/** /admin/support */
export function Component() {
  return (
    <AdminOnly title="Support Tickets">
      <QueuePage />
    </AdminOnly>
  );
}
