import { AdminOnly } from "../admin-content/admin-only.tsx";
import { AdminRewardsPage } from "./admin-rewards-page.tsx";

/** /admin/rewards */
export function Component() {
  return (
    <AdminOnly title="Rewards">
      <AdminRewardsPage />
    </AdminOnly>
  );
}
