import { AdminOnly } from "../../session/index.ts";
import { PlatformAdsPage } from "./platform-ads-page.tsx";

/** /admin/ads/platform-management */
export function Component() {
  return (
    <AdminOnly title="Platform Ads">
      <PlatformAdsPage />
    </AdminOnly>
  );
}
