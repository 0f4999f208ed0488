import { AdminOnly } from "../admin-content/admin-only.tsx";
import { SubscriptionManagementPage } from "./subscription-management-page.tsx";

export function Component() {
  return (
    <AdminOnly access="superadmin" title="Subscriptions">
      <SubscriptionManagementPage />
    </AdminOnly>
  );
}
