import { AdminOnly } from "../session/index.ts";
import { PeoplePage } from "./people-page.tsx";

/** /admin/user-management */
export function Component() {
  return (
    <AdminOnly access="superadmin" title="User Management">
      <PeoplePage />
    </AdminOnly>
  );
}
