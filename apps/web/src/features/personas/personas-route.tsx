import { AdminOnly } from "../session/index.ts";
import { PersonasPage } from "./personas-page.tsx";

/** /admin/fictitious-users */
export function Component() {
  return (
    <AdminOnly access="admin" title="Fictitious Users">
      <PersonasPage />
    </AdminOnly>
  );
}
