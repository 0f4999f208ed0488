import { AdminOnly } from "../session/index.ts";
import { VvipControlPage } from "./vvip-control-page.tsx";

export function Component() {
  return (
    <AdminOnly access="superadmin" title="VVIP Control">
      <VvipControlPage />
    </AdminOnly>
  );
}
