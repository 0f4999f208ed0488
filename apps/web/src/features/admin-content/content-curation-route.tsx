import { AdminOnly } from "./admin-only.tsx";
import { CurationPage } from "./curation-page.tsx";

export function Component() {
  return (
    <AdminOnly title="Content Curation">
      <CurationPage />
    </AdminOnly>
  );
}
