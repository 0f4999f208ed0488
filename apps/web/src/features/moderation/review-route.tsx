import { AdminOnly } from "../session/index.ts";
import { ReviewPage } from "./review-page.tsx";

/** /admin/flagged-content-review?item=<id> */
export function Component() {
  return (
    <AdminOnly title="Flagged Content Review">
      <ReviewPage />
    </AdminOnly>
  );
}
