import { AdminOnly } from "../admin-content/admin-only.tsx";
import { StatPresetsPage } from "./stat-presets-page.tsx";

/** /admin/stat-presets */
export function Component() {
  return (
    <AdminOnly title="Stat Presets">
      <StatPresetsPage />
    </AdminOnly>
  );
}
