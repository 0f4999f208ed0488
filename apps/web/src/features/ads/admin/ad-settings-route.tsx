import { AdminOnly } from "../../session/index.ts";
import { AdSettingsPage } from "./ad-settings-page.tsx";

/** /admin/ads/settings */
export function Component() {
  return (
    <AdminOnly title="Ad Settings">
      <AdSettingsPage />
    </AdminOnly>
  );
}
