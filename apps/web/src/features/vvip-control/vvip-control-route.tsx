import { AdminOnly } from "../admin-content/admin-only.tsx";
import { VvipControlPage } from "./vvip-control-page.tsx";

export function Component() {
  return (
    <AdminOnly access="superadmin" title="VVIP Control">
      <VvipControlPage />
    </AdminOnly>
  );
}
