import { AdminOnly } from "../session/index.ts";
import { AdminRewardsPage } from "./admin-rewards-page.tsx";

/** /admin/rewards */
export function Component() {
  return (
    <AdminOnly title="Rewards">
      <AdminRewardsPage />
    </AdminOnly>
  );
}
