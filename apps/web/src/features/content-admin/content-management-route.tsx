import { AdminOnly } from "../session/index.ts";
import { ContentManagementPage } from "./content-management-page.tsx";

export function Component() {
  return (
    <AdminOnly title="Manage Content">
      <ContentManagementPage />
    </AdminOnly>
  );
}
