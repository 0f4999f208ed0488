import { useParams } from "react-router";
import { AdminOnly } from "../session/index.ts";
import { PersonPage } from "./person-page.tsx";

/** /admin/user-management/:userId */
export function Component() {
  const { userId = "" } = useParams();
  return (
    <AdminOnly access="superadmin" title="User Management">
      <PersonPage key={userId} userId={userId} />
    </AdminOnly>
  );
}
