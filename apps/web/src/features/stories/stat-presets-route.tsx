import { AdminOnly } from "../session/index.ts";
import { StatPresetsPage } from "./stat-presets-page.tsx";

/** /admin/stat-presets */
export function Component() {
  return (
    <AdminOnly title="Stat Presets">
      <StatPresetsPage />
    </AdminOnly>
  );
}
