import { AdminOnly } from "../session/index.ts";
import { FlaggedContentPage } from "./flagged-content-page.tsx";

/** /admin/flagged-content */
export function Component() {
  return (
    <AdminOnly title="Flagged Content">
      <FlaggedContentPage />
    </AdminOnly>
  );
}
