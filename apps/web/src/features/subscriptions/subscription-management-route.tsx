import { AdminOnly } from "../session/index.ts";
import { SubscriptionManagementPage } from "./subscription-management-page.tsx";

export function Component() {
  return (
    <AdminOnly access="superadmin" title="Subscriptions">
      <SubscriptionManagementPage />
    </AdminOnly>
  );
}
