import { AdminOnly } from "../../session/index.ts";
import { StoryCreatePage } from "./story-create-page.tsx";

/** /admin/stories/create */
export function Component() {
  return (
    <AdminOnly title="Create Story">
      <StoryCreatePage />
    </AdminOnly>
  );
}
