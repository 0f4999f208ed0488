import { AdminOnly } from "../session/index.ts";
import { CurationPage } from "./curation-page.tsx";

export function Component() {
  return (
    <AdminOnly title="Content Curation">
      <CurationPage />
    </AdminOnly>
  );
}
