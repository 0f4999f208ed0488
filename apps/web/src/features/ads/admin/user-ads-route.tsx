import { AdminOnly } from "../../session/index.ts";
import { UserAdsPage } from "./user-ads-page.tsx";

/** /admin/ads/user-ads */
export function Component() {
  return (
    <AdminOnly title="User Ads">
      <UserAdsPage />
    </AdminOnly>
  );
}
