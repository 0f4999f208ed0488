import { AdminOnly } from "../admin-content/admin-only.tsx";
import { StoryCreatePage } from "./story-create-page.tsx";

/** /admin/stories/create */
export function Component() {
  return (
    <AdminOnly title="Create Story">
      <StoryCreatePage />
    </AdminOnly>
  );
}
